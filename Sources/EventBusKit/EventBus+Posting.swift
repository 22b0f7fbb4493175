// Events posted from other threads: the poster the bus vends, who delivers what it posts, and
// the drain that does, a slice at a time.

extension EventBus {
    /// Returns a handle that posts events to this bus from any thread or task, delivered
    /// where the caller runs, if it runs on an actor.
    ///
    /// A bus delivers posted events on the first actor it learns — from
    /// `poster(deliveringOn:)`, or from `poster()`, `events(of:)` or `next(_:)` called on an
    /// actor — and never on another; until then, and always once it has vended
    /// `posterDeliveredByHand()`, they wait for its owner's next call into the bus or
    /// `deliverPosted()`.
    ///
    /// Say which in sight with ``poster(deliveringOn:fileID:line:)``, which states the actor
    /// (and does not compile where the caller runs on none, as in a synchronous `init`), or
    /// ``posterDeliveredByHand(fileID:line:)``, for a bus its owner delivers. This spelling
    /// takes the caller's isolation from its default argument: on an actor it is
    /// `poster(deliveringOn:)`'s, without the check that the bus delivers there; outside any
    /// (`#isolation` is `nil` — also in an actor's or a class's synchronous `init`) posts
    /// answer ``PostReport/awaitingDeliverPosted`` until the bus learns an actor, and the
    /// first that waits is reported (``Problem/Kind/postsAwaitDelivery``, once per bus) unless
    /// the owner delivers by hand. Posted events go through ``dispatch(_:fileID:line:)``, in
    /// one global first-in, first-out order that keeps each thread's posting order (see
    /// ``EventPoster`` for every rule). Every call returns a handle to the same inbox.
    ///
    /// ```swift
    /// let poster = bus.poster(deliveringOn: MainActor.shared)   // on the main actor
    /// Task.detached { poster.post(Progress(fraction: 1)) }
    /// ```
    /// - Parameter isolation: The isolation the bus lives on; leave the default, which is
    ///   the caller's.
    /// - Returns: A `Sendable` handle; it does not keep the bus alive.
    /// - Complexity: O(1).
    public func poster(isolation: isolated (any Actor)? = #isolation) -> EventPoster {
        let inbox = ensureInbox(drainingOn: isolation)
        tellTheInboxWhoHearsProblems()
        if !deliveryModeSettled {  // no drainer: this bus installs the only one
            core.ownerDeliversPosts = true
            ownerDeliversPostedEvents()
            if core.problemsWaiting { reportProblems() }  // the outermost call returns
        }
        return EventPoster(inbox: inbox)
    }

    /// Delivers, now and on the caller's isolation, every event posted so far, in posting
    /// order, through ``dispatch(_:fileID:line:)``.
    ///
    /// A bus that lives on an actor does this on its own shortly after each post, a slice at
    /// a time; a bus with no isolation to hop to delivers at its owner's next call, and its
    /// owner may call this to deliver by hand. It also removes streams whose consumer has
    /// stopped, and resumes ``EventPoster/waitUntilDelivered()`` calls — those that began
    /// while it ran included, once what came before them is delivered. Events posted while it
    /// runs wait for the next call. An event it delivered that nothing else keeps is released
    /// by the time it returns. An owner that calls it delivers by hand on purpose: posts that
    /// wait for it are not reported. To say so when making the poster, make it with
    /// ``posterDeliveredByHand(fileID:line:)``: the bus then never learns an actor.
    ///
    /// ```swift
    /// let bus = EventBus()                    // in a command-line tool's run loop
    /// let poster = bus.posterDeliveredByHand()
    /// worker.start(reportingTo: poster)
    /// while running {
    ///     bus.deliverPosted()
    ///     // … the loop's other work
    /// }
    /// ```
    /// - Returns: The report of each posted event's dispatch, in posting order; each is an
    ///   outermost dispatch. A call made while the bus is delivering does nothing and returns
    ///   `[]`: the posted events wait for the next call, so none is queued behind or rejected
    ///   by the delivery in progress.
    /// - Complexity: O(*p*) dispatches for *p* posted events.
    @discardableResult
    public func deliverPosted() -> [DispatchReport] {
        var reports: [DispatchReport] = []
        guard !isDelivering else { return reports }
        // Not escaping: `reports` stays on the stack (a variable an escaping closure captures
        // is boxed on the heap, at every call).
        deliverPosted(.byHand) { reports.append($0) }
        return reports
    }

