import Testing

@testable import EventBusKit

/// A class event that counts its deinits, so a test sees which events the ring destroyed.
private final class Counted: Event {
    final class Deinits {
        var count = 0
    }

    let value: Int
    private let deinits: Deinits

    init(_ value: Int, deinits: Deinits) {
        self.value = value
        self.deinits = deinits
    }

    deinit { deinits.count += 1 }
}

/// Appends dispatched `Num` events with these values, with no cause.
private func append(_ values: some Sequence<Int>, to ring: inout EventRing) {
    for value in values { ring.append(Num(value), isDispatched: true, cause: nil) }
}

/// Takes `count` events, oldest first, and returns their values.
private func take(_ count: Int, from ring: inout EventRing) -> [Int] {
    (0..<count).map { _ in (ring.removeFirst().event as! Num).value }
}

/// The queue of events waiting for their pass: first in, first out through wrap-around,
/// growth and shrinking; memory that follows the peak of what waits; and events moved, never
/// copied or destroyed, until the ring itself goes away.
@Suite(.noUnexpectedProblems) struct EventRingTests {
    @Test func aRingAllocatesNothingUntilTheFirstAppendAndThenTheMinimum() {
        var ring = EventRing()
        #expect(ring.allocatedCapacity == 0)
        #expect(ring.isEmpty == true)
        #expect(ring.mayShrink == false)
        append([1], to: &ring)
        #expect(ring.allocatedCapacity == EventRing.minimumCapacity)
        #expect(ring.count == 1)
        #expect(ring.isEmpty == false)
    }

    @Test func eventsComeOutInTheOrderTheyWentInAcrossTheEndOfTheStorage() {
        var ring = EventRing()
        append(0..<10, to: &ring)
        #expect(take(8, from: &ring) == Array(0..<8))
        append(10..<24, to: &ring)  // slots 10…15, then 0…7: 16 wait, no growth
        #expect(ring.count == 16)
        #expect(ring.allocatedCapacity == 16)
        #expect(take(16, from: &ring) == Array(8..<24))
        #expect(ring.isEmpty == true)
    }

    @Test func growingWhileTheOldestIsMidStorageKeepsTheOrder() {
        var ring = EventRing()
        append(0..<12, to: &ring)
        #expect(take(9, from: &ring) == Array(0..<9))
        append(12..<60, to: &ring)  // wraps at 16 waiting, then doubles twice
        #expect(ring.allocatedCapacity == 64)
        #expect(ring.count == 51)
        #expect(take(51, from: &ring) == Array(9..<60))
    }

    @Test func eachEventKeepsWhetherItWasDispatchedAndItsCause() {
        var ring = EventRing()
        let cause = EventTrace.Cause(sequence: 3, recipient: "A")
        let busCause = EventTrace.Cause(sequence: 4, recipient: nil)
        ring.append(Num(1), isDispatched: true, cause: cause)
        ring.append(Num(2), isDispatched: false, cause: busCause)
        ring.append(Num(3), isDispatched: false, cause: nil)
        var taken: [(value: Int, wasDispatched: Bool, cause: EventTrace.Cause?)] = []
        while !ring.isEmpty {
            let wasDispatched = ring.firstIsDispatched
            let slot = ring.removeFirst()
            let (event, cause) = (slot.event, slot.cause)
            taken.append(((event as! Num).value, wasDispatched, cause))
        }
        #expect(taken.map(\.value) == [1, 2, 3])
        #expect(taken.map(\.wasDispatched) == [true, false, false])
        #expect(taken.map(\.cause) == [cause, busCause, nil])
    }

    @Test func fitToPeakShrinksToThePowerOfTwoThatHeldTheMostThatWaited() {
        var ring = EventRing()
        append(0..<100, to: &ring)
        #expect(ring.allocatedCapacity == 128)
        _ = take(100, from: &ring)
        ring.fitToPeak()
        #expect(ring.allocatedCapacity == 128)  // 100 waited at once: 128 fits them
        // The next peak is 20: 32 slots fit it.
        append(0..<20, to: &ring)
        _ = take(20, from: &ring)
        #expect(ring.mayShrink == true)
        ring.fitToPeak()
        #expect(ring.allocatedCapacity == 32)
    }

    @Test func fitToPeakNeverShrinksBelowTheMinimum() {
        var ring = EventRing()
        append(0..<40, to: &ring)
        _ = take(40, from: &ring)
        ring.fitToPeak()
        ring.fitToPeak()  // a peak of 0
        #expect(ring.allocatedCapacity == EventRing.minimumCapacity)
        #expect(ring.mayShrink == false)
        append(0..<3, to: &ring)
        ring.fitToPeak()
        #expect(ring.allocatedCapacity == EventRing.minimumCapacity)
        #expect(take(3, from: &ring) == [0, 1, 2])
    }

    @Test func fitToPeakWhileEventsWaitKeepsThemInOrderAndRoomForThem() {
        var ring = EventRing()
        append(0..<100, to: &ring)  // 128 slots
        _ = take(60, from: &ring)
        append(100..<110, to: &ring)  // 50 wait, the oldest mid-storage
        ring.fitToPeak()  // the peak was 100: nothing to free
        #expect(ring.allocatedCapacity == 128)
        ring.fitToPeak()  // the peak is the 50 that wait: 64 slots
        #expect(ring.allocatedCapacity == 64)
        #expect(ring.count == 50)
        #expect(take(50, from: &ring) == Array(60..<110))
    }

    @Test func anEventComesOutAsTheSameObjectThroughGrowthAndShrinking() {
        var ring = EventRing()
        let deinits = Counted.Deinits()
        let events = (0..<40).map { Counted($0, deinits: deinits) }
        for event in events { ring.append(event, isDispatched: true, cause: nil) }
        var out: [Counted] = []
        for _ in 0..<30 { out.append(ring.removeFirst().event as! Counted) }
        ring.fitToPeak()
        ring.fitToPeak()  // 10 wait: shrinks from 64 to 16 slots
        #expect(ring.allocatedCapacity == 16)
        while !ring.isEmpty { out.append(ring.removeFirst().event as! Counted) }
        #expect(out.count == 40)
        #expect(zip(out, events).allSatisfy { $0 === $1 })
        #expect(deinits.count == 0)
    }

    @Test func eventsLeftInTheRingAreDestroyedWithItAndNoOtherIs() {
        let deinits = Counted.Deinits()
        weak var waiting: Counted?
        var taken: [Counted] = []
        do {
            var ring = EventRing()
            for value in 0..<20 {
                ring.append(Counted(value, deinits: deinits), isDispatched: true, cause: nil)
            }
            for _ in 0..<15 { taken.append(ring.removeFirst().event as! Counted) }
            for value in 20..<33 {
                ring.append(Counted(value, deinits: deinits), isDispatched: true, cause: nil)
            }
            let newest = Counted(33, deinits: deinits)
            waiting = newest
            ring.append(newest, isDispatched: true, cause: nil)
            // 19 wait in 32 slots from slot 15: the newest two wrapped to slots 0 and 1.
            #expect(ring.count == 19)
            #expect(ring.allocatedCapacity == 32)
            #expect(deinits.count == 0)
        }
        #expect(waiting == nil)
        #expect(deinits.count == 19)
        #expect(taken.map(\.value) == Array(0..<15))
    }
}
