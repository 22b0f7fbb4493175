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

/// An inbox with no bus, as its owner delivers by hand (so no wait is said), holding at most
/// `capacity` posted events.
private func openInbox(capacity: Int = 1_000_000) -> Inbox {
    let inbox = Inbox(capacity: capacity)
    inbox.ownerDeliversByHand()
    return inbox
}

/// The inbox where other threads meet the bus, with no bus: posting order kept, one locked
/// take of everything, sweep requests, and what posts and barriers get once the bus is gone.
@Suite(.noUnexpectedProblems) struct InboxTests {
    @Test func postsAreTakenInPostingOrderAndAwaitDeliverPostedWithNoDrainer() {
        let inbox = openInbox()
        let reports = (1...4).map { inbox.post(Num($0), from: site) }
        #expect(reports == Array(repeating: .awaitingDeliverPosted, count: 4))
        #expect(inbox.isOpen)
        #expect(!inbox.hasDrainer)
        #expect(shape(inbox.takeAll()) == ["1", "2", "3", "4"])
    }

    @Test func postsFromSeveralThreadsKeepEachThreadsOwnOrder() async {
        let inbox = openInbox()
        await postFromThreads(threads: 4, count: 2_000) { event in
            _ = inbox.post(event, from: site)
        }
        let received = stressEvents(inbox.takeAll())
        #expect(stressProblems(received, threads: 4, count: 2_000) == [])
    }

    @Test func takeAllEmptiesTheInboxAndClearsTheSweepRequest() {
        let inbox = openInbox()
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
        let inbox = openInbox()
        #expect(!inbox.takeAll().sweep)
        inbox.requestSweep()
        inbox.requestSweep()
        let batch = inbox.takeAll()
        #expect(batch.sweep)
        #expect(batch.items.isEmpty)
    }

    @Test func aBarrierWaitsInPostingOrderAmongTheEvents() async {
        let inbox = openInbox()
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
        let inbox = openInbox()
        _ = inbox.post(Num(1), from: site)
        inbox.requestSweep()
        inbox.close()
        #expect(!inbox.isOpen)
        #expect(inbox.post(Num(2), from: site) == .busGone)
        inbox.requestSweep()
        #expect(shape(inbox.takeAll()) == [])  // what waited is discarded with the bus
    }

    @Test func closeResumesAWaitingBarrierWithFalse() async {
        let inbox = openInbox()
        _ = inbox.post(Num(1), from: site)
        let delivered = await withCheckedContinuation { continuation in
            inbox.addBarrier(continuation)
            inbox.close()
        }
        #expect(!delivered)
    }

    @Test func aBarrierWithNothingAheadOfItResumesAtOnce() async {
        let inbox = openInbox()
        #expect(await withCheckedContinuation { inbox.addBarrier($0) })
        #expect(shape(inbox.takeAll()) == [])
    }

    @Test func aBarrierAddedAfterCloseResumesWithFalse() async {
        let inbox = openInbox()
        inbox.close()
        let delivered = await withCheckedContinuation { inbox.addBarrier($0) }
        #expect(!delivered)
        #expect(shape(inbox.takeAll()) == [])
    }
}

