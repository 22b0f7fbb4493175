/// Routes events to the consumers and subscriptions that declared them, one event at a
/// time, in a precise order.
///
/// Register long-lived consumers at startup and dispatch events; each event reaches, by
/// priority and then in registration order, every recipient whose lists match its dynamic
/// type:
///
/// ```swift
/// let bus = EventBus()
/// bus.register(flowController)   // willConsume: [NavigationEvent.self]
/// bus.register(Logger())         // willConsume: [DidConsumeEvent.self]
/// bus.dispatch(NavigationEvent(destination: .screenTwo))
/// ```
///
/// The rules (the article <doc:TheDeliveryContract> states them all):
/// - **Order.** An event's recipients are called by priority
///   (``RecipientOptions/priority(_:)``), then in registration order. Events are delivered
///   one at a time, first in, first out: a dispatch made during delivery is queued and
///   delivered after the current event has reached all of its recipients.
/// - **Snapshot.** An event's recipient list is fixed when its pass begins; a recipient
///   removed before its turn is skipped, one added during the pass waits for the next event.
/// - **Announcements.** After each consumption the bus queues a ``DidConsumeEvent`` (only
///   while someone listens for it), and a ``NoConsumerEvent`` for an event that reached no
///   one (only while someone listens for that).
/// - **Bounds.** At most `maximumQueuedDispatches` dispatched events wait; at most
///   `maximumEventsPerDrain` events are delivered per outermost dispatch; at most
///   `maximumWaitingPosts` posted events are held. A rejected dispatch, and every discard, is
///   counted in a ``DispatchReport`` (a discard no caller receives a report of, in
///   ``unattendedDiscards``); a rejected post answers ``PostReport/rejectedFull`` (see
///   ``EventPoster``).
///
/// > Important: `EventBus` is not `Sendable`. It lives in one isolation domain — the main
/// > actor, one actor, or one task — and the compiler keeps it there. Nothing on the
/// > delivery path takes a lock.
public final class EventBus {
    /// The most dispatched events that may wait in the queue while the bus is delivering
    /// (a dispatch made from a recipient's call); one more is rejected
    /// (``DispatchReport/rejectedFull``).
    public var maximumQueuedDispatches: Int { core.maximumPending }
    /// The most events one outermost dispatch delivers before it discards the rest.
    public var maximumEventsPerDrain: Int { core.maximumEventsPerDrain }
    /// What a dispatch made during delivery does.
    public var reentrancy: Reentrancy { core.reentrancy }
    /// The most events posted through an ``EventPoster`` that wait for delivery at once —
    /// in the inbox, or taken and not yet delivered; a post beyond them is rejected
    /// (``PostReport/rejectedFull``) and a send waits.
    public let maximumWaitingPosts: Int

    /// The events discarded at the drain budget by drains that no caller received a report of.
    ///
    /// A drain reports its discards to the dispatch that started it
    /// (``DispatchReport/limitReached(processed:discarded:)``). Two kinds of drain start with no
    /// caller to report to: the bus delivering posted events on its own isolation (see
    /// ``EventPoster``), and an announcement made outside any pass (a subscription's stand-in
    /// called directly). Their discards are added here, so nothing is ever dropped without
    /// being counted.
    public internal(set) var unattendedDiscards = 0

