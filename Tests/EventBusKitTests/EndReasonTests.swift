import Testing

@testable import EventBusKit

/// Contract §17.1: one end, one reason. A recipient ends once, for one reason, and whoever
/// claims the end decides what every view says: the trace, the error a `next` throws, the
/// `DidConsumeEvent`.
@MainActor @Suite(.noUnexpectedProblems) struct EndReasonTests {
    @Test(arguments: RecipientEnd.allCases, RecipientEnd.allCases)
    func theFirstClaimOfAnEndRecordsItsReasonAndALaterOneWritesNothing(
        first: RecipientEnd, second: RecipientEnd
    ) throws {
        let word = try #require(StatePage().take())
        let ending = RecipientEnding(word)
        #expect(ending.end == nil)
        #expect(ending.claim(first))
        let recorded = word.bits
        #expect(ending.end == first)
        #expect(Recipient.State(rawValue: recorded).contains(.ended) == (first != .lastCall))
        #expect(!ending.claim(second))
        #expect(word.bits == recorded)
        #expect(ending.end == first)
    }

    @Test func eachWayARecipientEndsRecordsItsReason() {
        let bus = EventBus()
        let cancelled = bus.subscribe(to: Num.self) { _ in }
        var dropped: EventSubscription? = bus.subscribe(to: Num.self) { _ in }
        let consumer = RecordingConsumer(willConsume: [Num.self])
        bus.register(consumer)
        var weaklyHeld: RecordingConsumer? = RecordingConsumer(willConsume: [Num.self])
        bus.registerWeakly(weaklyHeld!)
        var owner: OwnerBoundScreen? = OwnerBoundScreen(name: "cart")
        let ownerBound = bus.subscribe(to: Num.self, owner: owner!) { _, _ in }
        let once = bus.subscribe(to: Num.self, options: .once) { _ in }
        var stream: AsyncStream<Num>? = bus.events(of: Num.self)
        let ends = (
            cancelled: cancelled.ending, dropped: dropped!.ending,
            deregistered: bus.registeredRecipient(for: consumer)!.ending,
            weaklyHeld: bus.registeredRecipient(for: weaklyHeld!)!.ending,
            ownerBound: ownerBound.ending, once: once.ending,
            stream: bus.registry.value.recipients.last!.ending
        )
        cancelled.cancel()
        dropped = nil
        bus.deregister(consumer)
        weaklyHeld = nil
        owner = nil
        stream = nil
        bus.dispatch(Num(1))
        #expect(ends.cancelled.end == .released)
        #expect(ends.dropped.end == .released)
        #expect(ends.deregistered.end == .released)
        #expect(ends.weaklyHeld.end == .ownerGone)
        #expect(ends.ownerBound.end == .ownerGone)
        #expect(ends.once.end == .lastCall)
        #expect(ends.stream.end == .streamTerminated)
        #expect(bus.recipientCount == 0)
        withExtendedLifetime(stream) {}
    }

    @Test func theBusGoingEndsOnlyTheRecipientsNoOtherEndClaimedFirst() {
        var bus: EventBus? = EventBus()
        let live = bus!.subscribe(to: Num.self) { _ in }
        var dropped: EventSubscription? = bus!.subscribe(to: Num.self) { _ in }
        let droppedEnd = dropped!.ending
        // Ended, and not yet removed: the bus has had no call since. (An optimized build may
        // end a lifetime at its last use: without the extended lifetime, the bus, last used
        // above, went before the token.)
        withExtendedLifetime(bus) { dropped = nil }
        bus = nil
        #expect(live.ending.end == .busGone)
        #expect(droppedEnd.end == .released)
        #expect(!live.isActive)
    }

    @Test(.hangLimit)
    func aWaitWhoseEventAPassClaimedIsTracedByItsNameThoughItsTimerFiresMeanwhile() async throws {
        let bus = EventBus()
        var announced: [String] = []
        let logger = bus.subscribe(to: DidConsumeEvent.self) { announced.append("\($0.consumer)") }
        let recording = bus.startTracing()
        let timer = HeldTimer(at: .fired)
        let line = #line + 3
        let waiting = Task {
            try await NextTimerHook.$current.withValue(timer.hook) {
                try await bus.next(Num.self, timeout: .zero)
            }
        }
        await timer.waitForTheTimer()
        // The timer has fired. The pass claims the waiter's last call; before the trace names
        // it, a timer's claim comes from another thread, and is too late.
        let lateClaims = LockedState<[Bool]>([])
        let timerClaims = onFirstNaming { ending in
            onAnotherThread { lateClaims.withLock { $0.append(ending.claim(.timedOut)) } }
        }
        TraceNamingHook.$current.withValue(timerClaims) { bus.dispatch(Num(1)) }
        timer.release()  // the timer claims too: too late as well
        #expect(try await waiting.value.value == 1)
        #expect(lateClaims.withLock { $0 } == [false])
        #expect(timer.timedOut == false)
        let name = "next(Num, at: EventBusKitTests/EndReasonTests.swift:\(line))"
        #expect(recording.records.first?.recipients == [name])
        #expect(announced == [name])
        #expect(bus.recipientCount == 1)
        withExtendedLifetime(logger) {}
    }