    /// How much of what was posted one drain delivers.
    enum PostedDrain {
        /// A slice, on the bus's actor: it stops after ``postedEventsPerSlice`` events or
        /// ``postedSliceDuration``, whichever comes first, so other work on the actor runs.
        case slice
        /// Everything posted before it began: ``deliverPosted()``, and the owner's calls into
        /// a bus that knows no actor.
        case everythingWaiting
        /// Everything posted before it began, for ``deliverPosted()``: the owner delivers by
        /// hand (`Inbox.ownerDeliversByHand()`), which the inbox is told in the drain's take.
        case byHand
    }

    /// The most posted events a slice delivers: it bounds a slice whose events cost too little
    /// for its time to matter (the clock is read every ``eventsBetweenClockReadings``).
    static let postedEventsPerSlice = 1_024
    /// The longest a slice runs before the actor's other work: a 120 Hz screen's frame is
    /// 8.3 ms, so a timer or a view update waits behind a flood of posts for at most about an
    /// eighth of one, and the hop to the next slice (a few microseconds) costs under 1 %.
    static let postedSliceDuration = Duration.milliseconds(1)
    /// How often a slice reads the clock and lets waiting sends in, in delivered events.
    static let eventsBetweenClockReadings = 32

    /// Delivers posted events in posting order — the ones the bus holds from its last take,
    /// then what it takes from the inbox — as `drain` bounds it, each as an outermost
    /// dispatch whose report goes to `report` (a drain no one reads the reports of passes
    /// ``countUnattended(_:)``); does nothing while the bus is delivering, or from inside such
    /// a drain.
    ///
    /// A barrier is resumed with `true` after the dispatches of the events before it, which
    /// as outermost dispatches delivered those events: as the drain returns. The problems the
    /// drain gathers are reported once, as it ends (contract §16.1) — or, for the owner's
    /// call that delivers posted events first (`reportsProblems` false), when that call
    /// returns.
    ///
    /// - Returns: Whether posted events still wait: the bus holds some, or the inbox does.
    @discardableResult
    func deliverPosted(
        _ drain: PostedDrain, reportsProblems: Bool = true,
        reporting report: (DispatchReport) -> Void
    ) -> Bool {
        var barriers: [CheckedContinuation<Bool, Never>] = []
        let more = deliverPosted(drain, reporting: report, passing: &barriers)
        if reportsProblems && core.problemsWaiting { reportProblems() }
        if !barriers.isEmpty { resumeAll(barriers) }
        return more
    }

    /// ``deliverPosted(_:reporting:)``, leaving the barriers it passed in `barriers` for the
    /// caller to resume (a drain on the bus's actor resumes them once it has left the actor,
    /// so a task that waited for them finds it free).
    func deliverPosted(
        _ drain: PostedDrain, reporting report: (DispatchReport) -> Void,
        passing barriers: inout [CheckedContinuation<Bool, Never>]
    ) -> Bool {
        guard let inbox, !isDelivering, !postedDrainRuns else {
            if drain == .byHand { inbox?.ownerDeliversByHand() }
            return false
        }
        postedDrainRuns = true
        let isSlice = drain == .slice
        if !isSlice {
            // Nothing posted: the take ends the drain too, in one locked step.
            switch inbox.take(byHand: drain == .byHand, busHoldsNone: posted.value.isEmpty) {
            case .removalsAlone(let sweep, let ended, let more):
                // Nothing was handed out: there is nothing to let go.
                removeEnded(sweep: sweep, ended: ended)
                postedDrainRuns = false
                return more
            case .batch(let batch, let more):
                receive(batch)
                if let more { return closePostedDrain(more) }
            }
        }
        return closePostedDrain(
            deliverTaken(from: inbox, isSlice: isSlice, reporting: report, passing: &barriers))
    }

    /// Resumes each of `barriers` with `true`: what a drain passed.
    @inline(never)
    private func resumeAll(_ barriers: [CheckedContinuation<Bool, Never>]) {
        for barrier in barriers { barrier.resume(returning: true) }
    }

    /// Closes a drain of posted events that took some, returning `more`: what it handed out
    /// is let go (delivered means let go: as the drain returns, after the access), and the
    /// owner's calls deliver again. (Not the inbox's `endDrain()`, which takes what waits
    /// at a drain's end.)
    private func closePostedDrain(_ more: Bool) -> Bool {
        _ = posted.value.takeHandedOut()
        postedDrainRuns = false
        return more
    }

