/// One entry of the registry: a consumer (held strongly or weakly) or a subscription's
/// stand-in consumer, with its lists and its place in registration order.
final class Recipient {
    /// Where the recipient is in its life (``State`` bits): the one thing another thread may
    /// write. In a ``StatePage`` shared with other recipients, where a pass reads it through
    /// its route entry without touching the recipient.
    let state: StateWord
    /// Where it stands in the order passes call it: priority, then registration.
    let callOrder: CallOrder
    /// The consumer's identity, for `register` / `deregister` look-ups.
    let id: ObjectIdentifier
    /// The lists, read once at registration.
    let lists: MatchList
    /// Whether the lists match ``DidConsumeEvent``.
    let listensForConsumption: Bool
    /// The consumer when held strongly; `nil` once removed.
    private(set) var strong: (any EventConsumer)?
    /// The consumer held strongly, as an unretained reference for a pass to call while a
    /// ``RouteEntry`` (or a local reference) keeps it alive; `nil` when held weakly. Made
    /// once, at registration, and copied into each of its route entries: every call the bus
    /// makes goes through it when it exists.
    let unretained: UnretainedConsumer?
    /// The consumer when held weakly.
    private(set) weak var weak: (any EventConsumer)?
    /// The name traces and explanations give it (see `recipientName(of:)`), read from the
    /// consumer the first time a trace needs it.
    private(set) lazy var name: String = consumer.map(recipientName(of:)) ?? "ended recipient"
    // For a running trace: the index of this recipient's name in the trace's names, valid
    // while `traceGeneration` is the trace's `namesGeneration` (see `EventBus.traceDelivery`;
    // it changes when the trace compacts its names). Read and
    // written only by the trace, in single statements that call nothing that could reach this
    // recipient again: no access can overlap another, so the optimizer drops their run-time
    // checks.
    private(set) var traceNameIndex = 0
    private(set) var traceGeneration = -1
    /// Its index in the registry's list (see `Registry.remove(_:)`); the registry's alone.
    var slot = 0

    /// Remembers the index of this recipient's name in the trace's names numbered
    /// `generation` (a trace's `namesGeneration`).
    func rememberTraceName(_ index: Int, generation: Int) {
        traceNameIndex = index
        traceGeneration = generation
    }

    /// The bits of a recipient's state word. Only ``markEnded()`` runs off the bus's
    /// isolation. A word that is ``plainConsumer`` or ``standIn`` exactly is a recipient a pass may
    /// call without a check (its fast loop); any other bit sends the pass to its checked path
    /// for that recipient (`deliverChecked`), which reads the bits it needs: ARCHITECTURE.md,
    /// "Which path a recipient takes", has the table.
    struct State: OptionSet {
        let rawValue: Int32
        /// No bit set: a consumer called by passes, and no owner can end it.
        static let plainConsumer: State = []
        /// Its token was released (on any thread): never called again; the bus removes it
        /// from the registry on its own isolation.
        static let ended = State(rawValue: 1)
        /// Removed from the registry (or the bus is gone).
        static let removed = State(rawValue: 2)
        /// Its ``owner``'s deallocation ends it: a pass checks that first.
        static let ownerBound = State(rawValue: 4)
        /// One of the bus's stand-ins (a subscription or a stream), whose calls may cause
        /// something to announce. Set at registration.
        static let standIn = State(rawValue: 8)
        /// A stand-in with a `where:` predicate: the pass asks it before the call (see
        /// ``StandInCore/acceptsRouted(_:)``). Set at registration.
        static let filtered = State(rawValue: 16)
        /// A recipient with a limit (`.once`, `.limit(n)`, `next`): the pass counts its calls
        /// down (``callsLeft``) and ends it before its last. Set at registration.
        static let limited = State(rawValue: 32)
        /// A pass claimed a limited recipient's last call (``claimLastCall()``): from another
        /// thread, ending it (``RecipientEnding/claimEnd()``: a `next`'s timer or
        /// cancellation) comes too late, and the call is made.
        static let claimed = State(rawValue: 64)
    }

    /// The state's bits, loaded relaxed.
    @inline(__always)
    private var bits: State { State(rawValue: state.bits) }

    /// `false` once deregistered, cancelled or ended by its token: a pass skips it from then
    /// on.
    @inline(__always)
    var isActive: Bool { bits.isDisjoint(with: [.ended, .removed]) }

    /// Whether the registry no longer holds this recipient (``deactivate()`` ran).
    var isRemoved: Bool { bits.contains(.removed) }

    /// Whether ``owner`` bounds this recipient: an owner-bound subscription's.
    var isOwnerBound: Bool { bits.contains(.ownerBound) }

    /// Whether it is one of the bus's stand-ins: a closure subscription, a stream or a waiter.
    var isStandIn: Bool { bits.contains(.standIn) }

    /// Whether a `where:` predicate decides each delivery to it.
    var isFiltered: Bool { bits.contains(.filtered) }

    /// Whether it has a limit: the pass ends it before its last call.
    var isLimited: Bool { bits.contains(.limited) }

    /// While ``isLimited``, the calls it may still receive, its last included. Read and
    /// written on the bus's isolation only.
    private(set) var callsLeft = 0

