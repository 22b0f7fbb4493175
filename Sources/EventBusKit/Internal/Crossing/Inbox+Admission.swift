// What a locked step of the inbox does: admit an event, say what it waits for (the first wait for
// the owner, once per bus), count a refusal per call site, and what it leaves to do once the
// lock is released.

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
        if let what = Self.sayTheFirstWait(&state, waiter: waiter, origin: origin) {
            // Said once: to the bus's handler when it has one, else printed from here, now.
            if state.problemsHaveHandler { state.waitToReport = what } else { effects.wait = what }
        }
        return .awaitingDeliverPosted
    }

    /// The bus's own call that waits for its owner — a `next` awaited with no isolation on a
    /// bus that knows no actor — said by the same record as a post's wait: the description to
    /// report, if it is the first wait of the bus and its owner does not deliver by hand.
    func sayTheFirstWait(_ waiter: String) -> ReadableLine? {
        locked { state in
            state.drainer == nil ? Self.sayTheFirstWait(&state, waiter: waiter, origin: nil) : nil
        }
    }

    /// Marks the first wait for the owner said and returns its description, once per bus,
    /// and never to an owner that delivers by hand (`waitWasSaid`, the one record).
    private static func sayTheFirstWait(
        _ state: inout State, waiter: String, origin: EventTrace.Origin?
    ) -> ReadableLine? {
        guard !state.ownerDeliversByHand, !state.waitWasSaid else { return nil }
        state.waitWasSaid = true
        let site: ReadableLine = origin.map { " at \(site: $0)" } ?? ""
        return "\(waiter)\(site) waits"
    }

    /// What to do about posts that wait for the owner: both fixes, worded to fit one line of
    /// 120 characters with a call site of 30 characters and more.
    static let waitFix = "use poster(deliveringOn:), or deliverPosted()"

    /// The line the posting thread prints for the first wait, as the bus would print its
    /// report: `EventBusKit: `, what waits, and the fix, in at most 120 characters.
    static func waitLine(_ what: ReadableLine) -> String {
        ("\(problemPrefix)\(what); \(fix: waitFix)" as ReadableLine).fitted()
    }

    /// Counts a refused post at its call site: refused posts from two lines are two reports.
    ///
    /// A flood is refused from one line, so the last site is compared first (a line number and
    /// a file ID, which `#fileID` makes the same string each time, equal at their first word);
    /// another line looks through the few sites refused since the last take. At most
    /// ``ProblemLog/maximumSites`` sites are kept per take (the bus remembers no more): past
    /// them, a refusal counts with the last.
    func refuse(
        _ event: any Event & Sendable, at origin: EventTrace.Origin, _ state: inout State
    ) {
        let last = state.refused.count - 1
        if last >= 0, Self.isSite(origin, of: state.refused[last]) {
            state.refused[last].count += 1
        } else if let index = state.refused.firstIndex(where: { Self.isSite(origin, of: $0) }) {
            state.refused[index].count += 1
        } else if state.refused.count < ProblemLog.maximumSites {
            state.refused.append(
                Refusal(count: 1, eventType: "\(type(of: event))", origin: origin))
        } else {
            state.refused[last].count += 1
        }
    }

    /// Whether `origin` is the call site of `refusal`.
    private static func isSite(_ origin: EventTrace.Origin, of refusal: Refusal) -> Bool {
        origin.line == refusal.origin.line && origin.fileID == refusal.origin.fileID
    }

    /// The drainer to schedule, when a drain is not already scheduled.
    static func claimDrain(_ state: inout State) -> BusDrainer? {
        guard let drainer = state.drainer, !state.drainScheduled else { return nil }
        state.drainScheduled = true
        return drainer
    }
}
