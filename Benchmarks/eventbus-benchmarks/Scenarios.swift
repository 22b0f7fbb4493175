import EventBusKit
import Foundation

// The scenarios. Every case builds its own state in `make` and returns the loop to time.
// Events are made inside the loop (a struct event costs nothing to make), except class
// events, which are made once: allocating them is the caller's cost, not the bus's.

/// Every scenario, in the order they are printed.
func allScenarios() -> [Scenario] {
    [fanOut(1), fanOut(10), fanOut(100)]
        + [1, 10, 100].map { manyTypes(.finalClass, types: 1, fanOut: $0) }
        + ManyTypesKind.allCases.flatMap { kind in
            [1, 10, 100].map { manyTypes(kind, types: 50, fanOut: $0) }
        } + [
            oneAmongMany(10_000), hierarchy(), category(), eventKinds(), casts(), chains(), churn(),
            churnTenThousand(spread: false), churnTenThousand(spread: true),
            churnCovering(category: false), churnCovering(category: true), viewLife(),
            comeAndGoAnchors(), sticky(1), sticky(10), priorities(), replay(types: 10),
            replay(types: 25),
            replay(types: 50), nextRoundTrip(), posting(producers: 1), posting(producers: 4),
            postingSingle(), churnModels(), nextCancelled(), churnAnchor(),
        ]
}

/// A case that hands a new `Ping` to each of the consumers `make` returns, directly.
func directPings(
    _ name: String = "direct", units: Int, _ make: @escaping () -> [any EventConsumer]
) -> Case {
    Case(name: name, unitsPerIteration: units) {
        let consumers = make()
        return .sync { n in for i in 0..<n { deliverDirectly(Ping(value: i), to: consumers) } }
    }
}

/// A case that dispatches a new `Ping` on the bus `make` returns.
func dispatchedPings(_ name: String, units: Int, _ make: @escaping () -> EventBus) -> Case {
    Case(name: name, unitsPerIteration: units) {
        let bus = make()
        return .sync { n in for i in 0..<n { bus.dispatch(Ping(value: i)) } }
    }
}

/// A bus with `count` consumers from `make`, registered in order.
func bus(registering count: Int, _ make: () -> any EventConsumer) -> EventBus {
    let bus = EventBus()
    for _ in 0..<count { bus.register(make()) }
    return bus
}

// MARK: Fan-out

/// `fanOut` consumers all match one struct event.
func fanOut(_ fanOut: Int) -> Scenario {
    func consumers() -> [CountingConsumer] { (0..<fanOut).map { _ in CountingConsumer() } }
    return Scenario(
        key: "fanout-\(fanOut)", title: "Fan-out to \(fanOut): a struct event, \(fanOut) matching",
        unit: "delivery",
        cases: [
            directPings(units: fanOut) { consumers() },
            Case(name: "closures", unitsPerIteration: fanOut) {
                let closures = consumers().map { consumer in { (_: any Event) in consumer.hit() } }
                return .sync { n in
                    for i in 0..<n { deliverToClosures(Ping(value: i), closures) }
                }
            },
            Case(name: "closures, where", unitsPerIteration: fanOut) {
                let closures = consumers().map { consumer in { (_: any Event) in consumer.hit() } }
                let predicates = closures.map { _ in { (ping: Ping) in ping.value >= 0 } }
                return .sync { n in
                    for i in 0..<n {
                        deliverToFilteredClosures(Ping(value: i), closures, where: predicates)
                    }
                }
            },
            Case(name: "typeKeyedDictionary", unitsPerIteration: fanOut) {
                let bus = TypeKeyedBus()
                for consumer in consumers() { bus.on(Ping.self) { _ in consumer.hit() } }
                return .sync { n in for i in 0..<n { bus.post(Ping(value: i)) } }
            },
            Case(name: "typeKeyedDictionary, typed (`as!`)", unitsPerIteration: fanOut) {
                let bus = TypeKeyedBus()
                for consumer in consumers() {
                    bus.on(typed: Ping.self) { (_: Ping) in consumer.hit() }
                }
                return .sync { n in for i in 0..<n { bus.post(Ping(value: i)) } }
            },
            Case(name: "scanningBus", unitsPerIteration: fanOut) {
                let bus = ScanningBus()
                for consumer in consumers() { bus.register(consumer) }
                return .sync { n in for i in 0..<n { bus.post(Ping(value: i)) } }
            },
            notificationCenter(fanOut: fanOut),
            asyncStreams(fanOut: fanOut),
            dispatchedPings("EventBusKit `register`", units: fanOut) {
                bus(registering: fanOut) { CountingConsumer() }
            },
            // A running trace: started before the loop; the calibration and warm-up runs fill
            // its ring, so the timed passes overwrite records in place.
            dispatchedPings("EventBusKit `register`, traced", units: fanOut) {
                let bus = bus(registering: fanOut) { CountingConsumer() }
                bus.startTracing(capacity: 1_000)
                return bus
            },
            Case(name: "EventBusKit `subscribe`", unitsPerIteration: fanOut) {
                let bus = EventBus()
                let tokens = consumers().map { consumer in
                    bus.subscribe(to: Ping.self) { _ in consumer.hit() }
                }
                return .sync { n in
                    withExtendedLifetime(tokens) {
                        for i in 0..<n { bus.dispatch(Ping(value: i)) }
                    }
                }
            },
            // A `where:` predicate that accepts every event: beside the row above, the price of
            // a filter (compare `closures, where` with `closures`).
            Case(name: "EventBusKit `subscribe`, where", unitsPerIteration: fanOut) {
                let bus = EventBus()
                let tokens = consumers().map { consumer in
                    bus.subscribe(to: Ping.self, where: { $0.value >= 0 }) { _ in consumer.hit() }
                }
                return .sync { n in
                    withExtendedLifetime(tokens) {
                        for i in 0..<n { bus.dispatch(Ping(value: i)) }
                    }
                }
            },
            dispatchedPings("EventBusKit `register` + `DidConsumeEvent` listener", units: fanOut) {
                let bus = bus(registering: fanOut) { CountingConsumer() }
                bus.register(CountingConsumer([DidConsumeEvent.self]))
                return bus
            },
        ] + observedPings(fanOut: fanOut))
}

