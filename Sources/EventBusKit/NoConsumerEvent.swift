/// The bus's announcement that an event reached no recipient.
///
/// When an event other than the bus's own announcements completes its pass without being
/// delivered to anyone, the bus queues a `NoConsumerEvent` carrying it — only while at
/// least one recipient matches `NoConsumerEvent`. It reaches only recipients that name it
/// in ``EventConsumer/willConsume``, and never produces a ``DidConsumeEvent``.
public struct NoConsumerEvent: Event, _BusAnnouncement {
    /// The event that reached no one.
    public let event: any Event

    /// Creates an announcement; the bus makes these, tests may too.
    /// - Parameter event: The event that reached no recipient.
    public init(event: any Event) {
        self.event = event
    }
}

extension NoConsumerEvent: CustomStringConvertible {
    /// The announcement in one line: `NoConsumerEvent(event: Tap())`; at most 120
    /// characters, a long event cut at its end and marked ` […]`.
    public var description: String {
        let line: ReadableLine = "NoConsumerEvent(event: \(value: String(describing: event)))"
        return line.fitted()
    }
}
