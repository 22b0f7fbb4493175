/// Routes events to the consumers and subscriptions that declared them, one event at a
/// time, in a precise order.
///
/// Register long-lived consumers at startup and dispatch events; each event reaches, in
/// registration order, every recipient whose lists match its dynamic type:
///
/// ```swift
/// let bus = EventBus()
/// bus.register(flowController)   // willConsume: [NavigationEvent.self]
/// bus.register(Logger())         // willConsume: [DidConsumeEvent.self]
/// bus.dispatch(NavigationEvent(destination: .screenTwo))
/// ```
///
/// The rules (the article <doc:TheDeliveryContract> states them all):
/// - **Order.** An event's recipients are called in registration order. Events are
///   delivered one at a time, first in, first out: a dispatch made during delivery is
///   queued and delivered after the current event has reached all of its recipients.
/// - **Snapshot.** An event's recipient list is fixed when its pass begins; a recipient
///   removed before its turn is skipped, one added during the pass waits for the next event.
/// - **Announcements.** After each consumption the bus queues a ``DidConsumeEvent`` (only
///   while someone listens for it), and a ``NoConsumerEvent`` for an event that reached no
///   one (only while someone listens for that).
/// - **Bounds.** At most `maximumPending` dispatched events wait; at most
///   `maximumEventsPerDrain` events are delivered per outermost dispatch. Every refusal and
///   discard is counted in a ``DispatchReport``.
///
/// > Important: `EventBus` is not `Sendable`. It lives in one isolation domain — the main
/// > actor, one actor, or one task — and the compiler keeps it there. Nothing on the
/// > delivery path takes a lock.
public final class EventBus {
    /// The most dispatched events that may wait while the bus is delivering.
    public let maximumPending: Int
    /// The most events one outermost dispatch delivers before it discards the rest.
    public let maximumEventsPerDrain: Int
    /// What a dispatch made during delivery does.
    public let reentrancy: Reentrancy

    /// The events discarded at the drain budget by drains that no caller received a report of.
    ///
    /// A drain reports its discards to the dispatch that started it
    /// (``DispatchReport/limitReached(processed:discarded:)``). Two kinds of drain start with no
    /// caller to report to: the bus delivering posted events on its own isolation (see
    /// ``EventPoster``), and an announcement made outside any pass (a subscription's stand-in
    /// called directly). Their discards are added here, so nothing is ever dropped without
    /// being counted.
    public private(set) var unattendedDiscards = 0

    /// The recipients and their routes.
    var registry = Registry() {
        didSet {  // after any change: the accesses to `registry` have ended
            withExtendedLifetime(routeCache.removeAll()) {}  // released after the access
            // The registry keeps the route of `DidConsumeEvent` cached while it traces.
            tracesConsumption = registry.tracesConsumption
            replaceConsumptionListeners(
                with: tracesConsumption ? registry.cachedEntries(for: DidConsumeEvent.self) : nil)
        }
    }
    /// Events waiting for their pass.
    private var queue = EventQueue() {
        didSet { hasWaitingEvents = queue.count > 0 }
    }

    // The dispatch path reads the next four instead of `registry` and `queue`. Swift checks
    // exclusive access to a class's stored properties at run time (about 150 instructions an
    // access) unless it can prove an access safe; it cannot for `registry` and `queue`, whose
    // accesses may release objects (and so run deinits) while they last. No access to these
    // four releases anything (old values are released after the write), so they need no check.

    /// The routes of the last event types dispatched; emptied by any change to the registry.
    private var routeCache = RouteCache()
    /// `consumptionListeners != nil`, kept as a flag: the no-listener fast path tests it on
    /// every delivery, and a flag costs about 4 instructions less than an optional array.
    private var tracesConsumption = false
    /// The route of ``DidConsumeEvent`` while someone listens for it, kept current by every
    /// change to the registry; `nil` when no one does.
    private var consumptionListeners: [RouteEntry]?
    /// Whether `queue` holds events, kept current by every change to it.
    private var hasWaitingEvents = false
    /// `true` while an outermost dispatch is running its passes.
    private(set) var isDelivering = false
    /// The mailbox that posters and streams on other threads reach; made on first use
    /// (see `EventBus+Posting.swift`).
    var inbox: Inbox?
    /// `add` sweeps out ended recipients when the registry reaches this size.
    private var endedSweepThreshold = 64

