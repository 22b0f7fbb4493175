import EventBusKit
import Testing

@Suite(.noUnexpectedProblems) struct AnnouncementTests {
    @Test func noDidConsumeEventIsQueuedWhenNoOneListens() {
        let bus = EventBus()
        let trace = Trace()
        bus.register(TraceConsumer("A", [Num.self], trace: trace))
        bus.register(TraceConsumer("B", [Num.self], trace: trace))
        #expect(bus.dispatch(Num(1)) == .drained(events: 1))
    }

    @Test func didConsumeEventCarriesTheVeryConsumerAndEvent() {
        let bus = EventBus()
        let consumer = RecordingConsumer(name: "A", willConsume: [PageViewEvent.self])
        let logger = RecordingConsumer(name: "L", willConsume: [DidConsumeEvent.self])
        bus.register(consumer)
        bus.register(logger)
        let event = UserRewardPageViewEvent(page: "three")
        bus.dispatch(event)
        let announcements = logger.received(DidConsumeEvent.self)
        #expect(announcements.count == 1)
        #expect(announcements.first?.consumer === consumer)
        #expect((announcements.first?.event as? UserRewardPageViewEvent) === event)
    }

    @Test func aClosureSubscriptionIsAnnouncedByAReadableStandIn() {
        let bus = EventBus()
        let logger = RecordingConsumer(name: "L", willConsume: [DidConsumeEvent.self])
        bus.register(logger)
        let token = bus.subscribe(to: Num.self) { _ in }
        let line = #line - 1
        bus.dispatch(Num(1))
        let standIn = logger.received(DidConsumeEvent.self).first?.consumer
        #expect(
            standIn.map { "\($0)" }
                == "Subscription(to: Num, at: EventBusKitTests/AnnouncementTests.swift:\(line))")
        withExtendedLifetime(token) {}
    }

    @Test func deliveringAnAnnouncementNeverProducesAnother() {
        let bus = EventBus()
        let trace = Trace()
        bus.register(TraceConsumer("A", [Num.self], trace: trace))
        bus.register(TraceConsumer("L1", [DidConsumeEvent.self], trace: trace))
        bus.register(
            TraceConsumer("L2", [DidConsumeEvent.self, NoConsumerEvent.self], trace: trace))
        let report = bus.dispatch(Num(1))
        #expect(trace.entries == ["A1", "L1(A consumed 1)", "L2(A consumed 1)"])
        #expect(report == .drained(events: 2))
    }

    @Test func anEventThatReachesNoOneIsAnnouncedToItsListeners() {
        let bus = EventBus()
        let trace = Trace()
        bus.register(TraceConsumer("N", [NoConsumerEvent.self], trace: trace))
        bus.register(TraceConsumer("A", [Num.self], trace: trace))
        #expect(bus.dispatch(Other()) == .drained(events: 2))
        #expect(bus.dispatch(Num(1)) == .drained(events: 1))
        #expect(trace.entries == ["N(nobody got other)", "A1"])
    }

    @Test func anEventWhoseRecipientsAllLeftBeforeTheirTurnReachedNoOne() {
        let bus = EventBus()
        let trace = Trace()
        let b = TraceConsumer("B", [Num.self], trace: trace)
        bus.register(TraceConsumer("N", [NoConsumerEvent.self], trace: trace))
        bus.register(
            TraceConsumer("A", [Other.self], trace: trace) { _ in
                bus.dispatch(Num(2))
                bus.deregister(b)
            })
        bus.register(b)
        bus.dispatch(Other())
        #expect(trace.entries == ["Aother", "N(nobody got 2)"])
    }

    @Test func noNoConsumerEventWithoutAListener() {
        let bus = EventBus()
        #expect(bus.dispatch(Num(1)) == .drained(events: 1))
    }

    @Test func aDispatchedAnnouncementThatReachesNoOneIsNotAnnounced() {
        // Only events other than the bus's own announcements produce NoConsumerEvent.
        let bus = EventBus()
        let trace = Trace()
        bus.register(TraceConsumer("N", [NoConsumerEvent.self], trace: trace))
        bus.dispatch(DidConsumeEvent(consumer: RecordingConsumer(willConsume: []), event: Num(1)))
        #expect(trace.entries.isEmpty)
    }

    @Test func aLoggerRegisteredInsideAConsumptionHearsThatConsumption() {
        let bus = EventBus()
        let trace = Trace()
        bus.register(
            TraceConsumer("A", [Num.self], trace: trace) { event in
                if (event as? Num)?.value == 1 {
                    bus.register(TraceConsumer("L", [DidConsumeEvent.self], trace: trace))
                }
            })
        bus.register(TraceConsumer("B", [Num.self], trace: trace))
        bus.dispatch(Num(1))
        // The announcement is queued when A's consume returns, and L is registered by then;
        // the announcements' passes begin after L joined, so L receives both.
        #expect(trace.entries == ["A1", "B1", "L(A consumed 1)", "L(B consumed 1)"])
    }
}
