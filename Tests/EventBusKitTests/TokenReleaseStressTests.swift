import Dispatch
import EventBusKit
import Testing

/// A view model as apps write them: main-actor isolated, its tokens in a set, with the
/// nonisolated `deinit` Swift gives it, so its tokens are deinitialized on whichever thread
/// releases it last.
@MainActor final class TokenHoldingModel {
    var tokens: Set<Subscription> = []

    init(bus: EventBus, counter: DeliveryCounter) {
        bus.subscribe(to: Num.self) { _ in counter.count += 1 }.store(in: &tokens)
        bus.subscribe(to: Num.self) { _ in counter.count += 1 }.store(in: &tokens)
    }
}

/// Counts deliveries on the main actor.
@MainActor final class DeliveryCounter {
    var count = 0
}

/// Tokens released on other threads while the bus dispatches on its own. Run in CI plain and
/// under ThreadSanitizer with checking switched on inside `deinit` (see `.ci/run`).
@Suite struct TokenReleaseStressTests {
    @MainActor @Test func tokensReleasedOnOtherThreadsWhileTheBusDispatchesEndTheirSubscriptions()
        async
    {
        let bus = EventBus()
        let counter = DeliveryCounter()
        let rounds = 50
        let modelsPerRound = 100
        let dispatchesPerRound = 1_000
        var calledAfterRelease = 0
        for _ in 0..<rounds {
            let release: Task<Void, Never>
            let go = DispatchSemaphore(value: 0)
            do {
                let models = (0..<modelsPerRound).map { _ in
                    TokenHoldingModel(bus: bus, counter: counter)
                }
                // The task holds the only references: the models' deinits, and so their
                // tokens', run on a background thread while the main actor dispatches. It
                // starts releasing when the main actor starts dispatching (the wait is
                // bounded: the signal follows at once).
                release = Task.detached {
                    go.wait()
                    withExtendedLifetime(models) {}
                }
            }
            go.signal()
            for value in 0..<dispatchesPerRound { bus.dispatch(Num(value)) }
            await release.value
            // Every token is gone: no pass calls its closure from now on.
            let before = counter.count
            bus.dispatch(Num(-1))
            calledAfterRelease += counter.count - before
        }
        #expect(calledAfterRelease == 0)
        bus.deliverPosted()  // the sweep the tokens asked for
        #expect(bus.recipientCount == 0)
    }
}
