import EventBusKit
import Testing

/// Contract §10.5: closures subscribe to `AllEvent` and to categories in every form, under
/// the same order, snapshot and lifetime rules.
@Suite(.noUnexpectedProblems) struct WildcardSubscriptionTests {
    @Test func anAllEventClosureReceivesEveryDispatchedEventButNoAnnouncement() {
        let bus = EventBus()
        var seen: [String] = []
        let all = bus.subscribe(to: AllEvent.self) { (event: any Event) in
            seen.append(label(event))
        }
        let logger = bus.subscribe(to: DidConsumeEvent.self) { _ in seen.append("logged") }
        bus.dispatch(Num(1))
        bus.dispatch(PageViewEvent(page: "two"))
        #expect(seen == ["1", "logged", "page(two)", "logged"])
        withExtendedLifetime((all, logger)) {}
    }

    @Test func aCategoryClosureReceivesEachEventAsItsProtocol() {
        let bus = EventBus()
        var seen: [String] = []
        let token = bus.subscribe(to: Conforming<any Analytics>.self) { (event: any Analytics) in
            seen.append(label(event))
        }
        bus.dispatch(Tap())
        bus.dispatch(Num(1))
        bus.dispatch(TrackedPageViewEvent(page: "p"))
        #expect(seen == ["tap", "trackedPage(p)"])
        withExtendedLifetime(token) {}
    }

    @Test func throwingAndOwnerBoundFormsFollowTheUsualRules() {
        struct Failure: Error {}
        final class Owner {}
        let bus = EventBus()
        var seen: [String] = []
        var failures: [String] = []
        let failed = bus.subscribe(to: ConsumerFailedEvent.self) {
            failures.append(label($0.event))
        }
        let throwing = bus.subscribe(to: AllEvent.self, options: .priority(1)) {
            (event: any Event) throws in
            seen.append("T" + label(event))
            throw Failure()
        }
        var owner: Owner? = Owner()
        bus.subscribe(to: Conforming<any Analytics>.self, owner: owner!) { _, event in
            seen.append("O" + label(event))
        }
        bus.subscribe(to: AllEvent.self, owner: owner!) { _, event in
            seen.append("A" + label(event))
        }
        bus.dispatch(Tap())
        owner = nil
        bus.dispatch(Tap())
        #expect(seen == ["Ttap", "Otap", "Atap", "Ttap"])
        #expect(failures == ["tap", "tap"])
        withExtendedLifetime((failed, throwing)) {}
    }

    @Test func aCategoryClosureCalledDirectlyWithAnotherEventIgnoresIt() {
        let bus = EventBus()
        var seen: [String] = []
        var standIn: (any EventConsumer)?
        let token = bus.subscribe(to: Conforming<any Analytics>.self) { seen.append(label($0)) }
        let probe = bus.subscribe(to: DidConsumeEvent.self) { standIn = $0.consumer }
        bus.dispatch(Tap())
        standIn?.consume(Num(9))  // not Analytics: ignored, as a stream does
        #expect(seen == ["tap"])
        withExtendedLifetime((token, probe)) {}
    }
}
