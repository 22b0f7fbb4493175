// The bus's own announcements: what a pass queues after a consumption, a pass that reached no
// one, a subscription's failure and a stream's drop, each only while someone listens.

extension EventBus {
    /// Announces what the stand-in's last call caused (a failure, a drop), outside its call:
    /// the error's `description` a trace reads, and the error's or dropped event's release,
    /// may run app code.
    @inline(never)
    func announcePending(
        of standIn: UnretainedConsumer, by consumer: any EventConsumer, _ event: any Event
    ) {
        outsideRecipientCall { announceTaken(from: standIn, by: consumer, event) }
    }

    /// The body of `announcePending`. Out of line, so that what it takes is released before
    /// it returns, inside the caller's marking.
    @inline(never)
    private func announceTaken(
        from standIn: UnretainedConsumer, by consumer: any EventConsumer, _ event: any Event
    ) {
        if let pending = standIn.takeAnnouncement() { announce(pending, by: consumer, of: event) }
    }

    /// Announces what a delivery of `event` to `recipient` caused, while someone listens.
    func announce(
        _ pending: PendingAnnouncement, by recipient: any EventConsumer, of event: any Event
    ) {
        // A running trace notes it in the running pass (none outside a pass), naming the
        // recipient it happened to: a stand-in may be called directly from another's call.
        let name = trace == nil ? nil : outsideRecipientCall { recipientName(of: recipient) }
        let inPass = isDelivering ? pass.tracedPass : 0
        switch pending {
        case .failed(let error):
            if let name {
                trace?.recordNote(
                    .failed(event: event, recipient: name, error: String(describing: error)),
                    inPass: inPass)
            }
            // A failure on a failure is not announced: a throwing failure handler would feed
            // itself.
            if event is ConsumerFailedEvent { return }
            if !hasLiveListeners(for: ConsumerFailedEvent.self) {
                outsideRecipientCall {  // the names and the error's description are app code
                    recordProblem(
                        .unhandledFailure,
                        what: "\(name ?? recipientName(of: recipient)) threw \(error) on "
                            + "\(type(of: event))",
                        fix: "subscribe to ConsumerFailedEvent to handle failures")
                }
            }
            announce(
                ConsumerFailedEvent(recipient: recipient, event: event, error: error), by: name)
        case .dropped(let dropped):
            if let name {
                trace?.recordNote(.dropped(event: dropped, stream: name), inPass: inPass)
            }
            if !hasLiveListeners(for: DroppedEvent.self),
                (recipient as? any AnyStandIn)?.isFirstDrop() ?? false
            {
                outsideRecipientCall {
                    recordProblem(
                        .streamDroppedEvents,
                        what: "\(name ?? recipientName(of: recipient)) dropped "
                            + "\(type(of: dropped))",
                        fix: "read the stream faster, keep more events, or listen for DroppedEvent")
                }
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
    @inline(__always)  // keeps the event in its existential (ARCHITECTURE.md, "Tricks")
    func queue(announcement: any Event, cause: EventTrace.Cause?) {
        changeCore { $0.enqueue(announcement: announcement, cause: cause) }
    }

    /// Whether a live recipient listens for announcements of type `A`. A weakly held listener
    /// may have died since the registry last changed, so each entry is checked. Out of line:
    /// a pass asks only while its flag says someone may listen.
    @inline(never)
    func hasLiveListeners<A: Event & _BusAnnouncement>(for type: A.Type) -> Bool {
        let route =
            registry.value.route(for: ObjectIdentifier(A.self))
            ?? changeRegistry { $0.route(of: A.self) }
        let entries = route.entries
        for index in 0..<entries.count where entries[index].isLive { return true }
        return false
    }
}
