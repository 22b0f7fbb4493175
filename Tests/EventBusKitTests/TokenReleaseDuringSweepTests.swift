import Testing

@testable import EventBusKit

/// An object a subscription's closure captures, so that a closure the bus still holds shows
/// through a weak reference.
private final class SweepCapture {}

/// A class event a stream buffers, so that a stream the bus still holds shows through a weak
/// reference to what it buffered.
private final class SweepParcel: Event, Sendable {}

/// A token released, or a stream ended, on another thread while the bus sweeps ended
/// recipients: the sweep deactivates what it found ended, then takes those recipients off its
/// lists. A hook puts the release exactly between the two steps.
@Suite(.noUnexpectedProblems) struct TokenReleaseDuringSweepTests {
    #if DEBUG
        @Test func aTokenReleasedWhileTheBusSweepsIsSweptNextTimeAndItsClosureReleased() {
            let bus = EventBus()
            weak var capturedByLate: SweepCapture?
            var early: EventSubscription?
            var late: EventSubscription?
            do {
                let capture = SweepCapture()
                capturedByLate = capture
                early = bus.subscribe(to: Num.self) { _ in }
                late = bus.subscribe(to: Num.self) { _ in _ = capture }
            }
            bus.runBetweenSweepSteps { late = nil }
            early = nil  // asks for the sweep that `late` is released during
            bus.deliverPosted()
            bus.runBetweenSweepSteps(nil)
            // Ended after the sweep looked: still registered (not counted: it cannot be
            // called), swept by the sweep it asked for.
            #expect(bus.registeredEntryCount == 1)
            #expect(bus.recipientCount == 0)
            bus.deliverPosted()
            #expect(bus.registeredEntryCount == 0)
            #expect(capturedByLate == nil)
            withExtendedLifetime((early, late)) {}
        }

        @Test func aStreamEndedWhileTheBusSweepsIsSweptNextTimeAndReleased() {
            let bus = EventBus()
            weak var buffered: SweepParcel?
            var early: EventSubscription? = bus.subscribe(to: SweepParcel.self) { _ in }
            var stream: AsyncStream<SweepParcel>? = bus.events(of: SweepParcel.self)
            do {
                let parcel = SweepParcel()
                buffered = parcel
                bus.dispatch(parcel)  // waits in the stream's buffer, never read
            }
            #expect(buffered != nil)
            bus.runBetweenSweepSteps { stream = nil }  // its consumer stops
            early = nil
            bus.deliverPosted()
            bus.runBetweenSweepSteps(nil)
            #expect(bus.registeredEntryCount == 1)
            #expect(bus.recipientCount == 0)
            bus.deliverPosted()
            #expect(bus.registeredEntryCount == 0)
            #expect(buffered == nil)
            withExtendedLifetime((early, stream)) {}
        }
    #endif
}
