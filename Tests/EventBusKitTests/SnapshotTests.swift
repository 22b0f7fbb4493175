import EventBusKit
import Testing

@Suite(.noUnexpectedProblems) struct SnapshotTests {
    @Test func cancelSubscribeAndDispatchDuringAPassFollowTheSnapshotRule() {
        // Contract §4.3: recipients A, B; while handling 1, A cancels B, subscribes C and
        // dispatches 2 → A1, A2, C2.
        let bus = EventBus()
        let trace = Trace()
        var tokens: [EventSubscription] = []
        let b = TraceConsumer("B", [Num.self], trace: trace)
        let a = TraceConsumer("A", [Num.self], trace: trace) { event in
            guard (event as? Num)?.value == 1 else { return }
            bus.deregister(b)
            tokens.append(bus.subscribe(to: Num.self) { trace.entries.append("C\($0)") })
            bus.dispatch(Num(2))
        }
        bus.register(a)
        bus.register(b)
        bus.dispatch(Num(1))
        #expect(trace.entries == ["A1", "A2", "C2"])
    }

    @Test func aSubscriptionCancelledBeforeItsTurnIsSkipped() {
        let bus = EventBus()
        let trace = Trace()
        var token: EventSubscription?
        bus.register(
            TraceConsumer("A", [Num.self], trace: trace) { _ in token?.cancel() })
        token = bus.subscribe(to: Num.self) { trace.entries.append("S\($0)") }
        bus.dispatch(Num(1))
        bus.dispatch(Num(2))
        #expect(trace.entries == ["A1", "A2"])
    }

    @Test func aRecipientRemovedAfterItsTurnHasAlreadyReceivedTheEvent() {
        let bus = EventBus()
        let trace = Trace()
        let a = TraceConsumer("A", [Num.self], trace: trace)
        bus.register(a)
        bus.register(TraceConsumer("B", [Num.self], trace: trace) { _ in bus.deregister(a) })
        bus.dispatch(Num(1))
        bus.dispatch(Num(2))
        #expect(trace.entries == ["A1", "B1", "B2"])
    }

    @Test func aRecipientAddedDuringAPassReceivesEventsQueuedBeforeItWasAdded() {
        // 2 is queued before C registers, but 2's pass begins after: C receives it.
        let bus = EventBus()
        let trace = Trace()
        bus.register(
            TraceConsumer("A", [Num.self], trace: trace) { event in
                guard (event as? Num)?.value == 1 else { return }
                bus.dispatch(Num(2))
                bus.register(TraceConsumer("C", [Num.self], trace: trace))
            })
        bus.dispatch(Num(1))
        #expect(trace.entries == ["A1", "A2", "C2"])
    }

    @Test func theRecipientListIsFixedWhenThePassBeginsNotWhenDispatched() {
        // 2 is dispatched while B is registered; B is removed before 2's pass begins.
        let bus = EventBus()
        let trace = Trace()
        let b = TraceConsumer("B", [Num.self], trace: trace)
        bus.register(
            TraceConsumer("A", [Num.self], trace: trace) { event in
                guard (event as? Num)?.value == 1 else { return }
                bus.dispatch(Num(2))
            })
        bus.register(b)
        bus.register(
            TraceConsumer("Z", [Num.self], trace: trace) { event in
                if (event as? Num)?.value == 1 { bus.deregister(b) }
            })
        bus.dispatch(Num(1))
        #expect(trace.entries == ["A1", "B1", "Z1", "A2", "Z2"])
    }

    @Test func eachRecipientIsCalledAtMostOncePerPass() {
        // Re-registering during the pass (deregister + register moves A to the end) must not
        // make A receive the current event twice.
        let bus = EventBus()
        let trace = Trace()
        var a: TraceConsumer!
        a = TraceConsumer("A", [Num.self], trace: trace) { event in
            guard (event as? Num)?.value == 1 else { return }
            bus.deregister(a)
            bus.register(a)
        }
        bus.register(a)
        bus.register(TraceConsumer("B", [Num.self], trace: trace))
        bus.dispatch(Num(1))
        bus.dispatch(Num(2))
        #expect(trace.entries == ["A1", "B1", "B2", "A2"])
    }
}
