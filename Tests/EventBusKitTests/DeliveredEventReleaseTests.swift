import Testing

@testable import EventBusKit

/// A posted event that holds a megabyte, to tell whether the bus still holds it.
private final class Snapshot: Event, Sendable {
    let bytes = [UInt8](repeating: 7, count: 1 << 20)
}

/// Contract §17.5: delivered means let go. An event the bus delivered that nothing keeps is
/// released by the time the call that delivered it returns.
@MainActor @Suite(.noUnexpectedProblems) struct DeliveredEventReleaseTests {
    /// Posts a snapshot nothing else keeps, and returns a weak reference to it.
    private func postSnapshot(to poster: EventPoster) -> () -> Snapshot? {
        let snapshot = Snapshot()
        poster.post(snapshot)
        return { [weak snapshot] in snapshot }
    }

    @Test func deliverPostedLetsGoOfWhatItDelivered() {
        let (bus, poster, _) = busThatKnowsNoActor()
        let seen = RecordingConsumer(willConsume: [Num.self])
        bus.register(seen)
        bus.deliverPosted()  // this owner delivers by hand
        var sizes: [Int] = []
        let token = bus.subscribe(to: Snapshot.self) { sizes.append($0.bytes.count) }
        let snapshot = postSnapshot(to: poster)
        poster.post(Num(1))  // an event after it, so the take holds more than the snapshot
        #expect(bus.deliverPosted().count == 2)
        #expect(sizes == [1 << 20])
        #expect(snapshot() == nil)
        #expect(seen.received(Num.self).map(\.value) == [1])
        withExtendedLifetime(token) {}
    }

    @Test func theOwnersCallLetsGoOfWhatItDelivered() {
        let (bus, poster, _) = busThatKnowsNoActor()
        let snapshot = postSnapshot(to: poster)
        bus.dispatch(Other())  // delivers the snapshot first
        #expect(snapshot() == nil)
    }

    @Test(.hangLimit)
    func aSliceOnTheBusesActorLetsGoOfWhatItDelivered() async {
        let bus = EventBus()
        let poster = bus.poster()  // on the main actor: it delivers there, a slice at a time
        let snapshot = postSnapshot(to: poster)
        #expect(await poster.waitUntilDelivered())
        #expect(snapshot() == nil)
        withExtendedLifetime(bus) {}
    }

    @Test(.hangLimit)
    func aSliceThatLeavesEventsWaitingLetsGoOfWhatItDelivered() async {
        let bus = EventBus()
        let poster = bus.poster()  // on the main actor: it delivers there, a slice at a time
        let snapshot = postSnapshot(to: poster)
        // More than one slice holds, all taken at once: the first slice ends, events waiting.
        let count = EventBus.postedEventsPerSlice + 1
        var heldAtTheLast: Bool?
        let token = bus.subscribe(to: Num.self) { num in
            if num.value == count { heldAtTheLast = snapshot() != nil }
        }
        for value in 1...count { poster.post(Num(value)) }
        #expect(await poster.waitUntilDelivered())
        #expect(heldAtTheLast == false)  // the slice that delivered it had returned
        withExtendedLifetime(token) {}
    }
}
