/// One entry of the registry: a consumer (held strongly or weakly) or a subscription's
/// stand-in consumer, with its lists and its place in registration order.
///
/// A stand-in *is* its recipient (``StandIn`` is the one subclass), so a closure
/// subscription makes one object besides its token, not two. Every member is `final`.
class Recipient {
    /// Where the recipient is in its life (``State`` bits): the one thing another thread may
    /// write. In a ``StatePage`` shared with other recipients, where a pass reads it through
    /// its route entry without touching the recipient.
    final let state: StateWord
    /// Where it stands in the order passes call it: priority, then registration.
    final let callOrder: CallOrder
    /// The consumer's identity, for `register` / `deregister` look-ups.
    final let id: ObjectIdentifier
    /// The lists, read once at registration.
    final let lists: MatchList
    /// Whether the lists match ``DidConsumeEvent``.
    final let listensForConsumption: Bool
    /// The consumer when held strongly; `nil` once removed.
    final private(set) var strong: (any EventConsumer)?
    /// The consumer held strongly, as an unretained reference for a pass to call while a
    /// ``RouteEntry`` (or a local reference) keeps it alive; `nil` when held weakly. Made
    /// once, at registration, and copied into each of its route entries: every call the bus
    /// makes goes through it when it exists.
    /// (A stand-in's is set at the end of its init: it points at the stand-in itself.)
    final private(set) var unretained: UnretainedConsumer?
    /// What it holds weakly — the consumer when held weakly, an owner-bound subscription's
    /// owner — made only for those (see ``WeakHolds``); `nil` for the rest.
    final private var weakHolds: WeakHolds?
    /// The rules of its own, when its options set something (see ``rules``).
    final private let ownRules: ListeningRules?

    /// What its options mean (``ListeningRules``): the one value the pass, its replays, its
    /// name and `explain` ask; shared by the recipients whose options set nothing. Read and
    /// written on the bus's isolation only.
    final var rules: ListeningRules { ownRules ?? .shared(isFiltered: isFiltered) }
    /// Its display name, rendered when a view first asks (see ``name``).
    final private var displayName: RecipientName

    /// The name every view shows it by — traces, `print(bus)`, `explain`, problem messages,
    /// the bus's announcements — the same text during its life and after its end (contract
    /// §17.2; ``RecipientName`` has the rule). Rendered the first time a view asks, which may
    /// read the consumer's `description`: ask on the bus's isolation, outside any access.
    final var name: String {
        if let text = displayName.text { return text }
        let name = displayName  // copied: rendering may run app code
        return displayName.keep(name.render(rules, consumer: consumer))
    }
    // For a running trace: the index of this recipient's name in the trace's names, valid
    // while `traceGeneration` is the trace's `namesGeneration` (see `EventBus.traceDelivery`;
    // it changes when the trace compacts its names). Read and
    // written only by the trace, in single statements that call nothing that could reach this
    // recipient again: no access can overlap another, so the optimizer drops their run-time
    // checks.
    final private(set) var traceNameIndex = 0
    final private(set) var traceGeneration = -1
    /// Its index in the registry's list (see `Registry.remove(_:ending:identitySlot:)`); the
    /// registry's alone.
    final var slot = 0
    /// Whether a route entry was ever made of it (see ``RouteEntry``): until then no route
    /// holds it, and removing it visits none. Read and written on the bus's isolation only.
    final var isRouted = false

    /// Remembers the index of this recipient's name in the trace's names numbered
    /// `generation` (a trace's `namesGeneration`).
    final func rememberTraceName(_ index: Int, generation: Int) {
        traceNameIndex = index
        traceGeneration = generation
    }

