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
        var line: String?

        func run() {
            for (continuation, result) in resumeSends { continuation.resume(with: result) }
            drainer?.scheduleDrain()
            #if DEBUG
                if let line { writeToStandardError(line) }
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
            let what =
                "\(waiter)\(origin.map { " at \($0.fileID):\($0.line)" } ?? "") waits for the "
                + "bus's owner: the bus knows no actor (its poster was made outside any actor, "
                + "such as in a synchronous init), so what it posts is delivered at the owner's "
                + "next call into the bus"
            state.waitToReport = what
            if !state.problemsHaveHandler { effects.line = "EventBusKit: \(what); \(Self.waitFix)" }
        }
        return .awaitingDeliverPosted
    }

    /// What to do about posts that wait for the owner.
    static let waitFix =
        "make the poster on the bus's actor (call bus.poster() there), or deliver posted events "
        + "with bus.deliverPosted()"

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
