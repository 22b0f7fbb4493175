import Testing

@testable import EventBusKit

/// The origin the tests' posts carry.
private let site = EventTrace.Origin(fileID: "Tests/EndedRecipientsTests.swift", line: 1)

/// A recipient its token ended is handed to the bus through the inbox, which the bus removes
/// alone, with no sweep of the others; a wait for delivery queued before it was handed over
/// resumes once the bus has removed it.
@Suite(.noUnexpectedProblems) struct EndedRecipientsTests {
    @Test func aRecipientItsTokenEndedIsTakenByTheBusWithNoSweep() {
        let bus = EventBus()
        let inbox = Inbox(capacity: 10)
        let ended = aRecipient(of: bus)
        inbox.requestSweep(of: ended)
        #expect(inbox.hasWork)
        let batch = inbox.takeAll()
        #expect(!batch.sweep)
        #expect(batch.ended.map { $0 === ended } == [true])
        #expect(inbox.takeAll().ended.isEmpty)  // handed over once
    }

    @Test func beyondTheListLimitTheInboxAsksForASweepOfEveryEndedRecipient() {
        let bus = EventBus()
        let inbox = Inbox(capacity: 10)
        let ended = aRecipient(of: bus)
        for _ in 0...Inbox.endedListLimit { inbox.requestSweep(of: ended) }
        let batch = inbox.takeAll()
        #expect(batch.ended.count == Inbox.endedListLimit)
        #expect(batch.sweep)
    }

    @Test func aDrainsEndHandsABarrierAtTheFrontTheRecipientsTokensEnded() async {
        let bus = EventBus()
        let inbox = Inbox(capacity: 10)
        inbox.ownerDeliversByHand()
        let ended = aRecipient(of: bus)
        _ = inbox.post(Num(1), from: site)
        _ = inbox.takeAll()  // 1 is the bus's, not yet delivered
        let delivered = await withCheckedContinuation { continuation in
            inbox.addBarrier(continuation)  // waits behind 1
            inbox.requestSweep(of: ended)
            inbox.undelivered.add(-1)  // 1 delivered
            let end = inbox.endDrain()
            // The bus removes what it is handed before it resumes the barriers.
            #expect(end.barriers.count == 1)
            #expect(end.ended.map { $0 === ended } == [true])
            #expect(!end.more)
            for barrier in end.barriers { barrier.resume(returning: true) }
        }
        #expect(delivered)
    }

    @Test func aDrainsEndWithNoBarrierLeavesTheEndedRecipientsForTheNextTake() {
        let bus = EventBus()
        let inbox = Inbox(capacity: 10)
        let ended = aRecipient(of: bus)
        inbox.requestSweep(of: ended)
        let end = inbox.endDrain()
        #expect(end.ended.isEmpty)
        #expect(end.more)
        #expect(inbox.takeAll().ended.map { $0 === ended } == [true])
    }

    /// A `next` that its task's cancellation or its timer ended is removed by its own call, on
    /// the bus's isolation, alone: an entry that ended otherwise (a weakly registered consumer
    /// that died) stays for the registry's own sweep.
    @MainActor @Test(arguments: [false, true])
    func aWaitThatEndsEarlyIsRemovedAloneAndTheOtherEndedEntriesStay(timesOut: Bool) async {
        let bus = EventBus()
        let poster = bus.poster(deliveringOn: MainActor.shared)
        var dead: ListConsumer? = ListConsumer("Dead", [Num.self])
        bus.registerWeakly(dead!)
        dead = nil
        #expect(bus.registeredEntryCount == 1)  // ended, not swept
        let waiting = Task {
            try await bus.next(Num.self, timeout: timesOut ? .milliseconds(1) : nil)
        }
        while bus.registeredEntryCount < 2 { await Task.yield() }
        if !timesOut { waiting.cancel() }
        switch await waiting.result {
        case .success: Issue.record("the wait returned an event")
        case .failure(let error as EventBus.WaitError): #expect(timesOut && error == .timedOut)
        case .failure(let error): #expect(!timesOut && error is CancellationError)
        }
        await poster.waitUntilDelivered()  // any drain the wait's end asked for has run
        #expect(bus.registeredEntryCount == 1)
        #expect(bus.recipientCount == 0)
    }

    @Test func aTokenReleasedIsRemovedByTheBusAndTheOthersStay() {
        let bus = EventBus()
        let kept = bus.subscribe(to: Num.self) { _ in }
        var released: EventSubscription? = bus.subscribe(to: Num.self) { _ in }
        let ending = released!.ending
        released = nil
        #expect(ending.end == .released)
        #expect(bus.registeredEntryCount == 2)  // handed to the inbox, not yet removed
        bus.deliverPosted()
        #expect(bus.registeredEntryCount == 1)
        #expect(kept.isActive)
        withExtendedLifetime(released) {}
    }
}
