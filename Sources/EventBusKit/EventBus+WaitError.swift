extension EventBus {
    /// Why ``EventBus/next(_:options:where:timeout:fileID:line:isolation:)-(T.Type,_,_,_,_,_,_)``
    /// ended without an event.
    ///
    /// Cancellation of the waiting task is not one of them: it throws `CancellationError`, as
    /// every cancelled wait does.
    ///
    /// Closed: a new case comes only in a new major version, so a `switch` over it needs no
    /// `default`.
    public enum WaitError: Error, Equatable, Sendable {
        /// No matching event was delivered within the `timeout` given, measured on
        /// `ContinuousClock`. The wait left no recipient behind.
        case timedOut
        /// The bus was deallocated while the wait was on. A waiting `next` holds no reference
        /// to the bus: a wait started on a temporary (`model.bus?.next(…)`) lets the bus go
        /// when its owner does, and ends with this error.
        case busDeallocated
    }
}