    /// Creates a bus with the given bounds and re-entrancy policy.
    ///
    /// ```swift
    /// let bus = EventBus(maximumPending: 16, maximumEventsPerDrain: 256, reentrancy: .reject)
    /// ```
    /// - Parameters:
    ///   - maximumPending: The most dispatched events that may wait while the bus is
    ///     delivering (the one being delivered does not count). Must be positive.
    ///   - maximumEventsPerDrain: The most events — dispatched, queued and announcements —
    ///     that one outermost dispatch delivers. Must be positive.
    ///   - reentrancy: ``Reentrancy/queue`` (the default) queues a dispatch made during
    ///     delivery; ``Reentrancy/reject`` refuses it.
    /// - Precondition: Both bounds are positive; otherwise the program stops with a message
    ///   naming the parameter.
    public init(
        maximumPending: Int = 100,
        maximumEventsPerDrain: Int = 1_000,
        reentrancy: Reentrancy = .queue
    ) {
        if let problem = Self.boundsProblem(
            maximumPending: maximumPending, maximumEventsPerDrain: maximumEventsPerDrain)
        {
            preconditionFailure(problem)
        }
        self.maximumPending = maximumPending
        self.maximumEventsPerDrain = maximumEventsPerDrain
        self.reentrancy = reentrancy
    }

    deinit {
        closeCrossings()
        withExtendedLifetime(registry.removeAll()) {}  // released after the access
    }

    /// The message `init` stops with for these bounds, or `nil` when they are valid.
    static func boundsProblem(maximumPending: Int, maximumEventsPerDrain: Int) -> String? {
        if maximumPending <= 0 {
            return
                "EventBus(maximumPending:): maximumPending must be positive, got \(maximumPending)"
        }
        if maximumEventsPerDrain <= 0 {
            return
                "EventBus(maximumEventsPerDrain:): maximumEventsPerDrain must be positive, got \(maximumEventsPerDrain)"
        }
        return nil
    }

    // MARK: Registration

    /// Registers a consumer, retaining it until ``deregister(_:)``.
    ///
    /// The bus reads `willConsume` and `excludeList` now, once. The consumer goes to the end
    /// of registration order. Registering a consumer that is already registered is a no-op
    /// that keeps its place; deregistering and registering again moves it to the end.
    /// Registering during delivery takes effect from the next event's pass.
    ///
    /// - Parameter consumer: The consumer; the bus may be its only owner.
    /// - Complexity: O(*r*) for *r* event types already routed, amortized (a registration
    ///   sometimes sweeps out ended recipients).
    public func register(_ consumer: any EventConsumer) {
        _ = add(consumer, weakly: false)
    }

    /// Registers a consumer without retaining it; the bus drops it when it is deallocated.
    ///
    /// Same rules as ``register(_:)`` otherwise. A deallocated consumer is never called; the
    /// bus removes its entry when it next meets it.
    ///
    /// - Parameter consumer: The consumer, owned elsewhere.
    /// - Complexity: O(*r*) for *r* event types already routed, amortized (a registration
    ///   sometimes sweeps out ended recipients).
    public func registerWeakly(_ consumer: any EventConsumer) {
        _ = add(consumer, weakly: true)
    }

    /// Removes a consumer and releases it.
    ///
    /// Removed during a pass, it is skipped if its turn has not come. Deregistering a
    /// consumer that is not registered does nothing and returns `false`.
    ///
    /// - Parameter consumer: The consumer to remove.
    /// - Returns: Whether it was registered.
    /// - Complexity: O(*n* + *r*·*k*) for *n* recipients and *r* routed types of *k*
    ///   recipients.
    @discardableResult
    public func deregister(_ consumer: any EventConsumer) -> Bool {
        guard let recipient = registry.recipient(for: consumer) else { return false }
        return end(recipient)
    }

    /// Adds `consumer` to the registry unless it is already registered; every registration
    /// and subscription goes through here.
    ///
    /// The lists are read first, outside any access to the registry, so a list getter may
    /// call the bus. Every time the registry has doubled since the last sweep, recipients
    /// that ended without being removed (weakly held consumers and owners that died, streams
    /// that stopped) are swept out, which keeps the registry within twice the live
    /// recipients (plus 64) at O(1) amortized per registration.
    func add(_ consumer: any EventConsumer, weakly: Bool) -> Recipient? {
        guard registry.recipient(for: consumer) == nil else { return nil }
        let lists = MatchList(of: consumer)
        MigrationDiagnostics.check(lists, of: consumer)  // Migration hook: debug-build warnings.
        if registry.count >= endedSweepThreshold {
            removeEndedRecipients()
            endedSweepThreshold = max(64, registry.count * 2)
        }
        return registry.add(consumer, lists: lists, weakly: weakly)
    }

