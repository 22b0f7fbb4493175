import Testing

@testable import EventBusKit

/// The delivery rules as a state machine, with no bus and no consumers: each test drives
/// `DeliveryCore` through the calls the bus makes and checks what it answers.
@Suite(.noUnexpectedProblems) struct DeliveryCoreTests {
    private func core(
        pending: Int = 100, drain: Int = 1_000, reentrancy: EventBus.Reentrancy = .queue
    ) -> DeliveryCore {
        DeliveryCore(maximumPending: pending, maximumEventsPerDrain: drain, reentrancy: reentrancy)
    }

    /// The values of the events taken, in order, until the drain ends; and its report.
    private func runDrain(_ core: inout DeliveryCore) -> (taken: [Int], report: DispatchReport) {
        var taken: [Int] = []
        while true {
            switch core.passEnded() {
            case .finish(let report):
                return (taken, report)
            case .deliverNext:
                taken.append((core.takeNext().event as! Num).value)
            case .discardWaiting:
                while core.takeDiscarded() != nil {}
                return (taken, core.endDrain())
            }
        }
    }

    @Test func anIdleCoreStartsADrainThatEndsAfterOnePassWhenNothingWaits() {
        var core = core()
        let deliveringBeforeTheDrain = core.isDelivering
        #expect(!deliveringBeforeTheDrain)
        core.beginDrain()
        let deliveringDuringTheDrain = core.isDelivering
        #expect(deliveringDuringTheDrain)
        let endedWithNothingWaiting = core.endDrainIfNothingWaits()
        #expect(endedWithNothingWaiting)
        let deliveringAfterTheDrain = core.isDelivering
        #expect(!deliveringAfterTheDrain)
        #expect(DeliveryCore.singlePassReport == .drained(events: 1))
    }

    @Test func queuedEventsAreTakenFirstInFirstOutAndCounted() {
        var core = core()
        core.beginDrain()
        for value in 1...3 {
            let refusal = core.refusal()
            #expect(refusal == nil)
            core.enqueue(dispatched: Num(value), cause: nil, origin: nil)
        }
        let endedWithEventsWaiting = core.endDrainIfNothingWaits()
        #expect(!endedWithEventsWaiting)
        let (taken, report) = runDrain(&core)
        #expect(taken == [1, 2, 3])
        #expect(report == .drained(events: 4))
        let deliveringAfterTheDrain = core.isDelivering
        #expect(!deliveringAfterTheDrain)
    }

    @Test func maximumPendingCountsDispatchedEventsButNotAnnouncements() {
        var core = core(pending: 2)
        core.beginDrain()
        core.enqueue(announcement: Num(0), cause: nil)
        core.enqueue(dispatched: Num(1), cause: nil, origin: nil)
        let refusalWithOneDispatchedWaiting = core.refusal()
        #expect(refusalWithOneDispatchedWaiting == nil)
        core.enqueue(dispatched: Num(2), cause: nil, origin: nil)
        let refusalWithTwoDispatchedWaiting = core.refusal()
        #expect(refusalWithTwoDispatchedWaiting == .rejectedFull)
        // Taking one makes room again.
        let stepAfterTheFirstPass = core.passEnded()
        #expect(stepAfterTheFirstPass == .deliverNext)
        _ = core.takeNext()  // the announcement: still full
        let refusalAfterTakingTheAnnouncement = core.refusal()
        #expect(refusalAfterTakingTheAnnouncement == .rejectedFull)
        let stepAfterTheSecondPass = core.passEnded()
        #expect(stepAfterTheSecondPass == .deliverNext)
        _ = core.takeNext()  // a dispatched event: room for one
        let refusalAfterTakingADispatchedEvent = core.refusal()
        #expect(refusalAfterTakingADispatchedEvent == nil)
    }

    @Test func theRejectPolicyRefusesEveryDispatchMadeDuringDelivery() {
        var core = core(reentrancy: .reject)
        core.beginDrain()
        let refusalDuringDelivery = core.refusal()
        #expect(refusalDuringDelivery == .rejectedReentrant)
    }

