import EventBusKit
import Testing

/// Contract §12.2: `subscribeOnce` delivers at most one event, the first that reaches it and
/// passes `where`, and ends before its handler is called.
@Suite(.noUnexpectedProblems) struct OneShotSubscriptionTests {
    @Test func itDeliversTheFirstEventThenEnds() {
        let bus = EventBus()
        let trace = Trace()
        bus.register(TraceConsumer("L", [DidConsumeEvent.self], trace: trace))
        let name = subscriptionName("Num", line: #line + 1, once: true)
        let once = bus.subscribe(to: Num.self, options: .once) { trace.entries.append("S\($0)") }
        #expect(bus.recipientCount == 2)
        bus.dispatch(Num(1))
        bus.dispatch(Num(2))
        #expect(trace.entries == ["S1", "L(\(name) consumed 1)"])
        #expect(bus.recipientCount == 1)
        #expect(!once.isActive)
    }

    @Test func itEndsBeforeItsHandlerSoADispatchFromItDoesNotReachItAgain() {
        let bus = EventBus()
        var seen: [String] = []
        var activeInHandler: Bool?
        var once: EventSubscription?
        once = bus.subscribe(to: Num.self, options: .once) { number in
            seen.append("S\(number)")
            activeInHandler = once?.isActive
            bus.dispatch(Num(number.value + 1))
        }
        bus.register(RecordingConsumer(willConsume: [Num.self]))
        bus.dispatch(Num(1))
        #expect(seen == ["S1"])
        #expect(activeInHandler == false)
        #expect(bus.recipientCount == 1)
    }

    @Test func anEventItsPredicateRejectsDoesNotEndIt() {
        let bus = EventBus()
        var seen: [String] = []
        let once = bus.subscribe(to: Num.self, options: .once, where: { $0.value > 1 }) {
            seen.append("S\($0)")
        }
        bus.dispatch(Num(1))
        #expect(once.isActive)
        bus.dispatch(Num(2))
        bus.dispatch(Num(3))
        #expect(seen == ["S2"])
        #expect(!once.isActive)
    }

    @Test func aReplayOffersOnlyTheNewestValue() {
        let bus = EventBus()
        var seen: [String] = []
        bus.dispatch(Rain())
        bus.dispatch(Weather())
        let every = bus.subscribe(to: Weather.self, options: .replaysLatest) {
            seen.append("every \($0)")
        }
        let once = bus.subscribe(to: Weather.self, options: [.once, .replaysLatest]) {
            seen.append("once \($0)")
        }
        #expect(seen == ["every rain", "every weather", "once weather"])
        #expect(bus.stickyEvent(Weather.self).map { "\($0)" } == "weather")
        #expect(!once.isActive)
        withExtendedLifetime(every) {}
    }

    @Test func aReplayItsPredicateRejectsLeavesItWaiting() {
        let bus = EventBus()
        var seen: [String] = []
        bus.dispatch(Volume(1))
        let once = bus.subscribe(
            to: Volume.self, options: [.once, .replaysLatest], where: { $0.level > 1 }
        ) { seen.append("\($0)") }
        #expect(once.isActive)
        bus.dispatch(Volume(2))
        #expect(seen == ["volume(2)"])
        #expect(!once.isActive)
    }

    @Test func theThrowingFormAnnouncesItsFailureAndHasEnded() {
        struct Failed: Error {}
        let bus = EventBus()
        var failures: [String] = []
        let listener = bus.subscribe(to: ConsumerFailedEvent.self) {
            failures.append("\($0.event)")
        }
        let once = bus.subscribe(to: Num.self, options: .once) { _ in throw Failed() }
        bus.dispatch(Num(1))
        bus.dispatch(Num(2))
        #expect(failures == ["1"])
        #expect(!once.isActive)
        withExtendedLifetime(listener) {}
    }

    @Test func theOwnerFormsTokenMayBeDiscardedAndItsOwnerEndsItUnused() {
        let bus = EventBus()
        var calls: [String] = []
        let kept = OwnerBoundScreen(name: "kept")
        var dropped: OwnerBoundScreen? = OwnerBoundScreen(name: "dropped")
        bus.subscribe(to: Num.self, owner: kept, options: .once) {
            calls.append("\($0.name) \($1)")
        }
        bus.subscribe(to: Num.self, owner: dropped!, options: .once, where: { _, _ in true }) {
            calls.append("\($0.name) \($1)")
        }
        bus.dispatch(Num(1))  // builds the route with both
        #expect(calls == ["kept 1", "dropped 1"])
        bus.subscribe(to: Num.self, owner: dropped!, options: .once) {
            calls.append("\($0.name) \($1)")
        }
        dropped = nil
        bus.dispatch(Num(2))
        #expect(calls == ["kept 1", "dropped 1"])
        #expect(bus.recipientCount == 0)
    }

    @Test func droppingItsTokenEndsItUnused() {
        let bus = EventBus()
        var seen: [String] = []
        do {
            let once = bus.subscribe(to: Num.self, options: .once) { seen.append("S\($0)") }
            withExtendedLifetime(once) {}
        }
        bus.dispatch(Num(1))
        #expect(seen == [])
    }

    @Test func printAndExplainNameItOneShot() {
        let bus = EventBus()
        let name = subscriptionName("Num", line: #line + 1, once: true)
        let once = bus.subscribe(to: Num.self, options: .once) { _ in }
        #expect(
            String(describing: bus).contains("1. \(name)\n     willConsume: [Num]  excludeList: []")
        )
        #expect(bus.explain(Num(1)).recipients == [name])
        withExtendedLifetime(once) {}
    }
}