    /// Whether `consumer` is registered (and, if held weakly, still alive).
    ///
    /// - Parameter consumer: The consumer to look for.
    /// - Complexity: O(1).
    public func isRegistered(_ consumer: any EventConsumer) -> Bool {
        registry.recipient(for: consumer) != nil
    }

    /// The number of recipients — consumers and subscriptions — currently registered.
    public var recipientCount: Int { registry.count }

    // MARK: Dispatch

    /// Delivers an event to its recipients, or queues it when the bus is already delivering.
    ///
    /// Called while the bus is idle, this is the *outermost* dispatch: it delivers the event
    /// to its recipients in registration order, then every event queued meanwhile, first in,
    /// first out, until the queue is empty or `maximumEventsPerDrain` events were delivered.
    /// Called while delivering (from a recipient), it admits the event to the queue
    /// (``DispatchReport/queued``), or refuses it when `maximumPending` dispatched events
    /// are already waiting or the policy is ``Reentrancy/reject``.
    ///
    /// ```swift
    /// switch bus.dispatch(NavigationEvent(destination: .screenTwo)) {
    /// case .drained(let events): print("delivered \(events) events")
    /// default: break
    /// }
    /// ```
    /// - Parameter event: The event; its dynamic type picks the recipients.
    /// - Returns: What happened to the event, and to the events it caused.
    /// - Complexity: O(*k*) for *k* recipients once the event's type has been routed.
    @discardableResult
    @inline(__always)  // see `runPass`
    public func dispatch(_ event: any Event) -> DispatchReport {
        if isDelivering {
            if reentrancy == .reject { return .rejectedReentrant }
            if queue.dispatchedCount >= maximumPending { return .rejectedFull }
            queue.append(event, isDispatched: true)
            return .queued
        }
        isDelivering = true
        defer { isDelivering = false }
        runPass(event)
        if !hasWaitingEvents { return .drained(events: 1) }
        return drainQueue(processed: 1)
    }

    /// Runs the passes of the waiting events, first in, first out, until the queue is empty
    /// or the drain budget is spent; `processed` events were already delivered.
    @inline(never)
    private func drainQueue(processed: Int) -> DispatchReport {
        var processed = processed
        while queue.count > 0 {
            if processed == maximumEventsPerDrain {
                return .limitReached(processed: processed, discarded: discardWaitingEvents())
            }
            // The popped event is released after its pass, while the bus is still delivering:
            // a dispatch from its deinit is queued like any other.
            runPass(queue.popFirst()!)
            processed += 1
        }
        return .drained(events: processed)
    }

    /// Discards every waiting event at the drain budget and returns how many there were.
    ///
    /// Each event is released outside the queue's access and while the bus still counts as
    /// delivering: a dispatch from a deinit it triggers (a class event's, or a consumer's that
    /// only a waiting ``DidConsumeEvent`` kept alive) is admitted, then discarded and counted
    /// with the rest, so nothing is left behind for the next drain.
    private func discardWaitingEvents() -> Int {
        var discarded = 0
        while queue.popFirst() != nil { discarded += 1 }
        return discarded
    }

    /// Adds the discards of a drain whose report no caller receives to ``unattendedDiscards``.
    func countUnattended(_ report: DispatchReport) {
        if case .limitReached(_, let discarded) = report { unattendedDiscards += discarded }
    }

    /// Queues one of the bus's own announcements, only while someone listens for it.
    ///
    /// Recipients call this from inside a pass (a stream's drop, a subscription's thrown
    /// error); outside one, the announcement is delivered at once.
    func announce<A: Event & _BusAnnouncement>(_ announcement: A) {
        guard hasLiveListeners(for: A.self, cached: registry.cachedEntries(for: A.self)) else {
            return
        }
        // Queued, then drained when idle, rather than handed to `dispatch`: a call of
        // `dispatch` with a value of a known type lets the optimizer turn `dispatch` into a
        // generic function that boxes the event again for each `any Event` it hands on (an
        // allocation per pass for an event too large for the existential's buffer).
        queue.append(announcement, isDispatched: false)
        if !isDelivering {
            isDelivering = true
            defer { isDelivering = false }
            countUnattended(drainQueue(processed: 0))
        }
    }

