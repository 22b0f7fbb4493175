/// The continuation of a ``EventBus/next(_:where:timeout:isolation:)`` call, resumed once, on
/// any thread: with the event a pass claimed its recipient's last call for, or with the error
/// the claim that ended its recipient otherwise recorded (``resume(endedBy:)``).
///
/// Not generic: the event is kept as `any Sendable` and cast back by the `next` that made it,
/// so making and resuming it looks up no generic metadata. No lock: one atomic word orders the
/// two parties, the waiting call (which stores its continuation, then sets ``waiting``) and the
/// first resumer (which claims ``claimed``, stores the outcome, then sets ``done``). One
/// allocation: the word and the two fields live in one ``HeaderAndWord``, which every copy of
/// the waiter shares.
struct NextWaiter: @unchecked Sendable {
    // Why `@unchecked Sendable` is sound: `continuation` is written once, by `wait`, before its
    // compare-and-exchange sets `waiting`, and read only by the resumer whose atomic or that
    // claims `claimed` or sets `done` saw `waiting` (acquire after release). `outcome` is
    // written once, by the one resumer that claimed `claimed` before `waiting` was set, before
    // it sets `done`, and read only by a `wait` whose compare-and-exchange saw `done`. Of the
    // two parties, exactly one resumes the continuation: whichever of the two changes to the
    // word (all acquire-release) comes second. The word and the fields live in `storage`,
    // which every copy of the waiter keeps for as long as it reaches them.

    /// What the waiting call gets: the event, or why its wait ended.
    typealias Outcome = Result<any Sendable, any Error>

    /// The two fields the word orders.
    struct Fields {
        var continuation: UnsafeContinuation<any Sendable, any Error>?
        var outcome: Outcome?
    }

    /// A resumer claimed the waiter (later resumers do nothing).
    private static let claimed: Int32 = 1
    /// The waiting call stored its continuation.
    private static let waiting: Int32 = 2
    /// The resumer stored the outcome.
    private static let done: Int32 = 4

    /// The fields and the word, in one allocation; the word touched only through
    /// ``AtomicWord``'s atomics.
    private let storage = HeaderAndWord.make(Fields())

    /// Waits with `continuation`, resuming it at once if the outcome came first.
    func wait(_ continuation: UnsafeContinuation<any Sendable, any Error>) {
        let fields = storage.fields
        fields.pointee.continuation = continuation
        let word = storage.word
        // Not a relaxed load: `seen` comes from a compare-and-exchange (acquire when it fails),
        // so a `done` seen here orders the read of `outcome` after the resumer's write of it.
        var seen: Int32 = 0
        repeat {
            precondition(seen & Self.waiting == 0, "NextWaiter.wait called twice")
            if seen & Self.done != 0 {
                // The outcome came first: its resumer left the continuation to this call.
                fields.pointee.continuation = nil
                let outcome = fields.pointee.outcome.take()!
                continuation.resume(with: outcome)
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
        let word = storage.word
        let seen = word.setBits(Self.claimed)
        guard seen & Self.claimed == 0 else { return }
        let fields = storage.fields
        if seen & Self.waiting != 0 {
            // Already waiting (the common case): resume it at once, with no stop in `outcome`.
            fields.pointee.continuation.take()!.resume(with: result)
            return
        }
        fields.pointee.outcome = result
        // Not waiting yet: `wait` takes the outcome.
        guard word.setBits(Self.done) & Self.waiting != 0 else { return }
        fields.pointee.outcome = nil
        fields.pointee.continuation.take()!.resume(with: result)
    }
}
