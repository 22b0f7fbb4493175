import Dispatch
import Foundation
import Testing

@testable import EventBusKit

/// The origin the tests' posts carry.
private let site = EventTrace.Origin(fileID: "Tests/HandOverTests.swift", line: 1)

/// A dropped token hands its recipient to the bus through the inbox's lock-free slot
/// (`InboxWords`): taken by the bus's next take, in drop order with the ones listed under
/// the lock; waited for by a barrier; a drain scheduled when the bus has a drainer; let go
/// when the inbox is closed. A take that finds the inbox quiet locks nothing, and a take that
/// must tell or take something else (a post, the owner's first `deliverPosted()`) still locks.
@Suite(.noUnexpectedProblems) struct HandOverTests {
    @Test func aHandedOverRecipientIsTakenByTheNextTakeOnce() {
        let bus = EventBus()
        let inbox = Inbox(capacity: 10)
        let ended = aRecipient(of: bus)
        inbox.handOver(ended)
        #expect(inbox.hasWork)
        #expect(inbox.takeAll().ended.map { $0 === ended } == [true])
        #expect(!inbox.hasWork)
        #expect(inbox.takeAll().ended.isEmpty)
    }

    @Test func aSecondHandOverWhileTheSlotIsFullIsListedAfterIt() {
        let bus = EventBus()
        let inbox = Inbox(capacity: 10)
        let (first, second, third) = (aRecipient(of: bus), aRecipient(of: bus), aRecipient(of: bus))
        inbox.handOver(first)
        inbox.handOver(second)
        inbox.handOver(third)
        #expect(
            inbox.takeAll().ended.map(ObjectIdentifier.init)
                == [first, second, third].map(ObjectIdentifier.init))
    }

    @Test func tokensDroppedInOrderAreReleasedInThatOrder() {
        let bus = EventBus()
        let released = Released()
        var tokens: [EventSubscription] = ["first", "second", "third"].map { name in
            let witness = Witness(name, released)
            return bus.subscribe(to: Num.self) { _ in _ = witness }
        }
        while !tokens.isEmpty { tokens.removeFirst() }
        #expect(released.names.isEmpty)  // handed over, not yet removed
        bus.deliverPosted()
        #expect(released.names == ["first", "second", "third"])
        #expect(bus.registeredEntryCount == 0)
    }

    @Test func anAddRemovesTheRecipientsListedUnderTheLockFirst() {
        let bus = EventBus()
        let kept = bus.subscribe(to: Num.self) { _ in }  // the bus has its inbox
        let ended = aRecipient(of: bus)
        bus.inbox!.requestSweep(of: ended)  // listed, the slot empty
        #expect(!bus.inbox!.unlocked.mayHoldOne)
        #expect(bus.registeredEntryCount == 2)
        let added = bus.subscribe(to: Num.self) { _ in }
        #expect(bus.registeredEntryCount == 2)  // removed before the new one entered
        #expect(ended.isRemoved)
        withExtendedLifetime((kept, added)) {}
    }

    @Test func aBarrierQueuedAfterAHandOverWaitsForTheBusToRemoveIt() async {
        let bus = EventBus()
        let inbox = Inbox(capacity: 10)
        let ended = aRecipient(of: bus)
        let delivered = await withCheckedContinuation { continuation in
            inbox.handOver(ended)
            inbox.addBarrier(continuation)  // waits: the recipient is to be removed first
            #expect(inbox.waitingBarriers == 1)
            let end = inbox.endDrain()
            #expect(end.barriers.count == 1)
            #expect(end.ended.map { $0 === ended } == [true])
            for barrier in end.barriers { barrier.resume(returning: true) }
        }
        #expect(delivered)
    }

    @Test func aHandOverAfterTheInboxClosedLetsTheRecipientGo() {
        let bus = EventBus()
        let inbox = Inbox(capacity: 10)
        let consumer = RecordingConsumer(willConsume: [Num.self])
        weak var handed: Recipient?
        do {
            bus.register(consumer)
            let ended = bus.registeredRecipient(for: consumer)!
            bus.deregister(consumer)  // the bus holds it no more
            handed = ended
            inbox.close()
            inbox.handOver(ended)
        }
        #expect(handed == nil)
        #expect(!inbox.unlocked.mayHoldOne)
    }

    /// Holds a bus; its methods run on the actor, so a drain scheduled for the bus cannot
    /// begin while one of them runs.
    actor Home {
        let bus = EventBus()

        /// Hands a recipient over once the bus has a drainer, and answers whether a drain
        /// could still be claimed (it could not: the hand-over claimed it).
        func aDrainCanBeClaimedAfterAHandOver() -> Bool {
            let inbox = bus.ensureInbox(drainingOn: self)
            inbox.handOver(aRecipient(of: bus))
            return inbox.claimNextDrain() != nil
        }
    }

    @Test func aHandOverToABusWithADrainerSchedulesADrain() async {
        #expect(await Home().aDrainCanBeClaimedAfterAHandOver() == false)
    }

    @Test func aQuietTakeStillTellsTheInboxTheOwnerDeliversByHandTheFirstTime() {
        let inbox = Inbox(capacity: 10)
        inbox.setProblemsHaveHandler(true)  // a wait would be kept for the bus to report
        _ = inbox.take(byHand: true, busHoldsNone: true)  // the owner's deliverPosted()
        _ = inbox.post(Num(1), from: site)
        #expect(inbox.takeAll().waited == nil)
    }

    @Test func aTakeAfterAPostTakesThePost() {
        let inbox = Inbox(capacity: 10)
        _ = inbox.take(byHand: true, busHoldsNone: true)
        _ = inbox.post(Num(1), from: site)
        guard case .batch(let batch, _) = inbox.take(byHand: true, busHoldsNone: true) else {
            Issue.record("a take after a post found nothing to take")
            return
        }
        #expect(batch.items.count == 1)
    }

    @Test func tokensReleasedOnOtherThreadsAsTheBusGoesAwayAreAllReleased() async {
        // Each round: a bus and 200 tokens, dropped by two threads, each its first half while
        // the owner lets the bus go and its second half after. A hand-over may come before the
        // inbox's close, or between the close and the removal of every recipient (it then
        // finds the inbox closed), or race the close: whichever, no recipient is left in the
        // slot. Every closure is released, and so is every inbox (a stand-in left in the slot
        // would keep its inbox alive through its bus reference). A race test: with the closed
        // inbox's rule mutated, some rounds leave an inbox (the rule's own test is
        // `aHandOverAfterTheInboxClosedLetsTheRecipientGo`).
        let (captures, inboxes) = await onAThreadOfItsOwn { () -> (Int, Int) in
            let captures = LiveCount()
            var inboxesLeft = 0
            for _ in 0..<10 {
                var bus: EventBus? = EventBus()
                let handOffs = (0..<200).map { _ in
                    let capture = CountedCapture(captures)
                    return TokenHandOff(bus!.subscribe(to: Num.self) { _ in _ = capture })
                }
                weak let inbox = bus!.inbox
                let (go, closed) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
                let released = DispatchGroup()
                for thread in 0..<2 {
                    let share = handOffs.indices.filter { $0 % 2 == thread }.map { handOffs[$0] }
                    released.enter()
                    Thread {
                        go.wait()
                        for handOff in share.prefix(50) { handOff.release() }
                        closed.wait()
                        for handOff in share.dropFirst(50) { handOff.release() }
                        released.leave()
                    }.start()
                }
                go.signal()
                go.signal()
                bus = nil  // closes the inbox while the threads drop tokens
                closed.signal()
                closed.signal()
                released.wait()
                withExtendedLifetime(handOffs) {}
                if inbox != nil { inboxesLeft += 1 }
            }
            return (captures.total, inboxesLeft)
        }
        #expect(captures == 0)
        #expect(inboxes == 0)
    }
}
