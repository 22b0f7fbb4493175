import EventBusKit

/// Turns page views into analytics hits and hands them to an ``AnalyticsSink``.
///
/// It lists ``PageViewEvent``, so it also receives ``UserRewardPageViewEvent`` (an entry covers
/// its subclasses). Each page view becomes one ``AnalyticsRecord``, numbered from 1: a
/// reward page view is sent as `reward_page_view`, any other as `page_view`. The mediator
/// knows the app's events; the sink knows the vendor, so swapping vendors means swapping the
/// sink.
public final class AnalyticsMediator: EventConsumer, CustomStringConvertible {
    /// Where the hits go.
    public let sink: any AnalyticsSink
    /// How many hits were sent so far.
    public private(set) var hitCount = 0

    /// Creates a mediator that sends hits to `sink`.
    /// - Parameter sink: The vendor's sink.
    public init(sink: any AnalyticsSink) {
        self.sink = sink
    }

    /// Page views, reward page views included.
    public var willConsume: [any Event.Type] { [PageViewEvent.self] }

    /// Sends one hit for a page view.
    /// - Parameter event: A page view.
    public func consume(_ event: any Event) {
        guard let pageView = event.as(PageViewEvent.self) else { return }
        hitCount += 1
        let name =
            pageView.as(UserRewardPageViewEvent.self) == nil ? "page_view" : "reward_page_view"
        sink.record(
            AnalyticsRecord(sequence: hitCount, event: name, screen: pageView.screen.rawValue))
    }

    /// `AnalyticsMediator`.
    public var description: String { "AnalyticsMediator" }
}
