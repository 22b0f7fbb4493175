import EventBusKit
import Testing

/// Contract §10.6: `hasRecipients(for:)` answers by type, without a value.
@Suite(.noUnexpectedProblems) struct HasRecipientsTests {
    @Test func answersWhetherATypeWouldReachALiveRecipient() {
        let bus = EventBus()
        let trace = Trace()
        #expect(!bus.hasRecipients(for: Num.self))
        let consumer = TraceConsumer(
            "A", [PageViewEvent.self], excluding: [UserRewardPageViewEvent.self], trace: trace)
        bus.register(consumer)
        #expect(bus.hasRecipients(for: PageViewEvent.self))
        #expect(bus.hasRecipients(for: TrackedPageViewEvent.self))
        #expect(!bus.hasRecipients(for: UserRewardPageViewEvent.self))
        #expect(!bus.hasRecipients(for: Num.self))
        bus.dispatch(PageViewEvent(page: "x"))  // builds the route: same answer from it
        #expect(bus.hasRecipients(for: PageViewEvent.self))
        bus.deregister(consumer)
        #expect(!bus.hasRecipients(for: PageViewEvent.self))
        #expect(trace.entries == ["Apage(x)"])
    }

    @Test func aWeaklyHeldConsumerThatDiedDoesNotCount() {
        let bus = EventBus()
        var consumer: TraceConsumer? = TraceConsumer("A", [Num.self], trace: Trace())
        bus.registerWeakly(consumer!)
        bus.dispatch(Num(1))
        #expect(bus.hasRecipients(for: Num.self))
        consumer = nil
        #expect(!bus.hasRecipients(for: Num.self))
    }

    @Test func announcementsAreReachedOnlyByTheirOwnEntries() {
        let bus = EventBus()
        let all = bus.subscribe(to: AllEvent.self) { _ in }
        #expect(bus.hasRecipients(for: Num.self))
        #expect(!bus.hasRecipients(for: DidConsumeEvent.self))
        withExtendedLifetime(all) {}
    }

    @Test func aCategoryIsDecidedOnceATypeWasDispatchedAndCountsUntilThen() {
        let bus = EventBus()
        let token = bus.subscribe(to: Conforming<any Analytics>.self) { _ in }
        // Never dispatched: the conformance cannot be checked without a value, so the
        // category counts.
        #expect(bus.hasRecipients(for: Num.self))
        #expect(bus.hasRecipients(for: Tap.self))
        bus.dispatch(Num(1))
        bus.dispatch(Tap())
        #expect(!bus.hasRecipients(for: Num.self))
        #expect(bus.hasRecipients(for: Tap.self))
        withExtendedLifetime(token) {}
    }
}
