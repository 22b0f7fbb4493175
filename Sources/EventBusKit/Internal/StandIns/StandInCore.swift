/// What a pass reads of a stand-in without knowing its event type: whether a routed event
/// may be borrowed, and the `where:` predicate taking it borrowed.
///
/// ``StandIn`` is its only subclass. Not generic, so its fields sit at fixed offsets: the
/// pass's loop asks a filtered subscription's predicate (``acceptsRouted(_:)``) with two loads
/// and the predicate's own call, not through ``StandInCall`` and the stand-in's witness table.
class StandInCore {
    /// Whether a routed event may be handed to the borrowing closures: `.always` for a class
    /// `T` listed as itself, `.unknown` for a value type until its first event shows whether
    /// it is stored in the existential's buffer, `.never` otherwise (and always in the
    /// portable mode).
    final var borrowing: Borrowing
    /// The `where:` predicate taking the event's existential in place of the `T` (see
    /// `borrowingPredicate(_:)`); one that accepts every event when the subscription has none.
    /// Called only as ``borrowing`` allows.
    final let borrowingFilter: (any Event) -> Bool
    /// Its recipient, set when it is added: its name is the recipient's (``Recipient/name``).
    ///
    /// Held strongly: the recipient holds the stand-in only until it is removed
    /// (``Recipient/deactivate()``), which ends the cycle; a stand-in that outlives its
    /// recipient's registration (an announcement kept by the app) keeps its name.
    final var recipient: Recipient?

    /// See ``borrowing``.
    enum Borrowing: UInt8 {
        case unknown, always, never
    }

    init(borrowing: Borrowing, borrowingFilter: @escaping (any Event) -> Bool) {
        self.borrowing = borrowing
        self.borrowingFilter = borrowingFilter
    }

    /// Whether the `where:` predicate accepts `event`, which a route delivered to this
    /// stand-in: the borrowing predicate when it may take it, ``acceptsUnborrowed(_:)``
    /// otherwise.
    @inline(__always)
    final func acceptsRouted(_ event: any Event) -> Bool {
        if borrowing == .always { return borrowingFilter(event) }
        return acceptsUnborrowed(event)
    }

    /// ``acceptsRouted(_:)`` while the event may not be borrowed, or it is not known yet;
    /// the subclass decides.
    func acceptsUnborrowed(_ event: any Event) -> Bool {
        preconditionFailure("StandIn overrides acceptsUnborrowed(_:)")
    }
}
