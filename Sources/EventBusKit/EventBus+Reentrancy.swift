extension EventBus {
    /// What a dispatch made while the bus is delivering does.
    ///
    /// Closed: a new case comes only in a new major version, so a `switch` over it needs no
    /// `default`.
    public enum Reentrancy: Equatable, Sendable {
        /// Queue it: it returns ``DispatchReport/queued`` and is delivered after the current
        /// event has reached all of its recipients (breadth-first). The default.
        case queue
        /// Reject it: it returns ``DispatchReport/rejectedReentrant`` and nothing is queued.
        /// The bus's own announcements still flow. For apps where a nested dispatch is a bug.
        case reject
    }
}
