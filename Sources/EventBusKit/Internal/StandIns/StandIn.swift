/// The consumer that stands for a closure subscription or a stream in the registry and in
/// the bus's announcements: a *stand-in*.
///
/// One stand-in serves every form — plain, throwing and owner-bound subscriptions and
/// streams — so they all obey the matching, order and snapshot rules of consumers. It lists
/// one entry: its closure's event type `T`, or for a category `Conforming<P>` (then `T` is
/// `any P`). The bus calls ``consumeRouted(_:)`` (through ``StandInCall``), which hands the
/// event to the closure without a dynamic cast and, for a class or a struct stored in the
/// existential's buffer, without a copy (see `borrowingHandler(_:)`), and reports what the
/// bus must announce; anyone else calling ``consume(_:)`` gets a checked cast.
///
/// Not generic: its closures come to it taking the event's existential (see
/// ``Closures/init(_:where:listing:)``), so making a subscription looks up no generic
/// metadata (a generic class's is looked up each time one is made, about 160 instructions);
/// the few calls that need the closure's own type `T` open ``listed``, which is `T` then.
///
/// The stand-in is its own ``Recipient`` (one object per subscription, besides its token). Removal retires it (``retire()``): its closures are
/// dropped and its stream finished after the registry access, even while its token (or an
/// announcement an app keeps) still holds it.
final class StandIn: Recipient, AnyStandIn, CustomStringConvertible {
    /// Whether a routed event may be handed to the borrowing closures: `.always` for a class
    /// `T` listed as itself, `.unknown` for a value type until its first event shows whether
    /// it is stored in the existential's buffer, `.never` otherwise (and always in the
    /// portable mode).
    var borrowing: Borrowing
    /// The closures, replaced by ones holding nothing at ``retire()``: read in place, with
    /// no retain, by the routed calls (``consumeRouted(_:)``, ``acceptsRouted(_:)``).
    ///
    /// Why `@exclusivity(unchecked)` is safe: a routed call borrows `held` for the call of its
    /// closure, which may run app code, so the access is not instantaneous and a checked one
    /// would cost a dynamic check per delivery. The only write is ``retire()``, and it never
    /// overlaps a routed call: routed calls happen only in a pass (the bus's isolation; passes
    /// do not nest), and a stand-in removed while a pass runs is retired when the pass ends
    /// (`EventBus.retiringStandIns`). Every other read (``consume(_:)``, the copied paths)
    /// copies the closure first.
    @exclusivity(unchecked) private var held: Held
    /// How the closures take a routed event.
    private let takes: Closures.Takes
    /// The closure, taking the event's existential (see ``Closures``); called only as
    /// ``borrowing`` allows when it ``Closures/Takes/listed`` its type. A stream's
    /// drop is thrown as a `StreamDrop`. A copy: see ``held``.
    private var handler: (any Event) throws -> Void { held.handler }
    /// The `where:` predicate taking the event's existential in place of the `T` (see
    /// `borrowingPredicate(_:)`); one that accepts every event when the subscription has none.
    /// Called only as ``borrowing`` allows. A copy: see ``held``.
    var borrowingFilter: (any Event) -> Bool { held.filter }

    /// A stand-in's closures, noncopyable so that a routed call borrows them in place.
    struct Held: ~Copyable {
        var handler: (any Event) throws -> Void
        var filter: (any Event) -> Bool

        @inline(__always)
        borrowing func handle(_ event: any Event) throws { try handler(event) }

        @inline(__always)
        borrowing func accepts(_ event: any Event) -> Bool { filter(event) }

        /// A stand-in's closures, moved out of `closures`, its last use: each read once, so
        /// that each is moved rather than copied out (a retain) and released with `closures`.
        /// The filter is not optional, so a pass asks no `Optional`; unwrapped with `if let`,
        /// not `??`, which would wrap it again.
        @inline(__always)
        init(_ closures: __owned Closures) {
            handler = closures.handler
            if let given = closures.filter { filter = given } else { filter = { _ in true } }
        }

