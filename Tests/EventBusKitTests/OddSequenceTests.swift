import Testing

@testable import EventBusKit

// Each test pins one row of the table in the "Misuse and odd sequences" article
// (Sources/EventBusKit/EventBusKit.docc/OddSequences.md).

/// A class event that runs `onDeinit` when it is released.
private final class OddFarewellEvent: Event, CustomStringConvertible {
    let onDeinit: () -> Void
    init(onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
    var description: String { "farewell" }
}

/// An object (not a consumer) that runs `onDeinit` when it is released.
private final class OddDeinitAction {
    let onDeinit: () -> Void
    init(onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
}

/// Something a subscription's closure owns: a token of its own, whose closure traces
/// `inner<n>`.
private final class OddTokenBox {
    let token: EventSubscription
    init(tracingOn bus: EventBus, into trace: Trace) {
        token = bus.subscribe(to: Num.self) { trace.entries.append("inner\($0)") }
    }
}

/// An event type no test dispatches: its subscriptions fill the registry.
private struct OddFiller: Event {}

/// A consumer that runs `onDeinit` when it is released.
private final class OddMortalConsumer: EventConsumer {
    let willConsume: [any Event.Type]
    let onDeinit: () -> Void
    init(_ willConsume: [any Event.Type], onDeinit: @escaping () -> Void) {
        self.willConsume = willConsume
        self.onDeinit = onDeinit
    }
    deinit { onDeinit() }
    func consume(_ event: any Event) {}
}

/// A generic helper that subscribes to whatever type it is given: the path on which a
/// wildcard can reach `subscribe(to:)` at run time.
private func oddListen<E: Event>(to type: E.Type, on bus: EventBus) -> EventSubscription {
    bus.subscribe(to: type) { _ in }
}

/// A consumer whose `willConsume` getter calls into the bus it is registering with.
private final class OddListsCallingTheBus: EventConsumer {
    unowned let bus: EventBus
    var received: [Int] = []
    init(bus: EventBus) { self.bus = bus }
    var willConsume: [any Event.Type] {
        bus.dispatch(Num(0))  // runs before this consumer is registered
        return [Num.self]
    }
    func consume(_ event: any Event) {
        if let number = event.as(Num.self) { received.append(number.value) }
    }
}

/// A consumer whose `willConsume` getter, asked the first time, registers it with the bus it
/// is registering with (the inner registration asks the getter again).
private final class OddListsRegisteringItself: EventConsumer {
    unowned let bus: EventBus
    var received: [Int] = []
    private var asked = 0
    init(bus: EventBus) { self.bus = bus }
    var willConsume: [any Event.Type] {
        asked += 1
        if asked == 1 { bus.register(self, options: .named("inner")) }
        return [Num.self]
    }
    func consume(_ event: any Event) {
        if let number = event.as(Num.self) { received.append(number.value) }
    }
}

/// A consumer whose `description` runs `onDescribe` first (the bus asks for it when it names
/// the consumer in an explanation or its own description).
private final class OddMeddlingConsumer: EventConsumer, CustomStringConvertible {
    let willConsume: [any Event.Type] = [Num.self]
    var onDescribe: () -> Void = {}
    func consume(_ event: any Event) {}
    var description: String {
        onDescribe()
        return "meddler"
    }
}

/// A consumer whose `description` deregisters it: a trace reads it when it first names the
/// consumer, just before the consumer's first traced call.
private final class OddSelfDeregisteringConsumer: EventConsumer, CustomStringConvertible {
    unowned let bus: EventBus
    let trace: Trace
    let willConsume: [any Event.Type] = [Num.self]
    init(bus: EventBus, trace: Trace) {
        self.bus = bus
        self.trace = trace
    }
    func consume(_ event: any Event) { trace.entries.append("quitter" + label(event)) }
    var description: String {
        bus.deregister(self)
        return "quitter"
    }
}

/// An app object that owns its bus.
private final class OddBusOwner {
    var bus: EventBus? = EventBus()
}

@Suite(.noUnexpectedProblems) struct OddSequenceTests {
    // MARK: Lists

