import Testing

@testable import EventBusKit

/// How the bus keeps a sticky type's latest value (`LatestSlot`): whatever the type's
/// layout, `stickyEvent(_:)` answers the value last dispatched, every value it replaces or forgets
/// is released exactly once, then and not before, and a route built again finds the same
/// slot.
@Suite(.noUnexpectedProblems) struct LatestValueStorageTests {
    /// Dispatches `count` values of each kind of sticky type, interleaved, and reads each
    /// type's latest after every dispatch.
    @Test func everyLayoutStoresTheValueLastDispatched() {
        let bus = EventBus()
        for round in 0..<100 {
            bus.dispatch(SmallSticky(value: round))
            bus.dispatch(InlineLimitSticky(a: round, b: -round, c: round * 2))
            bus.dispatch(BoxedSticky(a: round, b: 1, c: 2, d: -round))
            bus.dispatch(round.isMultiple(of: 2) ? Signal.green : Signal.red(round))
            bus.dispatch(Mood("mood \(round)"))
            #expect(bus.stickyEvent(SmallSticky.self)?.value == round)
            #expect(
                bus.stickyEvent(InlineLimitSticky.self).map { [$0.a, $0.b, $0.c] } == [
                    round, -round, round * 2,
                ])
            #expect(bus.stickyEvent(BoxedSticky.self).map { [$0.a, $0.d] } == [round, -round])
            #expect(
                bus.stickyEvent(Signal.self) == (round.isMultiple(of: 2) ? .green : .red(round)))
            #expect(bus.stickyEvent(Mood.self)?.value == "mood \(round)")
        }
        #expect(bus.stickyEvent((any StickyEvent).self) is Mood)
    }

    /// A type with no references whose values fit the existential's own buffer is stored by
    /// its bytes, a class by its reference, any other type as a value; in the portable mode,
    /// every type as a value.
    @Test func eachKindOfTypeIsStoredItsOwnWay() {
        let bus = EventBus()
        bus.dispatch(SmallSticky(value: 1))
        bus.dispatch(InlineLimitSticky(a: 1, b: 2, c: 3))
        bus.dispatch(BoxedSticky(a: 1, b: 2, c: 3, d: 4))
        bus.dispatch(Signal.green)
        bus.dispatch(Mood("calm"))
        bus.dispatch(Rain())
        let portable = !eventsMayBeBorrowed
        #expect(bus.latestStoring(SmallSticky.self) == (portable ? .value : .bytes))
        #expect(bus.latestStoring(InlineLimitSticky.self) == (portable ? .value : .bytes))
        #expect(bus.latestStoring(Signal.self) == (portable ? .value : .bytes))
        #expect(bus.latestStoring(BoxedSticky.self) == .value)
        #expect(bus.latestStoring(Mood.self) == .value)
        #expect(bus.latestStoring(Rain.self) == (portable ? .value : .object))
        #expect(bus.latestStoring(Weather.self) == nil)  // never dispatched: no route
        #expect(bus.latestStoring(Num.self) == nil)  // not sticky: no slot
    }

    /// For a struct holding a reference (stored as a value) and for a class (stored by its
    /// reference).
    @Test(arguments: [false, true])
    func aReplacedValueIsReleasedWhenTheNextIsStoredAndAClearedOneWhenCleared(asClass: Bool) {
        let released = Released()
        let bus = EventBus()
        let holding = asClass ? HoldingObject.make : Holding.make
        bus.dispatch(holding("first", released))
        #expect(released.names == [])
        do {
            let second = holding("second", released)
            bus.dispatch(second)
            bus.dispatch(second)  // the same value again: stored in its own place
        }
        #expect(released.names == ["first"])
        bus.dispatch(holding("third", released))
        #expect(released.names == ["first", "second"])
        bus.removeStickyEvents((any StickyEvent).self)
        #expect(released.names == ["first", "second", "third"])
        #expect(bus.stickyEvent((any StickyEvent).self) == nil)
        bus.removeStickyEvents((any StickyEvent).self)  // nothing stored: nothing released
        bus.dispatch(holding("fourth", released))
        #expect(released.names == ["first", "second", "third"])
        withExtendedLifetime(bus) {}
    }

    @Test(arguments: [false, true])
    func theBusReleasesItsStoredValuesWhenItGoesAway(asClass: Bool) {
        let released = Released()
        var bus: EventBus? = EventBus()
        bus?.dispatch((asClass ? HoldingObject.make : Holding.make)("kept", released))
        bus?.dispatch(SmallSticky(value: 1))
        #expect(released.names == [])
        bus = nil
        #expect(released.names == ["kept"])
    }

    /// The value a store replaces is released after the new one is stored, outside any
    /// recipient's call: its deinit sees the new value as the latest, and `cancelDelivery()`
    /// there answers `false` and stops nothing.
    @Test(.allowsProblems, arguments: [false, true])
    func aReplacedValuesDeinitSeesTheNewValueAndCannotStopAPass(asClass: Bool) {
        let bus = EventBus()
        let trace = Trace()
        let released = Released()
        var seenInDeinit: [(stopped: Bool, latest: String?)] = []
        released.onRelease = {
            seenInDeinit.append(
                (bus.cancelDelivery(), name(of: bus.stickyEvent((any StickyEvent).self))))
        }
        let holding = asClass ? HoldingObject.make : Holding.make
        bus.dispatch(holding("first", released))
        bus.register(
            TraceConsumer("R", [Num.self], trace: trace) { _ in
                bus.dispatch(holding("second", released))  // queued; stored when its pass begins
            })
        bus.register(TraceConsumer("A", [AllEvent.self], trace: trace))
        bus.dispatch(Num(1))
        #expect(released.names == ["first"])
        #expect(seenInDeinit.map(\.stopped) == [false])
        #expect(seenInDeinit.map(\.latest) == ["second"])
        #expect(trace.entries.count == 3)  // R and A get Num(1); A gets the second value
        #expect(name(of: bus.stickyEvent((any StickyEvent).self)) == "second")
    }

    /// A replaced value's deinit runs when the new value's pass has begun: a consumer it
    /// registers is not called in that pass (the snapshot rule), whatever room the route had.
    @Test(arguments: [false, true], [2, 4])
    func aConsumerRegisteredByAReplacedValuesDeinitMissesThatPass(asClass: Bool, before: Int) {
        let bus = EventBus()
        let trace = Trace()
        let released = Released()
        let holding = asClass ? HoldingObject.make : Holding.make
        let type: any Event.Type = asClass ? HoldingObject.self : Holding.self
        var late: TraceConsumer?
        released.onRelease = {
            guard late == nil else { return }
            late = TraceConsumer("late", [type], trace: trace)
            bus.register(late!)
        }
        for index in 0..<before { bus.register(TraceConsumer("C\(index)", [type], trace: trace)) }
        bus.dispatch(holding("first", released))
        let calledForFirst = trace.entries.count
        bus.dispatch(holding("second", released))  // releases the first: registers `late`
        #expect(late != nil)
        #expect(trace.entries.count - calledForFirst == before)
        bus.dispatch(holding("third", released))
        #expect(trace.entries.count - calledForFirst == before + before + 1)
    }

    /// Registering a consumer of a category rebuilds every route: the rebuilt route of a
    /// sticky type stores into the slot its value is already in.
    @Test func aRebuiltRouteFindsItsTypesSlot() {
        let bus = EventBus()
        bus.dispatch(SmallSticky(value: 1))
        bus.dispatch(Mood("before"))
        let trace = Trace()
        bus.register(TraceConsumer("C", [Conforming<any StickyEvent>.self], trace: trace))
        #expect(bus.stickyEvent(SmallSticky.self)?.value == 1)
        bus.dispatch(SmallSticky(value: 2))
        #expect(bus.stickyEvent(SmallSticky.self)?.value == 2)
        #expect(bus.stickyEvent((any StickyEvent).self) is SmallSticky)
        #expect(
            bus.description.hasSuffix(
                "latest sticky values:\n  Mood: mood(before)\n  SmallSticky: SmallSticky(value: 2)")
        )
    }
}

