import Testing

@testable import EventBusKit

/// A bus that knows no actor, its poster, and a recorder of the numbers it delivers.
@MainActor private func recordedBusThatKnowsNoActor() -> (EventBus, EventPoster, RecordingConsumer)
{
    let (bus, poster, _) = busThatKnowsNoActor()
    let seen = RecordingConsumer(willConsume: [Num.self])
    bus.register(seen)
    return (bus, poster, seen)
}

/// Contract §17.4: each owner call in §15.1's list delivers what waits for the owner of a bus
/// that knows no actor, a call that turns out to be a no-op included; read-only calls never
/// deliver.
@MainActor @Suite(.noUnexpectedProblems) struct OwnerCallTests {
    @Test func registeringAConsumerAlreadyRegisteredDeliversWhatWaits() {
        let (bus, poster, seen) = recordedBusThatKnowsNoActor()
        poster.post(Num(1))
        bus.register(seen)  // already registered: a no-op
        #expect(seen.received(Num.self).map(\.value) == [1])
        poster.post(Num(2))
        bus.registerWeakly(seen)  // a no-op too
        #expect(seen.received(Num.self).map(\.value) == [1, 2])
        #expect(bus.recipientCount == 1)
    }

    @Test func readOnlyCallsNeverDeliver() {
        let (bus, poster, seen) = recordedBusThatKnowsNoActor()
        poster.post(Num(1))
        _ = bus.explain(Num(2))
        _ = bus.description
        _ = bus.stickyEvent(Num.self)
        _ = bus.hasRecipients(for: Num.self)
        _ = bus.recipientCount
        #expect(seen.received(Num.self).isEmpty)
        #expect(poster.inbox.hasWork)
        bus.dispatch(Num(3))
        #expect(seen.received(Num.self).map(\.value) == [1, 3])
    }
}