    @Test func theContractsWorkedExampleEndsAtTheBudgetWithOneDiscard() {
        // Limits 2 and 3; each pass dispatches the next value: the core delivers 0, 1, 2.
        var core = core(pending: 2, drain: 3)
        core.beginDrain()
        var delivered = [0]
        core.enqueue(dispatched: Num(1), cause: nil, origin: nil)
        while true {
            let step = core.passEnded()
            guard step == .deliverNext else {
                #expect(step == .discardWaiting)
                break
            }
            let value = (core.takeNext().event as! Num).value
            delivered.append(value)
            core.enqueue(dispatched: Num(value + 1), cause: nil, origin: nil)
        }
        var discarded: [Int] = []
        while let event = core.takeDiscarded() { discarded.append((event as! Num).value) }
        #expect(delivered == [0, 1, 2])
        #expect(discarded == [3])
        let report = core.endDrain()
        #expect(report == .limitReached(processed: 3, discarded: 1))
    }

    @Test func announcementsFollowTheirRules() {
        #expect(DeliveryCore.announcesConsumption(ofAnnouncement: false, listening: true))
        #expect(!DeliveryCore.announcesConsumption(ofAnnouncement: true, listening: true))
        #expect(!DeliveryCore.announcesConsumption(ofAnnouncement: false, listening: false))
        #expect(
            DeliveryCore.announcesNoConsumer(delivered: 0, ofAnnouncement: false, listening: true))
        #expect(
            !DeliveryCore.announcesNoConsumer(delivered: 1, ofAnnouncement: false, listening: true))
        #expect(
            !DeliveryCore.announcesNoConsumer(delivered: 0, ofAnnouncement: true, listening: true))
        #expect(
            !DeliveryCore.announcesNoConsumer(delivered: 0, ofAnnouncement: false, listening: false)
        )
    }

    @Test func theQueueCarriesEachEventsCause() {
        var core = core()
        core.beginDrain()
        let cause = EventTrace.Cause(sequence: 7, recipient: "A")
        core.enqueue(dispatched: Num(1), cause: cause, origin: nil)
        core.enqueue(announcement: Num(2), cause: nil)
        let stepAfterTheFirstPass = core.passEnded()
        #expect(stepAfterTheFirstPass == .deliverNext)
        let firstCause = core.takeNext().cause
        #expect(firstCause == cause)
        let stepAfterTheSecondPass = core.passEnded()
        #expect(stepAfterTheSecondPass == .deliverNext)
        let secondCause = core.takeNext().cause
        #expect(secondCause == nil)
    }

    @Test func theQueuesStorageFitsTheMostThatWaitedInTheLastDrain() {
        var core = core(pending: 10_000, drain: 100_000)
        // A drain in which 5,000 events wait at once: the storage grows to hold them.
        core.beginDrain()
        for value in 0..<5_000 { core.enqueue(dispatched: Num(value), cause: nil, origin: nil) }
        let grown = core.waitingCapacity
        #expect(grown >= 5_000 && grown <= 10_000)
        var values: [Int] = []
        while core.passEnded() == .deliverNext {
            values.append((core.takeNext().event as! Num).value)
        }
        core.fitQueueToLastDrain()
        let afterBigDrain = core.waitingCapacity
        #expect(afterBigDrain == 8_192)  // fits the 5,000 that waited at once
        #expect(values == Array(0..<5_000))
        // A drain in which at most 2 wait at once, however long: back to the minimum.
        core.beginDrain()
        for value in 0..<10_000 {
            core.enqueue(dispatched: Num(value), cause: nil, origin: nil)
            if value % 2 == 1 {
                _ = core.passEnded()
                _ = core.takeNext()
                _ = core.passEnded()
                _ = core.takeNext()
            }
        }
        _ = core.endDrain()
        core.fitQueueToLastDrain()
        let afterSmallDrain = core.waitingCapacity
        #expect(afterSmallDrain == EventRing.minimumCapacity)
    }
}