        /// `handler` and `filter` as they are.
        init(handler: @escaping (any Event) throws -> Void, filter: @escaping (any Event) -> Bool) {
            self.handler = handler
            self.filter = filter
        }

        /// Closures that hold nothing: a retired stand-in's.
        static var none: Held { Held(handler: { _ in }, filter: { _ in true }) }
    }
    /// What the stand-in lists: `T` itself, ``AllEvent`` or a category.
    let listed: any Event.Type
    var willConsume: [any Event.Type] { lists.willConsume }
    /// A stream's `finish` (or a waiter's); `nil` for other subscriptions, and once it ran.
    private var finishStream: (@Sendable (_ end: RecipientEnd?) -> Void)?
    /// Whether a drop was reported (see ``claimDropReport()``).
    private(set) var dropWasReported = false
    /// The bus, for announcing what a direct call of ``consume(_:)`` caused and for its
    /// token's `cancel()` (see ``Recipient/standInBus``): held weakly by the bus's one
    /// ``BusReference``, which its stand-ins share, reached through the page of the stand-in's
    /// state word (see ``StatePage/busReference``), which the stand-in holds.
    @inline(__always)
    var busReference: BusReference { withBusReference { $0 } }
    /// The bus; `nil` once it is gone.
    var bus: EventBus? { withBusReference { $0.bus } }

    /// What `body` reads from ``busReference``, which it borrows: the page and the reference
    /// are `let`s that `self`, guaranteed for the call, holds (read through a property, the
    /// page was retained and released around it, CONTRACT §18).
    @inline(__always)
    private func withBusReference<Part>(_ body: (BusReference) -> Part) -> Part {
        // Set: the bus starts pages that hold it before its first stand-in takes a word
        // (`Registry.startStandInPages(_:)`), and every page after holds it too.
        Unmanaged.passUnretained(state.page)._withUnsafeGuaranteedRef {
            Unmanaged.passUnretained($0.busReference.unsafelyUnwrapped)
                ._withUnsafeGuaranteedRef(body)
        }
    }

    /// See ``borrowing``.
    enum Borrowing: UInt8 {
        case unknown, always, never
    }

    /// The handler of a stream whose continuation's `yield` is `yield` (made where `T` is
    /// known to be `Sendable`): a dropped element is thrown, to be announced as a
    /// ``DroppedEvent``.
    static func streaming<T>(
        yield: @escaping (T) -> AsyncStream<T>.Continuation.YieldResult
    ) -> (T) throws -> Void {
        { value in
            if case .dropped(let dropped) = yield(value) {
                // Every element came from an event, so it converts back.
                throw StreamDrop(event: dropped as! any Event & Sendable)
            }
        }
    }

    /// A stand-in for a subscription to the events `listed` covers, with `closures`, plain
    /// or throwing (a thrown error is announced as a ``ConsumerFailedEvent``). `lists` lists
    /// `listed` alone (see `EventBus.standInLists(listing:)`). `finish` runs when the
    /// stand-in ends (the bus goes away, or it is removed), told how its recipient ended.
    /// The rest is its recipient's, from `Registry.takeStandInRegistration(priority:gate:)` (see
    /// `EventBus.add(listing:lists:_:finish:owner:label:options:)`, the one caller).
    init(
        listing listed: any Event.Type, lists: __owned MatchList, _ closures: __owned Closures,
        finish: __owned (@Sendable (_ end: RecipientEnd?) -> Void)?,
        callOrder: CallOrder, state: StateWord,
        rules: __owned ListeningRules?, label: __owned ClosureLabel?
    ) {
        precondition(
            listed != AllEvent.self || closures.takes == .anyEvent,
            "a stand-in for AllEvent takes any Event")
        assert(state.page.busReference != nil, "a stand-in's word is on a page reaching its bus")
        takes = closures.takes
        self.listed = listed
        self.finishStream = finish
        switch closures.takes {
        case .listed:
            // `lists` lists `T`: it names a class exactly when `T` is one.
            borrowing =
                !eventsMayBeBorrowed ? .never : lists.includedClasses.isEmpty ? .unknown : .always
        case .anyEvent, .category: borrowing = .always  // they take the existential as it is
        }
        held = Held(closures)
        super.init(
            standInLists: lists, callOrder: callOrder, state: state, rules: rules,
            label: label)
    }