/// A sticky struct of one word, with no references.
private struct SmallSticky: StickyEvent { var value: Int }

/// A sticky struct of three words, with no references: the most the existential's own
/// buffer holds.
private struct InlineLimitSticky: StickyEvent { var a: Int, b: Int, c: Int }

/// A sticky struct of four words: boxed on the heap in an existential.
private struct BoxedSticky: StickyEvent { var a: Int, b: Int, c: Int, d: Int }

/// A sticky enum with a payload, with no references.
private enum Signal: StickyEvent, Equatable {
    case green
    case red(Int)
}

/// The name of the witness `event` holds, if it is a `Holding` or a `HoldingObject`.
private func name(of event: (any StickyEvent)?) -> String? {
    (event as? Holding)?.witness.name ?? (event as? HoldingObject)?.witness.name
}

/// A sticky struct holding a reference, whose release the tests watch.
private struct Holding: StickyEvent {
    let witness: Witness
    static func make(_ name: String, _ released: Released) -> any StickyEvent {
        Holding(witness: Witness(name, released))
    }
}

/// A sticky class whose release the tests watch.
private final class HoldingObject: StickyEvent {
    let witness: Witness
    init(witness: Witness) { self.witness = witness }
    static func make(_ name: String, _ released: Released) -> any StickyEvent {
        HoldingObject(witness: Witness(name, released))
    }
}
