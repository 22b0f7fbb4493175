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

// MARK: Replay

/// One new consumer that lists `types` sticky types registered on a bus that stores a value
/// of each, then deregistered: its `types` replays (a unit is one replayed delivery) against
/// the same consumer not asking for them (the registration alone, over as many units).
func replay(types: Int) -> Scenario {
    func stickyBus() -> (EventBus, [any Event.Type]) {
        let bus = EventBus()
        let stickyTypes = (0..<types).map { generatedStickyEventType($0) }
        for type in stickyTypes { bus.dispatch(type.init()) }  // stored; no one listens
        return (bus, stickyTypes.map { $0 })
    }
    func registering(_ name: String, replays: Bool) -> Case {
        Case(name: name, unitsPerIteration: types) {
            let (bus, stickyTypes) = stickyBus()
            let consumer = ReplayingConsumer(stickyTypes, replaysLatest: replays)
            return .sync { n in
                for _ in 0..<n {
                    bus.register(consumer)
                    bus.deregister(consumer)
                }
            }
        }
    }
    return Scenario(
        key: "replay-\(types)",
        title: "Replay of \(types) sticky types to one new consumer, registered and deregistered",
        unit: "replayed delivery",
        cases: [
            Case(name: "direct", unitsPerIteration: types) {
                let events = (0..<types).map { generatedStickyEventType($0).init() }
                let consumers: [any EventConsumer] = [
                    ReplayingConsumer(events.map { type(of: $0) }, replaysLatest: true)
                ]
                return .sync { n in
                    for _ in 0..<n { for event in events { deliverDirectly(event, to: consumers) } }
                }
            },
            registering("EventBusKit `register`, no replay", replays: false),
            registering("EventBusKit `register`", replays: true),
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

/// A consumer of the listed types that asks for their latest values, or not.
final class ReplayingConsumer: EventConsumer {
    let willConsume: [any Event.Type]
    let replaysLatest: Bool
    private(set) var count = 0

    init(_ willConsume: [any Event.Type], replaysLatest: Bool) {
        self.willConsume = willConsume
        self.replaysLatest = replaysLatest
    }

    func consume(_ event: any Event) { count &+= 1 }
}

/// A sticky event type made by `generatedStickyEventType`.
protocol GeneratedStickyEvent: StickyEvent { init() }

/// A binary digit in a generated sticky event type's name.
struct StickyZero<Rest>: GeneratedStickyEvent {}
/// A binary digit in a generated sticky event type's name.
struct StickyOne<Rest>: GeneratedStickyEvent {}

/// A distinct sticky event type for each `number` below 64, spelled in binary as
/// `generatedEventType` spells its types.
func generatedStickyEventType(_ number: Int) -> any GeneratedStickyEvent.Type {
    func wrap<Rest>(_: Rest.Type, remaining: Int, number: Int) -> any GeneratedStickyEvent.Type {
        if remaining == 0 { return StickyZero<Rest>.self }
        if number & 1 == 0 {
            return wrap(StickyZero<Rest>.self, remaining: remaining - 1, number: number >> 1)
        }
        return wrap(StickyOne<Rest>.self, remaining: remaining - 1, number: number >> 1)
    }
    return wrap(Void.self, remaining: 6, number: number)
}