    /// The recipients of `event` and whether it is an announcement: a cached route when the
    /// event's type is one of the last two, else the registry's (which is then cached).
    @inline(__always)
    private func route(of event: any Event) -> (entries: [RouteEntry], isAnnouncement: Bool) {
        routeCache.route(of: event) ?? routeAndRemember(event)
    }

    /// Asks the registry for the route of `event` and caches it. Not inlined, so that its
    /// write of `routeCache` shares no access with the read in `route(of:)`.
    @inline(never)
    private func routeAndRemember(
        _ event: any Event
    ) -> (entries: [RouteEntry], isAnnouncement: Bool) {
        let type = type(of: event)
        let key = ObjectIdentifier(type)
        // A cached route is read without `mutating`, which would empty `routeCache`.
        let route = registry.cachedRoute(for: key) ?? registry.route(for: event, key: key)
        let dropped = routeCache.remember(
            RecentRoute(type: type, entries: route.entries, isAnnouncement: route.isAnnouncement))
        withExtendedLifetime(dropped) {}  // released after the access
        return route
    }

    /// Replaces `consumptionListeners`, releasing the old value after the write (outside the
    /// access: a release may run deinits).
    private func replaceConsumptionListeners(with listeners: [RouteEntry]?) {
        var listeners = listeners
        swap(&consumptionListeners, &listeners)
        withExtendedLifetime(listeners) {}
    }

    /// Whether a live recipient listens for announcements of type `A`, given its cached route.
    ///
    /// Reads `cached` rather than asking the registry, whose mutating access would empty the
    /// route cache; only a missing route is built. A weakly held listener may have died since
    /// the registry last changed, so each entry is checked.
    private func hasLiveListeners<A: Event & _BusAnnouncement>(
        for type: A.Type, cached: [RouteEntry]?
    ) -> Bool {
        guard let cached else { return registry.hasRecipients(for: A.self) }
        for index in cached.indices where cached[index].isLive { return true }
        return false
    }

    /// Queues the announcement that `consumer` consumed `event`, while someone listens.
    @inline(__always)
    private func announceConsumption(
        by consumer: @autoclosure () -> any EventConsumer, of event: any Event,
        _ isAnnouncement: Bool
    ) {
        if !isAnnouncement && tracesConsumption
            && hasLiveListeners(for: DidConsumeEvent.self, cached: consumptionListeners)
        {
            queue.append(DidConsumeEvent(consumer: consumer(), event: event), isDispatched: false)
        }
    }

    /// Delivers `event` to the recipients its route holds when the pass begins.
    ///
    /// Always inlined, like `dispatch`: the optimizer does not turn an always-inlined function
    /// that takes `any Event` into a generic one (which would box the event again for every
    /// call that takes `any Event`, allocating when it is too large for the buffer).
    @inline(__always)
    private func runPass(_ event: any Event) {
        let (entries, isAnnouncement) = route(of: event)
        // The pass holds its route to the end: that keeps the strongly held consumers on it
        // alive, so they are called unretained (see `RouteEntry`).
        defer { withExtendedLifetime(entries) {} }
        var delivered = 0
        for index in entries.indices {
            // The fast path. Read through `entries[index]` rather than a local: a local
            // reference would be retained for its whole scope.
            if entries[index].isCallableUnretained,
                let unretained = entries[index].recipient.unretained
            {
                unretained.consume(event)
                delivered &+= 1
                announceConsumption(by: entries[index].consumer!, of: event, isAnnouncement)
                continue
            }
            let recipient = entries[index].recipient
            guard let consumer = recipient.consumer else {
                // Removed before its turn, or held weakly and gone: skip it (and forget it).
                if recipient.isActive { end(recipient) }
                continue
            }
            if let unretained = recipient.unretained {
                // `consumer` keeps it alive for the call.
                withExtendedLifetime(consumer) { unretained.consume(event) }
            } else {
                consumer.consume(event)
            }
            delivered &+= 1
            announceConsumption(by: consumer, of: event, isAnnouncement)
        }
        if delivered == 0 && !isAnnouncement
            && hasLiveListeners(
                for: NoConsumerEvent.self, cached: registry.cachedEntries(for: NoConsumerEvent.self)
            )
        {
            queue.append(NoConsumerEvent(event: event), isDispatched: false)
        }
    }
}
