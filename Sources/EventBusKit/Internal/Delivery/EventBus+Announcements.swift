// The bus's own announcements: what a pass queues after a consumption, a pass that reached no
// one, a subscription's failure and a stream's drop, each only while someone listens.

extension EventBus {
    /// ``announceConsumption(by:_:of:ofAnnouncement:watchedBy:)`` for a consumer
    /// `deliverChecked` called, then releases it outside the call (for a weakly held consumer,
    /// maybe the last reference). Out of line, as the checked path is.
    @inline(never)
    func announceConsumption<Watcher: PassWatcher>(
        ofChecked consumer: consuming any EventConsumer, by recipient: Recipient,
        of event: any Event, ofAnnouncement isAnnouncement: Bool, watchedBy watcher: Watcher
    ) {
        announceConsumption(
            by: recipient, consumer, of: event, ofAnnouncement: isAnnouncement, watchedBy: watcher)
        releaseOutsideRecipientCall(consume consumer)
    }

    /// Queues the announcement that `recipient`'s `consumer` consumed `event` while someone
    /// listens: one flag test when no one may.
    @inline(__always)
    func announceConsumption<Watcher: PassWatcher>(
        by recipient: @autoclosure () -> Recipient,
        _ consumer: @autoclosure () -> any EventConsumer,
        of event: any Event, ofAnnouncement isAnnouncement: Bool, watchedBy watcher: Watcher
    ) {
        if pass.mayAnnounceConsumption {
            announceConsumptionIfHeard(
                by: recipient(), consumer(), of: event, ofAnnouncement: isAnnouncement,
                watchedBy: watcher)
        }
    }

    /// The rest of ``announceConsumption(by:_:of:ofAnnouncement:watchedBy:)``, out of line:
    /// the loop keeps one test. It takes the recipient and the consumer owned: the caller's
    /// retain of each is the one the announcement keeps, with no release after the call.
    @inline(never)
    private func announceConsumptionIfHeard<Watcher: PassWatcher>(
        by recipient: consuming Recipient, _ consumer: consuming any EventConsumer,
        of event: any Event, ofAnnouncement isAnnouncement: Bool, watchedBy watcher: Watcher
    ) {
        if DeliveryCore.announcesConsumption(
            ofAnnouncement: isAnnouncement,
            listening: hasLiveListeners(for: DidConsumeEvent.self))
        {
            queue(
                announcement: DidConsumeEvent(
                    consumer: consumer, event: event, recipient: recipient),
                cause: watcher.announcementCause(namingRecipient: true, on: self))
        }
    }

    /// Announces what the last call of the stand-in `entry` holds caused (a failure, a drop),
    /// outside its call: the error's `description` a trace reads, and the error's or dropped
    /// event's release, may run app code.
    @inline(never)
    func announcePending(of entry: RouteEntry, _ event: any Event) {
        outsideRecipientCall { announceTaken(from: entry, event) }
    }

    /// The body of `announcePending`. Out of line, so that what it takes is released before
    /// it returns, inside the caller's marking.
    @inline(never)
    private func announceTaken(from entry: RouteEntry, _ event: any Event) {
        guard let pending = entry.unretained?.takeAnnouncement(), let standIn = entry.consumer
        else { return }
        announce(pending, by: entry.recipient, standIn, of: event)
    }

    /// Announces what a delivery of `event` to `recipient` (whose consumer is `consumer`)
    /// caused, while someone listens; with no listener, reports it (a failure as
    /// `unhandledFailure`, a stream's first drop as `streamDroppedEvents`), and with
    /// listeners, has the announcement carry the report for when none of them handles it (see
    /// ``settleAnnouncement(_:delivered:)``). Every view names the recipient by its name.
    func announce(
        _ pending: PendingAnnouncement, by recipient: Recipient, _ consumer: any EventConsumer,
        of event: any Event
    ) {
        if case .dropped = pending, trace == nil, !hasLiveListeners(for: DroppedEvent.self),
            (consumer as? any AnyStandIn)?.dropWasReported ?? true
        {
            return  // nothing to note or announce, and its first drop was reported already
        }
        // The name and the error's description are app code, outside any recipient's call.
        let name = outsideRecipientCall { recipient.name }
        // A running trace notes it in the running pass (none outside a pass), naming the
        // recipient it happened to: a stand-in may be called directly from another's call.
        let inPass = isDelivering ? pass.tracedPass : 0
        switch pending {
        case .failed(let error):
            let description = outsideRecipientCall { String(describing: error) }
            trace?.recordNote(
                .failed(event: event, recipient: name, error: description), inPass: inPass)
            // A listener of a failure or a drop that throws does not handle it.
            Self.unhandledReport(of: event)?.failedCalls += 1
            if type(of: event) == ConsumerFailedEvent.self {
                // A listener's own failure is reported, never announced: a throwing failure
                // listener would feed itself.
                recordProblem(
                    .unhandledFailure, site: name,
                    what: "\(name: name) threw \(value: description) on ConsumerFailedEvent",
                    fix: "catch it in the listener")
                return
            }
            let listening = hasLiveListeners(for: ConsumerFailedEvent.self)
            let report = UnhandledReport(
                .unhandledFailure, site: name,
                what: "\(name: name) threw \(value: description) on \(name: type(of: event))"
                    + (listening ? ", unhandled" : ""),
                fix: listening
                    ? "a listener must accept it and return" : "handle ConsumerFailedEvent")
            guard listening else { return record(report) }
            announce(
                ConsumerFailedEvent(
                    consumer: consumer, event: event, error: error, unhandled: report,
                    recipient: recipient),
                by: name)
        case .dropped(let dropped):
            trace?.recordNote(.dropped(event: dropped, stream: name), inPass: inPass)
            let listening = hasLiveListeners(for: DroppedEvent.self)
            let report = UnhandledReport(
                .streamDroppedEvents, site: name,
                what: "\(name: name) dropped \(name: type(of: dropped))"
                    + (listening ? ", unhandled" : ""),
                fix: listening
                    ? "a listener must accept it and return"
                    : "read faster, buffer more, or handle DroppedEvent",
                stream: consumer as? any AnyStandIn)
            guard listening else { return record(report) }
            announce(
                DroppedEvent(
                    stream: consumer, event: dropped, unhandled: report, recipient: recipient),
                by: name)
        }
    }

