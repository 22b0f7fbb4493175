import EventBusKit
import Foundation

// Coming and going (CONTRACT §18): registrations and removals against a type-keyed
// dictionary's `on`/`off`, with 100 and with 10,000 live recipients, to a class and to a
// category whose routes are warm, a view's life, and the anchors of a stream and an observed
// object. A unit is one registration or one removal (a view's life is one unit).

/// A bus with 100 consumers of 10 generated types (10 routes warm) and `Ping`'s route warm.
func warmChurnBus() -> EventBus {
    let bus = EventBus()
    for index in 0..<100 { bus.register(CountingConsumer([generatedEventType(index % 10)])) }
    for index in 0..<10 { bus.dispatch(generatedEventType(index).init()) }
    bus.dispatch(Ping(value: 0))
    return bus
}

/// One registration and one removal per iteration (2 operations), with 100 consumers
/// registered and 10 routes warm.
func churn() -> Scenario {
    Scenario(
        key: "churn", title: "Register/deregister churn: 100 registered, 10 routes warm",
        unit: "operation", allocationsPerUnit: true,
        cases: [
            Case(name: "direct (array append, find and remove)", unitsPerIteration: 2) {
                var consumers: [any EventConsumer] = (0..<100).map { _ in CountingConsumer() }
                let consumer = CountingConsumer()
                return .sync { n in
                    for _ in 0..<n {
                        consumers.append(consumer)
                        consumers.remove(at: consumers.lastIndex { $0 === consumer }!)
                    }
                }
            },
            // 50 consumers in turn: the bus finds a consumer by its address in an open-addressing
            // table, and one consumer alone measured where its address happened to land (its
            // removal shifts back the run after it): 2,520 or 2,569 instructions for one build
            // of the bus in two builds of this harness.
            Case(name: "EventBusKit `register` / `deregister`", unitsPerIteration: 2) {
                let bus = warmChurnBus()
                let consumers = (0..<50).map { _ in CountingConsumer() }
                return .sync { n in
                    for i in 0..<n {
                        let consumer = consumers[i % consumers.count]
                        bus.register(consumer)
                        bus.deregister(consumer)
                    }
                }
            },
            Case(name: "EventBusKit `subscribe` / `cancel`", unitsPerIteration: 2) {
                let bus = warmChurnBus()
                let consumer = CountingConsumer()
                return .sync { n in
                    for _ in 0..<n { bus.subscribe(to: Ping.self) { _ in consumer.hit() }.cancel() }
                }
            },
            // The token released, not cancelled, on the bus's isolation; the bus (it knows no
            // actor) sweeps at the owner's `deliverPosted()`, inside the unit.
            Case(name: "EventBusKit `subscribe` / drop", unitsPerIteration: 2) {
                let bus = warmChurnBus()
                let consumer = CountingConsumer()
                return .sync { n in
                    for _ in 0..<n {
                        _ = bus.subscribe(to: Ping.self) { _ in consumer.hit() }
                        bus.deliverPosted()
                    }
                }
            },
            Case(name: "typeKeyedDictionary `on` / `off`", unitsPerIteration: 2) {
                let bus = TypeKeyedBus()
                for index in 0..<100 { bus.on(generatedEventType(index % 10)) { _ in } }
                let consumer = CountingConsumer()
                return .sync { n in
                    for _ in 0..<n { bus.off(Ping.self, bus.on(Ping.self) { _ in consumer.hit() }) }
                }
            },
            Case(name: "NotificationCenter add / remove observer", unitsPerIteration: 2) {
                let center = NotificationCenter()
                let names = (0..<10).map { Notification.Name("Other\($0)") }
                let others = (0..<100).map {
                    center.addObserver(forName: names[$0 % 10], object: nil, queue: nil) { _ in }
                }
                let name = Notification.Name("Ping")
                let consumer = SameThread(value: CountingConsumer())
                return .sync { n in
                    withExtendedLifetime(others) {
                        for _ in 0..<n {
                            center.removeObserver(
                                center.addObserver(forName: name, object: nil, queue: nil) { _ in
                                    consumer.value.hit()
                                })
                        }
                    }
                }
            },
        ])
}

