/// The bus's announcement that a stream with a bounded buffer dropped an event.
///
/// A stream from
/// ``EventBus/events(of:options:where:bufferingPolicy:fileID:line:isolation:)-(T.Type,_,_,_,_,_,_)``
/// (or its category form) made with `.bufferingNewest(n)` or `.bufferingOldest(n)` holds at
/// most `n` events that its consumer has not read yet. When one more arrives, the stream drops one — the oldest buffered event
/// for `.bufferingNewest`, the arriving one for `.bufferingOldest` — and the bus queues a
/// `DroppedEvent` naming the stream and the dropped event, so no drop is silent. It is
/// queued only while someone listens for it, reaches only recipients that name it in
/// ``EventConsumer/willConsume`` (``AllEvent`` and categories do not cover it), and never
/// produces a ``DidConsumeEvent``.
///
/// ```swift
/// final class DropLogger: EventConsumer {
///     var willConsume: [any Event.Type] { [DroppedEvent.self] }
///     func consume(_ event: any Event) {
///         guard let drop = event.as(DroppedEvent.self) else { return }
///         print("\(drop.stream) dropped \(drop.event)")
///     }
/// }
/// ```
///
/// The drop happens while the stream receives an event, so the `DroppedEvent` is queued
/// before that delivery's ``DidConsumeEvent``.
public struct DroppedEvent: Event, _BusAnnouncement {
    /// The recipient that stands for the stream: the same object that a
    /// ``DidConsumeEvent/consumer`` names for it. Its description reads like
    /// `events(of: Tick, bufferingPolicy: bufferingNewest(2), at: App/Ticker.swift:12)`.
    public let stream: any EventConsumer
    /// The event the stream dropped.
    public let event: any Event
    /// What the bus reports when no listener handles this drop; `nil` for one an app made.
    let unhandled: UnhandledReport?
    /// The bus's recipient that dropped it, whose name the description shows; `nil` for one
    /// an app made.
    let busRecipient: Recipient?

    /// Creates an announcement; the bus makes these, tests may too.
    /// - Parameters:
    ///   - stream: The recipient that stands for the stream.
    ///   - event: The dropped event.
    public init(stream: any EventConsumer, event: any Event) {
        self.init(stream: stream, event: event, unhandled: nil, recipient: nil)
    }

    /// An announcement the bus makes, with what it reports if no listener handles it, naming
    /// `recipient` as every view names it.
    init(
        stream: any EventConsumer, event: any Event, unhandled: UnhandledReport?,
        recipient: Recipient?
    ) {
        self.stream = stream
        self.event = event
        self.unhandled = unhandled
        self.busRecipient = recipient
    }
}

extension DroppedEvent: CustomStringConvertible {
    /// The announcement in one line:
    /// `DroppedEvent(stream: events(of: Tick, …, at: App/Clock.swift:9), event: Tick(3))`.
    ///
    /// At most 120 characters: a long stream's name is cut in the middle, keeping its call
    /// site, and a long event at its end, marked ` […]`, the longer first.
    public var description: String {
        announcementLine(
            "DroppedEvent", "stream", busRecipient?.name ?? recipientName(of: stream), event: event)
    }
}
