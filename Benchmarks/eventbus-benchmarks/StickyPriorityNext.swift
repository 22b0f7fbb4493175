import EventBusKit

// The scenarios of what the buses people know also do (CONTRACT §10): sticky events, priority,
// replay of the latest values to a new recipient, and awaiting the next event.

// MARK: Sticky events

/// `fanOut` consumers of one struct event, sticky (`StickyPing`) against the same shape not
/// sticky (`Ping`): the price of storing the latest value when each pass begins.
func sticky(_ fanOut: Int) -> Scenario {
    Scenario(
        key: "sticky-\(fanOut)",
        title: "A sticky struct event, \(fanOut) matching: `StickyPing` against `Ping`",
        unit: "delivery",
        cases: [
            directPings(units: fanOut) { (0..<fanOut).map { _ in CountingConsumer() } },
            dispatchedPings("EventBusKit `register`, plain", units: fanOut) {
                bus(registering: fanOut) { CountingConsumer() }
            },
            Case(name: "EventBusKit `register`", unitsPerIteration: fanOut) {
                let bus = bus(registering: fanOut) { CountingConsumer([StickyPing.self]) }
                return .sync { n in for i in 0..<n { bus.dispatch(StickyPing(value: i)) } }
            },
        ])
}

// MARK: Priority

/// Ten consumers of one struct event, all of priority 0 against ten distinct priorities
/// registered out of order (0, 3, 6, 9, 2, 5, 8, 1, 4, 7: called 9, 8, …, 0).
func priorities() -> Scenario {
    Scenario(
        key: "priorities-10", title: "Priorities, fan-out 10: ten distinct against all equal",
        unit: "delivery",
        cases: [
            directPings(units: 10) { (0..<10).map { _ in CountingConsumer() } },
            dispatchedPings("EventBusKit `register`, equal", units: 10) {
                let bus = EventBus()
                for _ in 0..<10 { bus.register(PriorityConsumer(priority: 0)) }
                return bus
            },
            dispatchedPings("EventBusKit `register`, mixed", units: 10) {
                let bus = EventBus()
                for index in 0..<10 { bus.register(PriorityConsumer(priority: index * 3 % 10)) }
                return bus
            },
        ])
}

// MARK: Fixtures

/// A sticky struct event of `Ping`'s shape.
struct StickyPing: StickyEvent, Sendable { var value: Int }

/// A consumer of `Ping` with a priority; otherwise `CountingConsumer`'s work.
final class PriorityConsumer: EventConsumer {
    let priority: Int
    private(set) var count = 0

    init(priority: Int) { self.priority = priority }

    var willConsume: [any Event.Type] { [Ping.self] }

    func consume(_ event: any Event) { count &+= 1 }
}
