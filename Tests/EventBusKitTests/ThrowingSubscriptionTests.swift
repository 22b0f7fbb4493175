import EventBusKit
import Testing

@Suite(.noUnexpectedProblems) struct ThrowingSubscriptionTests {
    @Test(.allowsProblems) func aFailureAnnouncedOutsideAPassCountsTheDiscardsOfItsDrain() {
        // The stand-in is public (here through `ConsumerFailedEvent.consumer`); called
        // directly, outside any pass, it announces its failure in a drain of its own, whose
        // report no caller receives: its discards are counted in `unattendedDiscards`.
        let bus = EventBus(maximumEventsPerDrain: 2)
        var standIn: (any EventConsumer)?
        let failing = bus.subscribe(to: Num.self) { number in
            throw HandlerError(code: number.value)
        }
        let listener = bus.subscribe(to: ConsumerFailedEvent.self) { failure in
            standIn = failure.consumer
            bus.dispatch(Other())
            bus.dispatch(Other())
        }
        #expect(bus.dispatch(Num(1)) == .limitReached(processed: 2, discarded: 2))
        #expect(bus.unattendedDiscards == 0)
        standIn?.consume(Num(2))
        #expect(bus.unattendedDiscards == 1)
        withExtendedLifetime((failing, listener)) {}
    }

    @Test(.allowsProblems) func anErrorDoesNotStopDeliveryToTheRemainingRecipients() {
        let bus = EventBus()
        let trace = Trace()
        bus.register(TraceConsumer("A", [Num.self], trace: trace))
        let failing = bus.subscribe(to: Num.self) { number in
            trace.entries.append("F\(number)")
            throw HandlerError(code: number.value)
        }
        bus.register(TraceConsumer("B", [Num.self], trace: trace))
        bus.dispatch(Num(1))
        bus.dispatch(Num(2))
        #expect(trace.entries == ["A1", "F1", "B1", "A2", "F2", "B2"])
        withExtendedLifetime(failing) {}
    }

    @Test func eachFailureIsAnnouncedOnceWithTheRecipientTheEventAndTheError() {
        let bus = EventBus()
        let failures = RecordingConsumer(willConsume: [ConsumerFailedEvent.self])
        bus.register(failures)
        var calls = 0
        let failing = bus.subscribe(to: Num.self) { number in
            calls += 1
            if number.value.isMultiple(of: 2) { throw HandlerError(code: number.value) }
        }
        #expect(bus.dispatch(Num(1)) == .drained(events: 1))
        #expect(bus.dispatch(Num(2)) == .drained(events: 2))
        #expect(calls == 2)  // never retried
        let failed = failures.received(ConsumerFailedEvent.self)
        #expect(failed.count == 1)
        #expect(failed.first?.event.as(Num.self)?.value == 2)
        #expect(failed.first?.error as? HandlerError == HandlerError(code: 2))
        #expect(
            failed.first.map { "\($0.consumer)" }?
                .hasPrefix("Subscription(to: Num, at: EventBusKitTests/") == true)
        withExtendedLifetime(failing) {}
    }

    @Test func theFailureIsAnnouncedBeforeTheCallsDidConsumeEventAndNamesTheSameRecipient() {
        let bus = EventBus()
        let logger = RecordingConsumer(willConsume: [
            DidConsumeEvent.self, ConsumerFailedEvent.self,
        ])
        bus.register(logger)
        let failing = bus.subscribe(to: Num.self) { _ in throw HandlerError(code: 0) }
        #expect(bus.dispatch(Num(1)) == .drained(events: 3))
        let failure = logger.received.first?.as(ConsumerFailedEvent.self)
        let did = logger.received.last?.as(DidConsumeEvent.self)
        #expect(failure != nil && did != nil)
        #expect(failure.map { $0.consumer === did?.consumer } == true)
        withExtendedLifetime(failing) {}
    }

    @Test(.allowsProblems) func aFailureIsQueuedOnlyWhileSomeoneListensAndAllEventDoesNotCoverIt() {
        let bus = EventBus()
        let everything = RecordingConsumer(willConsume: [AllEvent.self])
        bus.register(everything)
        let failing = bus.subscribe(to: Num.self) { _ in throw HandlerError(code: 0) }
        #expect(bus.dispatch(Num(1)) == .drained(events: 1))
        #expect(everything.received.count == 1)
        withExtendedLifetime(failing) {}
    }

    @Test func aFailureWhileHandlingAFailureIsReportedNotAnnouncedAgain() {
        let bus = EventBus()
        var reports: [String] = []
        bus.onProblem = { reports.append("\($0.kind): \($0.message)") }
        let (first, firstLine) = (
            bus.subscribe(to: Num.self) { _ in throw HandlerError(code: 1) }, #line
        )
        var handled = 0
        let secondLine = #line + 1
        let second = bus.subscribe(to: ConsumerFailedEvent.self) { _ in
            handled += 1
            throw HandlerError(code: 2)
        }
        #expect(bus.dispatch(Num(1)) == .drained(events: 2))
        #expect(handled == 1)
        // The listener threw: nobody handled the first failure, and the listener's own is
        // reported too (in the order they were found).
        // Each message fits a printed line of 120 characters: the call sites lose their module
        // folders, then the long names and errors are cut, then (in the longer second) the
        // middle of the file's name; every call site keeps its `.swift:line`.
        let site = "ThrowingSubscriptionTests.swift"
        #expect(
            reports == [
                "unhandledFailure: S…nt, at: …\(site):\(secondLine)) threw H […] on "
                    + "ConsumerFailedEvent; catch it in the listener",
                "unhandledFailure: S…um, at: ThrowingSubs…nTests.swift:\(firstLine)) threw H […] on "
                    + "Num, unhandled; a listener must accept it and return",
            ])
        withExtendedLifetime((first, second)) {}
    }

    /// Every handler may throw: a closure that throws and one that does not are the same
    /// form, named alike.
    @Test func aClosureThatThrowsAndOneThatDoesNotAreOneForm() {
        let bus = EventBus()
        let logger = RecordingConsumer(willConsume: [DidConsumeEvent.self])
        bus.register(logger)
        let (plain, plainLine) = (bus.subscribe(to: Num.self) { _ in }, #line)
        let throwingLine = #line + 1
        let throwing = bus.subscribe(to: Num.self) { number in
            if number.value < 0 { throw HandlerError(code: number.value) }
        }
        bus.dispatch(Num(1))
        let described = logger.received(DidConsumeEvent.self).map { "\($0.consumer)" }
        #expect(
            described == [
                subscriptionName("Num", line: plainLine),
                subscriptionName("Num", line: throwingLine),
            ])
        withExtendedLifetime((plain, throwing)) {}
    }

    @Test func theTokenEndsAThrowingSubscriptionOnCancelOrDeinit() {
        let bus = EventBus()
        var calls = 0
        let token = bus.subscribe(to: Num.self) { number in
            calls += 1
            if number.value < 0 { throw HandlerError(code: number.value) }
        }
        do {
            _ = bus.subscribe(to: Num.self) { _ in
                calls += 100
                throw HandlerError(code: 0)
            }
        }
        bus.dispatch(Num(1))
        token.cancel()
        bus.dispatch(Num(2))
        #expect(calls == 1)
        bus.deliverPosted()  // the sweep the dropped token asked for
        #expect(bus.recipientCount == 0)
    }
}
