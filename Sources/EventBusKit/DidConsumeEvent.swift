/// The bus's announcement that a recipient has consumed an event.
///
/// After a recipient's ``EventConsumer/consume(_:)`` returns, the bus queues a
/// `DidConsumeEvent` naming that recipient and the event — but only while at least one
/// recipient matches `DidConsumeEvent`, so tracing costs nothing when no one listens.
/// It reaches only recipients that name it in ``EventConsumer/willConsume``
/// (``AllEvent`` and categories do not cover it), and delivering it never produces another
/// `DidConsumeEvent`.
///
/// ```swift
/// final class Logger: EventConsumer {
///     var willConsume: [any Event.Type] { [DidConsumeEvent.self] }
///     func consume(_ event: any Event) {
///         guard let did = event.as(DidConsumeEvent.self) else { return }
///         print("[Logger] \(did.consumer) consumed \(did.event)")
///     }
/// }
/// ```
public struct DidConsumeEvent: Event, _BusAnnouncement {
    /// The very object that consumed the event; for a closure subscription, an object that
    /// stands for the subscription and describes where it was made.
    ///
    /// To tell subscriptions apart, read that description: it names the event type, the
    /// file and the line of the `subscribe` call (`Subscription(to: Tap, at:
    /// Shop/Cart.swift:12)`), and the same subscription is always the same object, so `===`
    /// on `consumer` recognises it across announcements. The same holds for
    /// ``ConsumerFailedEvent/recipient``.
    ///
    /// Keeping that object does not keep the subscription's closure: when the subscription
    /// ends, the bus releases the closure (and finishes a stream) whoever holds the object,
    /// whose `consume(_:)` from then on does nothing.
    public let consumer: any EventConsumer
    /// The very event that was consumed.
    public let event: any Event
    /// The bus's recipient that consumed it, whose name the description shows; `nil` for an
    /// announcement an app made.
    let busRecipient: Recipient?

    /// Creates an announcement; the bus makes these, tests may too.
    /// - Parameters:
    ///   - consumer: The recipient that consumed `event`.
    ///   - event: The consumed event.
    public init(consumer: any EventConsumer, event: any Event) {
        self.init(consumer: consumer, event: event, recipient: nil)
    }

    /// An announcement the bus makes, naming `recipient` as every view names it.
    init(consumer: any EventConsumer, event: any Event, recipient: Recipient?) {
        self.consumer = consumer
        self.event = event
        self.busRecipient = recipient
    }
}

extension DidConsumeEvent: CustomStringConvertible {
    /// The announcement in one line: `DidConsumeEvent(consumer: Logger, event: Tap())`, the
    /// consumer named as every view of the bus names it (a consumer registered with
    /// `.named("ledger")` is `ledger`).
    ///
    /// At most 120 characters: a long consumer's name is cut in the middle, keeping its
    /// attributes and call site (`Subscription(to: Cart…, once, at: …Cart.swift:12)`), and a
    /// long event at its end, marked ` […]` (`Checkout(items: 3, totalCents: […])`), the
    /// longer first.
    public var description: String {
        announcementLine(
            "DidConsumeEvent", "consumer", busRecipient?.name ?? recipientName(of: consumer),
            event: event)
    }
}
