import Testing

@testable import EventBusKit

/// Contract §17.2: a recipient's display name is fixed by what is known when it is added — its
/// `name` option, its type, its call site, and for a consumer its `description` as read the
/// first time a view shows it while it lives (its type name if none did) — and every view
/// shows that same text, during its life and after its end: trace records, tree, Mermaid,
/// `print(bus)`, `explain`, problem messages, and the bus's announcements' descriptions.
@MainActor @Suite(.noUnexpectedProblems) struct OneNameTests {
    private let file = "EventBusKitTests/OneNameTests.swift"

    @Test func aConsumerNamedByItsOptionIsThatNameInEveryView() {
        let bus = EventBus()
        let log = RecordingConsumer(name: "log", willConsume: [DidConsumeEvent.self])
        bus.register(log)
        bus.register(Plain(), options: .named("ledger"))
        #expect(bus.explain(Num(1)).recipients == ["ledger"])
        #expect("\(bus)".contains("  2. ledger  willConsume: [Num]  excludeList: []"))
        let trace = bus.startTracing()
        let line = #line + 1
        bus.dispatch(Num(1))
        #expect(trace.records.map(\.recipients) == [["ledger"], ["log"]])
        #expect(log.received.map { "\($0)" } == ["DidConsumeEvent(consumer: ledger, event: 1)"])
        #expect(
            trace.tree == """
                1. 1 at \(file):\(line) → ledger
                └─ 2. DidConsumeEvent of pass 1 from ledger → log

                """)
        #expect(trace.mermaid.contains("ledger") && !trace.mermaid.contains("Plain"))
    }

    @Test func aConsumersDescriptionIsReadOnceAndEveryViewShowsWhatItRead() {
        let bus = EventBus()
        let log = RecordingConsumer(name: "log", willConsume: [DidConsumeEvent.self])
        bus.register(log)
        let meter = Meter()
        bus.register(meter)
        #expect(meter.reads == 0)  // adding it read nothing
        #expect(bus.explain(Num(1)).recipients == ["Meter(1)"])
        #expect("\(bus)".contains("  2. Meter(1)  willConsume: [Num]  excludeList: []"))
        let trace = bus.startTracing()
        bus.dispatch(Num(1))
        #expect(trace.records.map(\.recipients) == [["Meter(1)"], ["log"]])
        #expect(log.received.map { "\($0)" } == ["DidConsumeEvent(consumer: Meter(1), event: 1)"])
        #expect(
            trace.tree.hasSuffix(
                " → Meter(1)\n└─ 2. DidConsumeEvent of pass 1 from Meter(1) → log\n"))
        #expect(trace.mermaid.contains("Meter(1)") && !trace.mermaid.contains("Meter(2)"))
        #expect(meter.reads == 1)
    }

    @Test func aConsumerNoEventReachesIsReportedByTheNameEveryViewShows() {
        let bus = EventBus()
        var problems: [EventBus.Problem] = []
        bus.onProblem = { problems.append($0) }
        let meter = Meter([])
        bus.register(meter)
        #expect(
            problems.map(\.message) == [
                "Meter(1) receives no event: its willConsume is empty; list its events in "
                    + "willConsume"
            ])
        #expect(bus.explain(Num(1)).lines == ["Meter(1) does not receive it: no entry covers it"])
        #expect(meter.reads == 1)
    }

    @Test(.allowsProblems) func aNamedSubscriptionIsOneNameInEveryView() throws {
        let bus = EventBus()
        var problems: [EventBus.Problem] = []
        bus.onProblem = { problems.append($0) }
        let log = RecordingConsumer(
            name: "log", willConsume: [DidConsumeEvent.self, ConsumerFailedEvent.self])
        bus.register(log)
        let (token, line) = (
            bus.subscribe(to: Num.self, options: .named("saver")) { _ in throw Oops() }, #line
        )
        let name = "saver (at: \(file):\(line))"
        #expect(bus.explain(Num(1)).recipients == [name])
        #expect("\(bus)".contains("  2. \(name)  willConsume: [Num]  excludeList: []"))
        let trace = bus.startTracing()
        bus.dispatch(Num(1))
        #expect(trace.records.first?.recipients == [name])
        #expect(
            log.received.map { "\($0)" } == [
                "ConsumerFailedEvent(consumer: \(name), event: 1, error: Oops())",
                "DidConsumeEvent(consumer: \(name), event: 1)",
            ])
        let did = try #require(log.received.last?.as(DidConsumeEvent.self))
        #expect("\(did.consumer)" == name)  // the object that stands for it says it too
        #expect(trace.tree.contains(" → \(name)\n├─ ! \(name) failed on 1: Oops()\n"))
        #expect(trace.tree.hasSuffix("3. DidConsumeEvent of pass 1 from \(name) → log\n"))
        #expect(trace.mermaid.contains("saver"))
        bus.deregister(log)
        bus.dispatch(Num(2))
        #expect(
            problems.map(\.message) == ["\(name) threw Oops() on Num; handle ConsumerFailedEvent"])
        withExtendedLifetime(token) {}
    }

    @Test func aRecipientShownWhileItLivedKeepsThatNameAfterItEnds() {
        let bus = EventBus()
        let log = RecordingConsumer(name: "log", willConsume: [DidConsumeEvent.self])
        bus.register(log)
        let meter = Meter()
        bus.register(meter, options: .once)
        #expect(bus.explain(Num(1)).recipients == ["Meter(1)"])
        let line = #line + 1
        let token = bus.subscribe(to: Num.self, options: [.named("saver"), .once]) { _ in }
        bus.dispatch(Num(1))  // both end before their call; the announcements come after
        #expect(bus.recipientCount == 1)
        #expect(
            log.received.map { "\($0)" } == [
                "DidConsumeEvent(consumer: Meter(1), event: 1)",
                "DidConsumeEvent(consumer: saver (once, at: \(file):\(line)), event: 1)",
            ])
        #expect(meter.reads == 1)
        withExtendedLifetime(token) {}
    }

    @Test func aConsumerNoViewShowedWhileItLivedIsItsTypeNameAfterItEnds() {
        let bus = EventBus()
        let log = RecordingConsumer(name: "log", willConsume: [DidConsumeEvent.self])
        bus.register(log)
        let meter = Meter()
        bus.register(meter, options: .once)
        bus.dispatch(Num(1))
        #expect(log.received.map { "\($0)" } == ["DidConsumeEvent(consumer: Meter, event: 1)"])
        #expect(meter.reads == 0)
    }
}

/// A consumer with no description of its own: its type name is its name.
private final class Plain: EventConsumer {
    let willConsume: [any Event.Type] = [Num.self]
    func consume(_ event: any Event) {}
}

/// A consumer whose description changes each time it is read (`Meter(1)`, `Meter(2)`, …): a
/// bus that read it twice would show two names for one recipient.
private final class Meter: EventConsumer, CustomStringConvertible {
    let willConsume: [any Event.Type]
    private(set) var reads = 0

    init(_ willConsume: [any Event.Type] = [Num.self]) {
        self.willConsume = willConsume
    }

    var description: String {
        reads += 1
        return "Meter(\(reads))"
    }

    func consume(_ event: any Event) {}
}

/// A short error, so that announcement lines stay whole.
private struct Oops: Error {}
