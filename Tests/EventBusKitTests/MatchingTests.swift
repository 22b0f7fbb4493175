import EventBusKit
import Testing

/// A list entry, named so the table reads like the contract's (and is `Sendable`).
enum Entry: String, Sendable, CustomStringConvertible {
    case all = "AllEvent", none = "NoEvent", num = "Num", other = "Other"
    case page = "PageViewEvent", rewardPage = "UserRewardPageViewEvent"
    case analytics = "Conforming<any Analytics>"

    var type: any Event.Type {
        switch self {
        case .all: AllEvent.self
        case .none: NoEvent.self
        case .num: Num.self
        case .other: Other.self
        case .page: PageViewEvent.self
        case .rewardPage: UserRewardPageViewEvent.self
        case .analytics: Conforming<any Analytics>.self
        }
    }

    var description: String { rawValue }
}

/// An event to dispatch in a table row.
enum Sample: String, Sendable, CustomStringConvertible {
    case num, other, page, rewardPage, tap, trackedPage

    var event: any Event {
        switch self {
        case .num: Num(1)
        case .other: Other()
        case .page: PageViewEvent(page: "home")
        case .rewardPage: UserRewardPageViewEvent(page: "three")
        case .tap: Tap()
        case .trackedPage: TrackedPageViewEvent(page: "two")
        }
    }

    var description: String { rawValue }
}

/// One row of the matching table: lists, event, and whether it is delivered.
struct MatchRow: Sendable, CustomTestStringConvertible {
    let rule: String
    let willConsume: [Entry]
    let excludeList: [Entry]
    let event: Sample
    let delivered: Bool

    init(_ rule: String, _ w: [Entry], _ x: [Entry], _ event: Sample, _ delivered: Bool) {
        self.rule = rule
        self.willConsume = w
        self.excludeList = x
        self.event = event
        self.delivered = delivered
    }

    /// What R's trace must be after the event is dispatched.
    var expectedTrace: [String] { delivered ? ["R\(event.event)"] : [] }

    var testDescription: String {
        "\(rule): W=\(willConsume) X=\(excludeList) E=\(event) → \(delivered ? "delivered" : "not")"
    }
}

@Suite(.noUnexpectedProblems) struct MatchingTests {
    /// Contract §2, row by row, with every wildcard position.
    static let table: [MatchRow] = [
        // 1. NoEvent in W beats everything, AllEvent in W too.
        MatchRow("1", [.none], [], .num, false),
        MatchRow("1", [.none, .all], [], .num, false),
        MatchRow("1", [.num, .none], [], .num, false),
        MatchRow("1", [.none], [.none], .num, false),
        // 2. AllEvent in X: not delivered.
        MatchRow("2", [.all], [.all], .num, false),
        MatchRow("2", [.num], [.all], .num, false),
        MatchRow("2", [.analytics], [.all], .tap, false),
        // 3. An entry of X covers E: exclusion beats inclusion.
        MatchRow("3", [.num], [.num], .num, false),
        MatchRow("3", [.all], [.num], .num, false),
        MatchRow("3", [.all], [.page], .rewardPage, false),
        MatchRow("3", [.rewardPage], [.page], .rewardPage, false),
        MatchRow("3", [.all], [.analytics], .tap, false),
        MatchRow("3", [.page], [.analytics], .trackedPage, false),
        // X entries that do not cover E exclude nothing.
        MatchRow("3", [.all], [.rewardPage], .page, true),
        MatchRow("3", [.page], [.analytics], .page, true),
        // 4. AllEvent in W: delivered. NoEvent in X is a no-op placeholder.
        MatchRow("4", [.all], [], .num, true),
        MatchRow("4", [.all], [.none], .page, true),
        MatchRow("4", [.all], [.other], .tap, true),
        // 5. An entry of W covers E: same type, subclass, category.
        MatchRow("5", [.num], [], .num, true),
        MatchRow("5", [.page], [], .page, true),
        MatchRow("5", [.page], [], .rewardPage, true),
        MatchRow("5", [.page], [.none], .trackedPage, true),
        MatchRow("5", [.analytics], [], .tap, true),
        MatchRow("5", [.analytics], [], .trackedPage, true),
        MatchRow("5", [.other, .num], [], .num, true),
        // 6. Otherwise: not delivered (a superclass is not covered by a subclass entry).
        MatchRow("6", [.num], [], .other, false),
        MatchRow("6", [.rewardPage], [], .page, false),
        MatchRow("6", [.analytics], [], .page, false),
        MatchRow("6", [], [], .num, false),
        MatchRow("6", [], [.num], .other, false),
    ]

    @Test(.allowsProblems, arguments: table)
    func matchingFollowsTheContractTable(_ row: MatchRow) {
        #expect(trace(of: row, routedBeforeRegistering: false) == row.expectedTrace)
    }

    @Test(.allowsProblems, arguments: table)
    func aCachedRouteAgreesWithAFreshOne(_ row: MatchRow) {
        // The same row, with the event's route computed *before* the recipient registers:
        // the incremental route update must decide exactly as a fresh computation.
        #expect(trace(of: row, routedBeforeRegistering: true) == row.expectedTrace)
    }

