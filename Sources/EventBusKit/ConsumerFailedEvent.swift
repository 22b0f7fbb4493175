/// The bus's announcement that a subscription's closure threw.
///
/// Every closure subscribed with
/// ``EventBus/subscribe(to:options:where:fileID:line:_:)-(T.Type,_,_,_,_,_)`` or another
/// `subscribe` form may throw.
/// The error never stops delivery: the event still reaches its remaining recipients, the
/// closure is not called again for that event, and the bus queues one `ConsumerFailedEvent`
/// naming the subscription, the event and the error, so the error cannot vanish. It is
/// queued only while someone listens for it, reaches only recipients that name it in
/// ``EventConsumer/willConsume`` (``AllEvent`` and categories do not cover it), and never
/// produces a ``DidConsumeEvent``.
///
/// ```swift
/// bus.subscribe(to: ConsumerFailedEvent.self) { failure in
///     log.error("\(failure.consumer) failed on \(failure.event): \(failure.error)")
/// }
/// .store(in: &tokens)  // the subscription lives as long as its token
/// ```
///
/// The subscription was called, so the event counts as delivered to it: the
/// `ConsumerFailedEvent` is queued first, then that call's ``DidConsumeEvent`` (when someone
/// listens for either). A failure is *handled* when at least one listener's call returns
/// without throwing; one that no listener handled — nobody listens, every listener's `where:`
/// rejected it, or every listener threw — is reported as
/// ``EventBus/Problem/Kind/unhandledFailure``. An error thrown while handling a
/// `ConsumerFailedEvent` is reported too, and not announced again: it would feed itself.
public struct ConsumerFailedEvent: Event, _BusAnnouncement {
    /// The recipient that threw: an object that stands for the subscription and describes
    /// where it was made (the same object a ``DidConsumeEvent/consumer`` names for it).
    public let consumer: any EventConsumer
    /// The event it was handling.
    public let event: any Event
    /// The error it threw.
    public let error: any Error
    /// What the bus reports when no listener handles this failure; `nil` for one an app made.
    let unhandled: UnhandledReport?
    /// The bus's recipient that threw, whose name the description shows; `nil` for one an app
    /// made.
    let busRecipient: Recipient?

    /// Creates an announcement; the bus makes these, tests may too.
    /// - Parameters:
    ///   - consumer: The recipient that threw.
    ///   - event: The event it was handling.
    ///   - error: The error it threw.
    public init(consumer: any EventConsumer, event: any Event, error: any Error) {
        self.init(consumer: consumer, event: event, error: error, unhandled: nil, recipient: nil)
    }

    /// An announcement the bus makes, with what it reports if no listener handles it, naming
    /// `recipient` as every view names it.
    init(
        consumer: any EventConsumer, event: any Event, error: any Error,
        unhandled: UnhandledReport?, recipient: Recipient?
    ) {
        self.consumer = consumer
        self.event = event
        self.error = error
        self.unhandled = unhandled
        self.busRecipient = recipient
    }
}

extension ConsumerFailedEvent: CustomStringConvertible {
    /// The announcement in one line:
    /// `ConsumerFailedEvent(consumer: Subscription(to: Load, at: App/Feed.swift:8), event:
    /// Load(), error: timedOut)`.
    ///
    /// At most 120 characters: a long consumer's name is cut in the middle, keeping its call
    /// site, and a long event or error at its end, marked ` […]`, the longest first.
    public var description: String {
        announcementLine(
            "ConsumerFailedEvent", "consumer", busRecipient?.name ?? recipientName(of: consumer),
            event: event, error: error)
    }
}
