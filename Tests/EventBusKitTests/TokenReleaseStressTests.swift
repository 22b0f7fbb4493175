import Dispatch
import EventBusKit
import Foundation
import Testing

/// A view model as apps write them: main-actor isolated, its tokens in a set, with the
/// nonisolated `deinit` Swift gives it, so its tokens are deinitialized on whichever thread
/// releases it last.
@MainActor final class TokenHoldingModel {
    var tokens: Set<EventSubscription> = []

    init(bus: EventBus, counter: DeliveryCounter, captures: LiveCount) {
        let capture = CountedCapture(captures)
        bus.subscribe(to: Num.self) { _ in counter.count += 1 }.store(in: &tokens)
        bus.subscribe(to: Num.self) { _ in
            counter.count += 1
            _ = capture
        }.store(in: &tokens)
    }
}

/// Counts deliveries on the main actor.
@MainActor final class DeliveryCounter {
    var count = 0
}

/// Tokens released on other threads while the bus dispatches on its own: thousands of
/// releases, for seconds, to catch a race between a token's `deinit` and delivery. A stress
/// suite (see `StressRuns`), so it runs only when asked:
/// `EVENTBUS_STRESS=1 swift test --filter TokenReleaseStressTests`. CI runs it in a step of
/// its own and under ThreadSanitizer with checking switched on inside `deinit` (see `.ci/run`).
@Suite(.noUnexpectedProblems, StressRuns.enabled) struct TokenReleaseStressTests {
    @MainActor @Test func tokensReleasedOnOtherThreadsWhileTheBusDispatchesEndTheirSubscriptions()
        async
    {
        await releaseTokensOnOtherThreadsWhileDispatching(rounds: 50)
    }

    @Test func tokensReleasedOnOtherThreadsWhileTheBusSweepsAreAllReleasedByTheLastSweep() async {
        await expectEveryTokenReleasedByTheLastSweep(rounds: 30)
    }
}

/// The same two checks as `TokenReleaseStressTests`, a few rounds each, in every run: what
/// they assert holds however the releases fall; the stress suite looks for the rare race.
@Suite(.noUnexpectedProblems) struct TokenReleaseOnOtherThreadsTests {
    @MainActor @Test func tokensReleasedOnOtherThreadsWhileTheBusDispatchesEndTheirSubscriptions()
        async
    {
        await releaseTokensOnOtherThreadsWhileDispatching(rounds: 2)
    }

    @Test func tokensReleasedOnOtherThreadsWhileTheBusSweepsAreAllReleasedByTheLastSweep() async {
        await expectEveryTokenReleasedByTheLastSweep(rounds: 2)
    }
}

/// Releases view models' tokens on a background thread while the main actor dispatches, for
/// `rounds` rounds: no closure is called after its token is gone, and every closure is
/// released.
@MainActor private func releaseTokensOnOtherThreadsWhileDispatching(rounds: Int) async {
    let bus = EventBus()
    let counter = DeliveryCounter()
    let captures = LiveCount()
    let modelsPerRound = 100
    let dispatchesPerRound = 1_000
    var calledAfterRelease = 0
    for _ in 0..<rounds {
        let release: Task<Void, Never>
        let go = DispatchSemaphore(value: 0)
        do {
            let models = (0..<modelsPerRound).map { _ in
                TokenHoldingModel(bus: bus, counter: counter, captures: captures)
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
    #expect(captures.total == 0)  // every closure released
}

/// A bus owned by one thread that calls `deliverPosted()` in a loop (each call sweeps the
/// tokens released since the last) while four other threads release its tokens, for `rounds`
/// rounds: after the last call, every closure is released, however the releases fell across
/// sweeps. The owner is a thread of its own: its loop would hold a thread of the cooperative
/// pool for as long as the releases take (see `onAThreadOfItsOwn`).
private func expectEveryTokenReleasedByTheLastSweep(rounds: Int) async {
    let (calls, recipientCount, captures) = await onAThreadOfItsOwn {
        releaseTokensOnOtherThreadsWhileSweeping(rounds: rounds)
    }
    #expect(calls > 0)
    #expect(recipientCount == 0)
    #expect(captures == 0)
}

/// The loop of `expectEveryTokenReleasedByTheLastSweep`: how many times it called
/// `deliverPosted()`, then the bus's `recipientCount` and the closures alive after the last call.
private func releaseTokensOnOtherThreadsWhileSweeping(rounds: Int) -> (Int, Int, Int) {
    let bus = EventBus()
    let captures = LiveCount()
    let tokensPerRound = 2_000
    let releasingThreads = 4
    var calls = 0
    for _ in 0..<rounds {
        var handOffs: [TokenHandOff] = []
        for _ in 0..<tokensPerRound {
            let capture = CountedCapture(captures)
            handOffs.append(TokenHandOff(bus.subscribe(to: Num.self) { _ in _ = capture }))
        }
        let released = DispatchGroup()
        // The threads start releasing when the loop below starts sweeping: on an idle
        // machine they would otherwise be done before its first look, and no sweep would
        // run among the releases (`calls` would stay 0). Threads of their own, not
        // `DispatchQueue.global()`: on Linux that is the pool the tests run on.
        let go = DispatchSemaphore(value: 0)
        for thread in 0..<releasingThreads {
            let share = handOffs.indices.filter { $0 % releasingThreads == thread }
                .map { handOffs[$0] }
            released.enter()
            Thread {
                go.wait()
                for handOff in share { handOff.release() }
                released.leave()
            }.start()
        }
        handOffs.removeAll()  // the threads hold the only references to the tokens
        for _ in 0..<releasingThreads { go.signal() }
        while released.wait(timeout: .now()) == .timedOut {
            bus.deliverPosted()
            calls += 1
        }
    }
    bus.deliverPosted()
    return (calls, bus.recipientCount, captures.total)
}