/// Contract §15.2: the inbox holds at most its capacity of posted events, waiting or taken and
/// not yet delivered; a post beyond them is refused and counted; a send waits for room, before
/// any later post.
@Suite(.noUnexpectedProblems) struct BoundedInboxTests {
    @Test func aPostBeyondTheCapacityIsRefusedAndCountedForTheBus() {
        let inbox = openInbox(capacity: 2)
        let other = EventTrace.Origin(fileID: "Tests/Other.swift", line: 7)
        #expect(inbox.post(Num(1), from: site) == .awaitingDeliverPosted)
        #expect(inbox.post(Num(2), from: site) == .awaitingDeliverPosted)
        #expect(inbox.post(Other(), from: other) == .rejectedFull)
        #expect(inbox.post(Num(4), from: site) == .rejectedFull)
        let batch = inbox.takeAll()
        #expect(shape(batch) == ["1", "2"])
        #expect(
            batch.refused == [
                Inbox.Refusal(count: 1, eventType: "Other", origin: other),
                Inbox.Refusal(count: 1, eventType: "Num", origin: site),
            ])
        #expect(inbox.takeAll().refused == [])  // each refusal is reported once
    }

    @Test func takenEventsCountUntilTheBusHasDeliveredThem() {
        let inbox = openInbox(capacity: 2)
        _ = inbox.post(Num(1), from: site)
        _ = inbox.post(Num(2), from: site)
        #expect(shape(inbox.takeAll()) == ["1", "2"])
        #expect(inbox.post(Num(3), from: site) == .rejectedFull)  // both still undelivered
        inbox.undelivered.add(-1)  // the bus delivered one
        #expect(inbox.post(Num(3), from: site) == .awaitingDeliverPosted)
        #expect(inbox.post(Num(4), from: site) == .rejectedFull)
    }

    @Test func aSendWaitsForRoomAndGoesBeforeALaterPost() async throws {
        let inbox = openInbox(capacity: 1)
        _ = inbox.post(Num(1), from: site)
        let sending = Task { try await inbox.send(Num(2), from: site) }
        while inbox.waitingSends == 0 { await Task.yield() }
        #expect(inbox.post(Num(3), from: site) == .rejectedFull)  // the send waits first
        #expect(shape(inbox.takeAll()) == ["1"])
        inbox.undelivered.add(-1)
        inbox.admitWaitingSends()
        #expect(try await sending.value == .awaitingDeliverPosted)
        #expect(shape(inbox.takeAll()) == ["2"])
    }

    @Test func aCancelledSendPostsNothingAndThrows() async {
        let inbox = openInbox(capacity: 1)
        _ = inbox.post(Num(1), from: site)
        let sending = Task { try await inbox.send(Num(2), from: site) }
        while inbox.waitingSends == 0 { await Task.yield() }
        sending.cancel()
        await #expect(throws: CancellationError.self) { try await sending.value }
        #expect(shape(inbox.takeAll()) == ["1"])
        inbox.undelivered.add(-1)
        inbox.admitWaitingSends()
        #expect(shape(inbox.takeAll()) == [])
    }

    @Test func aSendCancelledBeforeItBeginsPostsNothing() async {
        let inbox = openInbox(capacity: 1)
        let sending = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await inbox.send(Num(1), from: site)
        }
        await #expect(throws: CancellationError.self) { try await sending.value }
        #expect(shape(inbox.takeAll()) == [])
    }

    @Test func aWaitingSendAnswersBusGoneWhenTheBusGoes() async throws {
        let inbox = openInbox(capacity: 1)
        _ = inbox.post(Num(1), from: site)
        let sending = Task { try await inbox.send(Num(2), from: site) }
        while inbox.waitingSends == 0 { await Task.yield() }
        inbox.close()
        #expect(try await sending.value == .busGone)
        #expect(try await inbox.send(Num(3), from: site) == .busGone)
    }

    @Test func theFirstWaitForTheOwnerIsToBeReportedOnce() {
        let inbox = Inbox(capacity: 10)
        inbox.setProblemsHaveHandler(true)  // the bus reports it: nothing printed here
        _ = inbox.post(Num(1), from: site)
        _ = inbox.post(Num(2), from: site)
        #expect(
            inbox.takeAll().waited?.description
                == "post(_:) at Tests/InboxTests.swift:1 waits")
        _ = inbox.post(Num(3), from: site)
        #expect(inbox.takeAll().waited == nil)
    }

    @Test func anOwnerWhoDeliversByHandIsToldNothing() {
        let inbox = Inbox(capacity: 10)
        inbox.setProblemsHaveHandler(true)
        _ = inbox.post(Num(1), from: site)
        inbox.ownerDeliversByHand()
        #expect(inbox.takeAll().waited == nil)
    }
}

/// The inbox of a bus that lives on an actor schedules at most one drain at a time: a drain
/// is scheduled until it begins, whatever takes the inbox meanwhile.
@Suite(.noUnexpectedProblems) struct DrainSchedulingTests {
    /// Holds a bus; its methods run on the actor, so a drain scheduled for the bus cannot
    /// begin while one of them runs.
    actor Home {
        let bus = EventBus()

        /// Posts once (which schedules a drain), takes the inbox as a drain's slice does
        /// between events, and answers whether a later post could schedule a second drain.
        func aSecondDrainCanBeScheduledAfterATake() -> Bool {
            let inbox = bus.ensureInbox(drainingOn: self)
            _ = inbox.post(Num(1), from: site)
            _ = inbox.takeAll()
            return inbox.claimNextDrain() != nil
        }
    }

    @Test func aTakeDoesNotLetAPostScheduleASecondDrain() async {
        // Each take once let the next post schedule one more drain: in a flood, drains piled
        // up on the bus's actor ahead of its other work.
        #expect(await Home().aSecondDrainCanBeScheduledAfterATake() == false)
    }
}
