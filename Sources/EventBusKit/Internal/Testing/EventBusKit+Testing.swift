// Test-only members, in one place: clear-box entry points that let the test suite reach a
// state or a moment it cannot reach through the public API. Nothing in the library calls them.

#if DEBUG
    extension EventBus {
        /// Runs `hook` in each later sweep of ended recipients that finds one, between
        /// deactivating the ended recipients and taking them off the recipient list and the
        /// routes; `nil` removes the hook. Test-only.
        ///
        /// `hook` runs inside the registry change: it may do what another thread may do at
        /// that moment (release a token, end a stream), and nothing that reaches the bus.
        func runBetweenSweepSteps(_ hook: (() -> Void)?) {
            changeRegistry { $0.betweenSweepSteps = hook }
        }
    }
#endif

extension EventTrace {
    /// How many names the trace keeps, in its table of names and in the index of that table
    /// (equal). Test-only.
    var nameTableCount: (names: Int, indices: Int) { (names.count, nameIndices.count) }
}

extension RoutingExplanation {
    /// Explains the routing of `event` to `candidates`, each of priority 0. Test-only.
    init(_ event: any Event, candidates: [(name: String, lists: MatchList)]) {
        self.init(event, candidates: candidates.map { Candidate(name: $0.name, lists: $0.lists) })
    }
}

extension EventBus {
    /// How many recipients the registry holds, ended ones not yet removed included (what
    /// ``recipientCount`` counted before it counted only callable ones). Test-only.
    var registeredEntryCount: Int { registry.value.count }

    /// How the bus stores the latest value of `type`; `nil` when `type` has no route
    /// holding a latest-value slot. Test-only.
    func latestStoring(_ type: any Event.Type) -> LatestSlot.Storing? {
        registry.value.route(for: ObjectIdentifier(type))?.entries.latest?.storing
    }
}

/// Run by the timer of a `next` with a timeout, in its task, once it has decided (it ended the
/// waiter's subscription and resumed the wait with `timedOut`) and before it asks the bus to
/// remove the subscription; `nil` runs nothing. Test-only: a test sets ``decided`` with
/// `withValue` around the `next` and dispatches while the timer waits in it.
///
/// The task-local holds this struct, not the bare closure: a task-local of an optional async
/// function type crashed in `swift_task_localValuePush` in optimized builds (Swift 6.3, Linux).
struct NextTimerHook: Sendable {
    /// What the timer runs once it has decided.
    let run: @Sendable () async -> Void

    /// The hook of the running task, if a test set one.
    @TaskLocal static var decided: NextTimerHook?
}