    /// Records `report`: a failure each time, a stream's drop at its first only.
    private func record(_ report: UnhandledReport) {
        if let stream = report.stream, !stream.claimDropReport() { return }
        recordProblem(report.kind, site: report.site, what: report.what, fix: report.fix)
    }

    /// After the pass of `event`, which called `delivered` recipients: for a
    /// ``ConsumerFailedEvent`` or a ``DroppedEvent`` the bus made, settles whether a listener
    /// handled it (``settleAnnouncement(_:delivered:)``). Two metatype tests for any other
    /// event. Called by the drain and by an unattended delivery, the two ways the bus's
    /// announcements are delivered: not in the pass itself, whose loop any code after it
    /// slows (measured: 2 instructions per delivery).
    @inline(__always)
    func settleIfAnnouncement(_ event: any Event, delivered: Int) {
        let type = type(of: event)
        if type == ConsumerFailedEvent.self || type == DroppedEvent.self {
            settleAnnouncement(event, delivered: delivered)
        }
    }

    /// Ends the pass of one of the bus's announcements that `delivered` calls reached: for a
    /// ``ConsumerFailedEvent`` or a ``DroppedEvent`` the bus made, when no listener's call
    /// returned without throwing, records what it carries to report.
    @inline(never)
    func settleAnnouncement(_ event: any Event, delivered: Int) {
        guard let report = Self.unhandledReport(of: event), delivered <= report.failedCalls
        else { return }
        outsideRecipientCall { record(report) }
    }

    /// What `event` reports if no listener handles it: a ``ConsumerFailedEvent``'s or a
    /// ``DroppedEvent``'s the bus made; `nil` for any other event.
    private static func unhandledReport(of event: any Event) -> UnhandledReport? {
        switch type(of: event) {
        case is ConsumerFailedEvent.Type: (event as! ConsumerFailedEvent).unhandled
        case is DroppedEvent.Type: (event as! DroppedEvent).unhandled
        default: nil
        }
    }

    /// Queues one of the bus's own announcements while someone listens for it; outside a
    /// pass, delivers it at once. `name` is the recipient a running trace names as its cause.
    private func announce<A: Event & _BusAnnouncement>(_ announcement: A, by name: String?) {
        guard hasLiveListeners(for: A.self) else { return }
        deliverUnattended(announcement, cause: tracedCause(by: name))
    }

    /// Queues an announcement (during a pass).
    @inline(__always)  // keeps the event in its existential (ARCHITECTURE.md, "Tricks")
    func queue(announcement: any Event, cause: EventTrace.Cause?) {
        changeCore { $0.enqueue(announcement: announcement, cause: cause) }
    }

    /// Whether a live recipient listens for announcements of type `A`. A weakly held listener
    /// may have died since the registry last changed, so each entry is checked. Out of line:
    /// a pass asks only while its flag says someone may listen.
    ///
    /// First, in place, with no retain: the route's entries read as a pass reads them, for a
    /// listener callable unretained (held strongly, not ended): a load of its state word each,
    /// no app code runs and nothing changes the registry meanwhile. Only when none is (a
    /// weakly held listener, or no route yet) the route is copied and each entry asked.
    @inline(never)
    func hasLiveListeners<A: Event & _BusAnnouncement>(for type: A.Type) -> Bool {
        if let view = registry.value.routeTable.view(for: ObjectIdentifier(A.self)) {
            let entries = view.entries
            for index in 0..<entries.count {
                if let unretained = entries[index].unretained,
                    UnretainedConsumer.isCallable(unretained.state)
                {
                    return true
                }
            }
        }
        return hasLiveListenersChecked(for: type)
    }

    /// ``hasLiveListeners(for:)`` when no listener is callable unretained: each entry asked
    /// for its consumer, on a copy of the route (building it if needed).
    @inline(never)
    private func hasLiveListenersChecked<A: Event & _BusAnnouncement>(for type: A.Type) -> Bool {
        routeLateRecipients()
        let route =
            registry.value.route(for: ObjectIdentifier(A.self))
            ?? changeRegistry { $0.route(of: A.self) }
        let entries = route.entries
        for index in 0..<entries.count where entries[index].isLive { return true }
        return false
    }
}
