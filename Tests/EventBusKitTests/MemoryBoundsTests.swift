import Testing

@testable import EventBusKit

// The memory workloads of `memory-probe` (Benchmarks/memory-probe), small enough for a
// unit test, checked with counters of live objects: whatever the bus retained would show.
// The probe measures the resident set of the full-size runs.

/// Counts live `MemoryTracked…` objects.
private final class MemoryTally {
    var live = 0
}

/// A class event that counts itself.
private final class MemoryTrackedEvent: Event {
    let value: Int
    let tally: MemoryTally
    init(_ value: Int, _ tally: MemoryTally) {
        self.value = value
        self.tally = tally
        tally.live += 1
    }
    deinit { tally.live -= 1 }
}

/// Anything a closure captures, counting itself.
private final class MemoryTrackedCapture {
    let tally: MemoryTally
    init(_ tally: MemoryTally) {
        self.tally = tally
        tally.live += 1
    }
    deinit { tally.live -= 1 }
}

/// An event no one listens for, so each one's pass announces a `NoConsumerEvent`.
private struct UnheardEvent: Event {
    let value: Int
}

@Suite(.noUnexpectedProblems) struct MemoryBoundsTests {
    /// The queue's storage never exceeds this many slots while at most three events wait
    /// (the ring's minimum is 16).
    private static let smallQueue = 16

    @Test(.allowsProblems) func aLongEchoDrainKeepsTheQueueAsSmallAsWhatWaits() async {
        // At most three events ever wait (an echo, its announcement, and the announcement of
        // the one before), during a drain of 100,000 events (off the cooperative pool).
        let (report, largestCapacity, capacityAfter) = await onAThreadOfItsOwn {
            let bus = EventBus(maximumQueuedDispatches: 1, maximumEventsPerDrain: 100_000)
            var largestCapacity = 0
            let echo = bus.subscribe(to: Num.self) { number in
                largestCapacity = max(largestCapacity, bus.waitingCapacity)
                bus.dispatch(Num(number.value + 1))
            }
            let listener = bus.subscribe(to: DidConsumeEvent.self) { _ in }
            let report = bus.dispatch(Num(0))
            withExtendedLifetime((echo, listener)) {}
            return (report, largestCapacity, bus.waitingCapacity)
        }
        #expect(report == .limitReached(processed: 100_000, discarded: 3))
        #expect(largestCapacity <= Self.smallQueue)
        #expect(capacityAfter <= Self.smallQueue)
    }

    @Test(.allowsProblems) func aLongDrainOfUnheardEventsKeepsTheQueueAsSmallAsWhatWaits() async {
        // Each unheard event's `NoConsumerEvent` makes its listener dispatch the next one (a
        // drain of 100,000 events, off the cooperative pool).
        let (report, largestCapacity, capacityAfter) = await onAThreadOfItsOwn {
            let bus = EventBus(maximumQueuedDispatches: 1, maximumEventsPerDrain: 100_000)
            var largestCapacity = 0
            let listener = bus.subscribe(to: NoConsumerEvent.self) { announcement in
                largestCapacity = max(largestCapacity, bus.waitingCapacity)
                let value = (announcement.event as? UnheardEvent)?.value ?? 0
                bus.dispatch(UnheardEvent(value: value + 1))
            }
            let report = bus.dispatch(UnheardEvent(value: 0))
            withExtendedLifetime(listener) {}
            return (report, largestCapacity, bus.waitingCapacity)
        }
        #expect(report == .limitReached(processed: 100_000, discarded: 1))
        #expect(largestCapacity <= Self.smallQueue)
        #expect(capacityAfter <= Self.smallQueue)
    }

