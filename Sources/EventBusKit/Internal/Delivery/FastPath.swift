// The dispatch path's performance tricks, in one place. Each comment says what the trick buys;
// the measured figures are in Benchmarks/README.md.
//
// 1. Unretained calls (`UnretainedConsumer`): a strongly held consumer is called without a
//    retain and a release (two atomic operations per delivery), through one thunk, and with
//    no result: only stand-ins, marked in their state word, are called through the entry that
//    reports an incident.
// 2. Borrowed events (`ClosureConsumer.borrowingHandler`): a closure subscribed to a class, or
//    to a struct stored in the existential's buffer, receives it in place: no retain and
//    release, no copy.
// 3. Unretained routes (`RouteEntries`, `RouteView`): a pass reads its route without retaining
//    it; a registry change during the pass pins and copies it instead.
// 4. Check-free state (`release(afterAccess:)`, `changeRegistry`, `changeCore`): Swift
//    checks exclusive access to a class's stored property at run time (about 75 instructions
//    an access) unless no access to it can overlap another; an access overlaps only through a
//    call Swift cannot see into, such as a release that runs a deinit. So the bus's accesses
//    call nothing: the queue is changed on a copy swapped out and back in, the registry in
//    memory the bus owns (`EventBus.registry`: no check, no copy to swap), and whatever a
//    change removes is released after the access.
// 5. No re-boxing (`@inline(__always)` on `dispatch`, the pass and the queue's appends): the
//    optimizer turns a function that takes `any Event` into a generic one when a caller passes
//    a known type, and that copy boxes the event again (an allocation for an event larger than
//    the existential's buffer); it leaves always-inlined functions alone.
// 6. A pass compiled twice (`PassWatcher`): the pass is generic over what watches it, so with
//    no trace running it is a loop with no trace code in it.
// 7. One route look-up per dispatch (`RouteTable`): an open-addressed table keyed by the type's
//    metadata pointer, and for a value type the type the existential holds (a load) rather than
//    `type(of:)` (a runtime call).
// 8. A pass reads no recipient (`RouteEntry`, `StatePage`): the entry holds the call and the
//    address of the recipient's state word, and the words of many recipients share a page, so
//    a delivery touches a few cache lines of state instead of one line of each recipient
//    (with thousands of recipients, the difference between an L1 and an L2 miss per delivery).

/// Releases `value` here and no earlier: after the caller's access to the bus's state has
/// ended, since a release may run a deinit, and a deinit may call the bus.
@inline(__always)
func release<Value>(afterAccess value: Value) {
    withExtendedLifetime(value) {}
}

/// The identity of the type of the value `event` holds: for a value type, its dynamic type,
/// read from the existential without a runtime call.
@inline(__always)
func heldTypeKey(_ event: any Event) -> ObjectIdentifier {
    @inline(__always) func open<E: Event>(_: E) -> ObjectIdentifier { ObjectIdentifier(E.self) }
    return open(event)
}

/// An unretained reference to a consumer and the way to call it: the pair of a plain
/// pointer and a metatype, neither of which is reference counted.
struct UnretainedConsumer {
    private let object: UnsafeRawPointer
    private let call: any ConsumerCall.Type

    /// A consumer called through `call`: ``EventConsumer/consume(_:)``, or for one of the
    /// bus's stand-ins ``RoutedConsumer/consumeRouted(_:)`` (see ``callType(of:routed:)``).
    init(_ consumer: any EventConsumer, call: any ConsumerCall.Type) {
        object = UnsafeRawPointer(Unmanaged.passUnretained(consumer as AnyObject).toOpaque())
        self.call = call
    }

    /// The way to call `consumer` (`routed`, when it is one of the bus's stand-ins): the same
    /// for every consumer of its class. Finding it looks up generic metadata (about 330
    /// instructions), so the registry keeps it per class.
    static func callType(
        of consumer: any EventConsumer, routed: (any RoutedConsumer)?
    ) -> any ConsumerCall.Type {
        func open<C: EventConsumer>(_: C) -> any ConsumerCall.Type { CallConsumer<C>.self }
        func open<C: RoutedConsumer>(routed _: C) -> any ConsumerCall.Type { CallRouted<C>.self }
        if let routed { return open(routed: routed) }
        return open(consumer)
    }

