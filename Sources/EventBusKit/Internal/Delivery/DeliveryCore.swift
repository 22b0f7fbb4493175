import CEventBusAtomics

/// The delivery rules of a bus: when a dispatch is delivered, queued or refused, how long a
/// drain runs, what it reports, and when the bus announces.
///
/// A value that calls no one. ``EventBus`` asks it what to do and does it: it runs each pass
/// and calls the recipients. The rules, in the order an event meets them:
///
/// 1. **Admission.** A dispatch made while the bus is idle starts a *drain*: its event is
///    delivered now. A dispatch made while delivering (from a recipient) is refused with
///    ``DispatchReport/rejectedReentrant`` under ``EventBus/Reentrancy/reject``, refused with
///    ``DispatchReport/rejectedFull`` when `maximumPending` dispatched events already wait
///    (the one being delivered does not count), and otherwise queued
///    (``DispatchReport/queued``).
/// 2. **Order.** Waiting events are delivered one pass at a time, first in, first out, after
///    the current pass has reached all of its recipients (breadth-first).
/// 3. **Announcements.** After a recipient consumes an event that is not itself one of the
///    bus's announcements, a ``DidConsumeEvent`` is queued while someone listens for it; a pass
///    of such an event that reached no one queues a ``NoConsumerEvent`` while someone listens
///    for that. Announcements are never refused by `maximumPending` (the deliveries that cause
///    them bound them).
/// 4. **Budget.** A drain delivers at most `maximumEventsPerDrain` events, announcements
///    included. When the budget is spent and events still wait, they are discarded one by one
///    (a discarded event's deinit may dispatch: that event is admitted, then discarded too),
///    and the drain reports ``DispatchReport/limitReached(processed:discarded:)``; otherwise
///    ``DispatchReport/drained(events:)``.
struct DeliveryCore: ~Copyable {
    let maximumPending: Int
    let maximumEventsPerDrain: Int
    let reentrancy: EventBus.Reentrancy

    /// What an outermost dispatch checks before its pass, in one byte: whether a drain runs
    /// (``isDelivering``), and whether the bus's owner delivers its posted events
    /// (``ownerDeliversPosts``). Zero, the common case, costs a dispatch one test.
    private var checks: UInt8 = 0
    /// Whether a drain is running.
    var isDelivering: Bool { checks & Self.delivering != 0 }
    /// Whether the bus knows no actor and has vended a poster, so its owner's calls deliver
    /// the posted events that wait for them first (see `EventBus+Posting.swift`).
    var ownerDeliversPosts: Bool {
        get { checks & Self.ownerDelivers != 0 }
        set { checks = newValue ? checks | Self.ownerDelivers : checks & ~Self.ownerDelivers }
    }
    /// Whether an outermost dispatch must look before its pass: a drain runs, or posted events
    /// may wait for the owner.
    var dispatchMustCheck: Bool { checks != 0 }
    private static let delivering: UInt8 = 1
    private static let ownerDelivers: UInt8 = 2
    /// Whether problems wait to be reported when the app's outermost call returns (the bus's
    /// `ProblemLog` is not empty): kept here, beside ``isDelivering``, as the one thing about
    /// them the dispatch path reads.
    var problemsWaiting = false
    #if DEBUG
        /// The thread running the drain (debug builds: see `EventBus+IsolationCheck.swift`).
        private(set) var drainingThread: UInt = 0
    #endif
    /// The events waiting for their pass.
    private var waiting = EventRing()
    /// How many waiting events were dispatched (announcements are not counted).
    private var waitingDispatched = 0
    /// Passes the current drain has run.
    private var delivered = 0
    /// Events the current drain has discarded at the budget.
    private var discarded = 0
    /// Replays queued since the current pass began: the next one goes after them.
    private var replaysQueuedThisPass = 0

    init(maximumPending: Int, maximumEventsPerDrain: Int, reentrancy: EventBus.Reentrancy) {
        self.maximumPending = maximumPending
        self.maximumEventsPerDrain = maximumEventsPerDrain
        self.reentrancy = reentrancy
    }

    /// A core that holds nothing, to stand in the bus's property while the real one is
    /// changed on a local copy (see `EventBus.changeCore(_:)`); it allocates nothing.
    static var placeholder: DeliveryCore {
        DeliveryCore(maximumPending: 1, maximumEventsPerDrain: 1, reentrancy: .queue)
    }

    // MARK: Rule 1: admission

    /// Starts a drain for a dispatch made while idle: the caller delivers its event now.
    ///
    /// - Precondition: Not delivering.
    mutating func beginDrain() {
        checks |= Self.delivering
        #if DEBUG
            drainingThread = eventbus_current_thread()
        #endif
        delivered = 0
        discarded = 0
        replaysQueuedThisPass = 0
    }

    /// The answer to a dispatch made while delivering, when it is refused; `nil` when it
    /// may be queued.
    func refusal() -> DispatchReport? {
        if reentrancy == .reject { return .rejectedReentrant }
        if waitingDispatched >= maximumPending { return .rejectedFull }
        return nil
    }

