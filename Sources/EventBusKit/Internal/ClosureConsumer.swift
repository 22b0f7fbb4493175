/// The consumer that stands for a closure subscription in the registry and in
/// ``DidConsumeEvent/consumer``.
///
/// Its lists are `willConsume = [T]`, `excludeList = []`, so a subscription obeys the same
/// matching, order and snapshot rules as every consumer.
final class ClosureConsumer<T: Event>: EventConsumer, CustomStringConvertible {
    private let handler: (T) -> Void
    private let origin: String
    /// Whether `T` is a class, whose subclasses' instances convert to `T` unchanged.
    private let isClass: Bool

    init(_ handler: @escaping (T) -> Void, origin: String) {
        self.handler = handler
        self.origin = origin
        self.isClass = T.self is AnyObject.Type
    }

    var willConsume: [any Event.Type] { [T.self] }

    func consume(_ event: any Event) {
        deliver(event)  // opens the existential: `E` is the type of the value it holds
    }

    /// Calls the handler with `event` as a `T`, without a dynamic cast.
    ///
    /// This code is not specialized (it is generic over `T`), so it avoids `T?`: an optional
    /// would make the runtime look up the metadata of `Optional<T>` on every delivery.
    private func deliver<E: Event>(_ event: E) {
        if E.self == T.self {
            // Sound: `E` and `T` were just shown to be the same type, so this is an identity
            // conversion between identical layouts.
            handler(unsafeBitCast(event, to: T.self))
        } else if isClass {
            // Sound: the route delivers only events with `event is T`, decided on metatypes
            // (which never bridge), so with `T` a class, `E` is a subclass of `T`. A reference
            // to a subclass instance is a valid reference to a `T`, with the same layout.
            handler(unsafeBitCast(event, to: T.self))
        } else {
            // Not reached (only a class has subtypes that `E` could be); kept checked.
            handler(event as! T)
        }
    }

    var description: String { "Subscription(to: \(T.self), at: \(origin))" }
}
