/// An analytics sink that keeps every hit in memory: the vendor a test swaps in.
public final class RecordingAnalyticsSink: AnalyticsSink {
    /// Every hit received, oldest first.
    public private(set) var records: [AnalyticsRecord] = []
    /// How many times ``flush()`` was called.
    public private(set) var flushCount = 0

    /// Creates an empty sink.
    public init() {}

    /// Keeps `record`.
    /// - Parameter record: The hit.
    public func record(_ record: AnalyticsRecord) {
        records.append(record)
    }

    /// Counts the flush; the records are already kept.
    public func flush() {
        flushCount += 1
    }
}
