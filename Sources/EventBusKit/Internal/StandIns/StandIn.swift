/// The consumer that stands for a closure subscription or a stream in the registry and in
/// the bus's announcements: a *stand-in*.
///
/// One stand-in serves every form — plain, throwing and owner-bound subscriptions and
/// streams — so they all obey the matching, order and snapshot rules of consumers. It lists
/// one entry: `T`, or for a category stream `Conforming<P>` (then `T` is `any P`). The bus
/// calls ``consumeRouted(_:)`` (through ``StandInCall``), which hands the event to the closure
/// without a dynamic cast and, for a class or a struct stored in the existential's buffer,
/// without a copy (see `borrowingHandler(_:)`), and reports what the bus must announce;
/// anyone else calling ``consume(_:)`` gets a checked cast.
final class StandIn<T>: StandInCore, AnyStandIn, CustomStringConvertible {
    // What every routed call reads comes first, to share a cache line with the object's header.
    /// Whether `willConsume` names `T` itself (not a category), so a routed event is a `T`.
    private let listsT: Bool
    /// Whether `T` is `any Event`, so the handler takes a routed event's existential as it
    /// is: for ``AllEvent``, and for a subscription to one type that keeps events as they
    /// came (``ObservedEvent``).
    private let takesAnyEvent: Bool
    /// ``handler``, taking the event's existential in place of the `T` (see
    /// `borrowingHandler(_:)`; for ``AllEvent``, `T` is `any Event` and this is the handler
    /// itself); called only as ``StandInCore/borrowing`` allows.
    private let borrowingHandler: (any Event) throws -> Void

    let willConsume: [any Event.Type]
    /// The closure, in one shape for every form (a generic enum would make every delivery
    /// look up its metadata): a stream's drop is thrown as a `StreamDrop`.
    private let handler: (T) throws -> Void
    /// The `where:` predicate; one that accepts every event when the subscription has none
    /// (``StandInCore/borrowingFilter`` is the same predicate taking the event borrowed).
    ///
    /// Not optional, nor is ``StandInCore/borrowingFilter``: an optional closure of a generic
    /// `T` makes each call look up the metadata of its `Optional` (about 320 instructions).
    private let filter: (T) -> Bool
    /// A stream's `finish` (or a waiter's); `nil` for other subscriptions.
    private let finishStream: (@Sendable (_ end: RecipientEnd?) -> Void)?
    /// Whether a drop was reported (see ``claimDropReport()``).
    private(set) var dropWasReported = false
    /// What the last routed call must announce, until the bus takes it.
    private var pending: PendingAnnouncement?
    /// The bus, for announcing what a direct call of ``consume(_:)`` caused; never retained.
    private weak var bus: EventBus?
    /// Where its recipient's end is recorded, for ``finish()`` to read: set on the bus's
    /// isolation right after the stand-in is registered (``EventBus/add(_:)``), when it has a
    /// `finish`, and before anything can finish it.
    var ending: RecipientEnding?

    /// The handler of a stream whose continuation's `yield` is `yield` (made where `T` is
    /// known to be `Sendable`): a dropped element is thrown, to be announced as a
    /// ``DroppedEvent``.
    static func streaming(
        yield: @escaping (T) -> AsyncStream<T>.Continuation.YieldResult
    ) -> (T) throws -> Void {
        { value in
            if case .dropped(let dropped) = yield(value) {
                // Every element came from an event, so it converts back.
                throw StreamDrop(event: dropped as! any Event & Sendable)
            }
        }
    }

    /// A stand-in for a subscription to the events `listed` covers, plain or throwing (a
    /// thrown error is announced as a ``ConsumerFailedEvent``): `T` itself, ``AllEvent``
    /// (then `T` is `any Event`), or a category whose events are `T`s. `finish` runs when
    /// the stand-in ends (the bus goes away, or it is released), told how its recipient ended.
    init(
        listing listed: any Event.Type, _ handler: @escaping (T) throws -> Void,
        where filter: ((T) -> Bool)?, finish: (@Sendable (_ end: RecipientEnd?) -> Void)?,
        bus: EventBus
    ) {
        precondition(
            listed != AllEvent.self || T.self == (any Event).self,
            "a stand-in for AllEvent takes any Event")
        willConsume = [listed]
        takesAnyEvent = T.self == (any Event).self
        self.handler = handler
        // Unwrapped with `if let`, not `??`: a generic operator would hand the closure over at
        // its most general abstraction and wrap it twice (two thunks on every call).
        let accepting: (T) -> Bool
        if let filter { accepting = filter } else { accepting = { _ in true } }
        let filter = accepting
        self.filter = filter
        self.finishStream = finish
        self.bus = bus
        let listsT = listed == T.self
        self.listsT = listsT
        if takesAnyEvent {
            // The handler takes the event as it is, no reinterpreting.
            borrowingHandler = handler as! (any Event) throws -> Void
            super.init(borrowing: .always, borrowingFilter: filter as! (any Event) -> Bool)
        } else {
            borrowingHandler = EventBusKit.borrowingHandler(handler)
            super.init(
                borrowing: !listsT || !eventsMayBeBorrowed
                    ? .never : T.self is AnyObject.Type ? .always : .unknown,
                borrowingFilter: EventBusKit.borrowingPredicate(filter))
        }
    }

