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
    /// The recipients and their routes, read in place. Changed only through
    /// `changeRegistry(_:)`.
    var registry: Registry {
        unsafeAddress { UnsafePointer(registryAddress) }
    }
    /// Where the registry lives: memory the bus allocates in `init` and frees in `deinit`
    /// (see `FastPath.swift`). Accesses through a pointer get no run-time exclusivity check;
    /// none can overlap another, because a read calls nothing while it reads in place (a
    /// caller that iterates gets a copy of what it iterates) and a change runs `Registry`'s
    /// own methods, which call no code of the app's: what they remove, they return, and the
    /// bus releases it after the change.
    let registryAddress: UnsafeMutablePointer<Registry>
    /// The mailbox that posters and streams on other threads reach; made on first use
    /// (see `EventBus+Posting.swift`).
    var inbox: Inbox?
    /// For each list entry type seen, the category it names (`nil` for a type).
    var entryCategories = IdentityTable<(any _EventCategory.Type)?>()
    /// `add` sweeps out ended recipients when the registry reaches this size.
    var endedSweepThreshold = 64
    /// The running trace (see `EventBus+Tracing.swift`); `nil` costs the pass one test.
    var trace: EventTrace?
    /// The entries the running pass reads, unretained; `nil` between passes.
    var runningRoute: Unmanaged<RouteEntries>?
    /// The running pass's entries, retained by a registry change made during the pass so
    /// they outlive it (see `RouteEntries`); released when the pass ends.
    var pinnedRoute: RouteEntries?
    // While a trace runs: the running pass's sequence, the index of the name of the recipient
    // being called in the trace's names (`-1`: none), and the running trace's generation
    // (`0`: none). Unchecked: each is read or written in single statements that call nothing,
    // so no two accesses overlap; a traced delivery then makes no run-time check.
    @exclusivity(unchecked) var tracedPass = 0
    @exclusivity(unchecked) var tracedRecipientIndex = -1
    @exclusivity(unchecked) var runningTraceGeneration = 0
    /// How many traces the bus has started: numbers the next one's generation.
    var startedTraces = 0

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
        registryAddress = .allocate(capacity: 1)
        registryAddress.initialize(to: Registry())
    }

    deinit {
        tearDown()
        registryAddress.deinitialize(count: 1)
        registryAddress.deallocate()
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

    /// Drops the causes a trace recorded for the waiting events (see `startTracing`). Through
    /// `changeCore`: dropping a cause releases its strings.
    func forgetWaitingCauses() { changeCore { $0.forgetCauses() } }

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
        runPass(event, cause: nil)
        if core.endDrainIfNothingWaits() { return DeliveryCore.singlePassReport }
        return drain()
    }

    /// Queues or refuses an event dispatched while the bus is delivering.
    @inline(never)
    private func admitDuringDelivery(_ event: any Event) -> DispatchReport {
        if let refusal = core.refusal() {
            trace?.recordNote(
                .refused(event: event, report: refusal, recipient: tracedRecipient),
                inPass: tracedPass)
            return refusal
        }
        let cause = tracedCause(by: tracedRecipient)
        changeCore { $0.enqueue(dispatched: event, cause: cause) }
        return .queued
    }

    /// Runs the passes of the waiting events until the core says the drain is over, discards
    /// what the budget leaves, and reports.
    @inline(never)
    private func drain() -> DispatchReport {
        defer { if core.queueMayShrink { changeCore { $0.fitQueueToLastDrain() } } }
        while true {
            switch core.passEnded() {
            case .finish(let report):
                return report
            case .deliverNext:
                // The event is released after its pass, while the bus still delivers: a
                // dispatch from its deinit is queued like any other.
                let next = changeCore { $0.takeNext() }
                runPass(next.event, cause: next.cause)
            case .discardWaiting:
                while let discarded = changeCore({ $0.takeDiscarded() }) {
                    release(afterAccess: discarded)
                }
                trace?.recordNote(.discarded(count: core.discardedCount), inPass: tracedPass)
                return core.endDrain()
            }
        }
    }

    /// Delivers `event` in a drain of its own, for work that starts a drain without a caller
    /// to report to (announcements made outside a pass, posted events): its discards are
    /// counted in ``unattendedDiscards``.
    @inline(__always)  // see `FastPath.swift`: keeps the event in its existential
    func deliverUnattended(_ event: any Event, cause: EventTrace.Cause?) {
        if core.isDelivering {
            queue(announcement: event, cause: cause)
            return
        }
        core.beginDrain()
        runPass(event, cause: cause)
        countUnattended(drain())
    }

    /// Adds the discards of a drain whose report no caller receives to ``unattendedDiscards``.
    func countUnattended(_ report: DispatchReport) {
        if case .limitReached(_, let discarded) = report { unattendedDiscards += discarded }
    }

    // MARK: The pass

    /// Delivers `event` to the recipients its route holds when the pass begins; `cause` is
    /// what a running trace records for the pass.
    @inline(__always)
    private func runPass(_ event: any Event, cause: EventTrace.Cause?) {
        if let trace {
            runTracedPass(event, cause: cause, trace: trace)
        } else {
            runPass(event, watchedBy: UnwatchedPass())
        }
    }

    /// A pass while a trace runs, kept out of line so the untraced pass stays small.
    @inline(never)
    private func runTracedPass(_ event: any Event, cause: EventTrace.Cause?, trace: EventTrace) {
        runPass(event, watchedBy: TracedPass(trace: trace, cause: cause))
    }

    /// The pass itself, compiled once for each kind of watcher: with no trace running, it is
    /// a loop with no trace code in it (see `FastPath.swift`).
    @inline(__always)
    private func runPass<Watcher: PassWatcher>(_ event: any Event, watchedBy watcher: Watcher) {
        let route = route(of: event)
        // The pass reads its entries unretained; `changeRegistry` pins them if the registry
        // changes before the pass ends (see `RouteEntries`).
        runningRoute = route.entries
        defer { endPass() }
        watcher.passBegins(event, on: self)
        var delivered = 0
        route.entries._withUnsafeGuaranteedRef { routeEntries in
            // Nothing changes these entries during the pass (see `RouteEntries`): read their
            // count and address once.
            let entries = UnsafeBufferPointer(start: routeEntries.base, count: routeEntries.count)
            for index in entries.indices {
                // Read through `entries[index]` rather than a local: a local reference would
                // be retained for its whole scope.
                let state = entries[index].state
                if let unretained = entries[index].unretained,
                    RouteEntry.isCallableUnretained(state)
                {
                    watcher.delivers(to: entries[index].recipient, on: self)
                    if state == .active {
                        unretained.consume(event)
                    } else if unretained.consumeReportingIncident(event) {
                        announceIncident(of: unretained, by: entries[index].consumer!, event)
                    }
                    delivered &+= 1
                    announceConsumption(
                        by: entries[index].consumer!, of: route, event,
                        cause: watcher.announcementCause(namingRecipient: true, on: self))
                    continue
                }
                let recipient = entries[index].recipient
                guard let consumer = recipient.consumer else {
                    // Removed before its turn, or ended (its object or token is gone): skip
                    // it, and remove it unless it was removed already.
                    if !recipient.isRemoved { end(recipient) }
                    continue
                }
                watcher.delivers(to: recipient, on: self)
                if let unretained = entries[index].unretained {
                    // `consumer` keeps it alive for the call.
                    let causedIncident = withExtendedLifetime(consumer) {
                        unretained.consumeReportingIncident(event)
                    }
                    if causedIncident { announceIncident(of: unretained, by: consumer, event) }
                } else {
                    consumer.consume(event)
                }
                delivered &+= 1
                announceConsumption(
                    by: consumer, of: route, event,
                    cause: watcher.announcementCause(namingRecipient: true, on: self))
            }
        }
        watcher.deliveriesEnded(on: self)
        if DeliveryCore.announcesNoConsumer(
            delivered: delivered, ofAnnouncement: route.isAnnouncement,
            listening: hasLiveListeners(for: NoConsumerEvent.self))
        {
            queue(
                announcement: NoConsumerEvent(event: event),
                cause: watcher.announcementCause(namingRecipient: false, on: self))
        }
    }

    /// Ends a pass: unpins its entries, releasing them if a registry change replaced them.
    @inline(__always)
    private func endPass() {
        runningRoute = nil
        if pinnedRoute != nil { unpinRoute() }
    }

    /// Releases the pinned entries (after the access: their consumers' deinits may run).
    @inline(never)
    private func unpinRoute() {
        var pinned: RouteEntries? = nil
        swap(&pinned, &pinnedRoute)
        release(afterAccess: pinned)
    }

    /// Queues the announcement that `consumer` consumed `event`, while someone listens;
    /// `cause` is what a running trace records for it.
    @inline(__always)
    private func announceConsumption(
        by consumer: @autoclosure () -> any EventConsumer, of route: RouteView, _ event: any Event,
        cause: @autoclosure () -> EventTrace.Cause?
    ) {
        if DeliveryCore.announcesConsumption(
            ofAnnouncement: route.isAnnouncement,
            listening: registry.mayAnnounceConsumption
                && hasLiveListeners(for: DidConsumeEvent.self))
        {
            queue(
                announcement: DidConsumeEvent(consumer: consumer(), event: event),
                cause: cause())
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
        // A running trace notes it in the running pass (none outside a pass), naming the
        // recipient it happened to: a stand-in may be called directly from another's call.
        let name = trace == nil ? nil : recipientName(of: recipient)
        let inPass = isDelivering ? tracedPass : 0
        switch incident {
        case .failed(let error):
            if let name {
                trace?.recordNote(
                    .failed(event: event, recipient: name, error: String(describing: error)),
                    inPass: inPass)
            }
            // A failure on a failure is not announced: a throwing failure handler would feed
            // itself.
            if event is ConsumerFailedEvent { return }
            announce(
                ConsumerFailedEvent(recipient: recipient, event: event, error: error), by: name)
        case .dropped(let dropped):
            if let name {
                trace?.recordNote(.dropped(event: dropped, stream: name), inPass: inPass)
            }
            announce(DroppedEvent(stream: recipient, event: dropped), by: name)
        }
    }

    /// Queues one of the bus's own announcements while someone listens for it; outside a
    /// pass, delivers it at once. `name` is the recipient a running trace names as its cause.
    private func announce<A: Event & _BusAnnouncement>(_ announcement: A, by name: String?) {
        guard hasLiveListeners(for: A.self) else { return }
        deliverUnattended(announcement, cause: tracedCause(by: name))
    }

    /// Queues an announcement (during a pass).
    @inline(__always)  // see `FastPath.swift`: keeps the event in its existential
    private func queue(announcement: any Event, cause: EventTrace.Cause?) {
        changeCore { $0.enqueue(announcement: announcement, cause: cause) }
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
        let entries = route.entries
        for index in 0..<entries.count where entries[index].isLive { return true }
        return false
    }

    // MARK: Routes

    /// The route of `event`: one look-up for a value type or a class instance held as its own
    /// class; the route is built on first use.
    @inline(__always)
    private func route(of event: any Event) -> RouteView {
        let held = heldTypeKey(event)
        if let route = registry.view(for: held) {
            if route.isValueType || objectTypeKey(event) == held { return route }
        }
        return routeByDynamicType(event)
    }

    /// The route of `event` found or built by its dynamic type.
    @inline(never)
    private func routeByDynamicType(_ event: any Event) -> RouteView {
        let type = type(of: event)
        if let route = registry.view(for: ObjectIdentifier(type)) { return route }
        let kind = EventKind(type)
        let (route, isCached) = changeRegistry { $0.buildRoute(for: kind, deciding: event) }
        if !isCached {
            // Built for this event's value alone: the pass keeps it alive.
            pinnedRoute = route.entries
        }
        return route.view
    }
}
