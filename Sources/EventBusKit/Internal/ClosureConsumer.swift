/// The consumer that stands for a closure subscription in the registry and in
/// ``DidConsumeEvent/consumer``.
///
/// Its lists are `willConsume = [T]`, `excludeList = []`, so a subscription obeys the same
/// matching, order and snapshot rules as every consumer.
final class ClosureConsumer<T: Event>: RoutedConsumer, CustomStringConvertible {
    private let handler: (T) -> Void
    private let origin: String
    /// Whether `T` is a class (see `routedEvent`).
    private let isClass: Bool

    init(_ handler: @escaping (T) -> Void, origin: String) {
        self.handler = handler
        self.origin = origin
        self.isClass = T.self is AnyObject.Type
    }

    var willConsume: [any Event.Type] { [T.self] }

    /// The entry for anyone but the bus (the stand-in is public through
    /// ``DidConsumeEvent/consumer``): a checked cast, which stops on an event that is no `T`.
    func consume(_ event: any Event) {
        handler(event as! T)
    }

    /// The bus's entry: its route proved `event is T`.
    func consumeRouted(_ event: any Event) {
        handler(routedEvent(event, as: T.self, isClass: isClass))
    }

    var description: String { "Subscription(to: \(T.self), at: \(origin))" }
}

/// `event` as a `T`, for a recipient whose route delivered it: the route delivers only events
/// with `event is T`, so no dynamic cast is needed. Only ``RoutedConsumer/consumeRouted(_:)``
/// calls it, and only the bus calls that.
///
/// The callers are generic over `T` and not specialized, so this avoids `T?` (an optional
/// would make the runtime look up the metadata of `Optional<T>` on every delivery).
///
/// - Parameter isClass: Whether `T` is a class (`T.self is AnyObject.Type`), computed once.
@inline(__always)
func routedEvent<T: Event>(_ event: any Event, as type: T.Type, isClass: Bool) -> T {
    @inline(__always) func open<E: Event>(_ event: E) -> T {  // `E`: the held type
        if E.self == T.self || isClass {
            // Sound: either `E` is `T` (an identity conversion), or `T` is a class. Then the
            // route decided `event is T` on the event's dynamic type with a metatype check,
            // which never bridges: the object is an instance of `T` or of a subclass. `E` is
            // only the type the value was boxed as (it may even be a superclass of `T`); a
            // class existential holds one reference, and any reference to that object is a
            // valid `T` reference, with the same layout.
            return unsafeBitCast(event, to: T.self)
        }
        return event as! T  // not reached (only a class has subtypes); kept checked
    }
    return open(event)
}
