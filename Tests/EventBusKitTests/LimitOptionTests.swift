import Testing

@testable import EventBusKit

/// Contract §14.1, `limit`: a recipient receives at most *n* events, and ends before the call
/// that takes its *n*-th.
@MainActor @Suite(.noUnexpectedProblems) struct LimitOptionTests {
    @Test func aSubscriptionReceivesAtMostItsLimitAndEndsBeforeItsLastCall() {
        let bus = EventBus()
        var seen: [String] = []
        var token: EventSubscription?
        token = bus.subscribe(to: Num.self, options: .limit(2)) { number in
            seen.append("S\(number) active: \(token?.isActive == true)")
            bus.dispatch(Num(number.value + 10))  // not delivered to it again after its last
        }
        #expect(bus.dispatch(Num(1)) == .drained(events: 3))
        #expect(seen == ["S1 active: true", "S11 active: false"])
        #expect(bus.recipientCount == 0)
        bus.dispatch(Num(2))
        #expect(seen.count == 2)
    }

    @Test func anEventItsPredicateRejectsDoesNotCount() {
        let bus = EventBus()
        var seen: [Int] = []
        let token = bus.subscribe(
            to: Num.self, options: .limit(2), where: { $0.value.isMultiple(of: 2) }
        ) { seen.append($0.value) }
        for value in 1...6 { bus.dispatch(Num(value)) }
        #expect(seen == [2, 4])
        withExtendedLifetime(token) {}
    }

    @Test(.allowsProblems) func aCallThatThrowsCounts() {
        let bus = EventBus()
        var calls = 0
        let token = bus.subscribe(to: Num.self, options: .limit(2)) { _ in
            calls += 1
            throw HandlerError(code: calls)
        }
        for value in 1...3 { bus.dispatch(Num(value)) }
        #expect(calls == 2)
        withExtendedLifetime(token) {}
    }

    @Test func withReplayItIsOfferedTheNewestStoredValuesInReplayOrder() {
        let bus = EventBus()
        bus.dispatch(Mood("calm"))
        bus.dispatch(Volume(3))
        bus.dispatch(Rain())
        var seen: [String] = []
        let token = bus.subscribe(to: AllEvent.self, options: [.limit(2), .replaysLatest]) {
            seen.append("\($0)")
        }
        #expect(seen == ["volume(3)", "rain"])
        #expect(!token.isActive)
    }

    @Test func aReplayItsPredicateRejectsIsNotCountedButTheOfferIsTheNewestN() {
        let bus = EventBus()
        bus.dispatch(Mood("calm"))
        bus.dispatch(Volume(3))
        bus.dispatch(Rain())
        var seen: [String] = []
        let token = bus.subscribe(
            to: AllEvent.self, options: [.limit(2), .replaysLatest], where: { !($0 is Rain) }
        ) { seen.append("\($0)") }
        #expect(seen == ["volume(3)"])  // offered volume and rain; rain rejected
        #expect(token.isActive)
        bus.dispatch(Num(5))
        #expect(seen == ["volume(3)", "5"])
        #expect(!token.isActive)
    }

    @Test func aWildcardSubscriptionTakesOneWithOnce() {
        let bus = EventBus()
        var seen: [String] = []
        let token = bus.subscribe(to: AllEvent.self, options: .once) { seen.append("\($0)") }
        bus.dispatch(Num(1))
        bus.dispatch(Other())
        #expect(seen == ["1"])
        withExtendedLifetime(token) {}
    }

    @Test func aConsumerWithALimitIsDeregisteredBeforeItsLastCall() {
        let bus = EventBus()
        let trace = Trace()
        var registeredInItsCalls: [Bool] = []
        let consumer = TraceConsumer("C", [Num.self], trace: trace)
        consumer.onConsume = { _ in registeredInItsCalls.append(bus.isRegistered(consumer)) }
        bus.register(consumer, options: .limit(2))
        for value in 1...3 { bus.dispatch(Num(value)) }
        #expect(trace.entries == ["C1", "C2"])
        #expect(registeredInItsCalls == [true, false])
        #expect(!bus.isRegistered(consumer))
        #expect(!bus.deregister(consumer))
        bus.register(consumer, options: .once)  // registered again, with a limit of its own
        bus.dispatch(Num(4))
        bus.dispatch(Num(5))
        #expect(trace.entries == ["C1", "C2", "C4"])
    }

    @Test func aWeaklyRegisteredConsumerWithALimitToo() {
        let bus = EventBus()
        let trace = Trace()
        let consumer = TraceConsumer("W", [Num.self], trace: trace)
        bus.registerWeakly(consumer, options: .once)
        bus.dispatch(Num(1))
        bus.dispatch(Num(2))
        #expect(trace.entries == ["W1"])
        #expect(bus.recipientCount == 0)
    }

    @Test func aStreamFinishesAfterItsLastEvent() async {
        let bus = EventBus()
        let stream = bus.events(of: Num.self, options: .limit(2))
        for value in 1...4 { bus.dispatch(Num(value)) }
        #expect(await collect(stream).map(\.value) == [1, 2])  // finished: the loop ends
        #expect(bus.recipientCount == 0)
    }

    #if canImport(Observation)
        @Test func anObservedObjectStopsCountingAtItsLimit() {
            guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
            let bus = EventBus()
            let first = bus.observe(Num.self, options: .once)
            for value in 1...3 { bus.dispatch(Num(value)) }
            #expect(first.latest?.value == 1)
            #expect(first.count == 1)
        }
    #endif

    @Test func nextWithALimitOfOneIsAccepted() async throws {
        let bus = EventBus()
        bus.dispatch(Mood("calm"))
        let mood = try await bus.next(Mood.self, options: [.once, .replaysLatest])
        #expect(mood.value == "calm")
    }
}

/// Contract §14.1: a bad limit stops at the listening call that receives it.
@Suite struct LimitStopTests {
    @Test(arguments: [0, -1])
    func aLimitBelowOneStopsWithAMessageNamingTheCallAndTheOption(_ limit: Int) {
        #expect(
            RecipientOptions.limit(limit).problem(in: "subscribe(to:)")
                == "subscribe(to:): options.limit must be at least 1, got \(limit); leave it nil for no limit (.once is a limit of 1)"
        )
        var options = RecipientOptions()
        options.limit = limit  // however it was set
        #expect(
            options.problem(in: "register(_:options:)")?.hasPrefix("register(_:options:)") == true)
    }

    @Test func aLimitBelowOneStopsTheProgram() async throws {
        let result = try await #require(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            _ = EventBus().subscribe(to: Num.self, options: .limit(0)) { _ in }
        }
        let printed = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
            printed.contains("EventBusKit: subscribe(to:): options.limit must be at least 1, got 0")
        )
    }

    @Test func nextWithALimitOtherThanOneStopsTheProgramNamingTheFix() async throws {
        let result = try await #require(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            _ = try? await EventBus().next(Num.self, options: .limit(3))
        }
        let printed = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
            printed.contains(
                "EventBusKit: next(_:): options.limit must be 1 or nil, got 3; next returns one event: take 3 from events(of:options:) with .limit(3)"
            ))
    }
}
