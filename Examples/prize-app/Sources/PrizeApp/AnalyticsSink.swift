/// Where ``AnalyticsMediator`` sends page views: the seam that makes a vendor swappable.
///
/// The mediator knows the bus and the events; a sink knows one vendor's wire format. Swapping
/// vendors means passing another sink, and nothing else in the app changes:
///
/// ```swift
/// let analytics = AnalyticsMediator(sink: JSONLinesAnalyticsSink(output: file))
/// let analytics = AnalyticsMediator(sink: RecordingAnalyticsSink())   // in a test
/// ```
public protocol AnalyticsSink: AnyObject {
    /// Accepts one hit; the sink may hold it until ``flush()``.
    /// - Parameter record: The hit.
    func record(_ record: AnalyticsRecord)

    /// Sends every hit still held. Called when the app quits.
    func flush()
}
