import EventBusKit
import Testing

/// An event type for the value-decided category tests.
struct ValueTick: Event, Hashable {
    let number: Int
}

/// Optionals of events are events, as an app may declare: whether one `is ValueTick` depends
/// on the value (`.some` is, `.none` is not).
extension Optional: Event where Wrapped: Event {}

/// `AnyHashable` as an event: whether one `is ValueTick` depends on what it wraps.
extension AnyHashable: Event {}

@Suite(.noUnexpectedProblems) struct ValueDecidedCategoryTests {
    /// Dispatches `events` to a consumer listing `Conforming<ValueTick>` and returns what it
    /// received, as the `ValueTick`s they cast to (`nil` for an event that is none).
    private func received(_ events: [any Event]) -> [ValueTick?] {
        let bus = EventBus()
        let recorder = RecordingConsumer(willConsume: [Conforming<ValueTick>.self])
        bus.register(recorder)
        for event in events { bus.dispatch(event) }
        return recorder.received.map { $0 as? ValueTick }
    }

    @Test(arguments: [true, false])
    func aCategoryDecidesEachOptionalByItsValueInEitherOrder(someFirst: Bool) {
        let some: ValueTick? = ValueTick(number: 1)
        let none: ValueTick? = nil
        let events: [any Event] = someFirst ? [some, none, some] : [none, some, none]
        let expected =
            someFirst ? [ValueTick(number: 1), ValueTick(number: 1)] : [ValueTick(number: 1)]
        #expect(received(events) == expected)
    }

    @Test(arguments: [true, false])
    func aCategoryDecidesEachAnyHashableByWhatItWrapsInEitherOrder(tickFirst: Bool) {
        let tick = AnyHashable(ValueTick(number: 2))
        let other = AnyHashable(7)
        let events: [any Event] = tickFirst ? [tick, other] : [other, tick]
        #expect(received(events) == [ValueTick(number: 2)])
    }

    @Test func aTypeListedByNameStillReceivesEveryValueOfIt() {
        let bus = EventBus()
        let recorder = RecordingConsumer(willConsume: [ValueTick?.self])
        bus.register(recorder)
        let categories = RecordingConsumer(willConsume: [Conforming<ValueTick>.self])
        bus.register(categories)
        bus.dispatch(ValueTick?.none)
        bus.dispatch(ValueTick?.some(ValueTick(number: 3)))
        #expect(recorder.received.count == 2)
        #expect(categories.received.count == 1)
    }
}

@Suite(.noUnexpectedProblems) struct ConcreteCategoryTests {
    @Test(.allowsProblems) func aCategoryOfAConcreteTypeCoversItButNeverTheBusAnnouncements() {
        let bus = EventBus()
        let ticks = RecordingConsumer(willConsume: [Conforming<ValueTick>.self])
        let announcements = RecordingConsumer(willConsume: [Conforming<DidConsumeEvent>.self])
        let everything = RecordingConsumer(willConsume: [Conforming<AllEvent>.self])
        bus.register(ticks)
        bus.register(announcements)
        bus.register(everything)
        bus.dispatch(ValueTick(number: 1))
        bus.dispatch(Num(2))
        #expect(ticks.received(ValueTick.self) == [ValueTick(number: 1)])
        #expect(ticks.received.count == 1)
        #expect(announcements.received.isEmpty)  // DidConsumeEvents were queued for `ticks`
        #expect(everything.received.isEmpty)  // no event `is AllEvent`
    }

    @Test func aListGetterDispatchingDuringAPassReachesTheConsumerBeingRegistered() {
        final class Dispatching: EventConsumer {
            let bus: EventBus
            var received: [Int] = []
            init(bus: EventBus) { self.bus = bus }
            var willConsume: [any Event.Type] {
                bus.dispatch(Num(99))
                return [Num.self]
            }
            func consume(_ event: any Event) { received.append((event as! Num).value) }
        }
        let bus = EventBus()
        let late = Dispatching(bus: bus)
        let registrar = bus.subscribe(to: ValueTick.self) { _ in bus.register(late) }
        bus.dispatch(ValueTick(number: 0))
        #expect(late.received == [99])  // queued during the pass, delivered after registering
        withExtendedLifetime(registrar) {}
    }
}
