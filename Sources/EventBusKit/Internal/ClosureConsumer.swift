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
        deliver(event)  // opens the existential: `E` is the type of the value it holds
    }

    /// Calls the handler with `event` as a `T`, without a dynamic cast when `E` is `T`.
    ///
    /// This code is not specialized (it is generic over `T`), so it avoids `T?`: an optional
    /// would make the runtime look up the metadata of `Optional<T>` on every delivery.
    private func deliver<E: Event>(_ event: E) {
        if E.self == T.self {
            // Sound: `E` and `T` were just shown to be the same type, so this is an identity
            // conversion between identical layouts.
            handler(unsafeBitCast(event, to: T.self))
        } else {
            // A subclass of a class `T` (held as its own type). The route delivers only
            // events with `event is T`, so this cast succeeds.
            handler(event as! T)
        }
    }

    var description: String { "Subscription(to: \(T.self), at: \(origin))" }
}
