import Testing

@testable import EventBusKit

@Suite(.noUnexpectedProblems) struct PosterTests {
    // MARK: Delivery on the bus's isolation

    @MainActor
    @Test func eventsPostedFromAnotherTaskAreDeliveredOnTheMainActorInPostingOrder() async {
        let bus = EventBus()
        let poster = bus.poster()
        var received: [Int] = []
        let token = bus.subscribe(to: Num.self) { number in
            MainActor.assertIsolated()
            received.append(number.value)
        }
        let reports = await Task.detached {
            (1...3).map { poster.post(Num($0)) }
        }.value
        #expect(reports == [.accepted, .accepted, .accepted])
        #expect(await poster.waitUntilDelivered())
        #expect(received == [1, 2, 3])
        withExtendedLifetime(token) {}
    }

    @MainActor
    @Test(.hangLimit)
    func fourThreadsPostingTenThousandEventsEachIntoAMainActorBusDeliverEachOnceInThreadOrder()
        async
    {
        let bus = EventBus(maximumQueuedDispatches: 40_000, maximumWaitingPosts: 40_000)
        let recorder = StressRecorder()
        let token = bus.subscribe(to: PosterStressEvent.self) { recorder.events.append($0) }
        let poster = bus.poster()
        let rejected = await postFromThreads(poster, threads: 4, count: 10_000)
        #expect(rejected == 0)
        #expect(await poster.waitUntilDelivered())
        #expect(stressProblems(recorder.events, threads: 4, count: 10_000) == [])
        withExtendedLifetime(token) {}
    }

    @Test(.hangLimit)
    func fourThreadsPostingTenThousandEventsEachIntoAnActorOwnedBusDeliverEachOnceInThreadOrder()
        async
    {
        let service = PosterOwningService(
            maximumQueuedDispatches: 40_000, maximumWaitingPosts: 40_000)
        let poster = await service.start()
        let rejected = await postFromThreads(poster, threads: 4, count: 10_000)
        #expect(rejected == 0)
        #expect(await poster.waitUntilDelivered())
        #expect(stressProblems(await service.received, threads: 4, count: 10_000) == [])
    }

    @MainActor
    @Test func postedEventsGoThroughDispatchAndItsAnnouncements() async {
        let bus = EventBus()
        let poster = bus.poster()
        let logger = RecordingConsumer(willConsume: [DidConsumeEvent.self, NoConsumerEvent.self])
        bus.register(logger)
        let recorder = RecordingConsumer(name: "R", willConsume: [Num.self])
        bus.register(recorder)
        poster.post(Num(1))
        poster.post(Other())
        await poster.waitUntilDelivered()
        #expect(recorder.received(Num.self).map(\.value) == [1])
        #expect(logger.received.map(label) == ["(R consumed 1)", "(nobody got other)"])
    }

    // MARK: A bus with no isolation