    @Test func duplicateListEntriesDeliverOnce() {
        let bus = EventBus()
        let trace = Trace()
        bus.register(
            TraceConsumer(
                "A", [Num.self, Num.self, AllEvent.self, Num.self],
                excluding: [Other.self, Other.self, NoEvent.self, NoEvent.self], trace: trace))
        #expect(bus.dispatch(Num(1)) == .drained(events: 1))
        #expect(bus.dispatch(Other()) == .drained(events: 1))
        #expect(trace.entries == ["A1"])
    }

    @Test func hugeListsAreReadOnceAndDeliverOnce() {
        let bus = EventBus()
        let trace = Trace()
        let wanted: [any Event.Type] = [Num.self, PageViewEvent.self, Tap.self]
        let refused: [any Event.Type] = [UserRewardPageViewEvent.self, Other.self]
        bus.register(
            TraceConsumer(
                "A", (0..<10_000).map { wanted[$0 % wanted.count] },
                excluding: (0..<10_000).map { refused[$0 % refused.count] }, trace: trace))
        bus.dispatch(Num(1))
        bus.dispatch(PageViewEvent(page: "home"))
        bus.dispatch(UserRewardPageViewEvent(page: "prize"))
        bus.dispatch(Tap())
        bus.dispatch(Other())
        #expect(trace.entries == ["A1", "Apage(home)", "Atap"])
    }

    // MARK: Registration

    @Test func aDescriptionThatRegistersWhileTheBusNamesItLeavesTheAnswerAsItBegan() {
        let bus = EventBus()
        let trace = Trace()
        let meddler = OddMeddlingConsumer()
        // Enough registrations to make the registry grow its storage while it is being read.
        let late = (0..<100).map { TraceConsumer("late\($0)", [Num.self], trace: trace) }
        meddler.onDescribe = {
            meddler.onDescribe = {}
            for consumer in late { bus.register(consumer) }
        }
        bus.register(meddler)
        #expect(bus.explain(Num(1)).recipients == ["meddler"])
        #expect(bus.explain(Num(2)).recipients.count == 101)
        bus.dispatch(Num(3))
        #expect(trace.entries.count == 100)
    }

    @Test func registeringWeaklyAStronglyRegisteredConsumerKeepsTheStrongHold() {
        let bus = EventBus()
        let trace = Trace()
        weak var weakConsumer: TraceConsumer?
        do {
            let consumer = TraceConsumer("A", [Num.self], trace: trace)
            weakConsumer = consumer
            bus.register(consumer)
            bus.registerWeakly(consumer)  // same object: a no-op
        }
        #expect(weakConsumer != nil)
        bus.dispatch(Num(1))
        #expect(trace.entries == ["A1"])
        #expect(bus.recipientCount == 1)
    }

    @Test func registeringStronglyAWeaklyRegisteredConsumerKeepsTheWeakHold() {
        let bus = EventBus()
        weak var weakConsumer: TraceConsumer?
        do {
            let consumer = TraceConsumer("A", [Num.self], trace: Trace())
            weakConsumer = consumer
            bus.registerWeakly(consumer)
            bus.register(consumer)  // same object: a no-op; deregister first to change the hold
            #expect(bus.isRegistered(consumer))
        }
        #expect(weakConsumer == nil)
        #expect(bus.dispatch(Num(1)) == .drained(events: 1))
    }

