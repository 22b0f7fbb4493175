// What a locked step of the inbox does: admit an event, say what it waits for, count a refusal,
// and what it leaves to do once the lock is released.

extension Inbox {
    /// What a locked step leaves to do once the lock is released: resume sends, schedule a
    /// drain, print the first wait.
    struct Effects {
        var resumeSends:
            [(CheckedContinuation<PostReport, any Error>, Result<PostReport, any Error>)] =
                []
        var drainer: BusDrainer?
        /// The first wait, to print once the lock is released (``Inbox/waitLine(_:)``).
        var wait: ReadableLine?

        func run() {
            for (continuation, result) in resumeSends { continuation.resume(with: result) }
            drainer?.scheduleDrain()
            #if DEBUG
                if let wait { writeToStandardError(Inbox.waitLine(wait)) }
            #endif
        }
    }

    /// Whether one more posted event fits.
    func hasRoom() -> Bool {
        undelivered.value < capacity
    }

    /// Admits `event`, and says whether it waits for the owner or a drain will come.
    func admit(
        _ event: any Event & Sendable, at origin: EventTrace.Origin, _ state: inout State,
        _ effects: inout Effects, waiter: String
    ) -> PostReport {
        state.items.append(.event(event, origin))
        undelivered.add(1)
        return awaitDelivery(&state, &effects, waiter: waiter, origin: origin)
    }

    /// What an item admitted now waits for: a drain on the bus's actor (scheduled, unless it
    /// is already), or, on a bus that knows no actor, its owner — which is said the first time.
    @discardableResult
    func awaitDelivery(
        _ state: inout State, _ effects: inout Effects, waiter: String,
        origin: EventTrace.Origin?
    ) -> PostReport {
        if state.drainer != nil {
            if let drainer = Self.claimDrain(&state) { effects.drainer = drainer }
            return .accepted
        }
        if !state.ownerDeliversByHand, !state.waitWasSaid {
            state.waitWasSaid = true
            let site: ReadableLine = origin.map { " at \(site: $0)" } ?? ""
            let what: ReadableLine = "\(waiter)\(site) waits for the bus's owner"
            state.waitToReport = what
            if !state.problemsHaveHandler { effects.wait = what }
        }
        return .awaitingDeliverPosted
    }

    /// What to do about posts that wait for the owner.
    static let waitFix = "make the poster on the bus's actor"

    /// The line the posting thread prints for the first wait, as the bus would print its
    /// report: `EventBusKit: `, what waits, and the fix, in at most 120 characters.
    static func waitLine(_ what: ReadableLine) -> String {
        ("\(problemPrefix)\(what); \(fix: waitFix)" as ReadableLine).fitted()
    }

    /// Counts a refused post.
    func refuse(
        _ event: any Event & Sendable, at origin: EventTrace.Origin, _ state: inout State
    ) {
        if state.refused == nil {
            state.refused = Refusal(
                count: 0, eventType: "\(type(of: event))", origin: origin)
        }
        state.refused!.count += 1
    }

    /// The drainer to schedule, when a drain is not already scheduled.
    static func claimDrain(_ state: inout State) -> BusDrainer? {
        guard let drainer = state.drainer, !state.drainScheduled else { return nil }
        state.drainScheduled = true
        return drainer
    }
}