    deinit {
        // Retired at its removal, which finished it; a stand-in never removed (none, while
        // its bus tears down every recipient) is finished here.
        finish()
    }

    /// What removal does to a stand-in, after the registry access (the bus's
    /// `releaseRemoved`): finishes its stream or waiter, as its recipient's end
    /// says, then drops its closures (their release may run app code). Its token, or an
    /// announcement the app keeps, may hold it long after. Idempotent; on the bus's isolation.
    func retire() {
        finish()
        // Swapped out, then released: a deinit the release runs finds `held` as it is now.
        var retired = Held.none
        swap(&retired, &held)
        _ = consume retired
    }

    /// Whether the `where:` predicate accepts `event`, which a route delivered to this
    /// stand-in: the borrowing predicate when it may take it, ``acceptsUnborrowed(_:)``
    /// otherwise.
    @inline(__always)
    func acceptsRouted(_ event: any Event) -> Bool {
        if borrowing == .always { return held.accepts(event) }
        return acceptsUnborrowed(event)
    }

    /// How the bus calls stand-ins.
    static var call: any ConsumerCall.Type { StandInCall<StandIn>.self }

    /// The bus's entry: its route proved that `event` matches `willConsume`.
    ///
    /// - Returns: Whether the call caused something to announce (take it with
    ///   ``takeAnnouncement()``).
    func consumeRouted(_ event: any Event) -> Bool {
        do {
            if takes != .listed || mayBorrow(event) {
                try held.handle(event)
            } else {
                try callCopied(event)
            }
            return false
        } catch {
            busReference.pending = Self.pending(for: error)
            return true
        }
    }

    /// The `where:` predicate's answer for `event`, which a route delivered to this stand-in,
    /// while ``borrowing`` is not `.always` (its closures take a listed `T`): the
    /// first value-type event decides whether it may be borrowed, and one that may not is
    /// copied out.
    @inline(never)
    func acceptsUnborrowed(_ event: any Event) -> Bool {
        if mayBorrow(event) { return held.accepts(event) }
        return acceptsCopied(event)
    }

    /// ``acceptsUnborrowed(_:)`` for an event that is not borrowed: the value copied out as a
    /// `T`, the listed type.
    @inline(never)
    private func acceptsCopied(_ event: any Event) -> Bool {
        func open<Listed: Event>(_: Listed.Type) -> Bool {
            typedPredicate(borrowingFilter, as: Listed.self)(copied(event, as: Listed.self))
        }
        return open(listed)
    }

    /// What the last routed call must announce (kept by its bus's ``BusReference``).
    func takeAnnouncement() -> PendingAnnouncement? {
        var taken: PendingAnnouncement? = nil
        swap(&taken, &busReference.pending)
        return taken
    }

    /// The entry for anyone but the bus (the stand-in is public through announcements): a
    /// checked cast, which stops on an event that is no `T` (a stream, or a subscription to
    /// a category, ignores it). What it causes is announced at once.
    func consume(_ event: any Event) {
        // Retired (removed): its closures are gone.
        if isRemoved { return }
        do {
            switch takes {
            case .anyEvent, .category: try handler(event)  // a category's handler casts
            case .listed:
                func open<Listed: Event>(_: Listed.Type) throws {
                    let value: Listed
                    if finishStream == nil {
                        value = event as! Listed
                    } else {
                        guard let element = event as? Listed else { return }
                        value = element
                    }
                    try typedHandler(handler, as: Listed.self)(value)
                }
                try open(listed)
            }
        } catch {
            if let bus {
                bus.announce(Self.pending(for: error), by: self, self, of: event)
            }
        }
    }

