/// The consumer that stands for a closure subscription in the registry and in
/// ``DidConsumeEvent/consumer``.
///
/// Its lists are `willConsume = [T]`, `excludeList = []`, so a subscription obeys the same
/// matching, order and snapshot rules as every consumer.
final class ClosureConsumer<T: Event>: EventConsumer, CustomStringConvertible {
    private let handler: (T) -> Void
    private let origin: String

    init(_ handler: @escaping (T) -> Void, origin: String) {
        self.handler = handler
        self.origin = origin
    }

    var willConsume: [any Event.Type] { [T.self] }

    func consume(_ event: any Event) {
        // The route delivers only events with `event is T`, so the cast always succeeds;
        // `as(_:)` skips the dynamic cast when the dynamic type is exactly `T`.
        handler(event.as(T.self)!)
    }

    var description: String { "Subscription(to: \(T.self), at: \(origin))" }
}
