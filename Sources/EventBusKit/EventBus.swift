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
///
/// The rules live in `DeliveryCore` (admission, order, announcements, budget) and `Registry`
/// (matching and routes); `EventBus` runs them: it delivers each pass and calls recipients.
public final class EventBus {
    /// The most dispatched events that may wait while the bus is delivering.
    public var maximumPending: Int { core.maximumPending }
    /// The most events one outermost dispatch delivers before it discards the rest.
    public var maximumEventsPerDrain: Int { core.maximumEventsPerDrain }
    /// What a dispatch made during delivery does.
    public var reentrancy: Reentrancy { core.reentrancy }

    /// The events discarded at the drain budget by drains that no caller received a report of.
    ///
    /// A drain reports its discards to the dispatch that started it
    /// (``DispatchReport/limitReached(processed:discarded:)``). Two kinds of drain start with no
    /// caller to report to: the bus delivering posted events on its own isolation (see
    /// ``EventPoster``), and an announcement made outside any pass (a subscription's stand-in
    /// called directly). Their discards are added here, so nothing is ever dropped without
    /// being counted.
    public internal(set) var unattendedDiscards = 0

    /// The delivery rules' state: the queue, whether a drain runs, the counts.
    private var core: DeliveryCore
    /// The recipients and their routes. Changed only through `changeRegistry(_:)`.
    var registry = Registry()
    /// The mailbox that posters and streams on other threads reach; made on first use
    /// (see `EventBus+Posting.swift`).
    var inbox: Inbox?
    /// `add` sweeps out ended recipients when the registry reaches this size.
    var endedSweepThreshold = 64

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
        core = DeliveryCore(
            maximumPending: maximumPending, maximumEventsPerDrain: maximumEventsPerDrain,
            reentrancy: reentrancy)
    }

    deinit {
        tearDown()
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

    /// Whether an outermost dispatch is running its passes.
    var isDelivering: Bool { core.isDelivering }

    /// The slots the queue of waiting events has allocated (for memory-bound tests).
    var waitingCapacity: Int { core.waitingCapacity }

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
    @inline(__always)  // see `FastPath.swift`: keeps the event in its existential
    public func dispatch(_ event: any Event) -> DispatchReport {
        if core.isDelivering { return admitDuringDelivery(event) }
        #if DEBUG
            checkIsolation()  // see EventBus+IsolationCheck.swift
        #endif
        core.beginDrain()
        runPass(event)
        return drain()
    }

    /// Queues or refuses an event dispatched while the bus is delivering.
    @inline(never)
    private func admitDuringDelivery(_ event: any Event) -> DispatchReport {
        if let refusal = core.refusal() { return refusal }
        changeCore { $0.enqueue(dispatched: event) }
        return .queued
    }

    /// Runs the passes of the waiting events until the core says the drain is over, discards
    /// what the budget leaves, and reports.
    @inline(__always)
    private func drain() -> DispatchReport {
        while true {
            switch core.passEnded() {
            case .finish(let report):
                return report
            case .deliverNext:
                // The event is released after its pass, while the bus still delivers: a
                // dispatch from its deinit is queued like any other.
                runPass(changeCore { $0.takeNext() })
            case .discardWaiting:
                while let discarded = changeCore({ $0.takeDiscarded() }) {
                    release(afterAccess: discarded)
                }
                return core.endDrain()
            }
        }
    }

    /// Delivers `event` in a drain of its own, for work that starts a drain without a caller
    /// to report to (announcements made outside a pass, posted events): its discards are
    /// counted in ``unattendedDiscards``.
    @inline(__always)  // see `FastPath.swift`: keeps the event in its existential
    func deliverUnattended(_ event: any Event) {
        if core.isDelivering {
            queue(announcement: event)
            return
        }
        core.beginDrain()
        runPass(event)
        countUnattended(drain())
    }

    /// Adds the discards of a drain whose report no caller receives to ``unattendedDiscards``.
    func countUnattended(_ report: DispatchReport) {
        if case .limitReached(_, let discarded) = report { unattendedDiscards += discarded }
    }

    // MARK: The pass

    /// Delivers `event` to the recipients its route holds when the pass begins.
    @inline(__always)
    private func runPass(_ event: any Event) {
        let route = route(of: event)
        // The pass holds its route to the end: that keeps the strongly held consumers on it
        // alive, so they are called unretained (see `UnretainedConsumer`).
        defer { release(afterAccess: route) }
        var delivered = 0
        for index in route.entries.indices {
            // Read through `route.entries[index]` rather than a local: a local reference would
            // be retained for its whole scope.
            if route.entries[index].isCallableUnretained,
                let unretained = route.entries[index].recipient.unretained
            {
                let causedIncident = unretained.consume(event)
                delivered &+= 1
                if causedIncident {
                    announceIncident(of: unretained, by: route.entries[index].consumer!, event)
                }
                announceConsumption(by: route.entries[index].consumer!, of: route, event)
                continue
            }
            let recipient = route.entries[index].recipient
            guard let consumer = recipient.consumer else {
                // Removed before its turn, or ended (its object or token is gone): skip it,
                // and remove it unless it was removed already.
                if !recipient.isRemoved { end(recipient) }
                continue
            }
            if let unretained = recipient.unretained {
                // `consumer` keeps it alive for the call.
                let causedIncident = withExtendedLifetime(consumer) { unretained.consume(event) }
                if causedIncident { announceIncident(of: unretained, by: consumer, event) }
            } else {
                consumer.consume(event)
            }
            delivered &+= 1
            announceConsumption(by: consumer, of: route, event)
        }
        if DeliveryCore.announcesNoConsumer(
            delivered: delivered, ofAnnouncement: route.isAnnouncement,
            listening: hasLiveListeners(for: NoConsumerEvent.self))
        {
            queue(announcement: NoConsumerEvent(event: event))
        }
    }

    /// Queues the announcement that `consumer` consumed `event`, while someone listens.
    @inline(__always)
    private func announceConsumption(
        by consumer: @autoclosure () -> any EventConsumer, of route: Route, _ event: any Event
    ) {
        if DeliveryCore.announcesConsumption(
            ofAnnouncement: route.isAnnouncement,
            listening: registry.mayAnnounceConsumption
                && hasLiveListeners(for: DidConsumeEvent.self))
        {
            queue(announcement: DidConsumeEvent(consumer: consumer(), event: event))
        }
    }

    /// Announces what the stand-in's last call caused (a failure, a drop).
    @inline(never)
    private func announceIncident(
        of standIn: UnretainedConsumer, by consumer: any EventConsumer, _ event: any Event
    ) {
        if let incident = standIn.takeIncident() { announce(incident, by: consumer, of: event) }
    }

    /// Announces what a delivery of `event` to `recipient` caused, while someone listens.
    func announce(_ incident: Incident, by recipient: any EventConsumer, of event: any Event) {
        switch incident {
        case .failed(let error):
            // A failure on a failure is not announced: a throwing failure handler would feed
            // itself.
            if event is ConsumerFailedEvent { return }
            announce(ConsumerFailedEvent(recipient: recipient, event: event, error: error))
        case .dropped(let dropped):
            announce(DroppedEvent(stream: recipient, event: dropped))
        }
    }

    /// Queues one of the bus's own announcements while someone listens for it; outside a
    /// pass, delivers it at once.
    private func announce<A: Event & _BusAnnouncement>(_ announcement: A) {
        guard hasLiveListeners(for: A.self) else { return }
        deliverUnattended(announcement)
    }

    /// Queues an announcement (during a pass).
    private func queue(announcement: any Event) {
        changeCore { $0.enqueue(announcement: announcement) }
    }

    /// Runs `change` on the delivery state without an access to the bus's property spanning
    /// it: on a copy swapped out and back in (see `FastPath.swift`). For the changes that move
    /// events in or out of the queue; the others access `core` directly.
    private func changeCore<Result>(_ change: (inout DeliveryCore) -> Result) -> Result {
        var local = DeliveryCore.placeholder
        swap(&local, &core)
        defer { swap(&local, &core) }
        return change(&local)
    }

    /// Whether a live recipient listens for announcements of type `A`. A weakly held listener
    /// may have died since the registry last changed, so each entry is checked.
    private func hasLiveListeners<A: Event & _BusAnnouncement>(for type: A.Type) -> Bool {
        let route =
            registry.route(for: ObjectIdentifier(A.self))
            ?? changeRegistry { $0.route(of: A.self) }
        for index in route.entries.indices where route.entries[index].isLive { return true }
        return false
    }

    // MARK: Routes

    /// The route of `event`: one look-up for a value type or a class instance held as its own
    /// class; the route is built on first use.
    @inline(__always)
    private func route(of event: any Event) -> Route {
        let held = heldTypeKey(event)
        if let route = registry.route(for: held) {
            if route.isValueType || objectTypeKey(event) == held { return route }
        }
        return routeByDynamicType(event)
    }

    /// The route of `event` found or built by its dynamic type.
    @inline(never)
    private func routeByDynamicType(_ event: any Event) -> Route {
        let type = type(of: event)
        if let route = registry.route(for: ObjectIdentifier(type)) { return route }
        return changeRegistry { $0.buildRoute(for: type, deciding: event) }
    }
}
