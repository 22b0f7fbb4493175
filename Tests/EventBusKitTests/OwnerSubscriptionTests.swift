import EventBusKit
import Testing

/// An owner, as a screen or a view model would be.
final class OwnerBoundScreen {
    let name: String
    var badges: [Int] = []
    init(name: String) { self.name = name }
}

@Suite(.noUnexpectedProblems) struct OwnerSubscriptionTests {
    @Test func theOwnerIsHandedToTheClosureWithEachEvent() {
        let bus = EventBus()
        let screen = OwnerBoundScreen(name: "cart")
        var owners: [String] = []
        bus.subscribe(to: Num.self, owner: screen) { screen, number in
            owners.append(screen.name)
            screen.badges.append(number.value)
        }
        bus.dispatch(Num(1))
        bus.dispatch(Num(2))
        #expect(screen.badges == [1, 2])
        #expect(owners == ["cart", "cart"])
    }

    @Test func discardingTheTokenDoesNotEndTheSubscription() {
        let bus = EventBus()
        let screen = OwnerBoundScreen(name: "cart")
        do {
            _ = bus.subscribe(to: Num.self, owner: screen) { $0.badges.append($1.value) }
        }
        bus.dispatch(Num(1))
        #expect(screen.badges == [1])
        #expect(bus.recipientCount == 1)
    }

    @Test func theSubscriptionEndsWhenTheOwnerIsDeallocated() {
        let bus = EventBus()
        let calls = Trace()
        var screen: OwnerBoundScreen? = OwnerBoundScreen(name: "cart")
        let token = bus.subscribe(to: Num.self, owner: screen!) { _, number in
            calls.entries.append("\(number)")
        }
        bus.dispatch(Num(1))
        #expect(token.isActive)
        screen = nil
        #expect(!token.isActive)
        let nobody = RecordingConsumer(willConsume: [NoConsumerEvent.self])
        bus.register(nobody)
        // The pass meets the ended entry: it is not called (nobody got 2) and is dropped.
        #expect(bus.dispatch(Num(2)) == .drained(events: 2))
        #expect(calls.entries == ["1"])
        #expect(nobody.received.count == 1)
        #expect(bus.recipientCount == 1)
    }

    @Test func theBusHoldsTheOwnerWeakly() {
        let bus = EventBus()
        var screen: OwnerBoundScreen? = OwnerBoundScreen(name: "cart")
        weak var weakScreen: OwnerBoundScreen?
        weakScreen = screen
        bus.subscribe(to: Num.self, owner: screen!) { $0.badges.append($1.value) }
        screen = nil
        #expect(weakScreen == nil)
    }

    @Test func cancelEndsTheSubscriptionWhileTheOwnerLives() {
        let bus = EventBus()
        let screen = OwnerBoundScreen(name: "cart")
        let token = bus.subscribe(to: Num.self, owner: screen) { $0.badges.append($1.value) }
        bus.dispatch(Num(1))
        token.cancel()
        token.cancel()
        bus.dispatch(Num(2))
        #expect(screen.badges == [1])
        #expect(!token.isActive)
        #expect(bus.recipientCount == 0)
    }

    @Test func theClosureIsReleasedOnceTheBusDropsTheEndedEntry() {
        let bus = EventBus()
        var screen: OwnerBoundScreen? = OwnerBoundScreen(name: "cart")
        var captured: OwnerBoundScreen? = OwnerBoundScreen(name: "captured")
        weak var weakCaptured: OwnerBoundScreen?
        weakCaptured = captured
        bus.subscribe(to: Num.self, owner: screen!) { [captured] _, _ in _ = captured }
        captured = nil
        bus.dispatch(Num(1))
        #expect(weakCaptured != nil)
        screen = nil
        bus.dispatch(Num(2))
        #expect(weakCaptured == nil)
    }

    @Test func anOwnerDeallocatedDuringAPassBeforeItsTurnIsSkipped() {
        let bus = EventBus()
        let trace = Trace()
        var screen: OwnerBoundScreen? = OwnerBoundScreen(name: "B")
        bus.register(
            TraceConsumer("A", [Num.self], trace: trace) { _ in screen = nil })
        bus.subscribe(to: Num.self, owner: screen!) { screen, number in
            trace.entries.append("\(screen.name)\(number)")
        }
        bus.register(TraceConsumer("C", [Num.self], trace: trace))
        bus.dispatch(Num(1))
        #expect(trace.entries == ["A1", "C1"])
    }

    @Test func anOwnerBoundSubscriptionTakesItsPlaceInRegistrationOrder() {
        let bus = EventBus()
        let trace = Trace()
        let screen = OwnerBoundScreen(name: "S")
        bus.register(TraceConsumer("A", [Num.self], trace: trace))
        bus.subscribe(to: Num.self, owner: screen) { screen, number in
            trace.entries.append("\(screen.name)\(number)")
        }
        bus.register(TraceConsumer("B", [Num.self], trace: trace))
        bus.dispatch(Num(1))
        #expect(trace.entries == ["A1", "S1", "B1"])
    }

    @Test func itsDidConsumeEventNamesTheSubscriptionAndItsOwnerType() {
        let bus = EventBus()
        let screen = OwnerBoundScreen(name: "cart")
        let logger = RecordingConsumer(willConsume: [DidConsumeEvent.self])
        bus.register(logger)
        bus.subscribe(to: Num.self, owner: screen) { _, _ in }
        bus.dispatch(Num(1))
        let described = logger.received(DidConsumeEvent.self).map { "\($0.consumer)" }
        #expect(described.count == 1)
        #expect(described.first?.hasPrefix("Subscription(to: Num, at: EventBusKitTests/") == true)
        #expect(described.first?.hasSuffix(", owner: OwnerBoundScreen)") == true)
    }

    @Test func endedSubscriptionsWhoseEventsNeverRecurDoNotPileUp() {
        let bus = EventBus()
        weak var firstCaptured: OwnerBoundScreen?
        for round in 0..<300 {
            let owner = OwnerBoundScreen(name: "screen \(round)")
            let captured = OwnerBoundScreen(name: "captured \(round)")
            if round == 0 { firstCaptured = captured }
            bus.subscribe(to: Other.self, owner: owner) { [captured] _, _ in _ = captured }
        }
        // Every owner is gone and no `Other` was ever dispatched: sweeps keep the registry
        // within twice the live recipients plus 64, and release the ended closures.
        #expect(bus.recipientCount <= 64)
        #expect(firstCaptured == nil)
    }
}
