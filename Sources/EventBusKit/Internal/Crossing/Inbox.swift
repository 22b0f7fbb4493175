/// The bus's inbox for work that arrives from other threads and tasks: events posted or sent
/// through an ``EventPoster``, barriers of ``EventPoster/waitUntilDelivered()``, the recipients
/// that released tokens and stopped streams hand over, and, when too many of those wait, a
/// request to sweep every ended one.
///
/// This is the one place where another thread meets the bus, so it is the one place that
/// takes a lock. Posters append under the lock, which puts every post in a single global
/// order that keeps each thread's own order; the bus takes everything waiting in one locked
/// step and delivers it on its own isolation, without holding the lock. When the bus has an
/// isolation to hop to (its ``BusDrainer``), the first post after a take schedules the next
/// drain; later posts ride along with it.
///
/// The inbox is bounded: at most `capacity` posted events are held at once — waiting here,
/// or taken by the bus and not yet delivered (``undelivered``, which the bus counts down as it
/// delivers). A post beyond that is refused (``PostReport/rejectedFull``) and counted for the
/// bus to report, per call site; a send waits for room, and waiting sends are admitted, oldest
/// first, before any later post.
final class Inbox: Sendable {
    /// One piece of waiting work, in posting order.
    enum Item: Sendable {
        /// A posted event and where it was posted.
        case event(any Event & Sendable, EventTrace.Origin)
        case barrier(CheckedContinuation<Bool, Never>)

        /// Whether it is a barrier.
        var isBarrier: Bool {
            if case .barrier = self { true } else { false }
        }
    }

    /// What a drain takes from the inbox.
    struct Batch {
        var items: [Item]
        /// Whether every ended recipient is to be swept (a stream's, or a waiter's, ended).
        var sweep: Bool
        /// The posts refused since the last take, one entry per call site.
        var refused: [Refusal] = []
        /// The first call that had to wait for the owner of a bus that knows no actor, when the
        /// bus is to report it: it had a problem handler then (without one, the posting thread
        /// printed it, and it is said).
        var waited: ReadableLine?
        /// The recipients whose tokens ended them, to remove (when not ``sweep``).
        var ended = EndedRecipients()
    }

    /// Posts refused at one call site because the inbox was full: how many, and the first.
    struct Refusal: Sendable, Equatable {
        var count: Int
        /// The first refused event's type.
        let eventType: String
        /// Where the refused events were posted.
        let origin: EventTrace.Origin
    }

    struct State: Sendable {
        var items: [Item] = []
        /// Sends that found no room, in the order they found none (see `Inbox+Sends.swift`).
        var sends: [WaitingSend] = []
        var nextSendID = 0
        var sweepRequested = false
        /// The recipients tokens ended since the last take (see ``EndedRecipients``): listed
        /// with ``listEnded(_:)``, taken with ``takeEnded()``; whether it lists any is
        /// published for the bus's `add` (``InboxWords/mayHoldEnded``).
        private(set) var endedByTokens = EndedRecipients()
        /// Whether the bus has ended recipients to remove.
        var sweepPending: Bool {
            sweepRequested || !endedByTokens.isEmpty || !unlocked.isEmpty
        }
        /// The inbox's ``Inbox/unlocked``: a recipient a token handed over without the lock.
        let unlocked: InboxWords
        /// Whether nothing but ended recipients, handed over or listed, waits for the bus, and
        /// nothing is to be reported: a take then finds nothing else to take or to tell (see
        /// ``InboxWords``).
        var isQuiet: Bool {
            @inline(__always) get {
                items.isEmpty && sends.isEmpty && refused.isEmpty && waitToReport == nil
                    && !sweepRequested && endedByTokens.isEmpty
            }
        }
        /// Whether anything waits for the bus: items, or ended recipients to remove. What a
        /// drain's end reports as `more`, and what makes an installed drainer drain at once.
        var hasWork: Bool { !items.isEmpty || sweepPending }
        /// A drain was scheduled and has not begun (`drainBegins()`); taking the inbox does not
        /// end it.
        var drainScheduled = false
        /// `false` once the bus is gone.
        var isOpen = true
        /// How to reach the bus on its isolation; `nil` for a bus with none.
        var drainer: BusDrainer?
        /// The owner called `deliverPosted()`: posts that wait for it wait on purpose.
        var ownerDeliversByHand = false
        /// The bus vended `posterDeliveredByHand()`: it never learns an actor (no drainer is
        /// installed), and posts that wait for its owner wait on purpose.
        var deliveredByHand = false
        /// Whether the first wait for the owner was said: the one record of it, whichever call
        /// waited (a post, a send, a barrier, the bus's own `next`), so it is said once per bus.
        var waitWasSaid = false
        /// That first wait, for the bus to report at its owner's next call (said to a handler).
        var waitToReport: ReadableLine?
        /// The posts refused since the last take, per call site, in the order of their first
        /// refusal (see `refuse(_:at:_:)`).
        var refused: [Refusal] = []
        /// The bus has a problem handler: the posting thread prints nothing of its own.
        var problemsHaveHandler = false

