import EventBusKit
import Testing

/// Contract §10.4: `next(_:where:)` awaits the next matching event through a one-shot
/// subscription.
@MainActor @Suite(.noUnexpectedProblems) struct NextEventTests {
    @Test func resumesWithTheFirstMatchingEventAndIsRemovedAtOnce() async throws {
        let bus = EventBus()
        var seen: [String] = []
        let other = bus.subscribe(to: Num.self) { seen.append("S\($0)") }
        let waiting = Task { try await bus.next(Num.self) { $0.value > 1 } }
        // The task runs on the main actor: yield until its subscription is in place.
        while bus.recipientCount < 2 { await Task.yield() }
        bus.dispatch(Num(1))
        bus.dispatch(Num(2))
        #expect(bus.recipientCount == 1)  // removed the moment it matched
        bus.dispatch(Num(3))
        let value = try await waiting.value
        #expect(value.value == 2)
        #expect(seen == ["S1", "S2", "S3"])
        withExtendedLifetime(other) {}
    }

    @Test func aCancelledWaitThrowsAndLeavesNoRecipient() async {
        let bus = EventBus()
        let waiting = Task { try await bus.next(Num.self) }
        while bus.recipientCount < 1 { await Task.yield() }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(bus.recipientCount == 0)
    }

    @Test func anAlreadyCancelledTaskThrowsAtOnceAndAddsNothing() async {
        let bus = EventBus()
        let waiting = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await bus.next(Num.self)
        }
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(bus.recipientCount == 0)
    }

    @Test func theWaitIsAnnouncedAndTracedLikeAnySubscription() async throws {
        let bus = EventBus()
        var announced: [String] = []
        let logger = bus.subscribe(to: DidConsumeEvent.self) { announced.append("\($0.consumer)") }
        let recording = bus.startTracing()
        let line = #line + 1
        let waiting = Task { try await bus.next(Num.self) }
        while bus.recipientCount < 2 { await Task.yield() }
        bus.dispatch(Num(4))
        _ = try await waiting.value
        let name = "next(Num, at: EventBusKitTests/NextEventTests.swift:\(line))"
        #expect(announced == [name])
        #expect(recording.records.first?.recipients == [name])
        withExtendedLifetime(logger) {}
    }

    @Test func anEventThePredicateRejectsIsNotADelivery() async throws {
        let bus = EventBus()
        var announced: [String] = []
        let logger = bus.subscribe(to: DidConsumeEvent.self) {
            announced.append("\($0.consumer) consumed \($0.event)")
        }
        let recording = bus.startTracing()
        let line = #line + 1
        let waiting = Task { try await bus.next(Num.self) { $0.value > 1 } }
        while bus.recipientCount < 2 { await Task.yield() }
        bus.dispatch(Num(1))
        bus.dispatch(Num(2))
        #expect(try await waiting.value.value == 2)
        let name = "next(Num, filtered, at: EventBusKitTests/NextEventTests.swift:\(line))"
        #expect(announced == ["\(name) consumed 2"])
        #expect(recording.records.map(\.recipients).prefix(2) == [[], [name]])
        withExtendedLifetime(logger) {}
    }

    @Test func withATimeoutAndNoMatchItThrowsTimedOutAndLeavesNoRecipient() async {
        let bus = EventBus()
        bus.register(RecordingConsumer(willConsume: [Other.self]))
        await #expect(throws: EventBus.WaitError.timedOut) {
            try await bus.next(Num.self, timeout: .milliseconds(20))
        }
        #expect(bus.recipientCount == 1)
    }

    @Test func withATimeoutAMatchInTimeIsReturned() async throws {
        let bus = EventBus()
        let waiting = Task { try await bus.next(Num.self, timeout: .seconds(600)) }
        while bus.recipientCount < 1 { await Task.yield() }
        bus.dispatch(Num(7))
        #expect(try await waiting.value.value == 7)
        #expect(bus.recipientCount == 0)
    }

    @Test func cancellingAWaitWithATimeoutStillThrowsCancellationError() async {
        let bus = EventBus()
        let waiting = Task { try await bus.next(Num.self, timeout: .seconds(600)) }
        while bus.recipientCount < 1 { await Task.yield() }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(bus.recipientCount == 0)
    }

    @Test func aWaitOnATemporaryDoesNotKeepTheBusAliveAndThrowsBusDeallocatedWhenItGoes() async {
        final class Model { var bus: EventBus? = EventBus() }
        let model = Model()
        weak var bus: EventBus?
        bus = model.bus
        let waiting = Task { try await model.bus?.next(Num.self) }
        while bus?.recipientCount ?? 0 < 1 { await Task.yield() }
        model.bus = nil  // the waiter holds no reference: the bus goes now
        #expect(bus == nil)
        await #expect(throws: EventBus.WaitError.busDeallocated) { try await waiting.value }
    }

    @Test func aReferenceTheCallerKeepsKeepsTheBusAndItsWait() async throws {
        var bus: EventBus? = EventBus()
        weak var weakBus: EventBus?
        weakBus = bus
        let kept = bus!
        let waiting = Task { try await kept.next(Num.self) }
        while weakBus?.recipientCount ?? 0 < 1 { await Task.yield() }
        bus = nil
        #expect(weakBus != nil)
        weakBus?.dispatch(Num(4))
        #expect(try await waiting.value.value == 4)
    }
}
