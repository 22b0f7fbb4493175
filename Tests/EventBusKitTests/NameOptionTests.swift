import Testing

@testable import EventBusKit

/// Contract §14.1, `name`: a short name replaces a recipient's type part wherever the bus shows
/// it, and a subscription's call site stays beside it.
@MainActor @Suite(.noUnexpectedProblems) struct NameOptionTests {
    private let file = "EventBusKitTests/NameOptionTests.swift"

    @Test func aNamedSubscriptionIsShownByItsNameAndItsCallSite() {
        let bus = EventBus()
        let (token, line) = (
            bus.subscribe(to: Num.self, options: .named("cart total")) { _ in }, #line
        )
        let name = "cart total (at: \(file):\(line))"
        #expect(bus.explain(Num(1)).recipients == [name])
        #expect(String(describing: bus).contains("  1. \(name)  willConsume: [Num]"))
        let trace = bus.startTracing()
        bus.dispatch(Num(1))
        #expect(trace.records.first?.recipients == [name])
        withExtendedLifetime(token) {}
    }

    @Test func twoRecipientsWithOneNameStayApartByTheirCallSites() {
        let bus = EventBus()
        let (first, firstLine) = (
            bus.subscribe(to: Num.self, options: .named("audit")) { _ in }, #line
        )
        let (second, secondLine) = (
            bus.subscribe(to: Num.self, options: [.named("audit"), .once]) { _ in }, #line
        )
        #expect(
            bus.explain(Num(1)).recipients == [
                "audit (at: \(file):\(firstLine))", "audit (once, at: \(file):\(secondLine))",
            ])
        withExtendedLifetime((first, second)) {}
    }

    @Test func whatElseASubscriptionIsStaysInItsName() {
        let bus = EventBus()
        let owner = OwnerBoundScreen(name: "o")
        let line = #line + 1
        bus.subscribe(
            to: Num.self, owner: owner, options: [.named("badge"), .limit(3)],
            where: { _, _ in true }
        ) { _, _ in }
        #expect(
            bus.explain(Num(1)).recipients == [
                "badge (limit 3, filtered, at: \(file):\(line), owner: OwnerBoundScreen)"
            ])
        withExtendedLifetime(owner) {}
    }

    @Test func aNamedStreamAndANamedWaitSayWhatTheyAre() async throws {
        let bus = EventBus()
        let (stream, streamLine) = (bus.events(of: Num.self, options: .named("ticks")), #line)
        var announced: [String] = []
        let logger = bus.subscribe(to: DidConsumeEvent.self) { announced.append("\($0.consumer)") }
        let waitLine = #line + 1
        let waiting = Task { try await bus.next(Num.self, options: .named("first tick")) }
        while bus.recipientCount < 3 { await Task.yield() }
        bus.dispatch(Num(1))
        _ = try await waiting.value
        #expect(
            announced == [
                "ticks (events, at: \(file):\(streamLine))",
                "first tick (next, at: \(file):\(waitLine))",
            ])
        withExtendedLifetime((stream, logger)) {}
    }

    @Test func aNamedConsumerIsShownByItsName() {
        let bus = EventBus()
        let trace = Trace()
        bus.register(
            TraceConsumer("Screen", [Num.self], trace: trace), options: .named("home screen"))
        #expect(bus.explain(Num(1)).recipients == ["home screen"])
        #expect(String(describing: bus).contains("  1. home screen  willConsume: [Num]"))
        let recording = bus.startTracing()
        bus.dispatch(Num(1))
        #expect(recording.records.first?.recipients == ["home screen"])
        #expect(recording.tree.contains("home screen"))
        #expect(recording.mermaid.contains("home screen"))
        #expect(trace.entries == ["Screen1"])  // its own description is untouched
    }

    @Test func aNamedConsumerNoEventCanReachIsReportedByItsName() {
        let bus = EventBus()
        var problems: [EventBus.Problem] = []
        bus.onProblem = { problems.append($0) }
        bus.register(TraceConsumer("Screen", [], trace: Trace()), options: .named("home screen"))
        #expect(problems.map(\.kind) == [.consumerListsNothing])
        #expect(
            problems.first?.message
                == "home screen receives no event: its willConsume is empty; list its events in "
                + "willConsume")
    }

    @Test func aNameIsEscapedAsAppTextIs() {
        let bus = EventBus()
        bus.register(
            TraceConsumer("Screen", [Num.self], trace: Trace()), options: .named("two\nlines"))
        #expect(bus.explain(Num(1)).recipients == ["two\\nlines"])
    }

    @Test(.allowsProblems) func aNamedSubscriptionsFailureIsReportedByItsName() {
        let bus = EventBus()
        var problems: [EventBus.Problem] = []
        bus.onProblem = { problems.append($0) }
        let line = #line + 1
        let token = bus.subscribe(to: Num.self, options: .named("saver")) { _ in
            throw HandlerError(code: 1)
        }
        bus.dispatch(Num(1))
        #expect(
            problems.first?.message
                == "saver (at: …NameOptionTests.swift:\(line)) threw HandlerError(code: 1) on Num; "
                + "handle ConsumerFailedEvent")
        withExtendedLifetime(token) {}
    }
}

/// Contract §14.1: an empty name stops at the listening call that receives it.
@Suite struct NameStopTests {
    @Test func anEmptyNameStopsWithAMessageNamingTheCallAndTheOption() {
        #expect(
            RecipientOptions.named("").problem(in: "observe(_:)")
                == "observe(_:): options.name is empty; give a short name, or leave it nil")
    }

    @Test func anEmptyNameStopsTheProgram() async throws {
        let result = try await #require(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            EventBus().register(RecordingConsumer(willConsume: [Num.self]), options: .named(""))
        }
        let printed = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(printed.contains("EventBusKit: register(_:options:): options.name is empty"))
    }

    /// A stream and an observed object check their options with the call the subscriptions
    /// make (the bus's own lists say whether the target is a category).
    @Test func anEmptyNameStopsAStreamNamingEventsOf() async throws {
        let result = try await #require(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            _ = EventBus().events(of: Num.self, options: .named(""))
        }
        let printed = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(printed.contains("EventBusKit: events(of:): options.name is empty"))
    }

    #if canImport(Observation)
        @Test func anEmptyNameStopsAnObservedObjectNamingObserve() async throws {
            let result = try await #require(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
                _ = EventBus().observe(AllEvent.self, options: .named(""))
            }
            let printed = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(printed.contains("EventBusKit: observe(_:): options.name is empty"))
        }
    #endif
}
