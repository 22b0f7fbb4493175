import EventBusKit
import Foundation
import Testing

/// Vends a poster on the main actor, then hands the bus to a detached task as a `sending`
/// parameter allows, and dispatches there: what Swift 6's checker does not catch.
@MainActor func useABusOffTheActorItLearned() async {
    let bus = EventBus()
    _ = bus.poster()
    await stash(bus)
}

@MainActor func stash(_ bus: sending EventBus) async {
    _ = await Task.detached { bus.dispatch(Num(1)) }.value
}

/// An actor of the app's own: it vends a poster here (the bus learns this actor), then lets
/// the bus out, smuggled past the checker as unchecked code can.
actor Home {
    func makeBus() -> Smuggled {
        let bus = EventBus()
        _ = bus.poster()
        return Smuggled(bus)
    }
}

/// A bus handed to another thread or out of its actor on purpose: deliberately unsound, to
/// make the misuse the debug checks must catch (Swift 5 mode, or unchecked code, allows it
/// without this box).
final class Smuggled: @unchecked Sendable {
    let bus: EventBus
    init(_ bus: EventBus) { self.bus = bus }
}

/// The lines of `output` that begin `EventBusKit: `.
func busLines(_ output: [UInt8]) -> [String] {
    String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
        .filter { $0.hasPrefix("EventBusKit: ") }
}

@Suite(.noUnexpectedProblems) struct IsolationCheckTests {
    #if DEBUG
        @Test func aBusUsedOffTheMainActorItLearnedStopsWithAMessage() async {
            let result = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                await useABusOffTheActorItLearned()
            }
            #expect(
                result.map { busLines($0.standardErrorContent) } == [
                    "EventBusKit: dispatch(_:fileID:line:) was called off the actor the bus "
                        + "lives on (MainActor, where it vended a poster or a stream); call it "
                        + "there, and hand the bus only to code isolated to that actor"
                ])
        }

        @Test func aBusUsedOffAnActorOfTheAppsOwnStopsNamingTheActor() async {
            let result = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let home = Home()  // alive: the bus holds its actor weakly
                let smuggled = await home.makeBus()
                smuggled.bus.register(RecordingConsumer(willConsume: [Num.self]))
                withExtendedLifetime(home) {}
            }
            // `preconditionIsolated` stops inside the concurrency runtime, which names the
            // actor but never asks for the message handed to it (Swift 6.3, Linux).
            let printed = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }
            #expect(
                printed?.contains(
                    "Incorrect actor executor assumption; expected 'EventBusKitTests.Home' executor"
                ) == true)
        }

        @Test func aSecondThreadEnteringTheBusDuringAPassStopsWithAMessage() async {
            let result = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let inside = DispatchSemaphore(value: 0)
                let never = DispatchSemaphore(value: 0)
                let bus = EventBus()
                let token = bus.subscribe(to: Num.self) { number in
                    guard number.value == 1 else { return }
                    inside.signal()  // the second thread may enter now
                    never.wait()  // and this pass never ends: the check stops the process
                }
                let smuggled = Smuggled(bus)
                Thread.detachNewThread {
                    inside.wait()
                    smuggled.bus.dispatch(Num(2))
                }
                bus.dispatch(Num(1))
                withExtendedLifetime(token) {}
            }
            #expect(
                result.map { busLines($0.standardErrorContent) } == [
                    "EventBusKit: dispatch(_:fileID:line:) was called on a second thread while "
                        + "another thread is inside the bus; a bus lives on one isolation: "
                        + "post from other threads through bus.poster(deliveringOn:)"
                ])
        }
    #endif

    @MainActor @Test func aBusUsedOnTheActorItLearnedRunsNormally() {
        let bus = EventBus()
        let recorder = RecordingConsumer(willConsume: [Num.self])
        _ = bus.poster()
        bus.register(recorder)
        #expect(bus.dispatch(Num(1)) == .drained(events: 1))
        #expect(recorder.received.count == 1)
    }
}
