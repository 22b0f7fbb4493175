import EventBusKit
import Testing

@Suite(.noUnexpectedProblems) struct LifetimeTests {
    @Test func registerRetainsTheConsumerUntilDeregister() {
        let bus = EventBus()
        weak var weakConsumer: RecordingConsumer?
        do {
            let consumer = RecordingConsumer(willConsume: [Num.self])
            weakConsumer = consumer
            bus.register(consumer)
        }
        #expect(weakConsumer != nil)  // the bus is its only owner
        bus.dispatch(Num(1))
        #expect(weakConsumer?.received.count == 1)
        #expect(bus.deregister(weakConsumer!))
        #expect(weakConsumer == nil)
    }

    @Test func registerWeaklyDoesNotRetainAndDropsTheConsumerWhenItDies() {
        let bus = EventBus()
        let trace = Trace()
        weak var weakConsumer: TraceConsumer?
        var consumer: TraceConsumer? = TraceConsumer("W", [Num.self], trace: trace)
        weakConsumer = consumer
        bus.registerWeakly(consumer!)
        bus.register(TraceConsumer("S", [Num.self], trace: trace))
        bus.dispatch(Num(1))
        consumer = nil
        #expect(weakConsumer == nil)
        bus.dispatch(Num(2))
        #expect(trace.entries == ["W1", "S1", "S2"])
        #expect(bus.recipientCount == 1)  // the dead entry was dropped when met
    }

    @Test func aConsumerDeregisteredDuringItsOwnConsumeIsReleasedAfterward() {
        let bus = EventBus()
        weak var weakConsumer: TraceConsumer?
        do {
            let consumer = TraceConsumer("A", [Num.self], trace: Trace())
            consumer.onConsume = { [unowned consumer] _ in bus.deregister(consumer) }
            weakConsumer = consumer
            bus.register(consumer)
        }
        bus.dispatch(Num(1))
        #expect(weakConsumer == nil)
    }

    @Test func aCancelledSubscriptionReleasesItsClosure() {
        let bus = EventBus()
        weak var weakCapture: Trace?
        let token: EventSubscription
        do {
            let captured = Trace()
            weakCapture = captured
            token = bus.subscribe(to: Num.self) { captured.entries.append("\($0)") }
        }
        bus.dispatch(Num(1))
        #expect(weakCapture?.entries == ["1"])
        token.cancel()
        #expect(weakCapture == nil)
        #expect(!token.isActive)
    }

    @Test func droppingTheTokenEndsTheSubscription() {
        let bus = EventBus()
        let trace = Trace()
        var token: EventSubscription? = bus.subscribe(to: Num.self) {
            trace.entries.append("S\($0)")
        }
        bus.dispatch(Num(1))
        #expect(token?.isActive == true)
        token = nil
        bus.dispatch(Num(2))
        #expect(trace.entries == ["S1"])
        #expect(bus.recipientCount == 0)
    }

    @Test func aTokenReleasedOnAnotherThreadEndsAtOnceAndTheBusReleasesItsClosure() async {
        let bus = EventBus()
        let trace = Trace()
        weak var weakCapture: Trace?
        var token: EventSubscription?
        do {
            let captured = Trace()
            weakCapture = captured
            token = bus.subscribe(to: Num.self) {
                captured.entries.append("\($0)")
                trace.entries.append("S\($0)")
            }
        }
        bus.dispatch(Num(1))
        let handOff = TokenHandOff(token.take()!)
        await Task.detached { handOff.release() }.value
        bus.dispatch(Num(2))
        #expect(trace.entries == ["S1"])
        #expect(bus.recipientCount == 0)  // the pass that met it removed it
        #expect(weakCapture == nil)  // and released its closure, on the bus's isolation
    }

    @Test func cancelIsIdempotent() {
        let bus = EventBus()
        let trace = Trace()
        let token = bus.subscribe(to: Num.self) { trace.entries.append("S\($0)") }
        let other = bus.subscribe(to: Num.self) { trace.entries.append("T\($0)") }
        token.cancel()
        token.cancel()
        bus.dispatch(Num(1))
        #expect(trace.entries == ["T1"])
        #expect(bus.recipientCount == 1)
        withExtendedLifetime(other) {}
    }

