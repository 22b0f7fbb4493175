import Foundation
import Testing

@testable import EventBusKit

/// Holds the task of a wait a recipient started.
private final class WaitHolder {
    var task: Task<Bool, Never>?
}

/// Subscribes to `Num` on `bus` so that the delivery of 1 starts a `waitUntilDelivered()` on
/// the cooperative pool and blocks the delivery until the wait's barrier is queued (behind 1,
/// which is being delivered); then, if `sweepAsked`, asks for a sweep, as the inbox does when
/// its list of recipients that other threads ended is full.
private func holdTheDeliveryOfOne(
    on bus: EventBus, poster: EventPoster, startingTheWaitIn waiter: WaitHolder,
    thenAskingForASweep sweepAsked: Bool
) -> EventSubscription {
    bus.subscribe(to: Num.self) { number in
        guard number.value == 1 else { return }
        let queued = DispatchSemaphore(value: 0)
        waiter.task = Task.detached { [poster] in
            await BarrierHook.$queued.withValue(BarrierHook { queued.signal() }) {
                await poster.waitUntilDelivered()
            }
        }
        queued.wait()  // the barrier waits behind 1; then 1's delivery ends
        if sweepAsked { poster.inbox.requestSweep() }
    }
}

/// Contract §17.8: a wait for delivery ends when what came before it is delivered, on every
/// kind of bus: a `waitUntilDelivered()` queued while a call delivers the posts ahead of it
/// returns when that call has delivered them. Each test holds the owner's delivery open, on a
/// thread of its own, until the wait is queued.
@Suite(.noUnexpectedProblems) struct DeliveryBarrierTests {
    /// Posts 1 to a bus that knows no actor, makes `deliver` deliver it while a wait is queued,
    /// and answers how many barriers still waited when `deliver` returned, and the wait.
    private func waitQueuedWhile(
        delivering deliver: @escaping @Sendable (EventBus) -> Void,
        byHand: Bool, thenAskingForASweep sweepAsked: Bool = false
    ) async -> (waitingAfterTheCall: Int, wait: Task<Bool, Never>?) {
        await onAThreadOfItsOwn {
            let (bus, poster, _) = busThatKnowsNoActor()
            if byHand { bus.deliverPosted() }
            let waiter = WaitHolder()
            let token = holdTheDeliveryOfOne(
                on: bus, poster: poster, startingTheWaitIn: waiter, thenAskingForASweep: sweepAsked)
            poster.post(Num(1))
            deliver(bus)
            let waiting = poster.inbox.waitingBarriers
            // (Were it still waiting, it would wait for the owner's next call: make it, so that
            // the test ends either way.)
            if waiting > 0 { deliver(bus) }
            withExtendedLifetime(token) {}
            return (waiting, waiter.task)
        }
    }

    @Test(.hangLimit)
    func aWaitQueuedWhileTheOwnersCallDeliversReturnsWhenThatCallHasDelivered() async {
        let (waiting, wait) = await waitQueuedWhile(
            delivering: { $0.dispatch(Other()) }, byHand: false)
        #expect(waiting == 0)
        #expect(await wait?.value == true)
    }

    @Test(.hangLimit)
    func aWaitQueuedWhileDeliverPostedDeliversReturnsWhenItHasDelivered() async {
        let (waiting, wait) = await waitQueuedWhile(
            delivering: { $0.deliverPosted() }, byHand: true)
        #expect(waiting == 0)
        #expect(await wait?.value == true)
    }

    @Test(.hangLimit)
    func aWaitQueuedBeforeASweepIsAskedReturnsOnceTheCallHasSwept() async {
        let (waiting, wait) = await waitQueuedWhile(
            delivering: { $0.dispatch(Other()) }, byHand: false, thenAskingForASweep: true)
        #expect(waiting == 0)
        #expect(await wait?.value == true)
    }
}