    /// The delivery rules' state: the queue, whether a drain runs, the counts (see
    /// `EventBus+Drain.swift`).
    var core: DeliveryCore
    /// The recipients and their routes, in memory the bus owns: read in place, changed only
    /// through `changeRegistry(_:)`, with no run-time exclusivity check (see ``InPlace``).
    let registry = InPlace(Registry())
    /// What the running pass reads and what a trace records of it (see ``PassState``).
    var pass = PassState()
    /// Stand-ins removed from the running pass's route during the pass, retired when it ends:
    /// one may be running its own closure now. Not in ``pass``: changing it there would cost
    /// the pass's accesses their static exclusivity checks.
    var retiringStandIns = FewValues<StandIn>()
    /// The inbox that posters and streams on other threads reach; made on first use
    /// (see `EventBus+Posting.swift`).
    var inbox: Inbox?
    /// Whether this bus installed the inbox's drainer: its delivery mode is settled, on an actor,
    /// for good (the first drainer stays), so a `next`, a stream or a poster asks the inbox
    /// nothing under its lock. Set only by `ensureInbox(drainingOn:)`, the one installer.
    var deliveryModeSettled = false
    /// The posted events taken from the inbox and not yet delivered, in posting order, in
    /// memory the bus owns, as ``registry`` is: read and changed in place, by code that lets
    /// go of events (whose deinits may be the app's code) after its access.
    let posted = InPlace(PostedEvents())
    /// Whether a drain of posted events runs (the owner's calls then deliver none of their own).
    var postedDrainRuns = false
    /// For each list entry type seen, the category it names (`nil` for a type), in memory
    /// the bus owns: read in place (a look-up copies no table), changed by code that calls
    /// no app code.
    let entryCategories = InPlace(IdentityTable<(any _EventCategory.Type)?>())
    /// `add` sweeps out ended recipients when the registry reaches this size.
    var endedSweepThreshold = 64
    /// The reference to this bus its stand-ins share, which finds it only while it lives
    /// (see ``BusReference``); made with the first stand-in.
    var standInBusReference: BusReference?
    /// The running trace (see `EventBus+Tracing.swift`); `nil` costs the pass one test.
    var trace: EventTrace?
    /// The latest value of each sticky event type (see `EventBus+Sticky.swift`), in memory
    /// the bus owns: read and changed in place, by code that calls no app code.
    let latestValues = InPlace(LatestValues())
    /// How many traces the bus has started: numbers the next one's generation.
    var startedTraces = 0
    /// The problems gathered and not yet reported (see `EventBus+ProblemReporting.swift`), in
    /// memory the bus owns, as ``registry`` is: the dispatch path reads it with no run-time
    /// exclusivity check, and no access to it runs app code.
    let problems = InPlace(ProblemLog())
    /// What ``onProblem`` holds.
    var problemHandler: ((Problem) -> Void)?
    /// The problems pushed out of ``problems`` to make room for a new site, to report in the
    /// next round.
    var pushedOut: [Problem] = []
    /// Where the last dispatch the running drain queued was made: the site of a
    /// `drainLimitReached` report (in a loop, the dispatch that keeps it going). Set by
    /// `admitDuringDelivery`, cleared as the drain ends. Kept here, not passed down from the
    /// outermost dispatch: a call site held across its pass costs every delivery of the pass.
    var queuedSite: EventTrace.Origin?
    /// The time problems are reported at, for the back-off; the tests drive it.
    var problemTime: () -> ContinuousClock.Instant = { .now }

    /// Receives each ``Problem`` the bus reports; `nil` (the default) prints them in debug
    /// builds.
    ///
    /// Called on the bus's isolation after the outermost call's drain has ended, with the bus
    /// idle and outside every recipient's call (``cancelDelivery()`` returns `false` in it).
    /// A dispatch it makes is delivered after it returns, never nested inside it; problems it
    /// raises, or that drains it starts raise, are held until the app's next outermost call.
    /// With no handler, debug builds print each report to standard error as one line
    /// beginning `EventBusKit: `; release builds print nothing. Setting a handler replaces the
    /// printing for every post that begins after the setter returns, the line a posting thread
    /// prints included. A test sets one and asserts what it received:
    ///
    /// ```swift
    /// var problems: [EventBus.Problem] = []
    /// bus.onProblem = { problems.append($0) }
    /// ```
    public var onProblem: ((Problem) -> Void)? {
        get { problemHandler }
        set {
            problemHandler = newValue
            tellTheInboxWhoHearsProblems()
        }
    }