// MARK: 10,000 live recipients

/// 10,000 live recipients, of one type (`fifo`, `Ping`) or one each of 10,000 types
/// (`spread`, every route warm, built before the recipients came); each iteration makes one and removes the oldest live one
/// (2 operations).
///
/// Slot `k` (of 10,000) holds a live recipient of the slot's type; iteration `i` fills slot
/// `i % 10,000` with a new one and then removes the one it held, the oldest of all.
func churnTenThousand(spread: Bool) -> Scenario {
    let slots = 10_000
    let types: [any GeneratedEvent.Type] = (0..<slots).map { generatedEventType($0) }
    func slotType(_ slot: Int) -> any Event.Type { spread ? types[slot] : Ping.self }
    func warm(_ bus: EventBus) {
        if spread {
            for type in types { bus.dispatch(type.init()) }
        } else {
            bus.dispatch(Ping(value: 0))
        }
    }
    // One subscribing closure per slot, written with the slot's concrete type.
    let subscribers: [(EventBus, CountingConsumer) -> EventSubscription] =
        spread
        ? types.map { subscriber(for: $0) }
        : [{ bus, consumer in bus.subscribe(to: Ping.self) { _ in consumer.hit() } }]
    return Scenario(
        key: spread ? "churn-10k-spread" : "churn-10k-fifo",
        title: spread
            ? "Churn among 10,000 live recipients of 10,000 types (routes warm): make one, remove the oldest"
            : "Churn among 10,000 live recipients of one type: make one, remove the oldest",
        unit: "operation", allocationsPerUnit: true,
        cases: [
            Case(name: "EventBusKit `subscribe` / `cancel`", unitsPerIteration: 2) {
                let bus = EventBus()
                warm(bus)  // first: a route built later would match every recipient
                let consumer = CountingConsumer()
                var tokens = (0..<slots).map { subscribers[spread ? $0 : 0](bus, consumer) }
                var slot = 0
                return .sync { n in
                    for _ in 0..<n {
                        let oldest = tokens[slot]
                        tokens[slot] = subscribers[spread ? slot : 0](bus, consumer)
                        oldest.cancel()
                        slot = slot == slots - 1 ? 0 : slot + 1
                    }
                }
            },
            Case(name: "EventBusKit `register` / `deregister`", unitsPerIteration: 2) {
                let bus = EventBus()
                // Two consumers per slot: the one registered, and the one that replaces it.
                var live = (0..<slots).map { CountingConsumer([slotType($0)]) }
                var spare = (0..<slots).map { CountingConsumer([slotType($0)]) }
                warm(bus)
                for consumer in live { bus.register(consumer) }
                var slot = 0
                return .sync { n in
                    for _ in 0..<n {
                        bus.register(spare[slot])
                        bus.deregister(live[slot])
                        swap(&live[slot], &spare[slot])
                        slot = slot == slots - 1 ? 0 : slot + 1
                    }
                }
            },
            Case(name: "typeKeyedDictionary `on` / `off`", unitsPerIteration: 2) {
                let bus = TypeKeyedBus()
                let consumer = CountingConsumer()
                var ids = (0..<slots).map { slot in bus.on(slotType(slot)) { _ in consumer.hit() } }
                var slot = 0
                return .sync { n in
                    for _ in 0..<n {
                        let type = slotType(slot)
                        let oldest = ids[slot]
                        ids[slot] = bus.on(type) { _ in consumer.hit() }
                        bus.off(type, oldest)
                        slot = slot == slots - 1 ? 0 : slot + 1
                    }
                }
            },
        ])
}

/// A closure that subscribes to `type`, written as a client writes it for a concrete type.
func subscriber<E: GeneratedEvent>(for type: E.Type) -> (EventBus, CountingConsumer) ->
    EventSubscription
{
    { bus, consumer in bus.subscribe(to: E.self) { _ in consumer.hit() } }
}
