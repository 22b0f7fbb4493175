// The drain: what a dispatch does after its first pass, and how the delivery state changes.
// `dispatch(_:)` itself, public and inlined into its callers, is in `EventBus.swift`.

extension EventBus {
    /// Whether an outermost dispatch is running its passes.
    var isDelivering: Bool { core.isDelivering }

    /// Starts a drain that begins with queued work rather than a dispatch (replays).
    ///
    /// - Precondition: Not delivering.
    func beginDrain() { core.beginDrain() }

    /// The slots the queue of waiting events has allocated (for memory-bound tests).
    var waitingCapacity: Int { core.waitingCapacity }

    /// Drops the causes a trace recorded for the waiting events (see `startTracing`). Through
    /// `changeCore`: dropping a cause releases its strings.
    func forgetWaitingCauses() { changeCore { $0.forgetCauses() } }

    /// Queues or refuses an event dispatched while the bus is delivering, at `fileID`:`line`.
    @inline(never)
    func admitDuringDelivery(_ event: any Event, fileID: String, line: Int) -> DispatchReport {
        #if DEBUG
            checkDrainingThread("dispatch(_:fileID:line:)")  // see EventBus+IsolationCheck.swift
        #endif
        if let refusal = core.refusal() {
            recordRefusal(refusal, of: event, fileID: fileID, line: line)
            trace?.recordNote(
                .refused(event: event, report: refusal, recipient: tracedRecipient),
                inPass: pass.tracedPass)
            return refusal
        }
        let cause = tracedCause(by: tracedRecipient)
        let origin = EventTrace.Origin(fileID: fileID, line: line)
        let tracedOrigin = trace == nil ? nil : origin
        changeCore { $0.enqueue(dispatched: event, cause: cause, origin: tracedOrigin) }
        queuedSite = origin
        return .queued
    }

    /// Runs the passes of the waiting events until the core says the drain is over, discards
    /// what the budget leaves, and reports.
    /// `ranFirst` is `false` for a drain that begins with nothing delivered (replays). A
    /// report of its discards names, as its site, where the last dispatch it queued was made
    /// (``queuedSite``): in a loop, the dispatch that keeps it going.
    @inline(never)
    func drain(ranFirst: Bool = true) -> DispatchReport {
        defer {
            queuedSite = nil
            if core.queueMayShrink { changeCore { $0.fitQueueToLastDrain() } }
        }
        var ran = ranFirst
        while true {
            switch core.passEnded(ran: ran) {
            case .finish(let report):
                return report
            case .deliverNext:
                // The event is released after its pass, while the bus still delivers: a
                // dispatch from its deinit is queued like any other.
                let next = changeCore { $0.takeNext() }
                if let replay = next.replay {
                    ran = runReplay(
                        next.event, to: replay.recipient, stamp: replay.stamp,
                        cause: next.cause)
                } else {
                    let delivered = runPass(next.event, cause: next.cause, origin: next.origin)
                    if !next.isDispatched { settleIfAnnouncement(next.event, delivered: delivered) }
                    ran = true
                }
            case .discardWaiting:
                while let discarded = changeCore({ $0.takeDiscarded() }) {
                    release(afterAccess: discarded)
                }
                trace?.recordNote(
                    .discarded(count: core.discardedCount), inPass: pass.tracedPass)
                let site = queuedSite.map { "\($0.fileID):\($0.line)" }
                recordProblem(
                    .drainLimitReached, site: site ?? "",
                    what: queuedSite.map { "dispatch at \(site: $0): maximumEventsPerDrain hit" }
                        ?? "a drain hit maximumEventsPerDrain",
                    fix: "break the loop")
                return core.endDrain()
            }
        }
    }

    /// Delivers `event` in a drain of its own, for work that starts a drain without a caller
    /// to report to (announcements made outside a pass, posted events): its discards are
    /// counted in ``unattendedDiscards``.
    @inline(__always)  // keeps the event in its existential (ARCHITECTURE.md, "Tricks")
    func deliverUnattended(_ event: any Event, cause: EventTrace.Cause?) {
        if core.isDelivering {
            queue(announcement: event, cause: cause)
            return
        }
        core.beginDrain()
        settleIfAnnouncement(event, delivered: runPass(event, cause: cause))
        countUnattended(drain())
    }

    /// Adds the discards of a drain whose report no caller receives to ``unattendedDiscards``.
    func countUnattended(_ report: DispatchReport) {
        if case .limitReached(_, let discarded) = report { unattendedDiscards += discarded }
    }

    /// Runs `change` on the delivery state without an access to the bus's property spanning
    /// it: on a copy swapped out and back in (an access to `core` that spanned a call Swift
    /// cannot see into would be checked at run time). For the changes that move events in or
    /// out of the queue; the others access `core` directly.
    func changeCore<Result>(_ change: (inout DeliveryCore) -> Result) -> Result {
        var local = DeliveryCore.placeholder
        swap(&local, &core)
        defer { swap(&local, &core) }
        return change(&local)
    }
}