    /// Creates a bus with the given bounds and re-entrancy policy.
    ///
    /// ```swift
    /// let bus = EventBus(
    ///     maximumQueuedDispatches: 16, maximumEventsPerDrain: 256, reentrancy: .reject)
    /// let feed = EventBus(maximumWaitingPosts: 50_000)  // a producer posting in bursts
    /// ```
    /// - Parameters:
    ///   - maximumQueuedDispatches: The most dispatched events that may wait while the bus is
    ///     delivering (the one being delivered does not count). Must be positive.
    ///   - maximumEventsPerDrain: The most events — dispatched, queued and announcements —
    ///     that one outermost dispatch delivers. Must be positive.
    ///   - reentrancy: ``Reentrancy/queue`` (the default) queues a dispatch made during
    ///     delivery; ``Reentrancy/reject`` rejects it.
    ///   - maximumWaitingPosts: The most posted events the bus holds at once — waiting for its
    ///     isolation, or taken and not yet delivered — beyond which a post is rejected and a
    ///     send waits. The default, 10,000, holds about 10 ms of a producer posting as fast
    ///     as a thread can (about 1 µs a post), so a burst passes whole, in about 1 MB (72
    ///     bytes an event, plus what the events themselves hold). Must be positive.
    /// - Precondition: Every bound is positive; otherwise the program stops with a message
    ///   naming the parameter.
    public init(
        maximumQueuedDispatches: Int = 100,
        maximumEventsPerDrain: Int = 1_000,
        reentrancy: Reentrancy = .queue,
        maximumWaitingPosts: Int = 10_000
    ) {
        if let problem = Self.boundsProblem(
            maximumQueuedDispatches: maximumQueuedDispatches,
            maximumEventsPerDrain: maximumEventsPerDrain,
            maximumWaitingPosts: maximumWaitingPosts)
        {
            Self.stop(problem)
        }
        core = DeliveryCore(
            maximumPending: maximumQueuedDispatches, maximumEventsPerDrain: maximumEventsPerDrain,
            reentrancy: reentrancy)
        self.maximumWaitingPosts = maximumWaitingPosts
    }

    deinit {
        tearDown()
        reportProblemsAtDeinit()
    }

    /// The message `init` stops with for these bounds, or `nil` when they are valid.
    static func boundsProblem(
        maximumQueuedDispatches: Int, maximumEventsPerDrain: Int, maximumWaitingPosts: Int = 1
    ) -> String? {
        if maximumQueuedDispatches <= 0 {
            return
                "EventBus(maximumQueuedDispatches:): maximumQueuedDispatches must be positive, got \(maximumQueuedDispatches)"
        }
        if maximumEventsPerDrain <= 0 {
            return
                "EventBus(maximumEventsPerDrain:): maximumEventsPerDrain must be positive, got \(maximumEventsPerDrain)"
        }
        if maximumWaitingPosts <= 0 {
            return
                "EventBus(maximumWaitingPosts:): maximumWaitingPosts must be positive, got \(maximumWaitingPosts)"
        }
        return nil
    }

    // MARK: Dispatch

    /// Delivers an event to its recipients, or queues it when the bus is already delivering.
    ///
    /// Called while the bus is idle, this is the *outermost* dispatch: it delivers the event
    /// to its recipients (by priority, then in registration order), then every event queued
    /// meanwhile, first in, first out, until the queue is empty or `maximumEventsPerDrain`
    /// events were delivered.
    /// Called while delivering (from a recipient), it admits the event to the queue
    /// (``DispatchReport/queued``), or rejects it when `maximumQueuedDispatches` dispatched events
    /// are already waiting or the policy is ``Reentrancy/reject``.
    ///
    /// ```swift
    /// switch bus.dispatch(NavigationEvent(destination: .screenTwo)) {
    /// case .drained(let events): print("delivered \(events) events")
    /// default: break
    /// }
    /// ```
    /// A running trace records the call site (`fileID`, `line`) as the pass's
    /// ``EventTrace/Record/origin``; with no trace running it is not read. A helper that
    /// dispatches for its callers can take and forward its own `fileID: String = #fileID,
    /// line: Int = #line`, so traces name its caller's line.
    /// - Parameters:
    ///   - event: The event; its dynamic type picks the recipients.
    ///   - fileID: The file that dispatches; leave the default.
    ///   - line: The line that dispatches; leave the default.
    /// - Returns: What happened to the event, and to the events it caused.
    /// - Complexity: O(*k*) for *k* recipients once the event's type has been routed.
    @discardableResult
    @inline(__always)  // keeps the event in its existential (ARCHITECTURE.md, "Tricks")
    public func dispatch(
        _ event: any Event, fileID: String = #fileID, line: Int = #line
    ) -> DispatchReport {
        if core.dispatchMustCheck {
            if core.isDelivering { return admitDuringDelivery(event, fileID: fileID, line: line) }
            ownerDeliversPostedEvents()  // the bus knows no actor: what was posted goes first
        }
        #if DEBUG
            checkIsolation("dispatch(_:fileID:line:)")  // see EventBus+IsolationCheck.swift
        #endif
        core.beginDrain()
        runPass(event, cause: nil, origin: EventTrace.Origin(fileID: fileID, line: line))
        if core.endDrainIfNothingWaits() {
            if core.problemsWaiting { reportProblems() }
            return DeliveryCore.singlePassReport
        }
        return drainAndReport()
    }
}