    /// The bits of a recipient's state word. Only a claim of its end
    /// (``RecipientEnding/claim(_:)``) runs off the bus's isolation. A word that is
    /// ``plainConsumer`` or ``standIn`` exactly is a recipient a pass may call without a check
    /// (its fast loop); any other bit sends the pass to its checked path for that recipient
    /// (`deliverChecked`), which reads the bits it needs: ARCHITECTURE.md, "Which path a
    /// recipient takes", has the table.
    struct State: OptionSet {
        let rawValue: Int32
        /// No bit set: a consumer called by passes, and no owner can end it.
        static let plainConsumer: State = []
        /// Its end was claimed (see ``RecipientEnd``), by anyone but a pass claiming its last
        /// call: never called again; the bus removes it from the registry on its own
        /// isolation. Set with the reason, in one atomic step.
        static let ended = State(rawValue: 1)
        /// Removed from the registry (or the bus is gone).
        static let removed = State(rawValue: 2)
        /// Its ``owner``'s deallocation ends it: a pass checks that first.
        static let ownerBound = State(rawValue: 4)
        /// One of the bus's stand-ins (a subscription or a stream), whose calls may cause
        /// something to announce. Set at registration.
        static let standIn = State(rawValue: 8)
        /// A stand-in with a `where:` predicate: the pass asks it before the call (see
        /// ``StandIn/acceptsRouted(_:)``). Set at registration.
        static let filtered = State(rawValue: 16)
        /// A recipient whose options count the events it receives (a limit: `.once`,
        /// `.limit(n)`, `next`): the pass asks its ``rules`` about each event it accepted
        /// (``ListeningRules/count()``), and ends it before its last call. Set at registration.
        static let counted = State(rawValue: 32)
        /// The reason its end was claimed (``RecipientEnd``): clear while no end was.
        static let endClaimed = State(rawValue: RecipientEnd.mask)
    }

    /// The state's bits, loaded relaxed.
    @inline(__always)
    final private var bits: State { State(rawValue: state.bits) }

    /// `false` once deregistered, cancelled or ended by its token: a pass skips it from then
    /// on.
    @inline(__always)
    final var isActive: Bool { bits.isDisjoint(with: [.ended, .removed]) }

    /// Whether the registry no longer holds this recipient (``deactivate(ending:)`` ran).
    final var isRemoved: Bool { bits.contains(.removed) }

    /// Whether dropping its token ends this recipient, a stand-in: not removed, and not bound
    /// to an owner (whose lifetime ends it instead). One read of the state word, from any
    /// thread.
    final var endsWithItsToken: Bool { bits.isDisjoint(with: [.removed, .ownerBound]) }

    /// Whether ``owner`` bounds this recipient: an owner-bound subscription's.
    final var isOwnerBound: Bool { bits.contains(.ownerBound) }

    /// Whether it is one of the bus's stand-ins: a closure subscription, a stream or a waiter.
    final var isStandIn: Bool { bits.contains(.standIn) }

    /// Whether a `where:` predicate decides each delivery to it.
    final var isFiltered: Bool { bits.contains(.filtered) }

    /// Whether its options count the events it receives: the pass asks its ``rules``.
    final var isCounted: Bool { bits.contains(.counted) }

    /// Ends it for `end`, unless its end was claimed already (see ``RecipientEnding/claim(_:)``):
    /// returns whether this claim ended it. A pass claims a limited recipient's last call
    /// (``RecipientEnd/lastCall``) before making it: `false` when another thread ended it
    /// first (since the pass checked it), and then it gets no call; a claim that comes after
    /// (a `next`'s timer or cancellation, a token released) changes nothing, and the call is
    /// made. So a `next` either returns the event or is not delivered it (contract §16.5),
    /// and every view says the same (§17.1).
    @discardableResult
    final func claimEnd(_ end: RecipientEnd) -> Bool {
        ending.claim(end)
    }

    /// The object whose deallocation ends this recipient, when ``isOwnerBound``.
    final var owner: AnyObject? { weakHolds?.owner }