    /// Registers the row's recipient R and dispatches its event; first dispatches the event
    /// once to no one when `routedBeforeRegistering`.
    private func trace(of row: MatchRow, routedBeforeRegistering: Bool) -> [String] {
        let bus = EventBus()
        let trace = Trace()
        if routedBeforeRegistering { bus.dispatch(row.event.event) }
        bus.register(
            TraceConsumer(
                "R", row.willConsume.map(\.type), excluding: row.excludeList.map(\.type),
                trace: trace))
        bus.dispatch(row.event.event)
        return trace.entries
    }

    @Test func genericEventsAreDistinctRoutingKeys() {
        let bus = EventBus()
        let trace = Trace()
        bus.register(TraceConsumer("U", [Loaded<User>.self], trace: trace))
        bus.register(TraceConsumer("O", [Loaded<Order>.self], trace: trace))
        bus.dispatch(Loaded<Order>())
        bus.dispatch(Loaded<User>())
        #expect(trace.entries == ["Oloaded(Order)", "Uloaded(User)"])
    }

    @Test func aSubclassEventReachesSuperclassAndExactListenersInRegistrationOrder() {
        let bus = EventBus()
        let trace = Trace()
        bus.register(TraceConsumer("Exact", [UserRewardPageViewEvent.self], trace: trace))
        bus.register(TraceConsumer("Base", [PageViewEvent.self], trace: trace))
        bus.dispatch(UserRewardPageViewEvent(page: "three"))
        bus.dispatch(PageViewEvent(page: "one"))
        #expect(
            trace.entries == [
                "ExactrewardPage(three)", "BaserewardPage(three)", "Basepage(one)",
            ])
    }

    @Test func aRecipientListingSeveralCoveringEntriesIsCalledOnce() {
        let bus = EventBus()
        let trace = Trace()
        bus.register(
            TraceConsumer(
                "R",
                [
                    PageViewEvent.self, TrackedPageViewEvent.self, Conforming<any Analytics>.self,
                    AllEvent.self,
                ],
                trace: trace))
        bus.dispatch(TrackedPageViewEvent(page: "two"))
        #expect(trace.entries == ["RtrackedPage(two)"])
    }

    @Test func aTypeListedTwiceJoinsItsExistingRouteOnceAndLeavesItOnDeregister() {
        let bus = EventBus()
        let trace = Trace()
        bus.dispatch(Num(0))  // Num's route exists before the recipient registers
        let twice = TraceConsumer("T", [Num.self, Num.self], trace: trace)
        bus.register(twice)
        bus.dispatch(Num(1))
        bus.deregister(twice)
        bus.dispatch(Num(2))
        #expect(trace.entries == ["T1"])
    }

    @Test func aSuperclassListenerJoinsAndLeavesTheRoutesOfSubclassesBuiltBeforeIt() {
        let bus = EventBus()
        let trace = Trace()
        bus.dispatch(UserRewardPageViewEvent(page: "one"))  // the subclass's route exists
        let base = TraceConsumer("Base", [PageViewEvent.self], trace: trace)
        bus.register(base)
        bus.dispatch(UserRewardPageViewEvent(page: "two"))
        bus.deregister(base)
        bus.dispatch(UserRewardPageViewEvent(page: "three"))
        #expect(trace.entries == ["BaserewardPage(two)"])
    }

    @Test func listsAreReadOnceAtRegistration() {
        let bus = EventBus()
        let consumer = MutableListConsumer([Num.self])
        bus.register(consumer)
        consumer.current = [Other.self]
        bus.dispatch(Num(1))
        bus.dispatch(Other())
        #expect(consumer.received == ["1"])

        // Registering again (after deregistering) reads the lists anew.
        bus.deregister(consumer)
        bus.register(consumer)
        bus.dispatch(Num(2))
        bus.dispatch(Other())
        #expect(consumer.received == ["1", "other"])
    }

    @Test func aCategoryConsumerRegisteredAfterRoutesExistStillMatches() {
        let bus = EventBus()
        let trace = Trace()
        bus.register(TraceConsumer("A", [Tap.self], trace: trace))
        bus.dispatch(Tap())
        bus.register(TraceConsumer("C", [Conforming<any Analytics>.self], trace: trace))
        bus.register(TraceConsumer("D", [Tap.self], trace: trace))
        bus.dispatch(Tap())
        #expect(trace.entries == ["Atap", "Atap", "Ctap", "Dtap"])
    }

    @Test func allEventDoesNotCoverTheBusAnnouncements() {
        let bus = EventBus()
        let trace = Trace()
        bus.register(TraceConsumer("All", [AllEvent.self], trace: trace))
        bus.register(TraceConsumer("Cat", [Conforming<any Event>.self], trace: trace))
        bus.register(
            TraceConsumer("L", [DidConsumeEvent.self, NoConsumerEvent.self], trace: trace))
        bus.dispatch(Num(1))
        #expect(
            trace.entries == [
                "All1", "Cat1", "L(All consumed 1)", "L(Cat consumed 1)",
            ])
    }

    @Test func exclusionAppliesToAnnouncementsToo() {
        let bus = EventBus()
        let trace = Trace()
        bus.register(TraceConsumer("A", [Num.self], trace: trace))
        bus.register(
            TraceConsumer(
                "L", [DidConsumeEvent.self], excluding: [Conforming<any Event>.self], trace: trace))
        let report = bus.dispatch(Num(1))
        #expect(trace.entries == ["A1"])
        // Nobody hears DidConsumeEvent, so none was queued: one event delivered.
        #expect(report == .drained(events: 1))
    }
}