/// `observe(_:)`: one `ObservedEvent` per recipient, none of them read (no view watches
/// them). Beside the `subscribe` row, the price of the object storing the event and its
/// count; no row where Observation is missing.
func observedPings(fanOut: Int) -> [Case] {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return [] }
    return [
        Case(name: "EventBusKit `observe`", unitsPerIteration: fanOut) {
            let bus = EventBus()
            let observed = (0..<fanOut).map { _ in bus.observe(Ping.self) }
            return .sync { n in
                withExtendedLifetime(observed) {
                    for i in 0..<n { bus.dispatch(Ping(value: i)) }
                }
            }
        }
    ]
}

/// Foundation's `NotificationCenter` with `fanOut` block observers, given its best case: a
/// pre-made object as the payload and no `userInfo` dictionary.
func notificationCenter(fanOut: Int) -> Case {
    Case(name: "NotificationCenter", unitsPerIteration: fanOut) {
        let center = NotificationCenter()
        let name = Notification.Name("Ping")
        let observers = (0..<fanOut).map { _ in
            let consumer = SameThread(value: CountingConsumer())
            return center.addObserver(forName: name, object: nil, queue: nil) { _ in
                consumer.value.hit()
            }
        }
        let payload = ClassPing(value: 1)
        return .sync { n in
            withExtendedLifetime(observers) {
                for _ in 0..<n { center.post(name: name, object: payload) }
            }
        }
    }
}

/// One `AsyncStream` per consumer, each iterated by its own task. A sample yields every
/// event to every stream, finishes them and waits for the tasks to have counted all.
func asyncStreams(fanOut: Int) -> Case {
    Case(name: "AsyncStream", unitsPerIteration: fanOut) {
        .async { n in
            await withTaskGroup(of: Int.self) { group in
                var continuations: [AsyncStream<Ping>.Continuation] = []
                for _ in 0..<fanOut {
                    let (stream, continuation) = AsyncStream.makeStream(of: Ping.self)
                    continuations.append(continuation)
                    group.addTask {
                        var count = 0
                        for await _ in stream { count &+= 1 }
                        return count
                    }
                }
                for i in 0..<n {
                    for continuation in continuations { continuation.yield(Ping(value: i)) }
                }
                for continuation in continuations { continuation.finish() }
                var total = 0
                for await count in group { total += count }
                precondition(total == n * fanOut, "AsyncStream lost events")
            }
        }
    }
}

// MARK: Many event types

