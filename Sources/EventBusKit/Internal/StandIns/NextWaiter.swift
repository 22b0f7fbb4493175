/// The continuation of a ``EventBus/next(_:where:timeout:isolation:)`` call, resumed once, on
/// any thread: with the event a pass claimed its recipient's last call for, or with the error
/// the claim that ended its recipient otherwise recorded (``resume(endedBy:)``).
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

    /// Resumes the caller as `end`, the reason the claim that ended its recipient recorded,
    /// says, unless it was resumed already: whoever gets here first — the claimer, or the
    /// stand-in's `finish` when the bus removed the ended recipient first — resumes it with
    /// the same answer.
    ///
    /// - Parameter end: ``RecipientEnd/lastCall`` resumes nothing: the pass that claimed it
    ///   resumes the caller with its event, in the call it makes before it lets the stand-in
    ///   go.
    func resume(endedBy end: RecipientEnd?) {
        switch end {
        case .lastCall: return
        case .timedOut: resume(with: .failure(EventBus.WaitError.timedOut))
        case .taskCancelled: resume(with: .failure(CancellationError()))
        case .busGone: resume(with: .failure(EventBus.WaitError.busDeallocated))
        case .released, .streamTerminated, .ownerGone, nil:
            // No wait ends so: its token is its own, cancelled once it has resumed; it has no
            // owner and no stream, and every removal claims an end first. Resumed all the
            // same, rather than left waiting, as a subscription cancelled.
            resume(with: .failure(CancellationError()))
        }
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