    @Test(.allowsProblems) func anEndlessFeedbackLoopReleasesEveryEventItDeliversOrDiscards() {
        let tally = MemoryTally()
        let bus = EventBus(maximumQueuedDispatches: 10, maximumEventsPerDrain: 100)
        var announcements = 0
        let listening = bus.subscribe(to: DidConsumeEvent.self) { _ in announcements += 1 }
        let echo = bus.subscribe(to: MemoryTrackedEvent.self) { [unowned bus] event in
            bus.dispatch(MemoryTrackedEvent(event.value + 1, tally))
            bus.dispatch(MemoryTrackedEvent(event.value + 2, tally))
        }
        var reports: Set<String> = []
        for drain in 0..<100 {
            reports.insert("\(bus.dispatch(MemoryTrackedEvent(drain, tally)))")
            #expect(tally.live == 0)
        }
        // Each drain: 55 events and 45 of their announcements fill the budget of 100; 10
        // waiting events (the most `maximumQueuedDispatches` admits) and 10 announcements are discarded.
        #expect(reports == ["limitReached(processed: 100, discarded: 20)"])
        #expect(announcements == 100 * 45)
        withExtendedLifetime((listening, echo)) {}
    }

    @Test func aTenThousandRecipientFanOutWithALoggerReleasesEveryAnnouncement() async {
        // Three passes of 10,000 deliveries and announcements each: off the cooperative pool.
        let (reports, liveAfterEach, logged, recipientCount) = await onAThreadOfItsOwn {
            let tally = MemoryTally()
            let bus = EventBus(maximumEventsPerDrain: 20_001)
            var logged = 0
            var (reports, liveAfterEach): ([DispatchReport], [Int]) = ([], [])
            let logger = bus.subscribe(to: DidConsumeEvent.self) { _ in logged += 1 }
            do {
                let tokens = (0..<10_000).map { _ in
                    bus.subscribe(to: MemoryTrackedEvent.self) { _ in }
                }
                // Held explicitly: an optimized build may end an unused array's lifetime early.
                withExtendedLifetime(tokens) {
                    for value in 0..<3 {
                        reports.append(bus.dispatch(MemoryTrackedEvent(value, tally)))
                        liveAfterEach.append(tally.live)
                    }
                }
            }
            bus.deliverPosted()  // the sweep the dropped tokens asked for
            withExtendedLifetime(logger) {}
            return (reports, liveAfterEach, logged, bus.recipientCount)
        }
        #expect(reports == Array(repeating: .drained(events: 10_001), count: 3))
        #expect(liveAfterEach == [0, 0, 0])  // each event, held by 10,000 announcements, is gone
        #expect(logged == 30_000)
        #expect(recipientCount == 1)
    }

    @Test func subscribeAndCancelCyclesLeaveNothingBehind() async {
        let tally = MemoryTally()
        let bus = EventBus()
        for cycle in 0..<20_000 {
            let capture = MemoryTrackedCapture(tally)
            let token = bus.subscribe(to: MemoryTrackedEvent.self) { _ in _ = capture }
            if cycle % 1_000 == 0 {
                bus.dispatch(MemoryTrackedEvent(cycle, tally))
                await Task.yield()  // lets other tests run (see `onAThreadOfItsOwn`)
            }
            if cycle % 2 == 0 { token.cancel() }  // the other half end when the token goes
        }
        bus.deliverPosted()  // the sweep the dropped tokens asked for
        #expect(tally.live == 0)
        #expect(bus.recipientCount == 0)
    }

    @Test func recipientsTakeStateWordsInOrderAndAPageIsFreedWithItsLastRecipient() {
        let bus = EventBus()
        var tokens = (0...StatePage.wordCount).map { _ in bus.subscribe(to: Num.self) { _ in } }
        weak var firstPage: StatePage?
        weak var secondPage: StatePage?
        do {
            let states = bus.registry.value.recipients.map(\.state)
            #expect(states[1].word.address == states[0].word.address + 1)
            #expect(states[StatePage.wordCount - 1].page === states[0].page)
            #expect(states[StatePage.wordCount].page !== states[0].page)  // the first is full
            firstPage = states[0].page
            secondPage = states[StatePage.wordCount].page
        }
        for token in tokens { token.cancel() }
        tokens.removeAll()
        #expect(firstPage == nil)  // its recipients are gone
        #expect(secondPage != nil)  // the registry takes the next recipient's word from it
        withExtendedLifetime(bus) {}
    }
}
