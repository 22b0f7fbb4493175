/// One recipient on a route, holding the recipient's consumer when the recipient holds it
/// strongly.
///
/// Calling a consumer read from memory normally costs a retain and a release (the call could
/// otherwise free it mid-call). A route entry makes them unnecessary for a consumer the bus
/// holds strongly: the entry itself holds the consumer strongly, a pass keeps its route (the
/// array of entries) alive until it ends, and the registry never mutates an array a pass
/// holds (copy on write gives the registry a new one). So while a pass runs, every such
/// consumer on its route is alive, even one removed during the pass — and the pass may call
/// it through the recipient's ``Recipient/unretained`` reference.
struct RouteEntry {
    /// The recipient; a pass checks that it is still active before calling.
    let recipient: Recipient
    /// The consumer when the recipient holds it strongly; `nil` when it is held weakly.
    let consumer: (any EventConsumer)?

    init(_ recipient: Recipient) {
        self.recipient = recipient
        consumer = recipient.strong
    }

    /// Whether a pass may call the consumer unretained: the recipient is active, this entry
    /// holds its consumer, and no lifetime object can end it. Loads only.
    @inline(__always)
    var isCallableUnretained: Bool {
        recipient.isActive && !recipient.isLifetimeBound && consumer != nil
    }

    /// Whether the recipient can still be called (``Recipient/consumer`` is not `nil`),
    /// answered without a retain when it is callable unretained.
    @inline(__always)
    var isLive: Bool { isCallableUnretained || recipient.consumer != nil }
}

/// An unretained reference to a consumer and the way to call it: the pair of a plain
/// pointer and a metatype, neither of which is reference counted.
struct UnretainedConsumer {
    private let object: UnsafeRawPointer
    private let call: any ConsumerCall.Type

    init(_ consumer: any EventConsumer) {
        func open<C: EventConsumer>(_ consumer: C) -> (UnsafeRawPointer, any ConsumerCall.Type) {
            (UnsafeRawPointer(Unmanaged.passUnretained(consumer).toOpaque()), CallConsumer<C>.self)
        }
        func open<C: RoutedConsumer>(_ consumer: C) -> (UnsafeRawPointer, any ConsumerCall.Type) {
            (UnsafeRawPointer(Unmanaged.passUnretained(consumer).toOpaque()), CallRouted<C>.self)
        }
        if let routed = consumer as? any RoutedConsumer {
            (object, call) = open(routed)
        } else {
            (object, call) = open(consumer)
        }
    }

    /// Calls `consume(event)` on the consumer.
    ///
    /// - Precondition: The consumer is alive: a ``RouteEntry`` that holds it strongly is
    ///   kept alive across the call.
    @inline(__always)
    func consume(_ event: any Event) {
        call.consume(object, event)
    }
}

/// Calls a consumer of a known class through an unretained pointer.
protocol ConsumerCall {
    /// Calls `consume(event)` on the consumer at `object`, which must be alive.
    static func consume(_ object: UnsafeRawPointer, _ event: any Event)
}

/// ``ConsumerCall`` for consumers of class `C`.
enum CallConsumer<C: EventConsumer>: ConsumerCall {
    static func consume(_ object: UnsafeRawPointer, _ event: any Event) {
        // Sound: `object` came from `Unmanaged.passUnretained` on a `C`, and the caller keeps
        // that object alive for the whole call (see `RouteEntry`), which is exactly what
        // `_withUnsafeGuaranteedRef` asks of its caller.
        Unmanaged<C>.fromOpaque(object)._withUnsafeGuaranteedRef { $0.consume(event) }
    }
}

/// A consumer with a second entry for the bus: one that may skip checks the route already
/// made. Its `consume(_:)` stays the checked entry for anyone else who calls it.
protocol RoutedConsumer: EventConsumer {
    /// Handles an event that a route delivered to this consumer, so its lists match the
    /// event's dynamic type.
    func consumeRouted(_ event: any Event)
}

/// ``ConsumerCall`` for ``RoutedConsumer``s of class `C`: the bus's calls go to
/// ``RoutedConsumer/consumeRouted(_:)``.
enum CallRouted<C: RoutedConsumer>: ConsumerCall {
    static func consume(_ object: UnsafeRawPointer, _ event: any Event) {
        // Sound as in `CallConsumer`; and only the bus calls through here, with an event its
        // route delivered to this consumer.
        Unmanaged<C>.fromOpaque(object)._withUnsafeGuaranteedRef { $0.consumeRouted(event) }
    }
}