/// `types` distinct event types of `kind` dispatched round-robin, `fanOut` recipients each.
///
/// One iteration dispatches one instance of each type in turn. The instances are made once,
/// and every case runs the same loop over the same buffer of events, which lends each event
/// to the call (no copy, no retain); `direct` reads the type's consumers from a buffer by the
/// loop's index, as a hand-written call site knows them.
func manyTypes(_ kind: ManyTypesKind, types: Int, fanOut: Int) -> Scenario {
    let units = types * fanOut
    let noun = ["class": "final class", "struct": "struct", "string": "struct-with-`String`"][
        kind.rawValue]!
    return Scenario(
        key: "types-e\(types)-n\(fanOut)-\(kind.rawValue)",
        title:
            "\(types) \(noun) event type\(types == 1 ? "" : "s")\(types == 1 ? "" : " round-robin"), "
            + "\(fanOut) recipient\(fanOut == 1 ? "" : "s") each",
        unit: "delivery",
        cases: [
            Case(name: "direct", unitsPerIteration: units) {
                let entries = manyTypes(kind, count: types)
                let events = entries.map(\.event)
                // Type k's consumers are elements k * fanOut ..< (k + 1) * fanOut.
                let consumers: [any EventConsumer] = entries.flatMap { entry in
                    (0..<fanOut).map { _ in CountingConsumer([entry.type]) }
                }
                return .sync { n in
                    events.withUnsafeBufferPointer { events in
                        consumers.withUnsafeBufferPointer { consumers in
                            for _ in 0..<n {
                                for k in events.indices {
                                    deliverDirectly(
                                        events[k],
                                        to: UnsafeBufferPointer(
                                            rebasing: consumers[k * fanOut..<(k + 1) * fanOut]))
                                }
                            }
                        }
                    }
                }
            },
            Case(name: "typeKeyedDictionary", unitsPerIteration: units) {
                let entries = manyTypes(kind, count: types)
                let events = entries.map(\.event)
                let bus = TypeKeyedBus()
                for entry in entries {
                    for _ in 0..<fanOut {
                        let consumer = CountingConsumer()
                        bus.on(entry.type) { _ in consumer.hit() }
                    }
                }
                return .sync { n in
                    events.withUnsafeBufferPointer { events in
                        for _ in 0..<n { for k in events.indices { bus.post(events[k]) } }
                    }
                }
            },
            Case(name: "EventBusKit `register`", unitsPerIteration: units) {
                let entries = manyTypes(kind, count: types)
                let events = entries.map(\.event)
                let bus = EventBus()
                for entry in entries {
                    for _ in 0..<fanOut { bus.register(CountingConsumer([entry.type])) }
                }
                return .sync { n in
                    events.withUnsafeBufferPointer { events in
                        for _ in 0..<n { for k in events.indices { bus.dispatch(events[k]) } }
                    }
                }
            },
            Case(name: "EventBusKit `subscribe`", unitsPerIteration: units) {
                let entries = manyTypes(kind, count: types)
                let events = entries.map(\.event)
                let bus = EventBus()
                let tokens = entries.flatMap { entry in
                    (0..<fanOut).map { _ in entry.subscribe(bus, CountingConsumer()) }
                }
                return .sync { n in
                    withExtendedLifetime(tokens) {
                        events.withUnsafeBufferPointer { events in
                            for _ in 0..<n { for k in events.indices { bus.dispatch(events[k]) } }
                        }
                    }
                }
            },
        ])
}

// MARK: One among many