    @Test func aOnceSubscriptionWhoseTokenGoesWhileAPassGivesItItsLastEventIsTracedByItsName() {
        let bus = EventBus()
        var received: [Int] = []
        let (token, line) = (
            bus.subscribe(to: Num.self, options: .once) { received.append($0.value) }, #line
        )
        let ending = token.ending
        let handOff = TokenHandOff(consume token)
        let recording = bus.startTracing()
        // The pass claims its last call; before the trace names it, another thread drops the
        // token, whose end comes too late.
        let dropTheToken = onFirstNaming { _ in onAnotherThread { handOff.release() } }
        TraceNamingHook.$current.withValue(dropTheToken) { bus.dispatch(Num(1)) }
        #expect(received == [1])
        #expect(
            recording.records.map(\.recipients) == [
                ["Subscription(to: Num, once, at: EventBusKitTests/EndReasonTests.swift:\(line))"]
            ])
        #expect(ending.end == .lastCall)
        #expect(bus.recipientCount == 0)
    }

    @Test func aOnceStreamWhoseConsumerStopsWhileAPassGivesItItsLastEventIsTracedByItsName() {
        let bus = EventBus()
        let (stream, line) = (
            LockedState(Optional(bus.events(of: Num.self, options: .once))), #line
        )
        let recording = bus.startTracing()
        // The pass claims its last call; before the trace names it, its consumer lets the
        // stream go, which ends it too late.
        let stopTheStream = onFirstNaming { _ in onAnotherThread { stream.withLock { $0 = nil } } }
        TraceNamingHook.$current.withValue(stopTheStream) { bus.dispatch(Num(1)) }
        #expect(
            recording.records.map(\.recipients) == [
                [
                    "events(of: Num, bufferingPolicy: unbounded, once, at: EventBusKitTests/EndReasonTests.swift:\(line))"
                ]
            ])
        #expect(bus.recipientCount == 0)
    }

    @Test(.hangLimit)
    func aWaitWhoseTimerEndedItThrowsTimedOutThoughAPassRemovesItBeforeTheTimerResumesIt() async {
        let bus = EventBus()
        var others: [Int] = []
        let other = bus.subscribe(to: Num.self) { others.append($0.value) }
        let timer = HeldTimer(at: .claimed)
        let waiting = Task {
            try await NextTimerHook.$current.withValue(timer.hook) {
                try await bus.next(Num.self, timeout: .zero)
            }
        }
        await timer.waitForTheTimer()
        #expect(timer.timedOut == true)
        // The pass meets the ended waiter and removes it: the release of its stand-in finishes
        // it before its timer resumes it.
        bus.dispatch(Num(1))
        timer.release()
        await #expect(throws: EventBus.WaitError.timedOut) { try await waiting.value }
        #expect(others == [1])
        #expect(bus.recipientCount == 1)
        withExtendedLifetime(other) {}
    }

    @Test(.hangLimit)
    func aWaitWhoseTimerEndedItThrowsTimedOutThoughItsBusGoesBeforeTheTimerResumesIt() async {
        final class Model { var bus: EventBus? = EventBus() }
        let model = Model()
        weak let bus = model.bus
        let timer = HeldTimer(at: .claimed)
        let waiting = Task {
            try await NextTimerHook.$current.withValue(timer.hook) {
                try await model.bus?.next(Num.self, timeout: .zero)
            }
        }
        await timer.waitForTheTimer()
        model.bus = nil  // its teardown finishes the waiter, which its timer ended
        #expect(bus == nil)
        timer.release()
        await #expect(throws: EventBus.WaitError.timedOut) { try await waiting.value }
    }

    @Test(.hangLimit)
    func aWaitWhoseTimerEndedItThrowsTimedOutThoughItsTaskIsCancelledBeforeTheTimerResumesIt()
        async
    {
        let bus = EventBus()
        let timer = HeldTimer(at: .claimed)
        let waiting = Task {
            try await NextTimerHook.$current.withValue(timer.hook) {
                try await bus.next(Num.self, timeout: .zero)
            }
        }
        await timer.waitForTheTimer()
        waiting.cancel()
        timer.release()
        await #expect(throws: EventBus.WaitError.timedOut) { try await waiting.value }
        #expect(bus.recipientCount == 0)
    }

    @Test(.hangLimit)
    func aWaitWhoseTaskIsCancelledBeforeItsTimerClaimsThrowsCancellationError() async {
        let bus = EventBus()
        let timer = HeldTimer(at: .fired)
        let waiting = Task {
            try await NextTimerHook.$current.withValue(timer.hook) {
                try await bus.next(Num.self, timeout: .zero)
            }
        }
        await timer.waitForTheTimer()
        waiting.cancel()  // its cancellation handler claims the end, on this thread
        timer.release()  // the wait's group awaits its timer before it returns
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(timer.timedOut == false)
        #expect(bus.recipientCount == 0)
    }

    @Test(.hangLimit)
    func aWaitWhoseBusGoesBeforeItsTimerClaimsThrowsBusDeallocated() async {
        final class Model { var bus: EventBus? = EventBus() }
        let model = Model()
        let timer = HeldTimer(at: .fired)
        let waiting = Task {
            try await NextTimerHook.$current.withValue(timer.hook) {
                try await model.bus?.next(Num.self, timeout: .zero)
            }
        }
        await timer.waitForTheTimer()
        model.bus = nil  // its teardown claims the end, on this thread
        timer.release()
        await #expect(throws: EventBus.WaitError.busDeallocated) { try await waiting.value }
        #expect(timer.timedOut == false)
    }
}