    @Test func theTokenDoesNotRetainTheBus() {
        weak var weakBus: EventBus?
        var token: EventSubscription?
        do {
            let bus = EventBus()
            weakBus = bus
            token = bus.subscribe(to: Num.self) { _ in }
        }
        #expect(weakBus == nil)
        #expect(token?.isActive == false)
        token?.cancel()  // harmless after the bus is gone
        token = nil
    }

    /// The rule: a token finds its bus only while the bus lives; once the bus has begun to
    /// deinitialize, `cancel()` finds none and does nothing (the teardown ends every
    /// recipient). Here no weak reference to the bus is made, so the bus's own reference
    /// counting is what the token's look-up meets.
    @Test func aTokenCancelledAfterItsBusIsGoneFindsNoBusAndDoesNothing() {
        let released = Released()
        var token: EventSubscription?
        do {
            let bus = EventBus()
            let witness = Witness("closure", released)
            token = bus.subscribe(to: Num.self) { _ in withExtendedLifetime(witness) {} }
        }
        #expect(released.names == ["closure"])  // the teardown let the closure go
        #expect(token?.isActive == false)
        token?.cancel()
        token?.cancel()
        #expect(token?.isActive == false)
        token = nil
    }

    /// A token cancelled from a deinit that the bus's teardown runs before it ends its
    /// recipients (a posted event it discards) meets its bus deinitializing: it finds none and
    /// does nothing; the teardown then ends the subscription.
    @Test func aTokenCancelledWhileItsBusDeinitializesFindsNoBusAndDoesNothing() {
        var states: [Bool] = []
        var kept: EventSubscription?
        do {
            let (bus, poster, _) = busThatKnowsNoActor()
            let token = bus.subscribe(to: Num.self) { _ in }
            kept = token
            // The bus lives until the post is made (an optimized build may release it after
            // its last use: the post would then be refused, and the event let go at once).
            withExtendedLifetime(bus) {
                _ = poster.post(
                    TokenCancellingEvent {
                        token.cancel()
                        states.append(token.isActive)
                    })
            }
        }
        #expect(states == [true])
        #expect(kept?.isActive == false)
    }

    @Test func theBusDoesNotOutliveItsOwnerBecauseOfItsConsumers() {
        final class Owner: EventConsumer {
            let bus = EventBus()
            var willConsume: [any Event.Type] { [Num.self] }
            func consume(_ event: any Event) {}
            init() { bus.registerWeakly(self) }
        }
        weak var weakBus: EventBus?
        weak var weakOwner: Owner?
        do {
            let owner = Owner()
            weakOwner = owner
            weakBus = owner.bus
            owner.bus.register(RecordingConsumer(willConsume: [Num.self]))
            owner.bus.dispatch(Num(1))
        }
        #expect(weakOwner == nil)
        #expect(weakBus == nil)
    }

    @Test func deallocatingTheBusReleasesEveryConsumerAndClosure() {
        weak var weakConsumer: RecordingConsumer?
        weak var weakCapture: Trace?
        var token: EventSubscription?
        do {
            let bus = EventBus()
            let consumer = RecordingConsumer(willConsume: [Num.self])
            let captured = Trace()
            weakConsumer = consumer
            weakCapture = captured
            bus.register(consumer)
            token = bus.subscribe(to: Num.self) { _ in captured.entries.append("x") }
        }
        #expect(weakConsumer == nil)
        #expect(weakCapture == nil)
        #expect(token?.isActive == false)
    }
}

/// A posted event that runs `onDeinit` when the bus lets it go.
///
/// `@unchecked Sendable` is sound: the test posts it and the bus discards it on the test's
/// own thread, the only one that runs `onDeinit` or touches what it captures.
private final class TokenCancellingEvent: Event, @unchecked Sendable {
    let onDeinit: () -> Void
    init(onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
}
