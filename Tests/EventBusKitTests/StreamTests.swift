import Testing

@testable import EventBusKit

@Suite(.noUnexpectedProblems) struct StreamTests {
    // MARK: Matching, order, snapshot

    @Test func aStreamYieldsItsEventsInDispatchOrderAndFinishesWhenTheBusIsDeallocated() async {
        var bus: EventBus? = EventBus()
        let stream = bus!.events(of: Num.self)
        for value in 1...5 { bus!.dispatch(Num(value)) }
        bus!.dispatch(Other())
        bus = nil
        #expect(await collect(stream).map(\.value) == [1, 2, 3, 4, 5])
    }

    @Test func aStreamOfASuperclassReceivesItsSubclassesEvents() async {
        var bus: EventBus? = EventBus()
        let stream = bus!.events(of: StreamPageView.self)
        bus!.dispatch(StreamPageView(page: "home"))
        bus!.dispatch(StreamRewardPageView(page: "prize"))
        bus = nil
        #expect(await collect(stream).map(\.description) == ["page(home)", "rewardPage(prize)"])
    }

    @Test func aStreamOfASubclassDoesNotReceiveItsSuperclass() async {
        var bus: EventBus? = EventBus()
        let stream = bus!.events(of: StreamRewardPageView.self)
        bus!.dispatch(StreamPageView(page: "home"))
        bus!.dispatch(StreamRewardPageView(page: "prize"))
        bus = nil
        #expect(await collect(stream).map(\.description) == ["rewardPage(prize)"])
    }

    @Test func aStreamOfAProtocolCategoryReceivesEveryConformingEventButNoAnnouncement() async {
        var bus: EventBus? = EventBus()
        let stream = bus!.events(of: Conforming<any StreamAnalytics>.self)
        let logger = RecordingConsumer(willConsume: [DidConsumeEvent.self])
        bus!.register(logger)
        bus!.dispatch(StreamTap(name: "buy"))
        bus!.dispatch(Num(1))
        bus!.dispatch(StreamTap(name: "share"))
        bus = nil
        #expect(await collect(stream).map(\.name) == ["buy", "share"])
        #expect(logger.received.count == 2)
    }

    @Test func aStreamTakesItsPlaceInRegistrationOrder() {
        let bus = EventBus()
        let trace = Trace()
        let logger = TraceConsumer("L", [DidConsumeEvent.self], trace: trace)
        bus.register(logger)
        bus.register(TraceConsumer("A", [Num.self], trace: trace))
        let stream = bus.events(of: Num.self)
        bus.register(TraceConsumer("B", [Num.self], trace: trace))
        bus.dispatch(Num(1))
        let consumers = trace.entries.filter { $0.hasPrefix("L") }
        #expect(consumers.count == 3)
        #expect(consumers[0] == "L(A consumed 1)")
        #expect(consumers[1].hasPrefix("L(events(of: Num, bufferingPolicy: unbounded, at: "))
        #expect(consumers[2] == "L(B consumed 1)")
        withExtendedLifetime(stream) {}
    }

    @Test func aStreamMadeDuringAPassMissesThatEventAndReceivesTheQueuedOnes() async {
        var bus: EventBus? = EventBus()
        let made = StreamSlot()
        let trace = Trace()
        bus!.register(
            TraceConsumer("A", [Num.self], trace: trace) { [unowned bus = bus!] event in
                guard event.as(Num.self)?.value == 1 else { return }
                made.stream = bus.events(of: Num.self)
                bus.dispatch(Num(2))
            })
        bus!.dispatch(Num(1))
        bus!.dispatch(Num(3))
        bus = nil
        #expect(trace.entries == ["A1", "A2", "A3"])
        #expect(await collect(made.stream!).map(\.value) == [2, 3])
    }

    // MARK: Ending

    @Test func bufferedEventsAreStillReadAfterTheBusIsGone() async {
        var bus: EventBus? = EventBus()
        let stream = bus!.events(of: Num.self)
        bus!.dispatch(Num(7))
        weak var weakBus: EventBus?
        weakBus = bus
        bus = nil
        #expect(weakBus == nil)
        #expect(await collect(stream).map(\.value) == [7])
    }