/// Each of 50 struct event types, dispatched round-robin, has one matching consumer; `others`
/// more are registered for `others` distinct other types, a thousand of whose routes are warm.
func oneAmongMany(_ others: Int) -> Scenario {
    // The dispatched events are the 50 struct types of the many-types scenarios, round-robin,
    // each with one recipient: where one type's metadata lands in the 10,000-route identity
    // table is luck of the binary's layout (a type in a probe cluster costs 30 more
    // instructions), so the row measures the average probe over 50 types, not one address.
    let dispatched = 50
    let units = dispatched
    func otherTypes() -> [any GeneratedEvent.Type] { (0..<others).map { generatedEventType($0) } }
    func roundRobin(_ bus: EventBus, _ events: [any Event]) -> Body {
        .sync { n in
            events.withUnsafeBufferPointer { events in
                for _ in 0..<n { for k in events.indices { bus.dispatch(events[k]) } }
            }
        }
    }
    return Scenario(
        key: "one-of-\(others)",
        title:
            "\(dispatched) struct types round-robin, 1 matching each, among \(others) registered "
            + "for \(others) other types",
        unit: "delivery",
        cases: [
            Case(name: "direct", unitsPerIteration: units) {
                let entries = manyTypes(.plainStruct, count: dispatched)
                let events = entries.map(\.event)
                let consumers: [any EventConsumer] = entries.map { CountingConsumer([$0.type]) }
                return .sync { n in
                    events.withUnsafeBufferPointer { events in
                        consumers.withUnsafeBufferPointer { consumers in
                            for _ in 0..<n {
                                for k in events.indices {
                                    deliverDirectly(
                                        events[k],
                                        to: UnsafeBufferPointer(rebasing: consumers[k...k]))
                                }
                            }
                        }
                    }
                }
            },
            Case(name: "EventBusKit `register`, 1 of \(dispatched)", unitsPerIteration: units) {
                let entries = manyTypes(.plainStruct, count: dispatched)
                let bus = EventBus()
                for entry in entries { bus.register(CountingConsumer([entry.type])) }
                return roundRobin(bus, entries.map(\.event))
            },
            Case(
                name: "EventBusKit `register`, 1 of \(others + dispatched)",
                unitsPerIteration: units
            ) {
                let entries = manyTypes(.plainStruct, count: dispatched)
                let bus = EventBus()
                let otherTypes = otherTypes()
                for type in otherTypes { bus.register(CountingConsumer([type])) }
                for type in otherTypes.prefix(1_000) { bus.dispatch(type.init()) }  // warm routes
                for entry in entries { bus.register(CountingConsumer([entry.type])) }
                return roundRobin(bus, entries.map(\.event))
            },
            Case(
                name: "typeKeyedDictionary, 1 of \(others + dispatched)", unitsPerIteration: units
            ) {
                let entries = manyTypes(.plainStruct, count: dispatched)
                let events = entries.map(\.event)
                let bus = TypeKeyedBus()
                for type in otherTypes() { bus.on(type) { _ in } }
                let consumer = CountingConsumer()
                for entry in entries { bus.on(entry.type) { _ in consumer.hit() } }
                return .sync { n in
                    events.withUnsafeBufferPointer { events in
                        for _ in 0..<n { for k in events.indices { bus.post(events[k]) } }
                    }
                }
            },
            Case(name: "scanningBus, 1 of \(others + dispatched)", unitsPerIteration: units) {
                let entries = manyTypes(.plainStruct, count: dispatched)
                let events = entries.map(\.event)
                let bus = ScanningBus()
                for type in otherTypes() { bus.register(CountingConsumer([type])) }
                for entry in entries { bus.register(CountingConsumer([entry.type])) }
                return .sync { n in
                    events.withUnsafeBufferPointer { events in
                        for _ in 0..<n { for k in events.indices { bus.post(events[k]) } }
                    }
                }
            },
        ])
}

// MARK: Hierarchy and categories

/// Ten consumers list a base class; a subclass instance is dispatched.
func hierarchy() -> Scenario {
    let event = RewardPageView(page: 1)
    return Scenario(
        key: "hierarchy",
        title: "Class hierarchy: 10 list `PageView`, a `RewardPageView` is dispatched",
        unit: "delivery",
        cases: [
            Case(name: "direct", unitsPerIteration: 10) {
                let consumers: [any EventConsumer] = (0..<10).map { _ in CountingConsumer() }
                return .sync { n in for _ in 0..<n { deliverDirectly(event, to: consumers) } }
            },
            Case(name: "EventBusKit `register`", unitsPerIteration: 10) {
                let bus = EventBus()
                for _ in 0..<10 { bus.register(CountingConsumer([PageView.self])) }
                return .sync { n in for _ in 0..<n { bus.dispatch(event) } }
            },
            Case(name: "EventBusKit `subscribe(to: PageView.self)`", unitsPerIteration: 10) {
                let bus = EventBus()
                let tokens = (0..<10).map { _ in
                    let consumer = CountingConsumer()
                    return bus.subscribe(to: PageView.self) { _ in consumer.hit() }
                }
                return .sync { n in
                    withExtendedLifetime(tokens) { for _ in 0..<n { bus.dispatch(event) } }
                }
            },
        ])
}

/// Ten consumers list the category `Conforming<any Analytics>`; a conforming struct is
/// dispatched.
func category() -> Scenario {
    Scenario(
        key: "category", title: "Protocol category: 10 list `Conforming<any Analytics>`",
        unit: "delivery",
        cases: [
            Case(name: "direct", unitsPerIteration: 10) {
                let consumers: [any EventConsumer] = (0..<10).map { _ in CountingConsumer() }
                return .sync { n in
                    for i in 0..<n { deliverDirectly(Tracked(value: i), to: consumers) }
                }
            },
            Case(name: "EventBusKit `register`", unitsPerIteration: 10) {
                let bus = EventBus()
                for _ in 0..<10 { bus.register(CountingConsumer([Conforming<any Analytics>.self])) }
                return .sync { n in for i in 0..<n { bus.dispatch(Tracked(value: i)) } }
            },
        ])
}

