import Testing

@testable import EventBusKit

@Suite(.noUnexpectedProblems) struct BoundsTests {
    @Test(.allowsProblems) func aFeedbackLoopEndsWithLimitReached() {
        // Contract §5 worked example: limits 2 and 3.
        let bus = EventBus(maximumQueuedDispatches: 2, maximumEventsPerDrain: 3)
        let trace = Trace()
        bus.register(
            TraceConsumer("R", [Num.self], trace: trace) { event in
                bus.dispatch(Num((event as! Num).value + 1))
            })
        #expect(bus.dispatch(Num(0)) == .limitReached(processed: 3, discarded: 1))
        #expect(trace.entries == ["R0", "R1", "R2"])
    }

    @Test(.allowsProblems) func theBusIsReusableAfterALimitWasReached() {
        let bus = EventBus(maximumQueuedDispatches: 2, maximumEventsPerDrain: 3)
        let trace = Trace()
        var loop = true
        bus.register(
            TraceConsumer("R", [Num.self], trace: trace) { event in
                if loop { bus.dispatch(Num((event as! Num).value + 1)) }
            })
        bus.dispatch(Num(0))
        loop = false
        #expect(bus.dispatch(Num(10)) == .drained(events: 1))
        #expect(trace.entries == ["R0", "R1", "R2", "R10"])
    }

    @Test(.allowsProblems) func aFullQueueRejectsTheDispatchAndChangesNothingElse() {
        let bus = EventBus(maximumQueuedDispatches: 2)
        let trace = Trace()
        var reports: [DispatchReport] = []
        bus.register(
            TraceConsumer("A", [Num.self], trace: trace) { event in
                guard (event as! Num).value == 0 else { return }
                for value in 1...3 { reports.append(bus.dispatch(Num(value))) }
            })
        #expect(bus.dispatch(Num(0)) == .drained(events: 3))
        #expect(reports == [.queued, .queued, .rejectedFull])
        #expect(trace.entries == ["A0", "A1", "A2"])
    }

    @Test func theEventBeingDeliveredDoesNotCountAgainstMaximumPending() {
        let bus = EventBus(maximumQueuedDispatches: 1)
        var reports: [DispatchReport] = []
        let trace = Trace()
        bus.register(
            TraceConsumer("A", [Num.self], trace: trace) { event in
                if (event as! Num).value < 3 {
                    reports.append(bus.dispatch(Num((event as! Num).value + 1)))
                }
            })
        #expect(bus.dispatch(Num(0)) == .drained(events: 4))
        #expect(reports == [.queued, .queued, .queued])
    }

    @Test func announcementsAreNotRejectedByMaximumQueuedDispatchesButCountInTheReport() {
        // maximumQueuedDispatches 1: three consumptions queue three DidConsumeEvents all the same,
        // and a dispatch is still admitted while they wait.
        let bus = EventBus(maximumQueuedDispatches: 1)
        let trace = Trace()
        var reports: [DispatchReport] = []
        bus.register(TraceConsumer("A", [Num.self], trace: trace))
        bus.register(TraceConsumer("B", [Num.self], trace: trace))
        bus.register(
            TraceConsumer("C", [Num.self], trace: trace) { event in
                if (event as! Num).value == 1 { reports.append(bus.dispatch(Num(2))) }
            })
        bus.register(TraceConsumer("L", [DidConsumeEvent.self], trace: trace))
        #expect(bus.dispatch(Num(1)) == .drained(events: 2 + 6))
        #expect(reports == [.queued])
        // 2 was queued behind DC(A, 1) and DC(B, 1), and ahead of DC(C, 1).
        #expect(
            trace.entries == [
                "A1", "B1", "C1", "L(A consumed 1)", "L(B consumed 1)", "A2", "B2", "C2",
                "L(C consumed 1)", "L(A consumed 2)", "L(B consumed 2)", "L(C consumed 2)",
            ])
    }

    @Test(.allowsProblems) func announcementsCountAgainstTheDrainBudgetAndAreDiscardedWithTheRest()
    {
        let bus = EventBus(maximumEventsPerDrain: 2)
        let trace = Trace()
        bus.register(TraceConsumer("A", [Num.self], trace: trace))
        bus.register(TraceConsumer("B", [Num.self], trace: trace))
        bus.register(TraceConsumer("L", [DidConsumeEvent.self], trace: trace))
        #expect(bus.dispatch(Num(1)) == .limitReached(processed: 2, discarded: 1))
        #expect(trace.entries == ["A1", "B1", "L(A consumed 1)"])
    }

    @Test func exactlyUsingTheBudgetWithNothingLeftIsDrained() {
        let bus = EventBus(maximumEventsPerDrain: 2)
        let trace = Trace()
        bus.register(
            TraceConsumer("A", [Num.self], trace: trace) { event in
                if (event as! Num).value == 1 { bus.dispatch(Num(2)) }
            })
        #expect(bus.dispatch(Num(1)) == .drained(events: 2))
    }

    @Test(.allowsProblems) func theRejectPolicyRejectsNestedDispatchButAnnouncementsFlow() {
        let bus = EventBus(reentrancy: .reject)
        let trace = Trace()
        var reports: [DispatchReport] = []
        bus.register(
            TraceConsumer("A", [Num.self], trace: trace) { event in
                reports.append(bus.dispatch(Num(2)))
            })
        bus.register(TraceConsumer("L", [DidConsumeEvent.self], trace: trace))
        #expect(bus.dispatch(Num(1)) == .drained(events: 2))
        #expect(reports == [.rejectedReentrant])
        #expect(trace.entries == ["A1", "L(A consumed 1)"])
        // The bus accepts the next outermost dispatch.
        #expect(bus.dispatch(Num(3)) == .drained(events: 2))
    }

    @Test(arguments: [
        (
            0, 1,
            "EventBus(maximumQueuedDispatches:): maximumQueuedDispatches must be positive, got 0"
        ),
        (
            -5, 1,
            "EventBus(maximumQueuedDispatches:): maximumQueuedDispatches must be positive, got -5"
        ),
        (1, 0, "EventBus(maximumEventsPerDrain:): maximumEventsPerDrain must be positive, got 0"),
        (1, -1, "EventBus(maximumEventsPerDrain:): maximumEventsPerDrain must be positive, got -1"),
    ])
    func nonPositiveBoundsStopWithAMessageNamingTheParameter(
        pending: Int, drain: Int, message: String
    ) {
        #expect(
            EventBus.boundsProblem(maximumQueuedDispatches: pending, maximumEventsPerDrain: drain)
                == message
        )
    }

    @Test func positiveBoundsAreAccepted() {
        #expect(EventBus.boundsProblem(maximumQueuedDispatches: 1, maximumEventsPerDrain: 1) == nil)
        let bus = EventBus()
        #expect(bus.maximumQueuedDispatches == 100)
        #expect(bus.maximumEventsPerDrain == 1_000)
        #expect(bus.reentrancy == .queue)
    }
}