    /// The recipient of an app's consumer (a stand-in's is ``init(standInLists:callOrder:state:rules:label:)``).
    ///
    /// - Parameters:
    ///   - call: How to call the consumer unretained; `nil` to hold it weakly.
    ///   - state: A new word reading the ``ListeningRules/gate`` bits of `rules` (see
    ///     `Registry.enter`).
    ///   - rules: What its options mean, when they set something (`nil`: the shared rules).
    init(
        _ consumer: any EventConsumer, lists: MatchList, callOrder: CallOrder, state: StateWord,
        call: (any ConsumerCall.Type)?, rules: ListeningRules? = nil
    ) {
        assert(
            state.bits == ListeningRules.gate(rules, isFiltered: false).rawValue,
            "a consumer's word reads its options' bits")
        self.state = state
        self.ownRules = rules
        self.displayName = RecipientName(of: type(of: consumer), label: nil)
        self.callOrder = callOrder
        self.id = ObjectIdentifier(consumer)
        self.lists = lists
        self.listensForConsumption = lists.listensForConsumption
        if let call {
            self.strong = consumer
            self.unretained = UnretainedConsumer(consumer, call: call, state: state.word)
        } else {
            self.weakHolds = WeakHolds(consumer: consumer)
            self.unretained = nil
        }
    }

    /// A stand-in's part of its init (``StandIn`` calls it last): its own consumer, held by
    /// the registry as the recipient itself, called through ``StandIn/call``. Its `state`
    /// reads its bits already (see `Registry.takeStandInRegistration(priority:gate:)`).
    init(
        standInLists lists: MatchList, callOrder: CallOrder, state: StateWord,
        rules: ListeningRules?, label: ClosureLabel?
    ) {
        assert(State(rawValue: state.bits).contains(.standIn), "a stand-in's word says standIn")
        self.state = state
        self.ownRules = rules
        self.displayName = RecipientName(of: StandIn.self, label: label)
        self.callOrder = callOrder
        // Stand-ins are never in the identity table (see `Registry.recipient(ofStandIn:)`).
        self.id = ObjectIdentifier(StandIn.self)
        self.lists = lists
        self.listensForConsumption = lists.listensForConsumption
        self.strong = nil
        self.unretained = nil
        // Every stored property is set (the subclass's before this init): `self` is usable.
        self.unretained = UnretainedConsumer(self, call: StandIn.call, state: state.word)
    }

    /// The consumer to call, or `nil` when it was removed, (held weakly) deallocated, or
    /// its owner is gone.
    @inline(__always)
    final var consumer: (any EventConsumer)? {
        let bits = self.bits
        guard mayBeCalled(bits) else { return nil }
        return heldStrongly(bits) ?? weakHolds?.consumer
    }

    /// Whether ``consumer`` is `object`: the same answer, with no reference to the consumer
    /// taken and let go (a look-up by identity asks it twice a register and deregister).
    @inline(__always)
    final func holds(_ object: AnyObject) -> Bool {
        let bits = self.bits
        guard mayBeCalled(bits) else { return false }
        if strong != nil { return strong === object }
        if bits.contains(.standIn) { return self === object }
        return weakHolds?.consumer === object
    }

    /// Whether ``consumer`` is not `nil`: the same answer, with no reference to a consumer
    /// held strongly taken and let go (a sweep asks every recipient in the registry).
    @inline(__always)
    final var isCallable: Bool {
        let bits = self.bits
        // Holding nothing weakly, it is held strongly or is a stand-in: asked first, so that
        // the common case reads no weak reference (and a sweep's loop retains no recipient).
        guard let weakHolds else { return mayBeCalled(bits) }
        guard mayBeCalled(bits) else { return false }
        return strong != nil || bits.contains(.standIn) || weakHolds.consumer != nil
    }

    /// Whether a recipient in state `bits` may still be called, whoever holds its consumer:
    /// not ended or removed, and its owner, if it has one, alive. The one rule ``consumer``,
    /// ``isCallable`` and ``holds(_:)`` read.
    @inline(__always)
    private final func mayBeCalled(_ bits: State) -> Bool {
        guard bits.isDisjoint(with: [.ended, .removed]) else { return false }
        guard bits.contains(.ownerBound), let weakHolds else { return true }
        return weakHolds.owner != nil
    }

