// Misuse reported (CONTRACT §11, §16): where the bus records a problem, and how it reports
// what it gathered when the app's outermost call returns, each site backing off as it recurs
// (see `ProblemLog`).

extension EventBus {
    /// Counts one occurrence of `kind` at `site` (`count` of them), to be reported when the
    /// app's outermost call returns, as the back-off allows; `what` and `fix` describe the
    /// first. The site of each kind: the call site of a refused dispatch or post, and of the
    /// dispatch whose drain hit its limit; the subscription (its name and call site) of a
    /// failure or a drop; the consumer's type of one no event reaches; the bus (`""`) for the
    /// rest.
    ///
    /// Keep `what` and `fix` terse: the printed report (`EventBusKit: what (and N more like
    /// it); fix`) is fitted to 120 characters by cutting the names and values in `what`, so
    /// the fewer the words, the more of the names a person reads.
    func recordProblem(
        _ kind: Problem.Kind, site: @autoclosure () -> String = "", count: Int = 1,
        what: @autoclosure () -> ReadableLine, fix: @autoclosure () -> String
    ) {
        // The site and the description may run app code (a `description`), which may record
        // a problem: made before the access that adds it.
        let site = site()
        if problems.value.count(kind, at: site, count) { return }
        let (what, fix) = (what(), fix())
        pushedOut += problems.value.describe(kind, at: site, count: count, what: what, fix: fix)
        core.problemsWaiting = true
    }

    /// Reports the problems due, when the outermost call the app made returns — or a slice
    /// of posted events ends, or `deliverPosted()` — to ``onProblem``, or printed in debug
    /// builds.
    ///
    /// A dispatch the handler makes is queued while it runs and delivered after the last
    /// report; the problems that raises wait for the next outermost call. While a site holds
    /// occurrences for later (the back-off), every outermost call checks the clock here.
    @inline(never)
    func reportProblems() {
        guard !isDelivering, !postedDrainRuns else { return }
        var ready: [Problem] = []
        swap(&ready, &pushedOut)
        ready += problems.value.take(at: problemTime())
        core.problemsWaiting = !problems.value.isEmpty
        guard !ready.isEmpty else { return }
        core.beginDrain()  // the handler's dispatches wait, as during a drain
        for problem in ready { report(problem) }
        countUnattended(drain(ranFirst: false))
    }

    /// Records a dispatch refused with `refusal`, made at `fileID`:`line`.
    @inline(never)
    func recordRefusal(_ refusal: DispatchReport, of event: any Event, fileID: String, line: Int) {
        let reentrant = refusal == .rejectedReentrant
        recordProblem(
            .dispatchRejected, site: "\(fileID):\(line)",
            what: "dispatch(\(name: type(of: event))) at \(site: fileID, line: line): "
                + (reentrant ? "reentrant" : "queue full"),
            fix: reentrant ? "use reentrancy: .queue" : "raise maximumQueuedDispatches")
    }

    /// Records `consumer`'s `recipient`, which no event can reach (its lists' `reachesNothing`:
    /// it does not mute itself with `NoEvent`), with the lists it gave, by its name.
    @inline(never)
    func recordReachingNothing(_ recipient: Recipient, of consumer: any EventConsumer) {
        let lists = recipient.lists
        let why: ReadableLine
        if lists.willConsume.isEmpty {
            why = "its willConsume is empty"
        } else if lists.included.isEmpty && !lists.excludesAll {
            why = "no event is in \(names: lists.willConsume.map(entryName))"
        } else {
            why = "its excludeList covers its willConsume"
        }
        outsideRecipientCall {
            recordProblem(
                .consumerListsNothing, site: "\(type(of: consumer))",
                what: "\(name: recipient.name) receives no event: \(why)",
                fix: "list its events in willConsume")
        }
    }

    /// Records a `cancelDelivery()` that did nothing, and reports at once when it was the
    /// app's outermost call (the bus is idle).
    @inline(never)
    func recordUselessCancel() {
        recordProblem(
            .cancelOutsideCall, what: "cancelDelivery() did nothing outside a delivery",
            fix: "call it in consume(_:) or a closure")
        reportIfIdle()
    }

    /// Records a `next` awaited where posts can only arrive through the owner's calls, if it
    /// is the bus's first wait for its owner (the inbox keeps the one record of that, which a
    /// post, a send or a barrier may have set first) and the owner does not deliver by hand;
    /// reports it at once (the call is the app's outermost).
    func recordPostsAwaitDelivery() {
        guard let what = inbox?.sayTheFirstWait("next(_:) with no isolation") else { return }
        recordProblem(.postsAwaitDelivery, what: what, fix: Inbox.waitFix)
        reportIfIdle()
    }

    /// Tells the inbox, if there is one, whether the bus's problems have a handler: while they
    /// have, a posting thread prints nothing of its own and leaves the first wait to the bus.
    /// Called when the inbox is made, when ``onProblem`` is set, and by `poster()` (the tests'
    /// handler of the task, ``problemsWithNoHandler``, counts as one).
    func tellTheInboxWhoHearsProblems() {
        inbox?.setProblemsHaveHandler(problemHandler != nil || problemsWithNoHandler.get() != nil)
    }

    /// Reports at once when the bus is idle: the call that recorded the problem is the app's
    /// outermost one, and it returns now.
    private func reportIfIdle() {
        if !isDelivering { reportProblems() }
    }

    /// Reports what is still held as the bus goes away, the back-off's included.
    func reportProblemsAtDeinit() {
        for problem in pushedOut + problems.value.takeAll() { report(problem) }
    }

    /// Runs the drain of a dispatch, then reports the problems it gathered.
    func drainAndReport() -> DispatchReport {
        let report = drain()
        if core.problemsWaiting { reportProblems() }
        return report
    }

    /// Hands `problem` to ``onProblem``; with none, to the task's
    /// ``problemsWithNoHandler`` (the tests' trait that fails on an unexpected problem), or
    /// prints it in debug builds.
    private func report(_ problem: Problem) {
        if let problemHandler {
            problemHandler(problem)
            return
        }
        if let hook = problemsWithNoHandler.get() {
            hook(problem)
            return
        }
        #if DEBUG
            writeToStandardError(problem.description)
        #endif
    }

}

/// Where a problem goes when its bus has no `onProblem`, in the task that reports it: `nil`
/// (printing in debug builds) unless a scope sets it with `withValue`. The tests' trait sets
/// one that records an issue, so a suite not about misuse fails on any problem.
let problemsWithNoHandler = TaskLocal<(@Sendable (EventBus.Problem) -> Void)?>(wrappedValue: nil)
