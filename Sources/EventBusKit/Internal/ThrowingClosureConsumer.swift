/// The consumer that stands for a throwing closure subscription.
///
/// Like ``ClosureConsumer`` (`willConsume = [T]`), but a thrown error is caught here, so it
/// never stops the pass, and announced as a ``ConsumerFailedEvent``.
final class ThrowingClosureConsumer<T: Event>: RoutedConsumer, CustomStringConvertible {
    private let handler: (T) throws -> Void
    private let origin: String
    /// The bus that announces failures; never retained.
    private weak var bus: EventBus?
    /// Whether `T` is a class (see `routedEvent`).
    private let isClass: Bool

    init(_ handler: @escaping (T) throws -> Void, origin: String, bus: EventBus) {
        self.handler = handler
        self.origin = origin
        self.bus = bus
        self.isClass = T.self is AnyObject.Type
    }

    var willConsume: [any Event.Type] { [T.self] }

    /// The entry for anyone but the bus: a checked cast, which stops on an event that is no
    /// `T` (see ``ClosureConsumer``).
    func consume(_ event: any Event) {
        run(event as! T, for: event)
    }

    /// The bus's entry: its route proved `event is T`.
    func consumeRouted(_ event: any Event) {
        run(routedEvent(event, as: T.self, isClass: isClass), for: event)
    }

    private func run(_ value: T, for event: any Event) {
        do {
            try handler(value)
        } catch {
            // Announced once and never retried; a failure on a failure is not announced,
            // or a throwing failure handler would feed itself.
            if event is ConsumerFailedEvent { return }
            bus?.announce(ConsumerFailedEvent(recipient: self, event: event, error: error))
        }
    }

    var description: String { "Subscription(to: \(T.self), throwing, at: \(origin))" }
}
