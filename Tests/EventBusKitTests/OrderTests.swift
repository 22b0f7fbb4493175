import EventBusKit
import Testing

@Suite(.noUnexpectedProblems) struct OrderTests {
    @Test func recipientsAreCalledInRegistrationOrder() {
        let bus = EventBus()
        let trace = Trace()
        for name in ["A", "B", "C"] {
            bus.register(TraceConsumer(name, [Num.self], trace: trace))
        }
        bus.dispatch(Num(1))
        #expect(trace.entries == ["A1", "B1", "C1"])
    }

    @Test func consumersAndSubscriptionsShareOneRegistrationOrder() {
        let bus = EventBus()
        let trace = Trace()
        bus.register(TraceConsumer("A", [Num.self], trace: trace))
        let token = bus.subscribe(to: Num.self) { trace.entries.append("S\($0)") }
        bus.register(TraceConsumer("C", [Num.self], trace: trace))
        bus.dispatch(Num(1))
        #expect(trace.entries == ["A1", "S1", "C1"])
        withExtendedLifetime(token) {}
    }

    @Test func registeringAnAlreadyRegisteredConsumerKeepsItsPlace() {
        let bus = EventBus()
        let trace = Trace()
        let a = TraceConsumer("A", [Num.self], trace: trace)
        bus.register(a)
        bus.register(TraceConsumer("B", [Num.self], trace: trace))
        bus.register(a)
        bus.registerWeakly(a)
        bus.dispatch(Num(1))
        #expect(trace.entries == ["A1", "B1"])
        #expect(bus.recipientCount == 2)
    }

    @Test func deregisteringAndRegisteringAgainMovesToTheEnd() {
        let bus = EventBus()
        let trace = Trace()
        let a = TraceConsumer("A", [Num.self], trace: trace)
        bus.register(a)
        bus.register(TraceConsumer("B", [Num.self], trace: trace))
        bus.dispatch(Num(1))
        bus.deregister(a)
        bus.register(a)
        bus.dispatch(Num(2))
        #expect(trace.entries == ["A1", "B1", "B2", "A2"])
    }

    @Test func reentrantDispatchIsBreadthFirst() {
        // Contract §3.2: A dispatches 2 while handling 1 → A1, B1, A2, B2.
        let bus = EventBus()
        let trace = Trace()
        var reports: [DispatchReport] = []
        bus.register(
            TraceConsumer("A", [Num.self], trace: trace) { event in
                if (event as? Num)?.value == 1 { reports.append(bus.dispatch(Num(2))) }
            })
        bus.register(TraceConsumer("B", [Num.self], trace: trace))
        let report = bus.dispatch(Num(1))
        #expect(trace.entries == ["A1", "B1", "A2", "B2"])
        #expect(reports == [.queued])
        #expect(report == .drained(events: 2))
    }

    @Test func nestedDispatchesAreDeliveredFirstInFirstOut() {
        let bus = EventBus()
        let trace = Trace()
        bus.register(
            TraceConsumer("A", [Num.self], trace: trace) { event in
                guard let n = event as? Num, n.value == 1 else { return }
                bus.dispatch(Num(2))
                bus.dispatch(Num(3))
            })
        bus.register(
            TraceConsumer("B", [Num.self], trace: trace) { event in
                guard let n = event as? Num, n.value == 1 else { return }
                bus.dispatch(Num(4))
            })
        bus.dispatch(Num(1))
        #expect(trace.entries == ["A1", "B1", "A2", "B2", "A3", "B3", "A4", "B4"])
    }

    @Test func didConsumeEventsFollowThePassInConsumptionOrder() {
        // Contract §3.3: A(E), B(E), L(A consumed E), L(B consumed E).
        let bus = EventBus()
        let trace = Trace()
        bus.register(TraceConsumer("A", [Num.self], trace: trace))
        bus.register(TraceConsumer("B", [Num.self], trace: trace))
        bus.register(TraceConsumer("L", [DidConsumeEvent.self], trace: trace))
        let report = bus.dispatch(Num(1))
        #expect(trace.entries == ["A1", "B1", "L(A consumed 1)", "L(B consumed 1)"])
        #expect(report == .drained(events: 3))
    }

    @Test func announcementsAndNestedDispatchesShareOneFIFO() {
        // A dispatches 2 inside consume(1); the DidConsumeEvent for A(1) is queued after
        // consume returns, so it follows 2 in the queue.
        let bus = EventBus()
        let trace = Trace()
        bus.register(
            TraceConsumer("A", [Num.self], trace: trace) { event in
                if (event as? Num)?.value == 1 { bus.dispatch(Num(2)) }
            })
        bus.register(TraceConsumer("B", [Num.self], trace: trace))
        bus.register(TraceConsumer("L", [DidConsumeEvent.self], trace: trace))
        let report = bus.dispatch(Num(1))
        #expect(
            trace.entries == [
                "A1", "B1",
                "A2", "B2",
                "L(A consumed 1)", "L(B consumed 1)",
                "L(A consumed 2)", "L(B consumed 2)",
            ])
        #expect(report == .drained(events: 6))
    }

    @Test func aDispatchFromALoggerIsQueuedBehindTheAnnouncements() {
        let bus = EventBus()
        let trace = Trace()
        bus.register(TraceConsumer("A", [Num.self, Other.self], trace: trace))
        bus.register(
            TraceConsumer("L", [DidConsumeEvent.self], trace: trace) { event in
                if let did = event as? DidConsumeEvent, did.event is Num { bus.dispatch(Other()) }
            })
        bus.dispatch(Num(1))
        #expect(trace.entries == ["A1", "L(A consumed 1)", "Aother", "L(A consumed other)"])
    }
}
