import EventBusKit
import Testing

/// Recipients added after their event type's route was built (CONTRACT §18: a recipient
/// enters the routes when one is next read, not when it is added): each receives the next
/// dispatch, in call order, and every question the bus answers about its recipients counts
/// it, as it does a recipient that came before the route.
@Suite(.noUnexpectedProblems) struct LateRecipientTests {
    @Test func recipientsAddedAfterTheRouteWasBuiltReceiveTheNextDispatchInCallOrder() {
        let bus = EventBus()
        let trace = Trace()
        bus.register(TraceConsumer("A", [Num.self], trace: trace))
        bus.dispatch(Num(1))
        let token = bus.subscribe(to: Num.self) { trace.entries.append("S\($0)") }
        // A higher priority goes before every recipient of a lower one.
        bus.register(TraceConsumer("P", [Num.self], trace: trace), options: .priority(1))
        bus.register(TraceConsumer("C", [Num.self], trace: trace))
        bus.dispatch(Num(2))
        #expect(trace.entries == ["A1", "P2", "A2", "S2", "C2"])
        withExtendedLifetime(token) {}
    }

    @Test func recipientsGoneBeforeAnyDispatchReceiveNothingAndTheOthersKeepTheirOrder() {
        let bus = EventBus()
        let trace = Trace()
        bus.register(TraceConsumer("A", [Num.self], trace: trace))
        bus.dispatch(Num(1))
        // Made and gone between two dispatches: cancelled, the newest and one in the middle;
        // one token dropped; one consumer deregistered.
        for _ in 0..<3 { bus.subscribe(to: Num.self) { trace.entries.append("X\($0)") }.cancel() }
        let s = bus.subscribe(to: Num.self) { trace.entries.append("S\($0)") }
        let middle = bus.subscribe(to: Num.self) { trace.entries.append("M\($0)") }
        var dropped: EventSubscription? = bus.subscribe(to: Num.self) {
            trace.entries.append("D\($0)")
        }
        let b = TraceConsumer("B", [Num.self], trace: trace)
        bus.register(b)
        let t = bus.subscribe(to: Num.self) { trace.entries.append("T\($0)") }
        middle.cancel()
        dropped = nil
        bus.deregister(b)
        bus.dispatch(Num(2))
        #expect(trace.entries == ["A1", "A2", "S2", "T2"])
        withExtendedLifetime((s, t, dropped)) {}
    }

    @Test func manyLateRecipientsMostOfThemCancelledLeaveExactlyTheRestInOrder() {
        // Enough removals from the middle that the list is compacted before the dispatch.
        let bus = EventBus()
        let trace = Trace()
        bus.dispatch(Num(0))
        let tokens = (0..<40).map { index in
            bus.subscribe(to: Num.self) { trace.entries.append("\(index):\($0)") }
        }
        for (index, token) in tokens.enumerated() where index % 4 != 3 { token.cancel() }
        bus.dispatch(Num(1))
        #expect(trace.entries == stride(from: 3, to: 40, by: 4).map { "\($0):1" })
        #expect(bus.recipientCount == 10)
        withExtendedLifetime(tokens) {}  // the ten left end when their tokens go
    }

    @Test func whatTheBusSaysOfItsRecipientsCountsOnesNoDispatchHasReachedYet() {
        let late = EventBus()
        late.dispatch(Num(0))
        #expect(!late.hasRecipients(for: Num.self))
        late.register(TraceConsumer("L", [Num.self], trace: Trace()))
        #expect(late.hasRecipients(for: Num.self))
        // Its route reaches it, as it would reach a recipient that came before the route.
        #expect(
            "\(late)" == """
                EventBus: 1 recipient
                  1. L  willConsume: [Num]  excludeList: []
                routes built:
                  NoConsumerEvent → no one
                  Num → L
                """)
    }

    @Test func aListenerForConsumptionsAddedAfterTheRoutesWereBuiltHearsTheNextOne() {
        let bus = EventBus()
        let trace = Trace()
        bus.register(TraceConsumer("A", [Num.self], trace: trace))
        bus.register(TraceConsumer("L1", [DidConsumeEvent.self], trace: trace))
        bus.dispatch(Num(1))
        bus.register(TraceConsumer("L2", [DidConsumeEvent.self], trace: trace))
        bus.dispatch(Num(2))
        #expect(
            trace.entries == [
                "A1", "L1(A consumed 1)",
                "A2", "L1(A consumed 2)", "L2(A consumed 2)",
            ])
    }
}
