import Testing

@testable import EventBusKit

/// Contract §16.6: `recipientCount` counts only recipients that can still be called, and
/// building a route removes the ended recipients it skips.
@MainActor @Suite(.noUnexpectedProblems) struct RecipientCountTests {
    @Test func aDroppedOneShotTokenStopsCountingAndTheRouteBuiltAfterRemovesIt() {
        let bus = EventBus()
        var token: EventSubscription? = bus.subscribe(to: Num.self, options: .once) { _ in }
        #expect(bus.recipientCount == 1)
        token = nil
        #expect(bus.recipientCount == 0)
        bus.dispatch(Num(1))  // builds Num's route, which skips the ended subscription
        #expect(bus.recipientCount == 0)
        #expect(bus.registry.value.count == 0)  // and removes it
        _ = token
    }

    @Test func aSubscriptionWhoseOwnerIsGoneStopsCounting() {
        final class Owner {}
        let bus = EventBus()
        var owner: Owner? = Owner()
        bus.subscribe(to: Num.self, owner: owner!) { _, _ in }
        #expect(bus.recipientCount == 1)
        owner = nil
        #expect(bus.recipientCount == 0)
        bus.dispatch(Other())  // a route that does not meet it: built, it removes it
        #expect(bus.registry.value.count == 0)
    }

    @Test func aWeaklyHeldConsumerThatDiedStopsCounting() {
        let bus = EventBus()
        var consumer: RecordingConsumer? = RecordingConsumer(willConsume: [Num.self])
        bus.registerWeakly(consumer!)
        let kept = bus.subscribe(to: Num.self) { _ in }
        #expect(bus.recipientCount == 2)
        consumer = nil
        #expect(bus.recipientCount == 1)
        withExtendedLifetime(kept) {}
    }

    @Test func aStreamWhoseReaderStoppedStopsCounting() async {
        let bus = EventBus()
        var stream: AsyncStream<Num>? = bus.events(of: Num.self)
        #expect(bus.recipientCount == 1)
        stream = nil  // its termination ends the stand-in
        #expect(bus.recipientCount == 0)
        _ = stream
    }
}
