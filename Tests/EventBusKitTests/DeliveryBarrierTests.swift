import Foundation
import Testing

@testable import EventBusKit

/// Contract §17.8: a wait for delivery ends when what came before it is delivered, on every
/// kind of bus: a `waitUntilDelivered()` queued while a call delivers the posts ahead of it
/// returns when that call has delivered them.
@MainActor @Suite(.noUnexpectedProblems) struct DeliveryBarrierTests {
    /// Subscribes to `Num` on `bus` so that the delivery of 1 starts a `waitUntilDelivered()`
    /// and holds the delivery open until its barrier is queued (behind 1, being delivered).
    private func holdTheDeliveryOfOne(
        on bus: EventBus, poster: EventPoster, startingTheWaitIn waiter: WaitHolder
    ) -> Subscription {
        bus.subscribe(to: Num.self) { number in
            guard number.value == 1 else { return }
            let queued = DispatchSemaphore(value: 0)
            waiter.task = Task.detached { [poster] in
                await BarrierHook.$queued.withValue(BarrierHook { queued.signal() }) {
                    await poster.waitUntilDelivered()
                }
            }
            queued.wait()  // the barrier waits behind 1; then 1's delivery ends
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aWaitQueuedWhileTheOwnersCallDeliversReturnsWhenThatCallHasDelivered() async {
        let (bus, poster, _) = busThatKnowsNoActor()
        let waiter = WaitHolder()
        let token = holdTheDeliveryOfOne(on: bus, poster: poster, startingTheWaitIn: waiter)
        poster.post(Num(1))
        bus.dispatch(Other())  // the owner's call delivers 1, and the wait queued meanwhile
        #expect(poster.inbox.waitingBarriers == 0)
        // (Were it still waiting, it would wait for the owner's next call: make it, so that the
        // test ends either way.)
        if poster.inbox.waitingBarriers > 0 { bus.dispatch(Other()) }
        #expect(await waiter.task?.value == true)
        withExtendedLifetime(token) {}
    }

    @Test(.timeLimit(.minutes(1)))
    func aWaitQueuedWhileDeliverPostedDeliversReturnsWhenItHasDelivered() async {
        let (bus, poster, _) = busThatKnowsNoActor()
        bus.deliverPosted()  // this owner delivers by hand
        let waiter = WaitHolder()
        let token = holdTheDeliveryOfOne(on: bus, poster: poster, startingTheWaitIn: waiter)
        poster.post(Num(1))
        bus.deliverPosted()
        #expect(poster.inbox.waitingBarriers == 0)
        if poster.inbox.waitingBarriers > 0 { bus.deliverPosted() }  // (as above)
        #expect(await waiter.task?.value == true)
        withExtendedLifetime(token) {}
    }

    @Test(.timeLimit(.minutes(1)))
    func aWaitQueuedWhileASliceDeliversOnTheBusesActorReturns() async {
        let bus = EventBus()
        let poster = bus.poster()  // on the main actor
        let waiter = WaitHolder()
        let token = holdTheDeliveryOfOne(on: bus, poster: poster, startingTheWaitIn: waiter)
        poster.post(Num(1))
        #expect(await poster.waitUntilDelivered())
        #expect(await waiter.task?.value == true)
        withExtendedLifetime(token) {}
    }
}

/// Holds the task of a wait a recipient started.
@MainActor private final class WaitHolder {
    var task: Task<Bool, Never>?
}