    @Test func weaklyRegisteredConsumersThatDieUnmetDoNotAccumulate() async {
        // Each listens for an event that is never dispatched, so no pass meets it dead: the
        // registry sweeps them when it has doubled, staying within 2 × live + 64.
        let bus = EventBus()
        let keeper = RecordingConsumer(willConsume: [Num.self])
        bus.register(keeper)
        var largest = 0
        var ballast: [RecordingConsumer] = []
        for screens in 0..<10_000 {
            if screens % 1_000 == 999 { await Task.yield() }  // see `onAThreadOfItsOwn`
            do {
                let screen = RecordingConsumer(willConsume: [Other.self])
                bus.registerWeakly(screen)
            }
            // Takes the dead screen's memory, so the next screen has a new address and the
            // bus cannot recognise the stale entry by address reuse.
            ballast.append(RecordingConsumer(willConsume: []))
            // The registry's entries, dead ones included (`recipientCount` counts only the
            // recipients that can be called).
            largest = max(largest, bus.registeredEntryCount)
        }
        #expect(largest <= 2 * 2 + 64)
        #expect(bus.recipientCount == 1)
        #expect(bus.isRegistered(keeper))
        bus.dispatch(Num(1))
        #expect(keeper.received.count == 1)
    }

    @Test func aWeaklyRegisteredConsumerThatDiesLaterInThePassIsSkipped() {
        let bus = EventBus()
        let trace = Trace()
        var doomed: TraceConsumer? = TraceConsumer("W", [Num.self], trace: trace)
        bus.register(TraceConsumer("A", [Num.self], trace: trace) { _ in doomed = nil })
        bus.registerWeakly(doomed!)
        #expect(bus.dispatch(Num(1)) == .drained(events: 1))
        #expect(trace.entries == ["A1"])
        #expect(bus.recipientCount == 1)
    }

    @Test func aRecipientThatCancelsItselfFinishesItsCallAndIsNeverCalledAgain() {
        let bus = EventBus()
        let trace = Trace()
        var token: EventSubscription?
        token = bus.subscribe(to: Num.self) { num in
            token?.cancel()
            trace.entries.append("S\(num)")
            bus.dispatch(Num(num.value + 1))
        }
        #expect(bus.dispatch(Num(1)) == .drained(events: 2))
        #expect(trace.entries == ["S1"])
        #expect(token?.isActive == false)
    }

    @Test func registeringFromADeinitDuringDeliveryTakesEffectFromTheNextPass() {
        let bus = EventBus()
        let trace = Trace()
        let late = TraceConsumer("L", [Num.self], trace: trace)
        var registrar: OddDeinitAction? = OddDeinitAction { bus.register(late) }
        bus.register(
            TraceConsumer("A", [Num.self], trace: trace) { event in
                guard (event as? Num)?.value == 1 else { return }
                if registrar != nil { registrar = nil }  // its deinit registers L
                bus.dispatch(Num(2))
            })
        bus.register(TraceConsumer("B", [Num.self], trace: trace))
        #expect(bus.dispatch(Num(1)) == .drained(events: 2))
        #expect(trace.entries == ["A1", "B1", "A2", "B2", "L2"])
    }

    @Test func aConsumerWhoseDescriptionDeregistersItWhenATraceNamesItIsCalledOnceInThatPass() {
        // The trace reads the name after the pass has checked the consumer and just before
        // calling it: the call goes ahead, as for a recipient deregistered during its own call.
        let bus = EventBus()
        let log = Trace()
        weak var quitter: OddSelfDeregisteringConsumer?
        do {
            let consumer = OddSelfDeregisteringConsumer(bus: bus, trace: log)
            quitter = consumer
            bus.register(consumer)  // the bus is its only owner
        }
        bus.register(TraceConsumer("B", [Num.self], trace: log))
        let trace = bus.startTracing()
        bus.dispatch(Num(1))
        #expect(quitter == nil)  // released when the pass ended
        bus.dispatch(Num(2))
        #expect(log.entries == ["quitter1", "B1", "B2"])
        #expect(bus.recipientCount == 1)
        #expect(
            trace.passes == [
                TracedPass(1, "1", ["quitter", "B"], nil), TracedPass(2, "2", ["B"], nil),
            ])
    }

    // MARK: Releasing from inside the bus