    deinit {
        // Released without `finish()` (for example deregistered through the object a
        // `DidConsumeEvent` named): end the stream rather than leave its consumer waiting.
        finish()
    }

    /// How the bus calls stand-ins of this type.
    static var call: any ConsumerCall.Type { StandInCall<StandIn<T>>.self }

    /// The bus's entry: its route proved that `event` matches `willConsume`.
    ///
    /// - Returns: Whether the call caused something to announce (take it with
    ///   ``takeAnnouncement()``).
    func consumeRouted(_ event: any Event) -> Bool {
        do {
            if listsT {
                try callRouted(event)
            } else if takesAnyEvent {
                try borrowingHandler(event)
            } else {
                try callCategory(event)
            }
            return false
        } catch {
            pending = Self.pending(for: error)
            return true
        }
    }

    /// The `where:` predicate's answer for `event`, which a route delivered to this stand-in,
    /// while ``StandInCore/borrowing`` is not `.always`: the first value-type event decides
    /// whether it may be borrowed, and one that may not is copied out.
    override func acceptsUnborrowed(_ event: any Event) -> Bool {
        if mayBorrow(event) { return borrowingFilter(event) }
        return acceptsCopied(event)
    }

    /// ``acceptsUnborrowed(_:)`` for an event that is not borrowed: the value copied out as a
    /// `T`.
    ///
    /// Kept out of line for the reason ``callCategory(_:)`` is: inlined, the metadata of
    /// `Optional<T>` would be looked up on every call.
    @inline(never)
    private func acceptsCopied(_ event: any Event) -> Bool {
        if listsT {
            func open<E: Event>(_ value: E) -> Bool {
                // `E` is `T` or, for a class, a subclass of it: only classes have subtypes.
                filter(E.self == T.self ? identityConversion(value, to: T.self) : value as! T)
            }
            return open(event)
        }
        // `T` is `any Event` (for `AllEvent`) or `any P` (a category): a checked cast.
        guard let value = event as? T else { return false }
        return filter(value)
    }

    /// What the last routed call must announce.
    func takeAnnouncement() -> PendingAnnouncement? {
        var taken: PendingAnnouncement? = nil
        swap(&taken, &pending)
        return taken
    }

    /// The entry for anyone but the bus (the stand-in is public through announcements): a
    /// checked cast, which stops on an event that is no `T` (a stream, or a subscription to
    /// a category, ignores it). What it causes is announced at once.
    func consume(_ event: any Event) {
        let value: T
        if listsT && finishStream == nil {
            value = event as! T
        } else {
            guard let element = event as? T else { return }
            value = element
        }
        do {
            try handler(value)
        } catch {
            if let bus, let recipient {
                bus.announce(Self.pending(for: error), by: recipient, self, of: event)
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
        finishStream?(ending?.end)
    }

    /// Its recipient's name: what every view of the bus shows it by.
    var description: String { recipient?.name ?? "unregistered stand-in" }

    private static func pending(for error: any Error) -> PendingAnnouncement {
        if let drop = error as? StreamDrop { return .dropped(drop.event) }
        return .failed(error)
    }

    /// Calls the handler with `event` as a `T`, for a category stream (`T` is `any P`).
    ///
    /// Kept out of line: an `as? T` needs the metadata of `Optional<T>`, which an unspecialized
    /// generic looks up at run time, and inlined it would be looked up on every delivery.
    @inline(never)
    private func callCategory(_ event: any Event) throws {
        if let value = event as? T { try handler(value) }
    }

    /// Whether ``borrowingHandler`` and ``borrowingFilter`` may take `event`, a routed
    /// event; the first value-type event decides it for all (see
    /// ``StandInCore/borrowing``).
    @inline(__always)
    private func mayBorrow(_ event: any Event) -> Bool {
        if borrowing == .unknown {
            borrowing = EventBusKit.isStoredInline(event) ? .always : .never
        }
        return borrowing == .always
    }

    /// Calls the handler with `event` as a `T`, which a route proved it is (`event is T`),
    /// with no dynamic cast, and without a copy when it may borrow (see `borrowingHandler`).
    @inline(__always)
    private func callRouted(_ event: any Event) throws {
        if mayBorrow(event) { return try borrowingHandler(event) }
        func open<E: Event>(_ value: E) throws {
            // `E` is `T` or, for a class, a subclass of it: only classes have subtypes.
            try handler(E.self == T.self ? identityConversion(value, to: T.self) : value as! T)
        }
        try open(event)
    }
}

/// A stream's drop, carried out of the stand-in's handler as an error.
///
/// `Error` requires `Sendable`; the dropped event is an element of a stream of `Sendable`
/// elements, so it is one.
private struct StreamDrop: Error {
    let event: any Event & Sendable
}
