/// The continuation of a ``EventBus/next(_:where:timeout:isolation:)`` call, resumed once, on
/// any thread: with the event a pass claimed its recipient's last call for, or with the error
/// the claim that ended its recipient otherwise recorded (``resume(endedBy:)``).
///
/// Not generic: the event is kept as `any Sendable` and cast back by the `next` that made it,
/// so making and resuming it looks up no generic metadata. No lock: one atomic word orders the
/// two parties, the waiting call (which stores its continuation, then sets ``waiting``) and the
/// first resumer (which claims ``claimed``, stores the outcome, then sets ``done``).
final class NextWaiter: @unchecked Sendable {
    // Why `@unchecked Sendable` is sound: `continuation` is written once, by `wait`, before its
    // compare-and-exchange sets `waiting`, and read only by the resumer whose atomic or that
    // sets `done` saw `waiting` (acquire after release). `outcome` is written once, by the one
    // resumer that claimed `claimed`, before it sets `done`, and read only by a `wait` whose
    // compare-and-exchange saw `done`. A resumer whose claim saw `waiting` already resumes the
    // continuation itself, at once (the wait set `waiting` last, and sets nothing after). Of the two, exactly one resumes the continuation:
    // whichever of the two changes to `word` (both acquire-release) comes second.
    // The word lives in `words`, which the waiter keeps for as long as it is reached.

    /// What the waiting call gets: the event, or why its wait ended.
    typealias Outcome = Result<any Sendable, any Error>

    /// A resumer claimed the waiter (later resumers do nothing).
    private static let claimed: Int32 = 1
    /// The waiting call stored its continuation.
    private static let waiting: Int32 = 2
    /// The resumer stored the outcome.
    private static let done: Int32 = 4

    /// The word, in memory the waiter owns; touched only through ``AtomicWord``'s atomics.
    private let words = SlotBuffer<Int32>(capacity: 1, repeating: 0)
    private var continuation: UnsafeContinuation<any Sendable, any Error>?
    private var outcome: Outcome?

    /// Waits with `continuation`, resuming it at once if the outcome came first.
    func wait(_ continuation: UnsafeContinuation<any Sendable, any Error>) {
        self.continuation = continuation
        let word = words.atomicWord(0)
        // Not a relaxed load: `seen` comes from a compare-and-exchange (acquire when it fails),
        // so a `done` seen here orders the read of `outcome` after the resumer's write of it.
        var seen: Int32 = 0
        repeat {
            precondition(seen & Self.waiting == 0, "NextWaiter.wait called twice")
            if seen & Self.done != 0 {
                // The outcome came first: its resumer left the continuation to this call.
                self.continuation = nil
                continuation.resume(with: outcome!)
                outcome = nil
                return
            }
        } while !word.replace(&seen, with: seen | Self.waiting)
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
    func resume(with result: Outcome) {
        let seen = words.atomicWord(0).setBits(Self.claimed)
        guard seen & Self.claimed == 0 else { return }
        if seen & Self.waiting != 0 {
            // Already waiting (the common case): resume it at once, with no stop in `outcome`.
            let continuation = self.continuation!
            self.continuation = nil
            continuation.resume(with: result)
            return
        }
        outcome = result
        // Not waiting yet: `wait` takes the outcome.
        guard words.atomicWord(0).setBits(Self.done) & Self.waiting != 0 else { return }
        let continuation = self.continuation!
        self.continuation = nil
        outcome = nil
        continuation.resume(with: result)
    }
}