    @Test func cancellingASubscriptionWhoseClosureOwnsAnotherTokenEndsBoth() {
        // Cancelling releases the closure, which releases the box, whose token's deinit
        // cancels a second subscription: the bus must accept that nested change.
        let bus = EventBus()
        let trace = Trace()
        var box: OddTokenBox? = OddTokenBox(tracingOn: bus, into: trace)
        let outer = bus.subscribe(to: Num.self) { [box] in
            trace.entries.append("outer\($0)"); _ = box
        }
        box = nil
        bus.dispatch(Num(1))
        outer.cancel()
        bus.dispatch(Num(2))
        #expect(trace.entries == ["inner1", "outer1"])
        #expect(bus.recipientCount == 0)
    }

    @Test func aClosureReleasedByCancelMayRegisterAndDispatchFromItsCapturesDeinit() {
        let bus = EventBus()
        let trace = Trace()
        let late = TraceConsumer("L", [Num.self], trace: trace)
        var captured: OddDeinitAction? = OddDeinitAction {
            bus.register(late)
            trace.entries.append("report \(bus.dispatch(Num(9)))")
        }
        let token = bus.subscribe(to: Num.self) { [captured] _ in _ = captured }
        captured = nil
        token.cancel()
        #expect(trace.entries == ["L9", "report drained(events: 1)"])
        #expect(bus.recipientCount == 1)
    }

    @Test func sweepingEndedRecipientsMayReleaseAClosureThatOwnsAToken() {
        // An owner-bound subscription outlives its owner until the bus sweeps it (here, when
        // the registry reaches its first sweep threshold, 64 entries: the 63rd filler's
        // registration finds the two subscriptions and 62 fillers). Releasing its closure
        // releases the box, whose token's deinit cancels a second subscription during the
        // sweep.
        let bus = EventBus()
        let trace = Trace()
        var box: OddTokenBox? = OddTokenBox(tracingOn: bus, into: trace)
        var owner: OddDeinitAction? = OddDeinitAction {}
        bus.subscribe(to: Num.self, owner: owner!) { [box] _, num in
            trace.entries.append("owned\(num)")
            _ = box
        }
        box = nil
        bus.dispatch(Num(1))
        owner = nil
        let fillers = (0..<63).map { _ in bus.subscribe(to: OddFiller.self) { _ in } }
        bus.dispatch(Num(2))
        #expect(trace.entries == ["inner1", "owned1"])
        #expect(bus.recipientCount == fillers.count)
    }

    @Test func theBusReleasedByItsOwnerDuringDeliveryFinishesTheDrainThenDeallocates() {
        let trace = Trace()
        var owner: OddBusOwner? = OddBusOwner()
        weak var weakBus: EventBus?
        weakBus = owner!.bus
        weak var weakConsumer: TraceConsumer?
        do {
            let consumer = TraceConsumer("A", [Num.self], trace: trace) { [weak weakBus] event in
                guard (event as? Num)?.value == 1 else { return }
                owner = nil  // the bus's only owner lets go
                trace.entries.append("queued \(weakBus?.dispatch(Num(2)) == .queued)")
            }
            weakConsumer = consumer
            owner!.bus!.register(consumer)
        }
        let token = owner!.bus!.subscribe(to: Num.self) { trace.entries.append("S\($0)") }
        let report = owner!.bus!.dispatch(Num(1))
        #expect(report == .drained(events: 2))
        #expect(trace.entries == ["A1", "queued true", "S1", "A2", "S2"])
        #expect(weakBus == nil)
        #expect(weakConsumer == nil)
        #expect(!token.isActive)
    }

    @Test func aConsumerWhoseDeinitReachesForTheBusWhileTheBusDeallocatesFindsItGone() {
        let trace = Trace()
        do {
            let bus = EventBus()
            weak var weakBus: EventBus?
            weakBus = bus
            bus.register(
                OddMortalConsumer([Num.self]) {
                    trace.entries.append("bus \(weakBus == nil ? "gone" : "alive")")
                    weakBus?.dispatch(Num(1))
                })
        }
        #expect(trace.entries == ["bus gone"])
    }

