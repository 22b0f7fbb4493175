import Testing

@testable import EventBusKit

/// A subclass of ``PageViewEvent`` per `Tag`: many tags make many classes, each its own
/// route.
final class TaggedPageViewEvent<Tag>: PageViewEvent {
    override var description: String { "tagged(\(page))" }
}

/// One event of each of 20 subclasses of ``PageViewEvent``: more class routes than a class
/// entry may cover before adding its recipient drops the class routes.
private func taggedPageViews() -> [PageViewEvent] {
    [
        TaggedPageViewEvent<Int>(page: "0"), TaggedPageViewEvent<String>(page: "1"),
        TaggedPageViewEvent<Double>(page: "2"), TaggedPageViewEvent<Float>(page: "3"),
        TaggedPageViewEvent<Bool>(page: "4"), TaggedPageViewEvent<Int8>(page: "5"),
        TaggedPageViewEvent<Int16>(page: "6"), TaggedPageViewEvent<Int32>(page: "7"),
        TaggedPageViewEvent<Int64>(page: "8"), TaggedPageViewEvent<UInt>(page: "9"),
        TaggedPageViewEvent<UInt8>(page: "10"), TaggedPageViewEvent<UInt16>(page: "11"),
        TaggedPageViewEvent<UInt32>(page: "12"), TaggedPageViewEvent<UInt64>(page: "13"),
        TaggedPageViewEvent<Character>(page: "14"), TaggedPageViewEvent<Substring>(page: "15"),
        TaggedPageViewEvent<[Int]>(page: "16"), TaggedPageViewEvent<Set<Int>>(page: "17"),
        TaggedPageViewEvent<Int?>(page: "18"), TaggedPageViewEvent<[String]>(page: "19"),
    ]
}

/// A recipient listing a class whose subclasses have many routes: the class routes are
/// dropped and rebuilt when next dispatched, in call order across the types listed, under
/// the snapshot rule; a recipient that no route took leaves the routes alone.
@Suite(.noUnexpectedProblems) struct ClassRoutesTests {
    @Test func addingARecipientListingAClassThatCoversManyRoutesDropsOnlyTheClassRoutes() throws {
        let taggedEvents = taggedPageViews()
        #expect(taggedEvents.count > RouteTable.coveredClassRoutesLimit)
        var registry = Registry()
        let consumers = [
            ListConsumer("A", [Num.self]), ListConsumer("B", [PageViewEvent.self]),
            ListConsumer("D", [TaggedPageViewEvent<Int>.self]),
            ListConsumer("C", [PageViewEvent.self]),
        ]
        func add(_ index: Int) -> Recipient? {
            registry.add(consumers[index], lists: MatchList(of: consumers[index]), weakly: false)
                .recipient
        }
        func build(_ event: any Event) {
            _ = registry.buildRoute(for: EventKind(type(of: event)), deciding: event)
        }
        func route(_ type: any Event.Type) -> [String]? {
            registry.route(for: ObjectIdentifier(type)).map { names($0.entries) }
        }
        _ = add(0)
        _ = add(1)
        _ = add(2)
        build(Num(0))
        for event in taggedEvents { build(event) }
        #expect(route(TaggedPageViewEvent<Int>.self) == ["B", "D"])
        let c = try #require(add(3))
        #if DEBUG
            registry.checkInvariants()
        #endif
        #expect(route(Num.self) == ["A"])
        #expect(route(TaggedPageViewEvent<Int>.self) == nil)
        #expect(route(TaggedPageViewEvent<String>.self) == nil)
        // No route took C: removing it visits none, and the routes built since stay right.
        #expect(!c.isRouted)
        #expect(registry.remove(c, ending: .released).removed)
        build(taggedEvents[1])
        #expect(route(TaggedPageViewEvent<String>.self) == ["B"])
        _ = add(3)
        build(taggedEvents[0])
        #expect(route(TaggedPageViewEvent<Int>.self) == ["B", "D", "C"])
        #if DEBUG
            registry.checkInvariants()
        #endif
    }

    @Test func aSubscriptionToAClassCoveringManyRoutesFollowsOrderAndTheSnapshotRule() {
        let taggedEvents = taggedPageViews()
        // While handling 1 of the first subclass, A subscribes S to the base class (the class
        // routes are dropped) and dispatches 2: S receives 2 and not 1, after A and B, and
        // every subclass's next event reaches A, B and S in that order.
        let bus = EventBus()
        let trace = Trace()
        var token: EventSubscription?
        var armed = false
        let first = TaggedPageViewEvent<Int>.self
        bus.register(
            TraceConsumer("A", [PageViewEvent.self], trace: trace) { event in
                guard armed, token == nil else { return }
                token = bus.subscribe(to: PageViewEvent.self) { trace.entries.append("S\($0)") }
                bus.dispatch(first.init(page: "2"))
            })
        bus.register(TraceConsumer("B", [first], trace: trace))
        for event in taggedEvents { bus.dispatch(event) }
        trace.entries.removeAll()
        armed = true
        bus.dispatch(first.init(page: "1"))
        #expect(
            trace.entries == ["Atagged(1)", "Btagged(1)", "Atagged(2)", "Btagged(2)", "Stagged(2)"])
        trace.entries.removeAll()
        bus.dispatch(taggedEvents[5])
        #expect(trace.entries == ["Atagged(5)", "Stagged(5)"])
        token?.cancel()
        trace.entries.removeAll()
        bus.dispatch(first.init(page: "3"))
        #expect(trace.entries == ["Atagged(3)", "Btagged(3)"])
    }
}