    /// Gives it a limit of `count` calls; call right after registering.
    func limitCalls(to count: Int) {
        callsLeft = count
        state.set(State.limited.rawValue)
    }

    /// Counts one call it is about to receive; returns whether it is its last, so the caller
    /// ends it before the call.
    ///
    /// - Precondition: ``isLimited``.
    func countsDownToLastCall() -> Bool {
        callsLeft -= 1
        return callsLeft == 0
    }

    /// Claims its last call, which a pass is about to make: `false` when another thread ended
    /// it first (since the pass checked it), and then it gets no call. Of a claim and an end
    /// made at once (``RecipientEnding/claimEnd()``), exactly one wins: a `next` either
    /// returns the event or is not delivered it (contract §16.5).
    func claimLastCall() -> Bool {
        State(rawValue: state.setReturningOld(State.claimed.rawValue)).isDisjoint(with: .ended)
    }

    /// Names it `name` wherever the bus shows it, in place of its consumer's name; call
    /// right after registering.
    func rename(_ name: String) {
        self.name = name
    }

    /// The object whose deallocation ends this recipient, when ``isOwnerBound``.
    ///
    /// It may be deallocated on another thread (a stream's termination handler runs
    /// anywhere): that is sound, because the runtime zeroes weak references atomically and
    /// this variable itself is written only on the bus's isolation.
    private(set) weak var owner: AnyObject?

    /// - Parameters:
    ///   - call: How to call the consumer unretained; `nil` to hold it weakly.
    ///   - isStandIn: Whether the consumer is one of the bus's stand-ins.
    init(
        _ consumer: any EventConsumer, lists: MatchList, callOrder: CallOrder, state: StateWord,
        call: (any ConsumerCall.Type)?, isStandIn: Bool
    ) {
        self.state = state
        if isStandIn { state.set(State.standIn.rawValue) }
        self.callOrder = callOrder
        self.id = ObjectIdentifier(consumer)
        self.lists = lists
        self.listensForConsumption = lists.listensForConsumption
        if let call {
            self.strong = consumer
            self.unretained = UnretainedConsumer(consumer, call: call, state: state.word)
        } else {
            self.weak = consumer
            self.unretained = nil
        }
    }

    /// The consumer to call, or `nil` when it was removed, (held weakly) deallocated, or
    /// its owner is gone.
    @inline(__always)
    var consumer: (any EventConsumer)? {
        guard isActive else { return nil }
        if isOwnerBound && owner == nil { return nil }
        return strong ?? weak
    }

    /// For a recipient whose consumer is one of the bus's stand-ins, and which is still
    /// registered, the bus (which the stand-in holds weakly); `nil` otherwise.
    var standInBus: EventBus? {
        (strong as? StandIn)?.bus
    }

    /// Sets `gate`, the bits that send a pass to its checked path for this recipient (see
    /// ``RecipientDescription/gate``); call right after registering.
    func addGate(_ gate: State) {
        if !gate.isEmpty { state.set(gate.rawValue) }
    }

    /// Ends this recipient when `owner` is deallocated; call right after registering.
    func endWhenDeallocated(_ owner: AnyObject) {
        self.owner = owner
        state.set(State.ownerBound.rawValue)
    }

    /// Ends this recipient from any thread: no pass calls it from now on. Touches nothing
    /// else: the bus removes it (and releases its consumer) on its own isolation, when a
    /// pass meets it or a sweep runs.
    func markEnded() {
        ending.end()
    }

    /// ``markEnded()`` as a value another thread may hold: what a stream's termination
    /// handler keeps.
    var ending: RecipientEnding { RecipientEnding(state) }

    /// Removes this recipient: it is never called again. On the bus's isolation only.
    ///
    /// - Returns: The consumer it held strongly, for the caller to release after its access
    ///   to the registry ends (a release runs deinits, which may call the bus).
    func deactivate() -> (any EventConsumer)? {
        state.set(State.removed.rawValue)
        weak = nil
        owner = nil
        var released: (any EventConsumer)? = nil
        swap(&released, &strong)
        return released
    }
}

/// Ends one recipient from any thread (see ``Recipient/markEnded()``).
struct RecipientEnding: @unchecked Sendable {
    // Why `@unchecked Sendable` is sound: its one operation sets a bit of the recipient's
    // state word with a C11 atomic read-modify-write, which is how every thread writes that
    // word, and a pass reads it with an atomic load. `word.page` keeps the word's memory
    // alive (its reference count is atomic); nothing else of the page is touched here: its
    // count of words handed out is read and written on the bus's isolation only, and its
    // deinit, which may run on the thread that drops the last holder, only frees the words.
    private let word: StateWord

    init(_ word: StateWord) {
        self.word = word
    }

    /// Sets the recipient's ``Recipient/State/ended`` bit: no pass calls it from now on.
    func end() {
        word.set(Recipient.State.ended.rawValue)
    }

    /// ``end()``, returning whether it ended the recipient: `false` when it had ended or
    /// been removed already, or a pass had claimed its last call
    /// (``Recipient/claimLastCall()``), which it then receives.
    func claimEnd() -> Bool {
        let before = Recipient.State(rawValue: word.setReturningOld(Recipient.State.ended.rawValue))
        return before.isDisjoint(with: [.ended, .removed, .claimed])
    }
}
