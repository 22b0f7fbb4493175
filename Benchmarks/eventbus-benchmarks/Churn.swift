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
    func subscribers(_ consumer: CountingConsumer) -> [(EventBus) -> EventSubscription] {
        spread
            ? types.map { subscriber(for: $0, consumer) }
            : [{ bus in bus.subscribe(to: Ping.self) { _ in consumer.hit() } }]
    }
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
                let subscribers = subscribers(consumer)
                let tokens = SlotRing((0..<slots).map { subscribers[spread ? $0 : 0](bus) })
                return .sync { n in
                    for _ in 0..<n {
                        let slot = tokens.slot
                        let oldest = tokens[slot]
                        tokens[slot] = subscribers[spread ? slot : 0](bus)
                        oldest.cancel()
                        tokens.advance()
                    }
                }
            },
            Case(name: "EventBusKit `register` / `deregister`", unitsPerIteration: 2) {
                let bus = EventBus()
                // Two consumers per slot: the one registered, and the one that replaces it.
                let live = SlotRing((0..<slots).map { CountingConsumer([slotType($0)]) })
                let spare = SlotRing((0..<slots).map { CountingConsumer([slotType($0)]) })
                warm(bus)
                for slot in 0..<slots { bus.register(live[slot]) }
                return .sync { n in
                    for _ in 0..<n {
                        let slot = live.slot
                        let (new, old) = (spare[slot], live[slot])
                        bus.register(new)
                        bus.deregister(old)
                        (live[slot], spare[slot]) = (new, old)
                        live.advance()
                    }
                }
            },
            Case(name: "typeKeyedDictionary `on` / `off`", unitsPerIteration: 2) {
                let bus = TypeKeyedBus()
                let consumer = CountingConsumer()
                let ids = SlotRing((0..<slots).map { bus.on(slotType($0)) { _ in consumer.hit() } })
                return .sync { n in
                    for _ in 0..<n {
                        let slot = ids.slot
                        let type = slotType(slot)
                        let oldest = ids[slot]
                        ids[slot] = bus.on(type) { _ in consumer.hit() }
                        bus.off(type, oldest)
                        ids.advance()
                    }
                }
            },
        ])
}

/// The slots of a 10,000-recipient row and the slot the next iteration fills, in memory the
/// loop reads and writes with no run-time exclusivity check: held in `var` arrays and a `var`
/// index that the case's closure captured, each access was checked by the Swift runtime
/// (about 60 instructions a unit, CONTRACT §18 (b), (c)), a cost of the harness that the
/// 100-recipient rows, which keep nothing between iterations, do not pay.
final class SlotRing<Element> {
    private let elements: UnsafeMutablePointer<Element>
    private let count: Int
    private let next: UnsafeMutablePointer<Int>

    init(_ initial: [Element]) {
        count = initial.count
        elements = .allocate(capacity: count)
        elements.initialize(from: initial, count: count)
        next = .allocate(capacity: 1)
        next.initialize(to: 0)
    }

    deinit {
        elements.deinitialize(count: count)
        elements.deallocate()
        next.deallocate()
    }

    /// The slot the next iteration fills.
    var slot: Int { next.pointee }

    /// Moves on to the next slot, after the last the first.
    func advance() { next.pointee = next.pointee == count - 1 ? 0 : next.pointee + 1 }

    subscript(slot: Int) -> Element {
        get { elements[slot] }
        set { elements[slot] = newValue }
    }
}

/// A closure that subscribes `consumer` to `type`, as a client writes it for a concrete type.
///
/// The handler is made once, here: written out for one concrete type, as in row (a) and an
/// app's code, a handler that captures only the consumer has the consumer as its context and
/// costs a retain a subscription; made in this generic function for each subscription, it
/// captured `E`'s metadata too, an allocation a subscription (and its release and thunks)
/// that no concrete subscription makes (CONTRACT §18 (c)).
func subscriber<E: GeneratedEvent>(for type: E.Type, _ consumer: CountingConsumer) -> (
    EventBus
) -> EventSubscription {
    let handler: (E) throws -> Void = { _ in consumer.hit() }
    return { bus in bus.subscribe(to: E.self, handler) }
}

// MARK: The anchor's spread

/// The type-keyed dictionary's `on` / `off` of the churn scenario, toggling each of 8 other
/// types in turn instead of `Ping`: which bucket a key's hash lands in (the hash of its
/// metatype's address) decides how long a look-up probes, so one key alone measures one
/// layout of the binary (Benchmarks/README, "The anchor of (a) is not fixed").
func churnAnchor() -> Scenario {
    func toggling(_ name: String, _ type: any Event.Type) -> Case {
        Case(name: name, unitsPerIteration: 2) {
            let bus = TypeKeyedBus()
            for index in 0..<100 { bus.on(generatedEventType(index % 10)) { _ in } }
            let consumer = CountingConsumer()
            return .sync { n in
                for _ in 0..<n { bus.off(type, bus.on(type) { _ in consumer.hit() }) }
            }
        }
    }
    return Scenario(
        key: "churn-anchor", title: "The dictionary's on / off, toggling each of 9 types",
        unit: "operation", allocationsPerUnit: true,
        cases: [toggling("typeKeyedDictionary, Ping", Ping.self)]
            + (0..<8).map {
                toggling("typeKeyedDictionary, type \($0)", generatedEventType(100 + $0))
            })
}
