import EventBusKit
import Foundation

// More of coming and going (CONTRACT §18): a subscription whose routes are many (a class
// with 100 subclasses, a category with 100 conforming types, each dispatched once first), a
// view's life, and the anchors: a stream made and finished, an observed object made and
// released.

// MARK: Routes a subscription covers

/// The base class of 100 subclasses (`ChurnLeaf<Tag>`, one per tag type).
class ChurnBase: Event {}

/// A subclass of ``ChurnBase`` per `Tag`: 100 tags make 100 classes, each its own route.
final class ChurnLeaf<Tag>: ChurnBase {}

/// A protocol with 100 conforming types (`ChurnMember<Tag>`), listed as a category.
protocol ChurnCategory: Event {}

/// A struct conforming to ``ChurnCategory`` per `Tag`: 100 tags make 100 types.
struct ChurnMember<Tag>: ChurnCategory {}

/// An instance of `ChurnLeaf<tag>` and of `ChurnMember<tag>`.
func churnLeaf<Tag>(_: Tag.Type) -> ChurnBase { ChurnLeaf<Tag>() }
func churnMember<Tag>(_: Tag.Type) -> any Event { ChurnMember<Tag>() }

/// Subscribe and cancel (2 operations) to a class with 100 subclasses, or to
/// `Conforming<any ChurnCategory>` with 100 conforming types, each dispatched once first (the
/// routes the subscription covers are warm), beside 100 other consumers as in `churn`.
func churnCovering(category: Bool) -> Scenario {
    let tags: [any GeneratedEvent.Type] = (0..<100).map { generatedEventType($0) }
    let events: [any Event] = tags.map { category ? churnMember($0) : churnLeaf($0) }
    return Scenario(
        key: category ? "churn-category" : "churn-class",
        title: category
            ? "Subscribe/cancel to `Conforming<any ChurnCategory>`, 100 conforming types routed"
            : "Subscribe/cancel to a class whose 100 subclasses are routed",
        unit: "operation", allocationsPerUnit: true,
        cases: [
            Case(name: "EventBusKit `subscribe` / `cancel`", unitsPerIteration: 2) {
                let bus = warmChurnBus()
                let consumer = CountingConsumer()
                for event in events { bus.dispatch(event) }
                return .sync { n in
                    for _ in 0..<n {
                        if category {
                            bus.subscribe(to: Conforming<any ChurnCategory>.self) { _ in
                                consumer.hit()
                            }.cancel()
                        } else {
                            bus.subscribe(to: ChurnBase.self) { _ in consumer.hit() }.cancel()
                        }
                    }
                }
            },
            Case(name: "typeKeyedDictionary `on` / `off`", unitsPerIteration: 2) {
                let bus = TypeKeyedBus()
                for index in 0..<100 { bus.on(generatedEventType(index % 10)) { _ in } }
                let consumer = CountingConsumer()
                return .sync { n in
                    for _ in 0..<n {
                        bus.off(ChurnBase.self, bus.on(ChurnBase.self) { _ in consumer.hit() })
                    }
                }
            },
        ])
}

// MARK: A view's life

/// A view's life (one unit): three subscriptions, ten dispatches among their types, one
/// token cancelled and two dropped, beside 100 other consumers as in `churn`. What a bus
/// defers from the removals into its next dispatches shows here.
func viewLife() -> Scenario {
    Scenario(
        key: "viewlife",
        title: "A view's life: 3 subscriptions, 10 dispatches, 1 cancelled and 2 dropped",
        unit: "view life", allocationsPerUnit: true,
        cases: [
            Case(name: "typeKeyedDictionary", unitsPerIteration: 1) {
                let bus = TypeKeyedBus()
                for index in 0..<100 { bus.on(generatedEventType(index % 10)) { _ in } }
                let consumer = CountingConsumer()
                return .sync { n in
                    for i in 0..<n {
                        let ping = bus.on(Ping.self) { _ in consumer.hit() }
                        let tap = bus.on(ViewTap.self) { _ in consumer.hit() }
                        let tick = bus.on(ViewTick.self) { _ in consumer.hit() }
                        for k in 0..<4 { bus.post(Ping(value: i &+ k)) }
                        for k in 0..<3 { bus.post(ViewTap(value: k)) }
                        for k in 0..<3 { bus.post(ViewTick(value: k)) }
                        bus.off(Ping.self, ping)
                        bus.off(ViewTap.self, tap)
                        bus.off(ViewTick.self, tick)
                    }
                }
            },
            Case(name: "EventBusKit", unitsPerIteration: 1) {
                let bus = warmChurnBus()
                bus.dispatch(ViewTap(value: 0))
                bus.dispatch(ViewTick(value: 0))
                let consumer = CountingConsumer()
                return .sync { n in
                    for i in 0..<n {
                        let ping = bus.subscribe(to: Ping.self) { _ in consumer.hit() }
                        var tap: EventSubscription? = bus.subscribe(to: ViewTap.self) { _ in
                            consumer.hit()
                        }
                        var tick: EventSubscription? = bus.subscribe(to: ViewTick.self) { _ in
                            consumer.hit()
                        }
                        for k in 0..<4 { bus.dispatch(Ping(value: i &+ k)) }
                        for k in 0..<3 { bus.dispatch(ViewTap(value: k)) }
                        for k in 0..<3 { bus.dispatch(ViewTick(value: k)) }
                        ping.cancel()
                        tap = nil
                        tick = nil
                        withExtendedLifetime((tap, tick)) {}
                    }
                }
            },
        ])
}

/// An event of a view's life.
struct ViewTap: Event { var value: Int }
/// An event of a view's life.
struct ViewTick: Event { var value: Int }

// MARK: Anchors

/// A stream made and finished, against an `AsyncStream` and its continuation made and
/// finished; an observed object made and released. The bus knows no actor (the stream is
/// made with `isolation: nil`): the owner's `deliverPosted()`, inside the unit, sweeps what
/// ended.
func comeAndGoAnchors() -> Scenario {
    var cases = [
        Case(name: "AsyncStream and its continuation, made and finished", unitsPerIteration: 1) {
            .sync { n in
                for _ in 0..<n {
                    let (stream, continuation) = AsyncStream.makeStream(of: Ping.self)
                    continuation.finish()
                    withExtendedLifetime(stream) {}
                }
            }
        },
        Case(name: "EventBusKit `events(of:)`, made and released", unitsPerIteration: 1) {
            let bus = warmChurnBus()
            return .sync { n in
                for _ in 0..<n {
                    withExtendedLifetime(bus.events(of: Ping.self, isolation: nil)) {}
                    bus.deliverPosted()
                }
            }
        },
    ]
    if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
        cases.append(
            Case(name: "EventBusKit `observe`, made and released", unitsPerIteration: 1) {
                let bus = warmChurnBus()
                return .sync { n in
                    for _ in 0..<n {
                        withExtendedLifetime(bus.observe(Ping.self)) {}
                        bus.deliverPosted()
                    }
                }
            })
    }
    return Scenario(
        key: "come-and-go", title: "Made and released: a stream, an observed object",
        unit: "recipient", allocationsPerUnit: true, cases: cases)
}
