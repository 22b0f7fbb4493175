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