    /// Calls `consume(event)` on a consumer that is not one of the bus's stand-ins.
    ///
    /// Returns nothing: a consumer's call has nothing to report, so the pass branches on the
    /// state word it already loaded rather than on a result of the call (measured faster in
    /// time; see Benchmarks/README.md).
    ///
    /// - Precondition: The consumer is alive: a ``RouteEntry`` that holds it strongly is
    ///   kept alive across the call.
    @inline(__always)
    func consume(_ event: any Event) {
        call.consume(object, event)
    }

    /// Calls the consumer (a stand-in's ``RoutedConsumer/consumeRouted(_:)``, any other's
    /// ``EventConsumer/consume(_:)``) and returns whether the call caused something to
    /// announce (only a stand-in's can).
    ///
    /// - Precondition: As for ``consume(_:)``.
    @inline(__always)
    func consumeReportingIncident(_ event: any Event) -> Bool {
        call.consumeReportingIncident(object, event)
    }

    /// What the last call that returned `true` must announce.
    func takeIncident() -> Incident? {
        call.takeIncident(object)
    }
}

/// Calls a consumer of a known class through an unretained pointer.
protocol ConsumerCall {
    /// Calls `consume(event)` on the consumer at `object`, which must be alive.
    static func consume(_ object: UnsafeRawPointer, _ event: any Event)
    /// Calls the consumer at `object`, which must be alive, and returns whether it caused
    /// something to announce.
    static func consumeReportingIncident(_ object: UnsafeRawPointer, _ event: any Event) -> Bool
    /// What the consumer at `object` must announce.
    static func takeIncident(_ object: UnsafeRawPointer) -> Incident?
}

/// ``ConsumerCall`` for consumers of class `C`.
enum CallConsumer<C: EventConsumer>: ConsumerCall {
    @inline(__always)  // into the conformance's thunk: one call, not two, per delivery
    static func consume(_ object: UnsafeRawPointer, _ event: any Event) {
        // Sound: `object` came from `Unmanaged.passUnretained` on a `C`, and the caller keeps
        // that object alive for the whole call (see `RouteEntry`), which is exactly what
        // `_withUnsafeGuaranteedRef` asks of its caller.
        Unmanaged<C>.fromOpaque(object)._withUnsafeGuaranteedRef { $0.consume(event) }
    }

    static func consumeReportingIncident(_ object: UnsafeRawPointer, _ event: any Event) -> Bool {
        consume(object, event)
        return false
    }

    static func takeIncident(_ object: UnsafeRawPointer) -> Incident? { nil }
}

/// ``ConsumerCall`` for ``RoutedConsumer``s of class `C`: the bus's calls go to
/// ``RoutedConsumer/consumeRouted(_:)``.
enum CallRouted<C: RoutedConsumer>: ConsumerCall {
    static func consume(_ object: UnsafeRawPointer, _ event: any Event) {
        _ = consumeReportingIncident(object, event)
    }

    @inline(__always)  // into the conformance's thunk: one call, not two, per delivery
    static func consumeReportingIncident(_ object: UnsafeRawPointer, _ event: any Event) -> Bool {
        // Sound as in `CallConsumer`; and only the bus calls through here, with an event its
        // route delivered to this consumer.
        Unmanaged<C>.fromOpaque(object)._withUnsafeGuaranteedRef { $0.consumeRouted(event) }
    }

    static func takeIncident(_ object: UnsafeRawPointer) -> Incident? {
        Unmanaged<C>.fromOpaque(object)._withUnsafeGuaranteedRef { $0.takeIncident() }
    }
}

/// The identity of the dynamic type of the class instance `event` holds, read from the
/// object without a retain.
///
/// - Precondition: `event` holds a class instance (its route says it is no value type): an
///   existential holds a class instance as one reference in the first word of its buffer.
@inline(__always)
func objectTypeKey(_ event: any Event) -> ObjectIdentifier {
    withUnsafePointer(to: event) { container in
        let object = UnsafeRawPointer(container).load(as: UnsafeRawPointer.self)
        return Unmanaged<AnyObject>.fromOpaque(object)._withUnsafeGuaranteedRef {
            ObjectIdentifier(type(of: $0))
        }
    }
}
