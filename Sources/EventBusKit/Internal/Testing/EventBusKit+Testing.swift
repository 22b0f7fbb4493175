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

extension Inbox {
    /// Asks the bus to sweep, on its isolation, every recipient that has ended: the request
    /// ``requestSweep(of:)`` makes when the inbox's list of ended recipients is full, made
    /// without filling it. Test-only.
    func requestSweep() {
        let drainer = locked { state -> BusDrainer? in
            guard state.isOpen else { return nil }
            state.sweepRequested = true
            return Self.claimDrain(&state)
        }
        drainer?.scheduleDrain()
    }
}

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

/// Run by the timer of a `next` with a timeout, in its task: ``fired`` once it has slept, before
/// it claims the recipient's end; ``claimed`` once it has tried, told whether its claim ended
/// the recipient, before it resumes the wait and asks the bus to remove the subscription. A
/// test sets ``current`` with `withValue` around the `next`, and holds the timer in either
/// while it dispatches or drops the bus. Test-only.
///
/// The task-local holds this struct, not bare closures: a task-local of an optional async
/// function type crashed in `swift_task_localValuePush` in optimized builds (Swift 6.3, Linux).
struct NextTimerHook: Sendable {
    /// What the timer runs once it has slept, before its claim.
    var fired: @Sendable () async -> Void = {}
    /// What the timer runs once it has claimed the end (`true`) or found it claimed
    /// (`false`), before it resumes the wait.
    var claimed: @Sendable (_ timedOut: Bool) async -> Void = { _ in }

    /// The hook of the running task, if a test set one.
    @TaskLocal static var current: NextTimerHook?
}

/// Run by a traced pass before the trace names a recipient it has not named yet: after the
/// pass claimed a limited recipient's last call, before it reads the recipient's name. A test
/// sets ``current`` with `withValue` around a dispatch, and ends the recipient from there, as
/// another thread could at that moment. Test-only; it runs only when a trace first names a
/// recipient, never in an untraced pass.
struct TraceNamingHook: Sendable {
    /// What runs, outside any recipient's call, handed the recipient's end.
    let run: @Sendable (RecipientEnding) -> Void

    /// The hook of the running task, if a test set one.
    @TaskLocal static var current: TraceNamingHook?
}

/// Run by a `send` that found no room, in its task, once it holds its place in the queue of
/// sends and before it waits there (before its cancellation handler is installed); `nil` runs
/// nothing. Test-only: a test sets ``foundNoRoom`` with `withValue` around the `send` and posts,
/// sends or cancels while the send is held between its place and its wait.
struct SendHook: Sendable {
    /// What the send runs once it found no room.
    let run: @Sendable () async -> Void

    /// The hook of the running task, if a test set one.
    @TaskLocal static var foundNoRoom: SendHook?
}

/// Run by `waitUntilDelivered()`, in its task, once its barrier is queued behind what it waits
/// for; `nil` runs nothing. Test-only: a recipient's call that holds the owner's delivery open
/// waits for it, so the barrier is queued while the delivery runs.
struct BarrierHook: Sendable {
    /// What the wait runs once its barrier is queued.
    let run: @Sendable () -> Void

    /// The hook of the running task, if a test set one.
    @TaskLocal static var queued: BarrierHook?
}