    @MainActor
    @Test func cancellingTheIteratingTaskRemovesTheRecipientAtOnce() async {
        let bus = EventBus()
        let poster = bus.poster()
        let stream = bus.events(of: Num.self)
        let reader = Task {
            var seen: [Int] = []
            for await number in stream { seen.append(number.value) }
            return seen
        }
        bus.dispatch(Num(1))
        #expect(bus.recipientCount == 1)
        reader.cancel()
        _ = await reader.value
        // The termination handler has run; the removal it asked for is delivered before
        // this barrier, on the main actor.
        #expect(await poster.waitUntilDelivered())
        #expect(bus.recipientCount == 0)
        #expect(bus.dispatch(Num(2)) == .drained(events: 1))
    }

    @MainActor
    @Test func breakingOutOfTheLoopRemovesTheRecipientOnceTheStreamIsReleased() async {
        let bus = EventBus()
        let poster = bus.poster()
        var first: Int?
        do {
            let stream = bus.events(of: Num.self)
            bus.dispatch(Num(1))
            bus.dispatch(Num(2))
            for await number in stream {
                first = number.value
                break
            }
        }
        #expect(first == 1)
        #expect(await poster.waitUntilDelivered())
        #expect(bus.recipientCount == 0)
    }

    @Test func anActorOwnedBusRemovesAStoppedStreamOnItsActor() async {
        let service = StreamOwningService()
        let stream = await service.makeStream()
        let reader = Task { await collect(stream) }
        #expect(await service.recipientCount == 1)
        reader.cancel()
        _ = await reader.value
        #expect(await service.waitForMailbox())
        #expect(await service.recipientCount == 0)
    }

    @Test func aStoppedStreamIsNeverCalledAgainEvenBeforeItsEntryIsRemoved() async {
        let bus = EventBus()
        let stream = unisolatedStream(of: Num.self, on: bus)
        let logger = RecordingConsumer(willConsume: [DidConsumeEvent.self, NoConsumerEvent.self])
        bus.register(logger)
        #expect(bus.dispatch(Num(0)) == .drained(events: 2))  // 0, and its DidConsumeEvent
        let reader = Task { await collect(stream) }
        reader.cancel()
        _ = await reader.value
        // No isolation to hop to: the entry is still in Num's route (it no longer counts)…
        #expect(bus.registeredEntryCount == 2)
        #expect(bus.recipientCount == 1)
        // …but the pass skips it (nobody got 1: a NoConsumerEvent, no DidConsumeEvent) and
        // drops it.
        #expect(bus.dispatch(Num(1)) == .drained(events: 2))
        #expect(logger.received(NoConsumerEvent.self).count == 1)
        #expect(logger.received(DidConsumeEvent.self).count == 1)
        #expect(bus.registeredEntryCount == 1)
    }

    @Test func aBusWithNoIsolationRemovesAStoppedStreamWhenItsOwnerDeliversPosted() async {
        let bus = EventBus()
        let stream = unisolatedStream(of: Num.self, on: bus)
        let reader = Task { await collect(stream) }
        reader.cancel()
        _ = await reader.value
        #expect(bus.registeredEntryCount == 1)
        #expect(bus.recipientCount == 0)
        #expect(bus.deliverPosted() == [])
        #expect(bus.registeredEntryCount == 0)
    }

    @Test func theBusDoesNotKeepAStreamsConsumerWaitingAfterItIsGone() async {
        var bus: EventBus? = EventBus()
        let stream = bus!.events(of: Num.self)
        let reader = Task { await collect(stream) }
        bus!.dispatch(Num(1))
        bus = nil
        #expect(await reader.value.map(\.value) == [1])
    }

    // MARK: Buffering policies and drops

    @Test func unboundedKeepsEveryEventAndAnnouncesNoDrop() async {
        var bus: EventBus? = EventBus()
        let drops = RecordingConsumer(willConsume: [DroppedEvent.self])
        bus!.register(drops)
        let stream = bus!.events(of: Num.self)
        for value in 0..<500 { bus!.dispatch(Num(value)) }
        bus = nil
        #expect(await collect(stream).map(\.value) == Array(0..<500))
        #expect(drops.received.isEmpty)
    }