    // MARK: Dispatch from a deinit during delivery

    @Test func aDispatchFromTheDeinitOfADeliveredEventIsQueuedAndDelivered() {
        let bus = EventBus()
        let trace = Trace()
        bus.register(
            TraceConsumer("A", [Num.self], trace: trace) { event in
                guard (event as? Num)?.value == 1 else { return }
                bus.dispatch(
                    OddFarewellEvent { trace.entries.append("report \(bus.dispatch(Num(2)))") })
            })
        bus.register(TraceConsumer("F", [OddFarewellEvent.self], trace: trace))
        #expect(bus.dispatch(Num(1)) == .drained(events: 3))
        #expect(trace.entries == ["A1", "Ffarewell", "report queued", "A2"])
    }

    @Test(.allowsProblems)
    func aDispatchFromTheDeinitOfAnEventDiscardedAtTheBudgetIsDiscardedAndCounted() {
        let bus = EventBus(maximumEventsPerDrain: 1)
        let trace = Trace()
        bus.register(
            TraceConsumer("A", [Num.self], trace: trace) { event in
                guard (event as? Num)?.value == 1 else { return }
                bus.dispatch(
                    OddFarewellEvent { trace.entries.append("report \(bus.dispatch(Num(2)))") })
            })
        #expect(bus.dispatch(Num(1)) == .limitReached(processed: 1, discarded: 2))
        #expect(trace.entries == ["A1", "report queued"])
        #expect(bus.dispatch(Num(3)) == .drained(events: 1))  // nothing was left behind
        #expect(trace.entries == ["A1", "report queued", "A3"])
    }

    @Test(.allowsProblems)
    func aConsumerKeptAliveOnlyByADiscardedAnnouncementMayDispatchFromItsDeinit() {
        // F is deregistered during the drain while a DidConsumeEvent naming it waits; the
        // budget discards that announcement, which releases F, whose deinit dispatches.
        let bus = EventBus(maximumEventsPerDrain: 1)
        let trace = Trace()
        weak var weakMortal: OddMortalConsumer?
        do {
            let mortal = OddMortalConsumer([Num.self]) {
                trace.entries.append("report \(bus.dispatch(Other()))")
            }
            weakMortal = mortal
            bus.register(mortal)
        }
        bus.register(
            TraceConsumer("A", [Num.self], trace: trace) { _ in bus.deregister(weakMortal!) })
        bus.register(TraceConsumer("L", [DidConsumeEvent.self], trace: trace))
        // Waiting at the budget: F's and A's DidConsumeEvents, then F's farewell.
        #expect(bus.dispatch(Num(1)) == .limitReached(processed: 1, discarded: 3))
        #expect(trace.entries == ["A1", "report queued"])
        #expect(weakMortal == nil)
    }

    // MARK: Announcement listeners that died

    @Test func aWeaklyRegisteredDidConsumeListenerThatDiedIsNoListener() {
        let bus = EventBus()
        var logger: RecordingConsumer? = RecordingConsumer(willConsume: [DidConsumeEvent.self])
        bus.registerWeakly(logger!)
        bus.register(RecordingConsumer(willConsume: [Num.self]))
        #expect(bus.dispatch(Num(1)) == .drained(events: 2))
        logger = nil
        #expect(bus.dispatch(Num(2)) == .drained(events: 1))
    }

    @Test func aWeaklyRegisteredNoConsumerListenerThatDiedIsNoListener() {
        let bus = EventBus()
        var listener: RecordingConsumer? = RecordingConsumer(willConsume: [NoConsumerEvent.self])
        bus.registerWeakly(listener!)
        #expect(bus.dispatch(Num(1)) == .drained(events: 2))
        listener = nil
        #expect(bus.dispatch(Num(2)) == .drained(events: 1))
    }

    // MARK: Programmer errors that stop