    @Test func aBusWithNoIsolationKeepsPostedEventsUntilItsOwnerDeliversThem() async {
        let bus = EventBus()
        let poster = unisolatedPoster(of: bus)
        let recorder = RecordingConsumer(willConsume: [Num.self])
        bus.register(recorder)
        let reports = await Task.detached { [poster] in
            (1...3).map { poster.post(Num($0)) }
        }.value
        #expect(
            reports == [.awaitingDeliverPosted, .awaitingDeliverPosted, .awaitingDeliverPosted])
        #expect(recorder.received.isEmpty)
        #expect(bus.deliverPosted() == Array(repeating: .drained(events: 1), count: 3))
        #expect(recorder.received(Num.self).map(\.value) == [1, 2, 3])
        #expect(bus.deliverPosted() == [])
    }

    @Test func aBarrierOnABusWithNoIsolationWaitsForItsOwnersDeliverPosted() async {
        let bus = EventBus()
        let poster = unisolatedPoster(of: bus)
        let recorder = RecordingConsumer(willConsume: [Num.self])
        bus.register(recorder)
        poster.post(Num(1))
        // `waitUntilDelivered()` queues this barrier; adding it directly lets the owner
        // deliver right after, on the same thread, without waiting for a task to start.
        let delivered = await withCheckedContinuation { continuation in
            poster.inbox.addBarrier(continuation)
            #expect(recorder.received.isEmpty)
            bus.deliverPosted()
        }
        #expect(delivered)
        #expect(recorder.received(Num.self).map(\.value) == [1])
    }

    @Test func aDeliverPostedCallMadeDuringDeliveryLeavesThePostedEventsForTheNextCall() {
        // Each posted event is delivered as its own outermost dispatch, never queued behind
        // (or rejected by) the delivery in progress.
        let bus = EventBus()
        let poster = unisolatedPoster(of: bus)
        let trace = Trace()
        var nested: [DispatchReport]?
        bus.register(
            TraceConsumer("A", [Num.self], trace: trace) { event in
                guard event.as(Num.self)?.value == 0 else { return }
                poster.post(Num(1))
                poster.post(Num(2))
                nested = bus.deliverPosted()
            })
        #expect(bus.dispatch(Num(0)) == .drained(events: 1))
        #expect(nested == [])
        #expect(trace.entries == ["A0"])
        #expect(bus.deliverPosted() == [.drained(events: 1), .drained(events: 1)])
        #expect(trace.entries == ["A0", "A1", "A2"])
    }

    @Test func aBarrierIsNotPassedByADeliverPostedCallMadeDuringDelivery() async {
        // With `.reject`, a posted event dispatched during delivery would be rejected; it is
        // left waiting instead, and the barrier behind it resumes only once it was delivered.
        let bus = EventBus(reentrancy: .reject)
        let poster = unisolatedPoster(of: bus)
        let recorder = RecordingConsumer(willConsume: [Num.self])
        bus.register(recorder)
        var barrier: CheckedContinuation<Bool, Never>?
        let nested = bus.subscribe(to: Num.self) { number in
            guard number.value == 0, let waiting = barrier.take() else { return }
            poster.post(Num(1))
            poster.inbox.addBarrier(waiting)
            bus.deliverPosted()
        }
        let delivered = await withCheckedContinuation { continuation in
            barrier = continuation
            bus.dispatch(Num(0))
            #expect(recorder.received(Num.self).map(\.value) == [0])
            bus.deliverPosted()
        }
        #expect(delivered)
        #expect(recorder.received(Num.self).map(\.value) == [0, 1])
        withExtendedLifetime(nested) {}
    }

    @Test(.allowsProblems) func aPostedEventThatStartsAFeedbackLoopReportsTheDiscardsOfItsDrain() {
        let bus = EventBus(maximumQueuedDispatches: 2, maximumEventsPerDrain: 3)
        let poster = unisolatedPoster(of: bus)
        let echo = bus.subscribe(to: Num.self) { number in bus.dispatch(Num(number.value + 1)) }
        poster.post(Num(0))
        #expect(bus.deliverPosted() == [.limitReached(processed: 3, discarded: 1)])
        withExtendedLifetime(echo) {}
    }

    // MARK: Bounds and the bus's end

    @Test func postsBeyondMaximumPendingAreAllAcceptedAndDelivered() {
        // `maximumQueuedDispatches` bounds the bus's queue during a delivery, not the inbox: no post is
        // lost while the bus lives.
        let bus = EventBus(maximumQueuedDispatches: 2)
        let poster = unisolatedPoster(of: bus)
        let recorder = RecordingConsumer(willConsume: [Num.self])
        bus.register(recorder)
        #expect((1...150).map { poster.post(Num($0)) }.allSatisfy { $0 == .awaitingDeliverPosted })
        #expect(bus.deliverPosted().count == 150)
        #expect(recorder.received(Num.self).map(\.value) == Array(1...150))
    }

    @MainActor
    @Test(.allowsProblems) func discardsOfADrainTheBusRanOnItsOwnAreCounted() async {
        // A posted event delivered by the bus itself (on the main actor) starts a feedback
        // loop; no caller receives that drain's report, so its discards are counted here.
        let bus = EventBus(maximumQueuedDispatches: 2, maximumEventsPerDrain: 3)
        let echo = bus.subscribe(to: Num.self) { number in bus.dispatch(Num(number.value + 1)) }
        let poster = bus.poster()
        #expect(bus.unattendedDiscards == 0)
        #expect(poster.post(Num(0)) == .accepted)
        #expect(await poster.waitUntilDelivered())
        #expect(bus.unattendedDiscards == 1)
        withExtendedLifetime(echo) {}
    }

    @Test func aPostThatWaitsForDeliverPostedSaysSoAndNoAcceptedPostStaysUndelivered() async {
        // A poster made in an actor's synchronous `init` has no isolation: its post waits,
        // and says so. Vending a poster on the actor later delivers what waits.
        let service = PosterFromInitService()
        #expect(service.firstReport == .awaitingDeliverPosted)
        #expect(await service.delivered() == [])
        let poster = await service.vendPosterHere()
        #expect(await poster.waitUntilDelivered())
        #expect(await service.delivered() == [1])
        #expect(await service.problems() == [.postsAwaitDelivery])
        #expect(service.poster.post(Num(2)) == .accepted)  // the same inbox, now with a home
        #expect(await service.poster.waitUntilDelivered())
        #expect(await service.delivered() == [1, 2])
    }

    @Test func postingAfterTheBusIsGoneIsANoOpThatReportsIt() async {
        var bus: EventBus? = EventBus()
        let poster = unisolatedPoster(of: bus!)
        #expect(poster.isBusAlive)
        bus = nil
        #expect(!poster.isBusAlive)
        #expect(poster.post(Num(1)) == .busGone)
        #expect(await poster.waitUntilDelivered() == false)
    }

    @Test(.allowsProblems) func acceptedEventsStillWaitingWhenTheBusIsDeallocatedGoWithIt() async {
        var bus: EventBus? = EventBus()
        let poster = unisolatedPoster(of: bus!)
        #expect(poster.post(Num(1)) == .awaitingDeliverPosted)
        let delivered = await withCheckedContinuation { continuation in
            poster.inbox.addBarrier(continuation)
            bus = nil
        }
        #expect(!delivered)
        #expect(poster.post(Num(2)) == .busGone)
    }

    @Test func thePosterDoesNotKeepTheBusAlive() {
        var bus: EventBus? = EventBus()
        weak var weakBus: EventBus?
        weakBus = bus
        let poster = unisolatedPoster(of: bus!)
        bus = nil
        #expect(weakBus == nil)
        #expect(poster.post(Num(1)) == .busGone)
    }

    @Test func anActorOwnedBusIsReleasedWithItsActorWhileAPosterIsHeld() async {
        var service: PosterOwningService? = PosterOwningService(maximumQueuedDispatches: 10)
        weak var weakService: PosterOwningService?
        weakService = service
        let poster = await service!.start()
        #expect(poster.post(PosterStressEvent(thread: 0, index: 0)) == .accepted)
        #expect(await poster.waitUntilDelivered())
        service = nil
        #expect(weakService == nil)
        #expect(poster.post(PosterStressEvent(thread: 0, index: 1)) == .busGone)
    }
}
