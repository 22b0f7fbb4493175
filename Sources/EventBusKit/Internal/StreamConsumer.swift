/// The consumer that stands for a stream from ``EventBus/events(of:bufferingPolicy:fileID:line:isolation:)``.
///
/// It lists one entry (`T`, or a `Conforming<P>` category), so a stream obeys the same
/// matching, order and snapshot rules as every recipient, and yields each delivered event
/// to the stream's continuation. It is lifetime-bound (see `Recipient.bindLifetime(to:)`) to
/// a lifeline that only the stream's termination handler keeps alive: once the consumer
/// stops iterating, the bus never calls it again.
final class StreamConsumer<Element: Sendable>: EventConsumer, BusStream,
    CustomStringConvertible
{
    let willConsume: [any Event.Type]
    private let continuation: AsyncStream<Element>.Continuation
    private let element: (any Event) -> Element?
    private let label: String
    /// The bus that announces drops; never retained.
    private weak var bus: EventBus?

    /// - Parameters:
    ///   - listed: The one `willConsume` entry.
    ///   - continuation: The stream's continuation.
    ///   - element: The delivered event as an element; the route guarantees it is one.
    ///   - label: The description, for announcements and traces.
    ///   - bus: The bus that announces drops.
    init(
        listing listed: any Event.Type,
        continuation: AsyncStream<Element>.Continuation,
        element: @escaping (any Event) -> Element?,
        label: String,
        bus: EventBus
    ) {
        willConsume = [listed]
        self.continuation = continuation
        self.element = element
        self.label = label
        self.bus = bus
    }

    deinit {
        // Released without `finish()` (for example deregistered through the object a
        // `DidConsumeEvent` named): end the stream rather than leave its consumer waiting.
        continuation.finish()
    }

    func consume(_ event: any Event) {
        guard let element = element(event) else { return }
        switch continuation.yield(element) {
        case .dropped(let dropped):
            // Every element came from an event, so it converts back.
            bus?.announce(DroppedEvent(stream: self, event: dropped as! any Event))
        case .enqueued, .terminated:
            break
        @unknown default:
            break
        }
    }

    func finish() {
        continuation.finish()
    }

    var description: String { label }
}

/// A recipient that must be told when its bus goes away.
protocol BusStream: AnyObject {
    /// Ends the stream: its consumer reads what is buffered, then the stream finishes.
    func finish()
}

/// Keeps a stream's recipient alive while the stream is; see ``StreamConsumer``.
final class StreamLifeline: Sendable {}