    @Test func subscribingToAWildcardThroughAGenericPathStops() async {
        await #expect(processExitsWith: .failure) {
            _ = oddListen(to: AllEvent.self, on: EventBus())
        }
    }

    @Test func aNonPositiveBoundStops() async {
        await #expect(processExitsWith: .failure) {
            _ = EventBus(maximumQueuedDispatches: 0)
        }
    }

    @Test func listsWhoseGetterCallsTheBusAreReadBeforeRegistering() {
        // The bus reads the lists before it touches its registry, so a getter may call the
        // bus: what it dispatches is delivered before the consumer is registered.
        let bus = EventBus()
        let trace = Trace()
        bus.register(TraceConsumer("A", [Num.self], trace: trace))
        let consumer = OddListsCallingTheBus(bus: bus)
        bus.register(consumer)
        bus.dispatch(Num(1))
        #expect(trace.entries == ["A0", "A1"])
        #expect(consumer.received == [1])
        #expect(bus.recipientCount == 2)
    }

    /// The rule: a consumer whose list getter registers it is registered once, by that inner
    /// call; the outer `register` then finds it registered and adds nothing (its recipient,
    /// made before the registry change that would place it, is not placed).
    @Test func aConsumerWhoseListGetterRegistersItIsRegisteredOnceByThatCall() {
        let bus = EventBus()
        let consumer = OddListsRegisteringItself(bus: bus)
        let trace = bus.startTracing()
        bus.register(consumer)
        #expect(bus.recipientCount == 1)
        bus.dispatch(Num(1))
        #expect(consumer.received == [1])
        // The inner call's registration stands (its name), and nothing was ended.
        #expect(trace.records.map(\.recipients) == [["inner"]])
        #expect(bus.deregister(consumer))
        #expect(bus.recipientCount == 0)
        bus.dispatch(Num(2))
        #expect(consumer.received == [1])
    }
}

/// Calling a subscription's stand-in directly (it is public through
/// `DidConsumeEvent.consumer`) must never reinterpret an event that is not a `T`.
@Suite(.noUnexpectedProblems) struct StandInCallTests {
    /// The stand-in for a subscription to `PageViewEvent`, taken from an announcement.
    private func standIn(on bus: EventBus, _ handler: @escaping (PageViewEvent) -> Void)
        -> (any EventConsumer, EventSubscription)
    {
        let logger = RecordingConsumer(willConsume: [DidConsumeEvent.self])
        bus.register(logger)
        let token = bus.subscribe(to: PageViewEvent.self, handler)
        bus.dispatch(PageViewEvent(page: "one"))
        return (logger.received(DidConsumeEvent.self).last!.consumer, token)
    }

    @Test func aStandInCalledWithASubclassEventPassesItThrough() {
        let bus = EventBus()
        var pages: [String] = []
        let (consumer, token) = standIn(on: bus) { pages.append("\($0)") }
        consumer.consume(UserRewardPageViewEvent(page: "three"))
        consumer.consume(UserRewardPageViewEvent(page: "four"))
        #expect(pages == ["page(one)", "rewardPage(three)", "rewardPage(four)"])
        withExtendedLifetime(token) {}
    }

    @Test func aStandInCalledWithAnEventThatIsNoTStops() async {
        await #expect(processExitsWith: .failure) {
            let bus = EventBus()
            let logger = RecordingConsumer(willConsume: [DidConsumeEvent.self])
            bus.register(logger)
            let token = bus.subscribe(to: PageViewEvent.self) { _ in }
            bus.dispatch(PageViewEvent(page: "one"))
            let consumer = logger.received(DidConsumeEvent.self).last!.consumer
            // A class that is no PageViewEvent: reinterpreting it would be memory-unsafe.
            consumer.consume(OddNotAPage())
            withExtendedLifetime(token) {}
        }
    }
}

/// A class event outside the `PageViewEvent` hierarchy.
final class OddNotAPage: Event {}
