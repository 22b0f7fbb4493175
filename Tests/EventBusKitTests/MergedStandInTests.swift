import EventBusKit
import Testing

/// A subscription's stand-in is its own recipient, so its token (or an announcement the app
/// keeps) may hold it after its removal. Removal itself releases its closures and ends its
/// stream; the stand-in, called directly after it, does nothing.
@Suite(.noUnexpectedProblems) struct MergedStandInTests {
    final class Probe {
        let onDeinit: () -> Void
        init(_ onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
        deinit { onDeinit() }
    }

    @Test func cancelReleasesTheClosureThoughTheTokenAndTheStandInAreKept() {
        let bus = EventBus()
        var released = false
        var calls = 0
        var kept: (any EventConsumer)?
        let watcher = bus.subscribe(to: DidConsumeEvent.self) { kept = $0.consumer }
        let token: EventSubscription
        do {
            let probe = Probe { released = true }
            token = bus.subscribe(to: Num.self) { _ in
                calls += 1
                withExtendedLifetime(probe) {}
            }
        }
        bus.dispatch(Num(1))
        #expect(kept != nil)
        #expect(!released)
        token.cancel()
        #expect(released)
        #expect(!token.isActive)
        // Called directly once removed, the stand-in has no closure left to call.
        kept?.consume(Num(2))
        #expect(calls == 1)
        withExtendedLifetime(watcher) {}
    }

    @Test func aDroppedTokensSweepReleasesTheClosureThoughTheStandInIsKept() {
        let bus = EventBus()
        var released = false
        var kept: (any EventConsumer)?
        let watcher = bus.subscribe(to: DidConsumeEvent.self) { kept = $0.consumer }
        do {
            let probe = Probe { released = true }
            let token = bus.subscribe(to: Num.self) { _ in withExtendedLifetime(probe) {} }
            bus.dispatch(Num(1))
            withExtendedLifetime(token) {}
        }
        #expect(kept != nil)
        bus.deliverPosted()  // sweeps what dropped tokens ended
        #expect(released)
        #expect(bus.recipientCount == 1)
        withExtendedLifetime(watcher) {}
    }

    @Test func aSubscriptionThatCancelsItselfKeepsItsClosureUntilTheCallReturns() {
        let bus = EventBus()
        var released = false
        var seen: [String] = []
        var token: EventSubscription?
        do {
            let probe = Probe { released = true }
            token = bus.subscribe(to: Num.self) { number in
                token?.cancel()
                // Still alive: the pass retires the stand-in when it ends.
                withExtendedLifetime(probe) { seen.append("S\(number) released: \(released)") }
            }
        }
        bus.dispatch(Num(1))
        bus.dispatch(Num(2))
        #expect(seen == ["S1 released: false"])
        #expect(released)
        #expect(token?.isActive == false)
    }

    @Test func aFilterThatCancelsItsOwnSubscriptionGetsNoCall() {
        let bus = EventBus()
        var calls = 0
        var token: EventSubscription?
        let cancelling: (Num) -> Bool = { _ in
            token?.cancel()
            return true
        }
        token = bus.subscribe(to: Num.self, where: cancelling) { _ in calls += 1 }
        bus.dispatch(Num(1))
        bus.dispatch(Num(2))
        #expect(calls == 0)
        #expect(bus.recipientCount == 0)
    }

    @Test func aStreamEndsAtItsRemovalThoughItsStandInIsKept() async {
        let bus = EventBus()
        var kept: (any EventConsumer)?
        let watcher = bus.subscribe(to: DidConsumeEvent.self) { kept = $0.consumer }
        let stream = bus.events(of: Num.self, options: .once)
        bus.dispatch(Num(1))
        #expect(kept != nil)
        var values: [Int] = []
        for await number in stream { values.append(number.value) }
        #expect(values == [1])
        withExtendedLifetime(watcher) {}
    }
}
