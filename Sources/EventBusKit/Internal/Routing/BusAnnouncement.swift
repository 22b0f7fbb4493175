/// Marks the bus's own announcements: list entries include them only by naming them.
protocol _BusAnnouncement {
    /// Some value of the announcement type. Categories are decided on values
    /// (`event is P`); for a struct that depends on its type alone, so any value serves to
    /// decide whether a category covers the type before the first real one exists.
    static var probe: Self { get }
}

/// The stand-in event inside a probe announcement.
struct ProbeEvent: Event {}

/// The stand-in consumer inside a probe announcement; never registered.
final class ProbeConsumer: EventConsumer {
    var willConsume: [any Event.Type] { [] }
    func consume(_ event: any Event) {}
}

extension DidConsumeEvent {
    static var probe: DidConsumeEvent {
        DidConsumeEvent(consumer: ProbeConsumer(), event: ProbeEvent())
    }
}

extension NoConsumerEvent {
    static var probe: NoConsumerEvent { NoConsumerEvent(event: ProbeEvent()) }
}

extension DroppedEvent {
    static var probe: DroppedEvent { DroppedEvent(stream: ProbeConsumer(), event: ProbeEvent()) }
}

extension ConsumerFailedEvent {
    /// The stand-in error inside a probe announcement.
    private struct ProbeError: Error {}

    static var probe: ConsumerFailedEvent {
        ConsumerFailedEvent(consumer: ProbeConsumer(), event: ProbeEvent(), error: ProbeError())
    }
}

/// An announcement's one-line description, `Type(label: name, event: …, error: …)`: the
/// recipient's name cut in the middle (its call site kept), the event and error cut at their
/// end, the whole at most 120 characters.
func announcementLine(
    _ type: String, _ label: String, _ name: String, event: any Event, error: (any Error)? = nil
) -> String {
    var line: ReadableLine =
        "\(type)(\(label): \(name: name), "
        + "event: \(value: String(describing: event))"
    if let error { line = line + ", error: \(value: String(describing: error))" }
    return (line + ")").fitted()
}