    /// Queues an event that was dispatched while delivering and not refused; `cause` and
    /// `origin` are what a running trace records for it.
    @inline(__always)  // keeps the event in its existential (ARCHITECTURE.md, "Tricks")
    mutating func enqueue(
        dispatched event: consuming any Event, cause: EventTrace.Cause?,
        origin: EventTrace.Origin?
    ) {
        waiting.append(event, isDispatched: true, cause: cause, origin: origin)
        waitingDispatched += 1
    }

    // MARK: Rule 3: announcements

    /// Whether a consumption of an event is announced: never for an announcement, and only
    /// while someone listens.
    @inline(__always)
    static func announcesConsumption(
        ofAnnouncement isAnnouncement: Bool, listening: @autoclosure () -> Bool
    ) -> Bool {
        !isAnnouncement && listening()
    }

    /// Whether a pass is followed by a ``NoConsumerEvent``: it reached no one, its event is no
    /// announcement, and someone listens.
    @inline(__always)
    static func announcesNoConsumer(
        delivered: Int, ofAnnouncement isAnnouncement: Bool, listening: @autoclosure () -> Bool
    ) -> Bool {
        delivered == 0 && !isAnnouncement && listening()
    }

    /// Queues one of the bus's announcements; `maximumPending` does not apply.
    @inline(__always)  // keeps the event in its existential (ARCHITECTURE.md, "Tricks")
    mutating func enqueue(announcement: consuming any Event, cause: EventTrace.Cause?) {
        waiting.append(announcement, isDispatched: false, cause: cause)
    }

    /// Queues a replay of the stored value `event` (stamped `stamp`) to `recipient`: it runs
    /// as soon as the current pass ends, after the replays queued before it in this pass and
    /// before every other waiting event. Like an announcement, neither `maximumPending` nor
    /// ``EventBus/Reentrancy/reject`` applies.
    mutating func enqueue(
        replay event: any Event, to recipient: Recipient, stamp: Int, cause: EventTrace.Cause?
    ) {
        waiting.insert(
            EventRing.Slot(
                event: event, isDispatched: false, cause: cause,
                replay: (recipient, stamp)),
            at: replaysQueuedThisPass)
        replaysQueuedThisPass += 1
    }

    /// Drops what a trace recorded as the causes of the waiting events: a trace started now
    /// never saw the passes that caused them.
    mutating func forgetCauses() {
        waiting.forgetCauses()
    }

    // MARK: Rules 2 and 4: the drain

    /// What the bus does after a pass.
    enum Step: Equatable {
        /// Deliver the next waiting event: take it with ``takeNext()``.
        case deliverNext
        /// The budget is spent and events still wait: take each with ``takeDiscarded()``,
        /// release it, then end with ``endDrain()``.
        case discardWaiting
        /// The drain is over; return this report.
        case finish(DispatchReport)
    }

    /// Ends the drain after its first pass when nothing waits — a dispatch whose recipients
    /// queued nothing, the common case — and returns whether it did (the report is then
    /// ``singlePassReport``); otherwise the caller goes on with ``passEnded()``.
    @inline(__always)
    mutating func endDrainIfNothingWaits() -> Bool {
        guard waiting.isEmpty else { return false }
        checks &= ~Self.delivering
        return true
    }

    /// The report of a drain that ran one pass and discarded nothing.
    static let singlePassReport = DispatchReport.drained(events: 1)

    /// Ends a pass and says what comes next; `ran` is `false` when the taken event ran no
    /// pass (a replay whose recipient or value was gone by then), so it is not counted.
    mutating func passEnded(ran: Bool = true) -> Step {
        if ran { delivered += 1 }
        if waiting.isEmpty { return .finish(endDrain()) }
        if delivered == maximumEventsPerDrain { return .discardWaiting }
        return .deliverNext
    }

    /// Takes the oldest waiting event for its pass.
    ///
    /// - Precondition: ``passEnded()`` returned ``Step/deliverNext``.
    mutating func takeNext() -> EventRing.Slot {
        if waiting.firstIsDispatched { waitingDispatched -= 1 }
        replaysQueuedThisPass = 0
        return waiting.removeFirst()
    }

    /// Takes one event left waiting when the budget is spent, counting it as discarded; the
    /// caller releases it (after this access: its deinit may dispatch, which is admitted and
    /// then discarded in turn).
    mutating func takeDiscarded() -> (any Event)? {
        guard !waiting.isEmpty else { return nil }
        discarded += 1
        return takeNext().event
    }

    /// How many events the current drain has discarded at the budget.
    var discardedCount: Int { discarded }

    /// Ends the drain (nothing waits any more) and reports it.
    mutating func endDrain() -> DispatchReport {
        checks &= ~Self.delivering
        return discarded > 0
            ? .limitReached(processed: delivered, discarded: discarded)
            : .drained(events: delivered)
    }

    /// Whether ``fitQueueToLastDrain()`` could free anything (the queue's storage is above
    /// its minimum): the bus skips the call, and its swap of the core, when not.
    var queueMayShrink: Bool { waiting.mayShrink }

    /// Shrinks the queue's storage to fit the most events that waited at once in the drain
    /// that ended (see `EventRing`); the bus calls it after a drain that queued anything.
    mutating func fitQueueToLastDrain() {
        waiting.fitToPeak()
    }

    // MARK: Inspection

    /// The slots the waiting events' storage has allocated.
    var waitingCapacity: Int { waiting.allocatedCapacity }
}