// MARK: Event kinds and casts

/// Fan-out 10 with a struct event that fits the existential buffer, a class event and a
/// struct event too large for the buffer.
func eventKinds() -> Scenario {
    func direct() -> [any EventConsumer] { (0..<10).map { _ in CountingConsumer() } }
    func bus(_ type: any Event.Type) -> EventBus {
        let bus = EventBus()
        for _ in 0..<10 { bus.register(CountingConsumer([type])) }
        return bus
    }
    let classEvent = ClassPing(value: 1)
    return Scenario(
        key: "event-kinds", title: "Struct and class events, fan-out 10", unit: "delivery",
        cases: [
            directPings("direct, struct (fits the buffer)", units: 10) { direct() },
            dispatchedPings("EventBusKit, struct (fits the buffer)", units: 10) { bus(Ping.self) },
            Case(name: "direct, final class", unitsPerIteration: 10) {
                let consumers = direct()
                return .sync { n in for _ in 0..<n { deliverDirectly(classEvent, to: consumers) } }
            },
            Case(name: "EventBusKit, final class", unitsPerIteration: 10) {
                let bus = bus(ClassPing.self)
                return .sync { n in for _ in 0..<n { bus.dispatch(classEvent) } }
            },
            Case(name: "direct, large struct (boxed by the caller)", unitsPerIteration: 10) {
                let consumers = direct()
                return .sync { n in
                    for i in 0..<n { deliverDirectly(LargePing(a: i), to: consumers) }
                }
            },
            Case(name: "EventBusKit, large struct (boxed by the caller)", unitsPerIteration: 10) {
                let bus = bus(LargePing.self)
                return .sync { n in for i in 0..<n { bus.dispatch(LargePing(a: i)) } }
            },
        ])
}

/// The consumer's own cast, fan-out 10: `as?` against EventBusKit's `event.as(T.self)`.
func casts() -> Scenario {
    Scenario(
        key: "casts", title: "The consumer's own cast, fan-out 10", unit: "delivery",
        cases: [
            directPings("direct, no cast", units: 10) { (0..<10).map { _ in CountingConsumer() } },
            directPings("direct, `event as? Ping`", units: 10) {
                (0..<10).map { _ in CheckedCastConsumer() }
            },
            directPings("direct, `event.as(Ping.self)`", units: 10) {
                (0..<10).map { _ in TypedAccessorConsumer() }
            },
            dispatchedPings("EventBusKit, `event as? Ping`", units: 10) {
                bus(registering: 10) { CheckedCastConsumer() }
            },
            dispatchedPings("EventBusKit, `event.as(Ping.self)`", units: 10) {
                bus(registering: 10) { TypedAccessorConsumer() }
            },
        ])
}

// MARK: Re-entrancy and churn

/// Two recipients of `Hop`; the first re-dispatches `Hop(remaining - 1)`, so one dispatch of
/// `Hop(9)` runs ten breadth-first passes: 20 deliveries.
func chains() -> Scenario {
    func recipients() -> [HopConsumer] { [HopConsumer(), HopConsumer()] }
    return Scenario(
        key: "chain", title: "Breadth-first re-entrant chain: 10 passes of 2 recipients",
        unit: "delivery",
        cases: [
            Case(name: "direct (a hand-written FIFO)", unitsPerIteration: 20) {
                let hops = recipients()
                let consumers: [any EventConsumer] = hops
                let fifo = FIFO()
                hops[0].emit = { fifo.events.append($0) }
                return .sync { n in
                    for _ in 0..<n {
                        fifo.events.append(Hop(remaining: 9))
                        var index = 0
                        while index < fifo.events.count {
                            deliverDirectly(fifo.events[index], to: consumers)
                            index += 1
                        }
                        fifo.events.removeAll(keepingCapacity: true)
                    }
                }
            },
            Case(name: "EventBusKit `register`", unitsPerIteration: 20) {
                let bus = EventBus()
                let hops = recipients()
                for hop in hops { bus.register(hop) }
                hops[0].emit = { [unowned bus] in bus.dispatch($0) }
                return .sync { n in for _ in 0..<n { bus.dispatch(Hop(remaining: 9)) } }
            },
        ])
}

/// The direct floor's queue for the chain scenario.
final class FIFO {
    var events: [any Event] = []
}
