/// The bus's inbox for work that arrives from other threads and tasks: events posted
/// through an ``EventPoster``, barriers of ``EventPoster/waitUntilDelivered()``, and requests
/// to sweep streams whose consumer stopped iterating.
///
/// This is the one place where another thread meets the bus, so it is the one place that
/// takes a lock. Posters append under the lock, which puts every post in a single global
/// order that keeps each thread's own order; the bus takes everything waiting in one locked
/// step and delivers it on its own isolation, without holding the lock. When the bus has an
/// isolation to hop to (its ``BusDrainer``), the first post after a drain schedules the next
/// drain; later posts ride along with it.
final class Inbox: Sendable {
    /// One piece of waiting work, in posting order.
    enum Item: Sendable {
        /// A posted event and where it was posted.
        case event(any Event & Sendable, EventTrace.Origin)
        case barrier(CheckedContinuation<Bool, Never>)
    }

    /// What a drain takes from the inbox.
    struct Batch {
        var items: [Item]
        var sweep: Bool
    }

    private struct State: Sendable {
        var items: [Item] = []
        var sweepRequested = false
        /// A drain was scheduled and has not taken the inbox yet.
        var drainScheduled = false
        /// `false` once the bus is gone.
        var isOpen = true
        /// How to reach the bus on its isolation; `nil` for a bus with none.
        var drainer: BusDrainer?
    }

    private let state = LockedState(State())

    /// Whether the bus is still alive.
    var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Admits `event` unless the bus is gone (the inbox is unbounded: no post is lost
    /// while the bus lives); answers ``PostReport/awaitingDeliverPosted`` while no drainer is
    /// installed.
    func post(_ event: any Event & Sendable, from origin: EventTrace.Origin) -> PostReport {
        let (report, drainer) = state.withLock { state -> (PostReport, BusDrainer?) in
            guard state.isOpen else { return (.busGone, nil) }
            state.items.append(.event(event, origin))
            guard state.drainer != nil else { return (.awaitingDeliverPosted, nil) }
            return (.accepted, Self.claimDrain(&state))
        }
        drainer?.scheduleDrain()
        return report
    }

    /// Queues a barrier that the bus resumes with `true` once it has delivered everything
    /// ahead of it, or with `false` when the bus is gone.
    func addBarrier(_ continuation: CheckedContinuation<Bool, Never>) {
        let (admitted, drainer) = state.withLock { state -> (Bool, BusDrainer?) in
            guard state.isOpen else { return (false, nil) }
            state.items.append(.barrier(continuation))
            return (true, Self.claimDrain(&state))
        }
        if !admitted { continuation.resume(returning: false) }
        drainer?.scheduleDrain()
    }

    /// Asks the bus to remove, on its isolation, the recipients that have ended.
    func requestSweep() {
        let drainer = state.withLock { state -> BusDrainer? in
            guard state.isOpen else { return nil }
            state.sweepRequested = true
            return Self.claimDrain(&state)
        }
        drainer?.scheduleDrain()
    }

    /// Sets how to reach the bus on its isolation, and schedules a drain for whatever
    /// already waits. The first drainer stays: the compiler keeps a bus on the isolation
    /// it vended a poster or a stream from.
    func install(_ drainer: BusDrainer) {
        let scheduled = state.withLock { state -> BusDrainer? in
            guard state.isOpen, state.drainer == nil else { return nil }
            state.drainer = drainer
            let hasWork = !state.items.isEmpty || state.sweepRequested
            return hasWork ? Self.claimDrain(&state) : nil
        }
        scheduled?.scheduleDrain()
    }

    /// The actor the bus learned (where it vended a poster or a stream), if any.
    var learnedIsolation: (any Actor)? { state.withLock { $0.drainer?.actor } }

    /// Whether a drainer is installed.
    var hasDrainer: Bool { state.withLock { $0.drainer != nil } }

    /// Takes everything waiting, in posting order.
    func takeAll() -> Batch {
        state.withLock { state in
            let batch = Batch(items: state.items, sweep: state.sweepRequested)
            state.items.removeAll()
            state.sweepRequested = false
            state.drainScheduled = false
            return batch
        }
    }

    /// The bus is gone: refuses every later post, and resumes waiting barriers with `false`.
    /// Events still waiting are discarded with the bus.
    ///
    /// - Returns: The events discarded, for the bus to report.
    @discardableResult
    func close() -> [any Event & Sendable] {
        let items = state.withLock { state -> [Item] in
            state.isOpen = false
            state.drainer = nil
            let items = state.items
            state.items.removeAll()
            return items
        }
        for case .barrier(let continuation) in items { continuation.resume(returning: false) }
        return items.compactMap { if case .event(let event, _) = $0 { event } else { nil } }
    }

    /// The drainer to schedule, when a drain is not already scheduled.
    private static func claimDrain(_ state: inout State) -> BusDrainer? {
        guard let drainer = state.drainer, !state.drainScheduled else { return nil }
        state.drainScheduled = true
        return drainer
    }
}
