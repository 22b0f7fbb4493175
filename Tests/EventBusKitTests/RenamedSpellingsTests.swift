import EventBusKit
import Testing

/// Contract §19.3: a spelling renamed in 0.3.0 keeps compiling, deprecated, and does what its
/// new spelling does. Each test uses the old spellings on purpose: Swift does not warn about a
/// deprecated name used inside a declaration marked deprecated, so these build under
/// `-warnings-as-errors` (`Scripts/listening-spellings.sh` checks the warning an app sees).
@Suite(.noUnexpectedProblems) struct RenamedSpellingsTests {
    @available(*, deprecated, message: "uses the names before 0.3.0 on purpose")
    @Test func latestAndClearLatestReadAndForgetTheStickyEvent() {
        let bus = EventBus()
        bus.dispatch(Mood("calm"))
        #expect(bus.latest(Mood.self)?.value == "calm")
        #expect(bus.latest(Mood.self)?.value == bus.stickyEvent(Mood.self)?.value)
        bus.clearLatest(Mood.self)
        #expect(bus.stickyEvent(Mood.self) == nil)
    }

    @available(*, deprecated, message: "uses the names before 0.3.0 on purpose")
    @Test func maximumPendingAndMaximumPostedAreTheQueuedAndWaitingBounds() {
        let both = EventBus(
            maximumPending: 3, maximumEventsPerDrain: 9, reentrancy: .reject, maximumPosted: 7)
        let bounds = [
            both.maximumQueuedDispatches, both.maximumEventsPerDrain, both.maximumWaitingPosts,
            both.maximumPending, both.maximumPosted,
        ]
        #expect(bounds == [3, 9, 7, 3, 7])
        #expect(both.reentrancy == .reject)
        let posted = EventBus(maximumPosted: 5)
        let postedBounds = [posted.maximumQueuedDispatches, posted.maximumWaitingPosts]
        #expect(postedBounds == [100, 5])
        let pending = EventBus(maximumPending: 2)
        let pendingBounds = [pending.maximumQueuedDispatches, pending.maximumWaitingPosts]
        #expect(pendingBounds == [2, 10_000])
    }

    @available(*, deprecated, message: "uses the names before 0.3.0 on purpose")
    @Test func theRefusedKindsEqualTheRejectedKinds() {
        let old: [EventBus.Problem.Kind] = [.dispatchRefused, .postRefused]
        #expect(old == [.dispatchRejected, .postRejected])
        #expect(old.map(\.name) == ["dispatchRejected", "postRejected"])
    }

    @available(*, deprecated, message: "uses the names before 0.3.0 on purpose")
    @Test func recordedAndEventsAreTheDeliveredAndReceivedEvents() {
        let bus = EventBus()
        let recorder = RecordingConsumer(willConsume: [Num.self, Other.self])
        bus.register(recorder)
        let trace = bus.startTracing()
        bus.dispatch(Num(1))
        bus.dispatch(Other())
        bus.dispatch(Num(2))
        #expect(trace.recorded(Num.self).map(\.value) == [1, 2])
        #expect(trace.events(of: Num.self).map(\.value) == [1, 2])
        #expect(trace.delivered(Num.self).map(\.value) == [1, 2])
        #expect(recorder.recorded(Num.self).map(\.value) == [1, 2])
        #expect(recorder.events(of: Num.self).map(\.value) == [1, 2])
        #expect(recorder.received(Num.self).map(\.value) == [1, 2])
        #expect(recorder.events.count == 3)
        #expect(recorder.received.count == 3)
    }
}
