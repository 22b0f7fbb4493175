#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An analytics sink that batches hits and writes them as JSON Lines.
///
/// Hits are held until `batchSize` of them are waiting, then written together, one JSON
/// object per line with sorted keys; ``flush()`` writes whatever is still held. With
/// `batchSize` 3 a journey of five page views writes three lines on the third hit and two on
/// `flush()`:
///
/// ```
/// {"event":"page_view","screen":"screenOne","sequence":1}
/// ```
public final class JSONLinesAnalyticsSink: AnalyticsSink {
    /// How many hits make a batch.
    public let batchSize: Int
    /// Where the lines go: a file, standard output, or a buffer.
    private let output: any OutputSink
    /// The hits not written yet.
    private var pending: [AnalyticsRecord] = []
    /// Creates a sink that writes batches of `batchSize` hits to `output`.
    /// - Parameters:
    ///   - batchSize: How many hits make a batch. Must be positive.
    ///   - output: Where the JSON Lines go.
    /// - Precondition: `batchSize` is positive; otherwise the program stops with a message
    ///   naming it.
    public init(batchSize: Int = 3, output: any OutputSink) {
        precondition(
            batchSize > 0,
            "JSONLinesAnalyticsSink(batchSize:): batchSize must be positive, got \(batchSize)")
        self.batchSize = batchSize
        self.output = output
    }

    /// Holds `record`, and writes the batch once it is full.
    /// - Parameter record: The hit.
    public func record(_ record: AnalyticsRecord) {
        pending.append(record)
        if pending.count == batchSize { flush() }
    }

    /// Writes every held hit, one line each, in one write.
    public func flush() {
        guard !pending.isEmpty else { return }
        let lines = pending.map(Self.line(for:))
        pending.removeAll()
        output.write(lines.joined(separator: "\n") + "\n")
    }

    /// The JSON object for `record`, on one line.
    /// - Parameter record: The hit.
    /// - Returns: `{"event":"page_view","screen":"screenOne","sequence":1}`.
    public static func line(for record: AnalyticsRecord) -> String {
        // Sorted keys make every line byte-for-byte reproducible.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding three plain fields cannot fail; an empty object would show if it ever did.
        let data = (try? encoder.encode(record)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