    @Test func bufferingNewestDropsTheOldestUnreadEventAndAnnouncesEachDrop() async {
        var bus: EventBus? = EventBus()
        let drops = RecordingConsumer(willConsume: [DroppedEvent.self])
        bus!.register(drops)
        let stream = bus!.events(of: Num.self, bufferingPolicy: .bufferingNewest(2))
        for value in 1...5 { bus!.dispatch(Num(value)) }
        let dropped = drops.received(DroppedEvent.self)
        #expect(dropped.compactMap { $0.event.as(Num.self)?.value } == [1, 2, 3])
        #expect(
            dropped.allSatisfy {
                "\($0.stream)".hasPrefix(
                    "events(of: Num, bufferingPolicy: bufferingNewest(2), at: ")
            })
        bus = nil
        #expect(await collect(stream).map(\.value) == [4, 5])
    }

    @Test func bufferingOldestDropsTheArrivingEventAndAnnouncesEachDrop() async {
        var bus: EventBus? = EventBus()
        let drops = RecordingConsumer(willConsume: [DroppedEvent.self])
        bus!.register(drops)
        let stream = bus!.events(of: Num.self, bufferingPolicy: .bufferingOldest(2))
        for value in 1...5 { bus!.dispatch(Num(value)) }
        #expect(
            drops.received(DroppedEvent.self).compactMap { $0.event.as(Num.self)?.value } == [
                3, 4, 5,
            ])
        bus = nil
        #expect(await collect(stream).map(\.value) == [1, 2])
    }

    @Test func aCategoryStreamAnnouncesItsDropsAsTheEventsThatWereDispatched() async {
        var bus: EventBus? = EventBus()
        let drops = RecordingConsumer(willConsume: [DroppedEvent.self])
        bus!.register(drops)
        let stream = bus!.events(
            of: Conforming<any StreamAnalytics>.self, bufferingPolicy: .bufferingNewest(1))
        bus!.dispatch(StreamTap(name: "buy"))
        bus!.dispatch(StreamTap(name: "share"))
        #expect(
            drops.received(DroppedEvent.self).map { $0.event.as(StreamTap.self)?.name } == ["buy"]
        )
        bus = nil
        #expect(await collect(stream).map(\.name) == ["share"])
    }

    @Test func aDropIsAnnouncedBeforeTheDeliverysDidConsumeEventAndNamesTheSameStream() {
        let bus = EventBus()
        let logger = RecordingConsumer(willConsume: [DidConsumeEvent.self, DroppedEvent.self])
        bus.register(logger)
        let stream = bus.events(of: Num.self, bufferingPolicy: .bufferingOldest(0))
        #expect(bus.dispatch(Num(1)) == .drained(events: 3))
        let drop = logger.received.first?.as(DroppedEvent.self)
        let did = logger.received.last?.as(DidConsumeEvent.self)
        #expect(drop?.event.as(Num.self)?.value == 1)
        #expect(did?.event.as(Num.self)?.value == 1)
        #expect(drop.map { $0.stream === did?.consumer } == true)
        withExtendedLifetime(stream) {}
    }

    @Test(.allowsProblems) func aDropIsQueuedOnlyWhileSomeoneListensAndAllEventDoesNotCoverIt() {
        let bus = EventBus()
        let everything = RecordingConsumer(willConsume: [AllEvent.self])
        bus.register(everything)
        let stream = bus.events(of: Num.self, bufferingPolicy: .bufferingNewest(0))
        // No listener for DroppedEvent: nothing is queued (one event delivered).
        #expect(bus.dispatch(Num(1)) == .drained(events: 1))
        let drops = RecordingConsumer(willConsume: [DroppedEvent.self])
        bus.register(drops)
        #expect(bus.dispatch(Num(2)) == .drained(events: 2))
        #expect(drops.received.count == 1)
        #expect(everything.received.compactMap { $0.as(Num.self)?.value } == [1, 2])
        #expect(everything.received.count == 2)
        withExtendedLifetime(stream) {}
    }
}

/// Holds a stream made inside a recipient.
final class StreamSlot {
    var stream: AsyncStream<Num>?
}

/// An actor that owns a bus and hands out a stream of it.
actor StreamOwningService {
    private let bus = EventBus()
    private var poster: EventPoster?

    func makeStream() -> AsyncStream<Num> {
        poster = bus.poster()
        return bus.events(of: Num.self)
    }

    var recipientCount: Int { bus.recipientCount }

    func waitForMailbox() async -> Bool {
        await poster!.waitUntilDelivered()
    }
}