        init(unlocked: InboxWords) {
            self.unlocked = unlocked
        }

        /// Lists `recipient`, which its token ended, for the bus to remove.
        mutating func listEnded(_ recipient: Recipient) {
            endedByTokens.append(recipient)
        }

        /// Takes what the bus is to remove: whether a sweep was asked for, and the recipients
        /// tokens ended; leaves neither.
        mutating func takeRemovals() -> (sweep: Bool, ended: EndedRecipients) {
            var sweep = false
            swap(&sweep, &sweepRequested)
            return (sweep, takeEnded())
        }

        /// Takes the recipients tokens ended, leaving none listed.
        mutating func takeEnded() -> EndedRecipients {
            // The one handed over without the lock first: a token dropped while it waited
            // found the slot full and was listed after it.
            var taken = EndedRecipients()
            if let handed = unlocked.take() { taken.append(handed) }
            guard !endedByTokens.isEmpty else { return taken }
            for recipient in endedByTokens { taken.append(recipient) }
            endedByTokens = EndedRecipients()
            return taken
        }
    }

    /// The state, reached only through ``locked(_:)``.
    private let guarded: LockedState<State>

    /// Runs `body` with exclusive access to the state, then publishes whether the state is
    /// quiet (see ``InboxWords``): every locked step of the inbox.
    @inline(__always)
    func locked<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try guarded.withLock { state in
            defer {
                state.unlocked.publish(
                    quiet: state.isQuiet, ownerDeliversByHand: state.ownerDeliversByHand,
                    endedListed: !state.endedByTokens.isEmpty)
            }
            return try body(&state)
        }
    }
    /// Where a dropped token hands its recipient over without the lock (see
    /// ``InboxWords``).
    let unlocked = InboxWords()
    /// The posted events held and not yet delivered: waiting here, or taken by the bus, which
    /// counts each down as its dispatch returns.
    let undelivered = AtomicCount()
    /// The most posted events held at once.
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        guarded = LockedState(State(unlocked: unlocked))
    }

    /// Whether the bus is still alive.
    var isOpen: Bool { locked { $0.isOpen } }

    /// Admits `event` when there is room and no send waits for it first; answers
    /// ``PostReport/awaitingDeliverPosted`` while no drainer is installed.
    func post(_ event: any Event & Sendable, from origin: EventTrace.Origin) -> PostReport {
        let (report, effects) = locked { state -> (PostReport, Effects) in
            guard state.isOpen else { return (.busGone, Effects()) }
            var effects = admitSends(&state)
            guard state.sends.isEmpty, hasRoom() else {
                refuse(event, at: origin, &state)
                return (.rejectedFull, effects)
            }
            let report = admit(event, at: origin, &state, &effects, waiter: "post(_:)")
            return (report, effects)
        }
        effects.run()
        return report
    }

    /// Queues a barrier that the bus resumes with `true` once it has delivered everything
    /// ahead of it, or with `false` when the bus is gone; resumes it with `true` at once when
    /// nothing is ahead of it.
    ///
    /// What is ahead of a barrier: the events waiting here, and those the bus took and has not
    /// delivered (``undelivered``). The bus resumes it as the drain that delivers the last of
    /// them ends (`endDrain()`), whether that drain took the barrier or not.
    func addBarrier(_ continuation: CheckedContinuation<Bool, Never>) {
        let (answer, effects) = locked { state -> (Bool?, Effects) in
            guard state.isOpen else { return (false, Effects()) }
            let nothingAhead =
                state.items.isEmpty && state.sends.isEmpty && !state.sweepPending
                && undelivered.value == 0
            if nothingAhead { return (true, Effects()) }
            state.items.append(.barrier(continuation))
            var effects = Effects()
            awaitDelivery(&state, &effects, waiter: "waitUntilDelivered()", origin: nil)
            return (nil, effects)
        }
        effects.run()
        if let answer {
            continuation.resume(returning: answer)
        } else if let hook = BarrierHook.queued {
            hook.run()
        }
    }

    /// Sets how to reach the bus on its isolation, and schedules a drain for whatever
    /// already waits. The first drainer stays: the compiler keeps a bus on the isolation
    /// it vended a poster or a stream from. A bus delivered by hand takes none.
    ///
    /// - Returns: Whether `drainer` was installed.
    @discardableResult
    func install(_ drainer: BusDrainer) -> Bool {
        let (installed, scheduled) = locked { state -> (Bool, BusDrainer?) in
            guard state.isOpen, state.drainer == nil, !state.deliveredByHand else {
                return (false, nil)
            }
            state.drainer = drainer
            unlocked.set(InboxWords.drainerInstalled)  // before `hasWork` reads the slot
            return (true, state.hasWork ? Self.claimDrain(&state) : nil)
        }
        scheduled?.scheduleDrain()
        return installed
    }

    /// The actor the bus learned (where it vended a poster or a stream), if any.
    var learnedIsolation: (any Actor)? { locked { $0.drainer?.actor } }

    /// Whether a drainer is installed.
    var hasDrainer: Bool { locked { $0.drainer != nil } }

    /// How many sends wait for room (a send still entering the queue is not counted).
    var waitingSends: Int { locked { $0.sends.count(where: { $0.continuation != nil }) } }

    /// How many barriers wait here. Test-only.
    var waitingBarriers: Int {
        locked { state in
            state.items.count(where: \.isBarrier)
        }
    }

    /// Whether anything waits for the bus: items, or ended recipients to remove. Test-only.
    var hasWork: Bool { locked { $0.hasWork } }

    /// Tells the inbox whether the bus has a problem handler (the posting thread then prints
    /// nothing of its own).
    func setProblemsHaveHandler(_ handled: Bool) {
        locked { $0.problemsHaveHandler = handled }
    }

    /// The owner delivers posted events by hand (`deliverPosted()`): from now on a post that
    /// waits for it is not reported, and one that waited is not reported either.
    func ownerDeliversByHand() {
        locked { Self.ownerDeliversByHand(&$0) }
    }

    /// ``ownerDeliversByHand()`` under the lock already held: the one place that says a wait
    /// for the owner is on purpose, for `deliverPosted()`'s take and the by-hand mode too.
    static func ownerDeliversByHand(_ state: inout State) {
        state.ownerDeliversByHand = true
        state.waitToReport = nil
    }

    /// Takes everything waiting, in posting order, with what the bus reports of it.
    func takeAll() -> Batch {
        locked { Self.takeAll(&$0) }
    }

    /// ``takeAll()``'s locked step.
    static func takeAll(_ state: inout State) -> Batch {
        let (sweep, ended) = state.takeRemovals()
        let batch = Batch(
            items: state.items, sweep: sweep, refused: state.refused, waited: state.waitToReport,
            ended: ended)
        state.items.removeAll()
        // `drainScheduled` stays: the scheduled drain has not begun, and only its
        // beginning lets a post schedule another (else drains pile up on the actor).
        state.refused.removeAll()
        state.waitToReport = nil
        return batch
    }

    /// A scheduled drain has begun: the next post schedules another.
    func drainBegins() {
        locked { $0.drainScheduled = false }
    }

    /// The drainer to schedule the bus's next drain on, unless one is scheduled already.
    func claimNextDrain() -> BusDrainer? {
        locked { Self.claimDrain(&$0) }
    }

    /// The bus is gone: refuses every later post and send, resumes waiting barriers with
    /// `false` and waiting sends with ``PostReport/busGone``. Events still waiting are
    /// discarded with the bus.
    ///
    /// - Returns: The events discarded, and what the bus had still to report of the inbox.
    @discardableResult
    func close() -> (discarded: [any Event & Sendable], reports: Batch) {
        let (items, sends, reports) = locked { state in
            state.isOpen = false
            state.drainer = nil
            unlocked.set(InboxWords.closed)  // before `takeEnded()` reads the slot
            _ = state.takeEnded()  // the bus removes every recipient
            let taken = (
                state.items, state.sends,
                Batch(items: [], sweep: false, refused: state.refused, waited: state.waitToReport)
            )
            state.items.removeAll()
            state.sends.removeAll()
            return taken
        }
        for case .barrier(let continuation) in items { continuation.resume(returning: false) }
        // A send still entering the queue learns it as it enters (`enter(_:_:)`).
        for send in sends { send.continuation?.resume(returning: .busGone) }
        let discarded = items.compactMap {
            if case .event(let event, _) = $0 { event } else { nil }
        }
        return (discarded, reports)
    }
}
