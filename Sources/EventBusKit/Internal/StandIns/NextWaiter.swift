/// The continuation of a ``EventBus/next(_:where:timeout:isolation:)`` call, resumed once, by the
/// event or by cancellation, whichever comes first, on any thread.
final class NextWaiter<T: Sendable>: Sendable {
    private enum State: Sendable {
        case idle
        case waiting(CheckedContinuation<T, any Error>)
        case done(Result<T, any Error>?)
    }

    private let state = LockedState(State.idle)

    /// Waits with `continuation`, resuming it at once if the result came first.
    func wait(_ continuation: CheckedContinuation<T, any Error>) {
        let early = state.withLock { state -> Result<T, any Error>? in
            switch state {
            case .idle:
                state = .waiting(continuation)
                return nil
            case .waiting:
                preconditionFailure("NextWaiter.wait called twice")
            case .done(let result):
                state = .done(nil)
                return result
            }
        }
        if let early { continuation.resume(with: early) }
    }

    /// Resumes the caller with `result`, unless it was resumed already.
    func resume(with result: Result<T, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<T, any Error>? in
            switch state {
            case .idle:
                state = .done(result)
                return nil
            case .waiting(let continuation):
                state = .done(nil)
                return continuation
            case .done:
                return nil
            }
        }
        continuation?.resume(with: result)
    }
}
