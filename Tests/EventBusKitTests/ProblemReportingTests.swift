import EventBusKit
import Testing

/// Contract §11.1–§11.3: misuse the bus can see is reported once per kind per outermost app
/// call, with a count and what to do, to `onProblem` (or printed in debug builds).
@Suite(.noUnexpectedProblems) struct ProblemReportingTests {
    /// A bus whose problems are appended to the returned recorder.
    private static func observedBus(maximumQueuedDispatches: Int = 100) -> (
        EventBus, ProblemRecorder
    ) {
        let bus = EventBus(maximumQueuedDispatches: maximumQueuedDispatches)
        let recorder = ProblemRecorder()
        bus.onProblem = { recorder.problems.append($0) }
        return (bus, recorder)
    }

    @Test func aMillionRejectedDispatchesAreOneReportWithTheirCount() async {
        // One drain of seconds (a minute under a sanitizer): off the cooperative pool.
        let (report, problems) = await onAThreadOfItsOwn {
            let (bus, recorder) = Self.observedBus()
            bus.register(
                TraceConsumer("Storm", [Num.self], trace: Trace()) { _ in
                    for _ in 0..<1_000_000 {
                        bus.dispatch(Other(), fileID: "App/Storm.swift", line: 7)
                    }
                })
            return (bus.dispatch(Num(1)), recorder.problems)
        }
        #expect(report == .drained(events: 101))
        #expect(problems.map(\.kind) == [.dispatchRejected])
        #expect(problems.first?.count == 999_900)
        #expect(
            problems.first?.message
                == "dispatch(Other) at App/Storm.swift:7: queue full (and 999899 more like it); "
                + "raise maximumQueuedDispatches")
    }

    @Test func aDispatchLoopIsOneDrainLimitReport() {
        let (bus, recorder) = Self.observedBus()
        bus.register(
            TraceConsumer("Loop", [Num.self], trace: Trace()) {
                bus.dispatch($0, fileID: "App/Loop.swift", line: 3)
            })
        let report = bus.dispatch(Num(1))
        #expect(report == .limitReached(processed: 1_000, discarded: 1))
        #expect(recorder.problems.map(\.kind) == [.drainLimitReached])
        #expect(recorder.problems.first?.count == 1)
        #expect(
            recorder.problems.first?.message
                == "dispatch at App/Loop.swift:3: maximumEventsPerDrain hit; break the loop")
    }

    /// §16.3: a drain limit's site is where the dispatch that keeps the loop going was made,
    /// so the same loop begun from two places is one site, and its repeat backs off.
    @Test func aLoopBegunFromTwoPlacesIsOneSite() {
        let (bus, recorder) = Self.observedBus()
        bus.register(
            TraceConsumer("Loop", [Num.self], trace: Trace()) {
                bus.dispatch($0, fileID: "App/Loop.swift", line: 3)
            })
        bus.dispatch(Num(1), fileID: "App/First.swift", line: 1)
        bus.dispatch(Num(1), fileID: "App/Second.swift", line: 2)
        #expect(recorder.problems.map(\.kind) == [.drainLimitReached])
        #expect(recorder.problems.map(\.count) == [1])
    }

    @Test func aFailureNobodyListensForIsReported_andItsRepeatsBackOff() {
        struct Broken: Error {}
        let recorder = ProblemRecorder()
        let line = #line + 4
        do {
            let bus = EventBus()
            bus.onProblem = { recorder.problems.append($0) }
            let failing = bus.subscribe(to: Num.self) { _ in throw Broken() }
            bus.dispatch(Num(1))
            bus.dispatch(Num(2))  // its 2nd occurrence: held until the 10th, or a minute
            #expect(recorder.problems.map(\.kind) == [.unhandledFailure])
            #expect(
                recorder.problems.first?.message
                    == "Subscription(to…Num, at: …ProblemReportingTests.swift:\(line)) threw Broken() "
                    + "on Num; handle ConsumerFailedEvent")
            let listener = bus.subscribe(to: ConsumerFailedEvent.self) { _ in }
            bus.dispatch(Num(3))  // handled: not an occurrence
            #expect(recorder.problems.count == 1)
            withExtendedLifetime((failing, listener)) {}
        }
        // The held occurrence is reported as the bus goes: the counts add up to 2.
        #expect(recorder.problems.map(\.count) == [1, 1])
    }

    @Test func aStreamsDropsAreReportedOnceAtItsFirstDrop() {
        let (bus, recorder) = Self.observedBus()
        let line = #line + 1
        let stream = bus.events(of: Num.self, bufferingPolicy: .bufferingNewest(1))
        for value in 1...4 { bus.dispatch(Num(value)) }
        #expect(recorder.problems.map(\.kind) == [.streamDroppedEvents])
        #expect(
            recorder.problems.first?.message
                == "e…um, […], at: ProblemReport…gTests.swift:\(line)) dropped Num; read faster, "
                + "buffer more, or handle DroppedEvent")
        withExtendedLifetime(stream) {}
    }

    /// Lists no event can reach, and why the report says so.
    private static var unreachable: [([any Event.Type], [any Event.Type], String)] {
        [
            ([], [], "its willConsume is empty"),
            (
                [Conforming<AllEvent>.self, Conforming<DidConsumeEvent>.self], [],
                "no event is in Conforming<AllEvent>, Conformin…ent>"
            ),
            (
                [Num.self], [AllEvent.self],
                "its excludeList covers its willConsume"
            ),
            (
                [UserRewardPageViewEvent.self], [PageViewEvent.self],
                "its excludeList covers its willConsume"
            ),
            (
                [AllEvent.self], [AllEvent.self],
                "its excludeList covers its willConsume"
            ),
        ]
    }

    @Test(arguments: 0..<5)
    func aConsumerNoEventCanReachIsReported(row: Int) {
        let (willConsume, excludeList, why) = Self.unreachable[row]
        let (bus, recorder) = Self.observedBus()
        bus.register(
            RecordingConsumer(name: "Deaf", willConsume: willConsume, excludeList: excludeList))
        #expect(recorder.problems.map(\.kind) == [.consumerListsNothing])
        #expect(
            recorder.problems.first?.message
                == "Deaf receives no event: \(why); list its events in willConsume")
    }

    @Test func muting_aReachableConsumer_andSubscriptionsAreNotReported() {
        let (bus, recorder) = Self.observedBus()
        bus.register(RecordingConsumer(willConsume: [NoEvent.self]))
        bus.register(RecordingConsumer(willConsume: [Num.self]))
        bus.register(
            RecordingConsumer(
                willConsume: [PageViewEvent.self], excludeList: [UserRewardPageViewEvent.self]))
        let token = bus.subscribe(to: Num.self) { _ in }
        #expect(recorder.problems.isEmpty)
        withExtendedLifetime(token) {}
    }

    @Test func cancelDeliveryWhereItDoesNothingIsReported_andItsRepeatsBackOff() {
        let recorder = ProblemRecorder()
        do {
            let bus = EventBus()
            bus.onProblem = { recorder.problems.append($0) }
            #expect(bus.cancelDelivery() == false)
            #expect(recorder.problems.map(\.kind) == [.cancelOutsideCall])
            #expect(
                recorder.problems.first?.message
                    == "cancelDelivery() did nothing outside a delivery; call it in consume(_:) or a "
                    + "closure")
            bus.cancelDelivery()
            bus.cancelDelivery()
            bus.dispatch(Num(1))
            #expect(recorder.problems.count == 1)  // the 2nd and 3rd: held
        }
        #expect(recorder.problems.map(\.count) == [1, 2])
    }

    @Test func theHandlersDispatchIsDeliveredAfterItReturns_andItsProblemsWait() {
        let bus = EventBus()
        var log: [String] = []
        bus.register(
            TraceConsumer("A", [Other.self], trace: Trace()) { _ in log.append("A got other") })
        bus.onProblem = { problem in
            log.append("report \(problem.kind)")
            guard problem.kind == .cancelOutsideCall else { return }
            bus.dispatch(Other())
            // A problem of the handler's: reported when the app's next call returns.
            bus.register(RecordingConsumer(name: "Deaf", willConsume: []))
            log.append("handler returns")
        }
        bus.cancelDelivery()
        #expect(log == ["report cancelOutsideCall", "handler returns", "A got other"])
        bus.register(RecordingConsumer(willConsume: [Num.self]))
        #expect(
            log == [
                "report cancelOutsideCall", "handler returns", "A got other",
                "report consumerListsNothing",
            ])
    }

    @Test func problemsStillHeldAreReportedWhenTheBusGoes() {
        let recorder = ProblemRecorder()
        do {
            let bus = EventBus()
            bus.onProblem = { recorder.problems.append($0) }
            bus.cancelDelivery()
            bus.cancelDelivery()  // held
            #expect(recorder.problems.count == 1)
        }
        #expect(recorder.problems.map(\.count) == [1, 1])
    }

    @Test func awaitingNextOnABusThatKnowsNoActorIsReportedOncePerBus() async throws {
        let (bus, recorder) = Self.observedBus()
        // Called from a nonisolated async context: the bus has no actor to deliver posts on.
        func wait() async throws -> Num {
            try await bus.next(Num.self, timeout: .milliseconds(1), isolation: nil)
        }
        _ = try? await wait()
        _ = try? await wait()
        #expect(recorder.problems.map(\.kind) == [.postsAwaitDelivery])
        #expect(
            recorder.problems.first?.message
                == "next(_:) with no isolation waits; use poster(deliveringOn:), or "
                + "deliverPosted()")
    }

    @Test func postsTheBusNeverDeliveredAreReportedWhenItGoes() {
        let recorder = ProblemRecorder()
        do {
            let bus = EventBus()
            bus.onProblem = { recorder.problems.append($0) }
            let poster = bus.poster(isolation: nil)
            poster.post(Num(1))
            poster.post(Num(2))
        }
        // The first post waited for the owner, who never came.
        #expect(recorder.problems.map(\.kind) == [.postsAwaitDelivery, .postedEventsDiscarded])
        #expect(recorder.problems.last?.count == 2)
        #expect(
            recorder.problems.last?.message
                == "bus deallocated with posted Num undelivered (and 1 more like it); keep it while "
                + "posters post")
    }

    @Test func withNoHandlerADebugBuildPrintsOneLinePerReport_andAReleaseBuildNothing() async {
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardErrorContent]
        ) {
            let bus = EventBus()
            bus.cancelDelivery()
        }
        let printed = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) }
        #if DEBUG
            let expected =
                "EventBusKit: cancelDelivery() did nothing outside a delivery; call it in "
                + "consume(_:) or a closure\n"
        #else
            let expected = ""
        #endif
        #expect(printed == expected)
    }
}

/// Collects the problems a bus reports.
final class ProblemRecorder {
    var problems: [EventBus.Problem] = []
}