    /// The rest of ``deliverPosted(_:reporting:passing:)`` once it has taken: delivers what
    /// the bus holds (a slice takes more as it runs out), then ends the drain. Out of line:
    /// the dispatch it inlines stays off the path of a take that finds removals alone.
    @inline(never)
    private func deliverTaken(
        from inbox: Inbox, isSlice: Bool, reporting report: (DispatchReport) -> Void,
        passing barriers: inout [CheckedContinuation<Bool, Never>]
    ) -> Bool {
        let start = isSlice ? ContinuousClock.now : nil
        var delivered = 0
        while true {
            if posted.value.isEmpty {
                if !isSlice || !take(from: inbox) { break }
                continue
            }
            switch posted.value.takeNext() {
            case .event(let event, let origin):
                let outcome = dispatch(event, fileID: origin.fileID, line: origin.line)
                inbox.undelivered.add(-1)
                report(outcome)
                delivered += 1
                guard delivered % Self.eventsBetweenClockReadings == 0 else { continue }
                inbox.admitWaitingSends()
                if let start,
                    delivered >= Self.postedEventsPerSlice
                        || ContinuousClock.now - start >= Self.postedSliceDuration
                {
                    return true
                }
            case .barrier(let continuation):
                barriers.append(continuation)
            }
        }
        // Everything taken is delivered: so is what came before the barriers queued meanwhile.
        let end = inbox.endDrain()
        removeEnded(sweep: end.sweep, ended: end.ended)
        barriers += end.barriers
        return !isSlice && end.more
    }

    /// Delivers what was posted before the owner's call into a bus that knows no actor: the
    /// owner's calls run on the bus's isolation, so its next one delivers what waits for it.
    @inline(never)
    func ownerDeliversPostedEvents() {
        guard core.ownerDeliversPosts else { return }
        deliverPosted(.everythingWaiting, reportsProblems: false) { countUnattended($0) }
    }

    /// Takes what waits in the inbox, after what the bus holds, and records what the inbox
    /// has to report: rejected posts, and the first post that waited for the owner.
    ///
    /// - Returns: Whether it took anything.
    @discardableResult
    private func take(from inbox: Inbox) -> Bool {
        receive(inbox.takeAll())
    }

    /// Removes the recipients `batch` names ended, records what it reports, and keeps its
    /// posted events after the ones the bus holds: returns whether it had any.
    @discardableResult
    private func receive(_ batch: consuming Inbox.Batch) -> Bool {
        removeEnded(sweep: batch.sweep, ended: batch.ended)
        recordInboxReports(batch)
        let took = !batch.items.isEmpty
        posted.value.append(&batch.items)  // what was handed out goes with `batch`
        return took
    }

    /// Records the rejected posts, one report per call site, and the wait `batch` reports.
    func recordInboxReports(_ batch: Inbox.Batch) {
        for refused in batch.refused {
            let site = "\(refused.origin.fileID):\(refused.origin.line)"
            recordProblem(
                .postRejected, site: site, count: refused.count,
                what: "post(\(name: refused.eventType)) at \(site: refused.origin): inbox full",
                fix: "use send(_:), which waits")
        }
        if let waited = batch.waited {
            recordProblem(.postsAwaitDelivery, what: waited, fix: Inbox.waitFix)
        }
    }

    /// The inbox, made on first use.
    func ensureInbox() -> Inbox {
        if let inbox { return inbox }
        let made = Inbox(capacity: maximumWaitingPosts)
        inbox = made
        tellTheInboxWhoHearsProblems()
        return made
    }

    /// The inbox, made on first use. With an isolation, also installs the drainer that
    /// lets posts and stream endings reach the bus there, when the bus has learned no actor
    /// and is not delivered by hand: its delivery isolation changes once, from none to one.
    func ensureInbox(drainingOn isolation: isolated (any Actor)?) -> Inbox {
        let inbox = ensureInbox()
        // Settled: no lock taken (the drainer this bus installed stays).
        if deliveryModeSettled { return inbox }
        if let isolation, inbox.mayLearnAnActor,
            // We are running on `isolation`, the bus's home from now on (see BusDrainer),
            // unless the bus is delivered by hand.
            inbox.install(BusDrainer(bus: self, isolation: isolation))
        {
            core.ownerDeliversPosts = false
            deliveryModeSettled = true
        }
        return inbox
    }
}