    /// What its token's deinit does, on any thread, once ``Recipient/endsWithItsToken`` said
    /// the token ends it (not cancelled already, not owner-bound: the deinit asks that first,
    /// inline): claims its end (``RecipientEnd/released``) and hands it to the bus's inbox for
    /// the bus to remove on its own isolation. Ended by another claim (whose claimer has the
    /// bus remove it), or removed since: the claim fails, and there is nothing to hand.
    ///
    /// A method of the stand-in, not the token's deinit body: there, each read of the
    /// token's stored stand-in was retained and released around the calls (two pairs a
    /// dropped token, CONTRACT §18 (d)).
    @inline(never)
    func tokenReleased() {
        handOver(endedBy: .released)
    }

    /// Claims `end` for this stand-in and, if that claim ended it, hands it to the bus's inbox
    /// for the bus to remove on its own isolation, without a sweep of the others: what a
    /// released token and a stream's termination do, on any thread (see ``StandInHandOver``).
    /// Ended by another claim (whose claimer has the bus remove it), or removed since: the
    /// claim fails, and there is nothing to hand.
    @inline(__always)
    func handOver(endedBy end: RecipientEnd) {
        guard claimEnd(end) else { return }
        // Unretained: `self`, guaranteed for the call, holds its word's page, which holds the
        // bus reference, which holds `inbox`, each a `let`; retained, the inbox cost a retain
        // and a release.
        withBusReference { reference in
            Unmanaged.passUnretained(reference.inbox)._withUnsafeGuaranteedRef {
                $0.handOver(self)
            }
        }
    }

    func claimDropReport() -> Bool {
        defer { dropWasReported = true }
        return !dropWasReported
    }

    /// Ends a stream (its consumer reads what is buffered, then the stream finishes) or a
    /// waiter, as its recipient's end says: read from the state word the claim of that end
    /// wrote, never from who happens to call this first.
    func finish() {
        guard let finishStream else { return }
        self.finishStream = nil
        finishStream(ending.end)
    }

    /// Itself: a stand-in is its own recipient.
    var recipient: Recipient? { self }

    /// Its recipient's name: what every view of the bus shows it by.
    var description: String { name }

    private static func pending(for error: any Error) -> PendingAnnouncement {
        if let drop = error as? StreamDrop { return .dropped(drop.event) }
        return .failed(error)
    }

    /// Whether the handler and the filter may take `event`, a routed event, borrowed; the
    /// first value-type event decides it for all (see ``borrowing``).
    @inline(__always)
    private func mayBorrow(_ event: any Event) -> Bool {
        if borrowing == .unknown {
            borrowing = EventBusKit.isStoredInline(event) ? .always : .never
        }
        return borrowing == .always
    }

    /// Calls the handler with `event` copied out as a `T`, the listed type, which a route
    /// proved it is (`event is T`), with no dynamic cast for a value type.
    ///
    /// Out of line: the pass's common case borrows the event.
    @inline(never)
    private func callCopied(_ event: any Event) throws {
        func open<Listed: Event>(_: Listed.Type) throws {
            try typedHandler(handler, as: Listed.self)(copied(event, as: Listed.self))
        }
        try open(listed)
    }
}

/// `event`, which a route delivered to a recipient listing `Listed`, as a `Listed`: the same
/// value for a value type (its dynamic type is `Listed`), a checked cast for a class (it may
/// be a subclass).
@inline(__always)
private func copied<Listed: Event>(_ event: any Event, as _: Listed.Type) -> Listed {
    func open<E: Event>(_ value: E) -> Listed {
        // `E` is `Listed` or, for a class, a subclass of it: only classes have subtypes.
        E.self == Listed.self ? identityConversion(value, to: Listed.self) : value as! Listed
    }
    return open(event)
}

/// A stream's drop, carried out of the stand-in's handler as an error.
///
/// `Error` requires `Sendable`; the dropped event is an element of a stream of `Sendable`
/// elements, so it is one.
private struct StreamDrop: Error {
    let event: any Event & Sendable
}