    /// This recipient as its own consumer, when it is a stand-in (its state has ``State/standIn``,
    /// set at registration and never cleared); `nil` otherwise.
    @inline(__always)
    private final func standInSelf(_ bits: State) -> StandIn? {
        // Sound: only the word a `StandIn` is made with reads the `standIn` bit (see
        // `Registry.takeStandInRegistration(priority:gate:)`); no one sets it later.
        bits.contains(.standIn) ? unsafeDowncast(self, to: StandIn.self) : nil
    }

    /// This recipient as the stand-in it is, when it is one (see ``isStandIn``).
    @inline(__always)
    final var asStandIn: StandIn? { standInSelf(bits) }

    /// The consumer a route entry holds strongly: the consumer held strongly, or the stand-in
    /// itself; `nil` for a consumer held weakly.
    @inline(__always)
    final var heldStrongly: (any EventConsumer)? { heldStrongly(bits) }

    /// ``heldStrongly``, with the state's `bits` read.
    @inline(__always)
    private final func heldStrongly(_ bits: State) -> (any EventConsumer)? {
        strong ?? standInSelf(bits)
    }

    /// For a recipient whose consumer is one of the bus's stand-ins, and which is still
    /// registered, the bus (which the stand-in holds weakly); `nil` otherwise.
    final var standInBus: EventBus? {
        let bits = self.bits
        guard !bits.contains(.removed) else { return nil }
        return standInSelf(bits)?.bus
    }

    /// Ends this recipient when `owner` is deallocated; call right after registering.
    final func endWhenDeallocated(_ owner: AnyObject) {
        if let weakHolds {
            weakHolds.owner = owner
        } else {
            weakHolds = WeakHolds(owner: owner)
        }
        state.set(State.ownerBound.rawValue)
    }

    /// ``claimEnd(_:)`` and ``end`` as a value another thread may hold: what a token, a
    /// stream's termination handler, a waiter's timer and a stand-in's `finish` keep. A claim
    /// from another thread touches nothing but the state word: the bus removes the recipient
    /// (and releases its consumer) on its own isolation, when a pass meets it or a sweep runs.
    final var ending: RecipientEnding { RecipientEnding(state) }

    /// Removes this recipient, first claiming its end for `end` unless it was claimed
    /// already: it is never called again, and its end has a reason. On the bus's isolation
    /// only.
    ///
    /// - Returns: The consumer it held strongly, for the caller to release after its access
    ///   to the registry ends (a release runs deinits, which may call the bus).
    final func deactivate(ending end: RecipientEnd) -> (any EventConsumer)? {
        markRemoved(ending: end)
        // A stand-in is its own consumer: the caller retires it (drops its closures, finishes
        // its stream) after its access (see `EventBus.releaseRemoved`).
        if let standIn = standInSelf(bits) { return standIn }
        var released: (any EventConsumer)? = nil
        swap(&released, &strong)
        return released
    }

    /// ``deactivate(ending:)`` for a stand-in whose caller holds it (a token's `cancel()`):
    /// the same, with no reference to it returned (the caller retires it through its own,
    /// with no retain and release of a second).
    @inline(__always)
    final func markRemoved(ending end: RecipientEnd) {
        claimEnd(end)
        state.set(State.removed.rawValue)
        weakHolds = nil
    }
}

/// What a ``Recipient`` holds weakly: a consumer registered weakly, an owner-bound
/// subscription's owner.
///
/// The rule: made only for a recipient that holds something weakly, so the others — most
/// consumers, most subscriptions — make and destroy no weak reference. Its references may be
/// zeroed on another thread (an owner deallocated anywhere): that is sound, because the
/// runtime zeroes weak references atomically; the variables themselves are written only on
/// the bus's isolation.
final class WeakHolds {
    /// The consumer when held weakly.
    weak var consumer: (any EventConsumer)?
    /// The object whose deallocation ends the recipient, when it is owner-bound.
    weak var owner: AnyObject?

    init(consumer: (any EventConsumer)? = nil, owner: AnyObject? = nil) {
        self.consumer = consumer
        self.owner = owner
    }
}
