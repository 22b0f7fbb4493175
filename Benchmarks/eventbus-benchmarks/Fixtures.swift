import EventBusKit

// The events and consumers every competitor shares, so each one does the same work per
// delivery: one call that adds to a counter.

/// A struct event that fits the existential's inline buffer (no boxing).
struct Ping: Event, Sendable { var value: Int }

/// A class event: the existential holds a reference.
final class ClassPing: Event {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A struct event too large for the existential's 3-word inline buffer: boxed on the heap
/// when it becomes an `any Event`.
struct LargePing: Event { var a = 1, b = 2, c = 3, d = 4 }

/// A class hierarchy: consumers list the base, the subclass is dispatched.
class PageView: Event {
    let page: Int
    init(page: Int) { self.page = page }
}

/// The subclass that is dispatched in the hierarchy scenario.
final class RewardPageView: PageView {}

/// A protocol used as an event category (`Conforming<any Analytics>`).
protocol Analytics: Event {}

/// The struct event dispatched in the category scenario.
struct Tracked: Analytics { var value: Int }

/// A breadth-first chain: a recipient re-dispatches `Hop(remaining - 1)` until 0.
struct Hop: Event { var remaining: Int }

/// The floor's consumer: counts deliveries.
final class CountingConsumer: EventConsumer {
    let willConsume: [any Event.Type]
    private(set) var count = 0

    init(_ willConsume: [any Event.Type] = [Ping.self]) { self.willConsume = willConsume }

    func consume(_ event: any Event) { count &+= 1 }

    /// The same work as `consume(_:)`, for closures and observers.
    func hit() { count &+= 1 }
}

/// A consumer that reads the event through a checked cast, as consumers commonly do.
final class CheckedCastConsumer: EventConsumer {
    var willConsume: [any Event.Type] { [Ping.self] }
    private(set) var total = 0

    func consume(_ event: any Event) {
        if let ping = event as? Ping { total &+= ping.value }
    }
}

/// A consumer that reads the event through EventBusKit's typed accessor.
final class TypedAccessorConsumer: EventConsumer {
    var willConsume: [any Event.Type] { [Ping.self] }
    private(set) var total = 0

    func consume(_ event: any Event) {
        if let ping = event.as(Ping.self) { total &+= ping.value }
    }
}

/// A chain link: counts the delivery and, when it is the chain's driver, emits the next hop.
final class HopConsumer: EventConsumer {
    var willConsume: [any Event.Type] { [Hop.self] }
    private(set) var count = 0
    /// Where the next hop goes: the bus's `dispatch`, or the direct floor's FIFO.
    var emit: ((any Event) -> Void)?

    func consume(_ event: any Event) {
        count &+= 1
        guard let emit, let hop = event.as(Hop.self), hop.remaining > 0 else { return }
        emit(Hop(remaining: hop.remaining - 1))
    }
}

// MARK: Many distinct event types

/// An event type made by `generatedEventType`.
protocol GeneratedEvent: Event { init() }

/// A binary digit in a generated event type's name.
struct Zero<Rest>: GeneratedEvent {}
/// A binary digit in a generated event type's name.
struct One<Rest>: GeneratedEvent {}

/// A distinct event type for each `number` below 2^`bits`: `One<Zero<One<…>>>` spells it in
/// binary. Used to register thousands of consumers for thousands of other types.
func generatedEventType(_ number: Int, bits: Int = 14) -> any GeneratedEvent.Type {
    func wrap<Rest>(_: Rest.Type, remaining: Int, number: Int) -> any GeneratedEvent.Type {
        if remaining == 0 { return Zero<Rest>.self }
        if number & 1 == 0 {
            return wrap(Zero<Rest>.self, remaining: remaining - 1, number: number >> 1)
        }
        return wrap(One<Rest>.self, remaining: remaining - 1, number: number >> 1)
    }
    return wrap(Void.self, remaining: bits, number: number)
}
