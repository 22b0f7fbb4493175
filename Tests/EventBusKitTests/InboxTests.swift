import Testing

@testable import EventBusKit

/// The origin the tests' posts carry.
private let site = EventTrace.Origin(fileID: "Tests/InboxTests.swift", line: 1)

/// What a batch holds, comparable: each event's value, and `barrier` for a barrier.
private func shape(_ batch: Inbox.Batch) -> [String] {
    batch.items.map { item in
        switch item {
        case .event(let event, _): "\((event as? Num)?.value ?? -1)"
        case .barrier: "barrier"
        }
    }
}

/// The stress events a batch holds, in order.
private func stressEvents(_ batch: Inbox.Batch) -> [PosterStressEvent] {
    batch.items.compactMap { item in
        guard case .event(let event, _) = item else { return nil }
        return event as? PosterStressEvent
    }
}

/// The inbox where other threads meet the bus, with no bus: posting order kept, one locked
/// take of everything, sweep requests, and what posts and barriers get once the bus is gone.
@Suite(.noUnexpectedProblems) struct InboxTests {
    @Test func postsAreTakenInPostingOrderAndAwaitDeliverPostedWithNoDrainer() {
        let inbox = Inbox()
        let reports = (1...4).map { inbox.post(Num($0), from: site) }
        #expect(reports == Array(repeating: .awaitingDeliverPosted, count: 4))
        #expect(inbox.isOpen)
        #expect(!inbox.hasDrainer)
        #expect(shape(inbox.takeAll()) == ["1", "2", "3", "4"])
    }

    @Test func postsFromSeveralThreadsKeepEachThreadsOwnOrder() async {
        let inbox = Inbox()
        await postFromThreads(threads: 4, count: 2_000) { event in
            _ = inbox.post(event, from: site)
        }
        let received = stressEvents(inbox.takeAll())
        #expect(stressProblems(received, threads: 4, count: 2_000) == [])
    }

    @Test func takeAllEmptiesTheInboxAndClearsTheSweepRequest() {
        let inbox = Inbox()
        _ = inbox.post(Num(1), from: site)
        inbox.requestSweep()
        let first = inbox.takeAll()
        #expect(shape(first) == ["1"])
        #expect(first.sweep)
        let second = inbox.takeAll()
        #expect(shape(second) == [])
        #expect(!second.sweep)
    }

    @Test func aSweepRequestAloneIsTakenWithNoItems() {
        let inbox = Inbox()
        #expect(!inbox.takeAll().sweep)
        inbox.requestSweep()
        inbox.requestSweep()
        let batch = inbox.takeAll()
        #expect(batch.sweep)
        #expect(batch.items.isEmpty)
    }

    @Test func aBarrierWaitsInPostingOrderAmongTheEvents() async {
        let inbox = Inbox()
        var taken: [String] = []
        let delivered = await withCheckedContinuation { continuation in
            _ = inbox.post(Num(1), from: site)
            inbox.addBarrier(continuation)
            _ = inbox.post(Num(2), from: site)
            let batch = inbox.takeAll()
            taken = shape(batch)
            // The bus resumes a barrier once it has delivered what came before it.
            for case .barrier(let barrier) in batch.items { barrier.resume(returning: true) }
        }
        #expect(delivered)
        #expect(taken == ["1", "barrier", "2"])
    }

    @Test func afterCloseAPostAnswersBusGoneAndIsNotKept() {
        let inbox = Inbox()
        _ = inbox.post(Num(1), from: site)
        inbox.requestSweep()
        inbox.close()
        #expect(!inbox.isOpen)
        #expect(inbox.post(Num(2), from: site) == .busGone)
        inbox.requestSweep()
        #expect(shape(inbox.takeAll()) == [])  // what waited is discarded with the bus
    }

    @Test func closeResumesAWaitingBarrierWithFalse() async {
        let inbox = Inbox()
        let delivered = await withCheckedContinuation { continuation in
            inbox.addBarrier(continuation)
            inbox.close()
        }
        #expect(!delivered)
    }

    @Test func aBarrierAddedAfterCloseResumesWithFalse() async {
        let inbox = Inbox()
        inbox.close()
        let delivered = await withCheckedContinuation { inbox.addBarrier($0) }
        #expect(!delivered)
        #expect(shape(inbox.takeAll()) == [])
    }
}
