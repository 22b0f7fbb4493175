import Testing

@testable import EventBusKit

/// Holds the timer of a `next` between its decision and the subscription's end, until the
/// test has dispatched: a rendezvous between the timer's task and the test's.
private actor TimerGate {
    private var decided: CheckedContinuation<Void, Never>?
    private var hasDecided = false
    private var release: CheckedContinuation<Void, Never>?
    private var isReleased = false

    /// Called by the timer once it has decided: tells the test, then waits for it.
    func timerDecided() async {
        hasDecided = true
        decided?.resume()
        decided = nil
        if isReleased { return }
        await withCheckedContinuation { release = $0 }
    }

    /// Waits until the timer has decided.
    func waitForTheDecision() async {
        if hasDecided { return }
        await withCheckedContinuation { decided = $0 }
    }

    /// Lets the timer go on.
    func releaseTheTimer() {
        isReleased = true
        release?.resume()
        release = nil
    }
}

/// Contract §16.5: a timed-out wait takes nothing. An event is either returned by `next` or
/// not delivered to it: no `DidConsumeEvent` and no trace entry for the waiter.
@MainActor @Suite(.noUnexpectedProblems) struct TimedOutWaitTests {
    @Test(.hangLimit)
    func anEventDispatchedBetweenTheTimersDecisionAndTheEndIsNotDeliveredToTheWaiter() async {
        let bus = EventBus()
        var announced: [String] = []
        let logger = bus.subscribe(to: DidConsumeEvent.self) { announced.append("\($0.consumer)") }
        var others: [Int] = []
        let (other, line) = (bus.subscribe(to: Num.self) { others.append($0.value) }, #line)
        let recording = bus.startTracing()
        let gate = TimerGate()
        let waiting = Task {
            let hook = NextTimerHook(claimed: { _ in await gate.timerDecided() })
            return try await NextTimerHook.$current.withValue(hook) {
                try await bus.next(Num.self, timeout: .milliseconds(1))
            }
        }
        await gate.waitForTheDecision()
        // The timer has decided and has not ended the subscription yet.
        bus.dispatch(Num(1))
        await gate.releaseTheTimer()
        await #expect(throws: EventBus.WaitError.timedOut) { try await waiting.value }
        #expect(others == [1])
        #expect(
            announced == [
                "Subscription(to: Num, at: EventBusKitTests/TimedOutWaitTests.swift:\(line))"
            ])
        #expect(recording.records.map(\.recipients).first?.count == 1)
        #expect(bus.recipientCount == 2)
        withExtendedLifetime((logger, other)) {}
    }
}
