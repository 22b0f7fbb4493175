import EventBusKit

// The buses EventBusKit is compared with, written the way they commonly are.

/// The floor: call `consume(_:)` on each consumer of an array.
@inline(never)
func deliverDirectly(_ event: any Event, to consumers: [any EventConsumer]) {
    for consumer in consumers { consumer.consume(event) }
}

/// The floor of the many-types scenarios: the same loop over one type's slice of a buffer.
@inline(never)
func deliverDirectly(_ event: any Event, to consumers: UnsafeBufferPointer<any EventConsumer>) {
    for consumer in consumers { consumer.consume(event) }
}

/// An array of closures, called in order.
@inline(never)
func deliverToClosures(_ event: any Event, _ closures: [(any Event) -> Void]) {
    for closure in closures { closure(event) }
}

/// ``deliverToClosures(_:_:)`` with a predicate asked before each closure: beside that row,
/// the cost of calling a `where:` predicate, with no bus around it.
@inline(never)
func deliverToFilteredClosures(
    _ ping: Ping, _ closures: [(any Event) -> Void], where predicates: [(Ping) -> Bool]
) {
    let event: any Event = ping
    for index in closures.indices where predicates[index](ping) { closures[index](event) }
}

/// A bus keyed by the event's type: `[ObjectIdentifier: [closure]]`, as commonly written.
final class TypeKeyedBus {
    private var handlers: [ObjectIdentifier: [(id: Int, handler: (any Event) -> Void)]] = [:]
    private var nextID = 0

    /// Adds `handler` for events of exactly type `type`; returns a token for `off`.
    @discardableResult
    func on(_ type: any Event.Type, _ handler: @escaping (any Event) -> Void) -> Int {
        nextID += 1
        handlers[ObjectIdentifier(type), default: []].append((nextID, handler))
        return nextID
    }

    /// The same bus with a typed API: one `as! T` per delivery.
    @discardableResult
    func on<T: Event>(typed type: T.Type, _ handler: @escaping (T) -> Void) -> Int {
        on(type) { handler($0 as! T) }
    }

    /// Removes the handler with token `id`, registered for `type`.
    func off(_ type: any Event.Type, _ id: Int) {
        handlers[ObjectIdentifier(type)]?.removeAll { $0.id == id }
    }

    @inline(never)
    func post(_ event: any Event) {
        guard let list = handlers[ObjectIdentifier(type(of: event))] else { return }
        for entry in list { entry.handler(event) }
    }
}

/// A bus that keeps its consumers in one array and checks every consumer's list on each
/// dispatch (the lists are read once, at registration, to give it its best case).
final class ScanningBus {
    private var entries: [(types: [ObjectIdentifier], consumer: any EventConsumer)] = []

    func register(_ consumer: any EventConsumer) {
        entries.append((consumer.willConsume.map { ObjectIdentifier($0) }, consumer))
    }

    @inline(never)
    func post(_ event: any Event) {
        let key = ObjectIdentifier(type(of: event))
        for entry in entries where entry.types.contains(key) {
            entry.consumer.consume(event)
        }
    }
}

/// Hands a value to a `@Sendable` closure that the benchmark calls on its own thread only.
///
/// Sound here: `NotificationCenter.post` runs `queue: nil` observers synchronously on the
/// posting thread, and the benchmark posts from the main actor alone, so the wrapped value is
/// never touched by two threads.
struct SameThread<Value>: @unchecked Sendable {
    let value: Value
}
