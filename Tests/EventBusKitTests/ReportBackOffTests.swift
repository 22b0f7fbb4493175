import Testing

@testable import EventBusKit

/// A bus whose problems go to the returned recorder, and whose back-off reads `clock`.
@MainActor
private func clockedBus(_ clock: TestClock) -> (EventBus, ProblemRecorder) {
    let bus = EventBus()
    let recorder = ProblemRecorder()
    bus.onProblem = { recorder.problems.append($0) }
    bus.problemTime = { clock.now }
    return (bus, recorder)
}

/// A clock the tests move by hand: the time the back-off reads.
final class TestClock {
    var now = ContinuousClock.now
}

/// Contract §16.3: each kind and site is reported at its 1st, 10th and 100th occurrence, then
/// at most once a minute while it recurs; what is held back is reported after its minute and
/// at deallocation, so the counts add up; sites stay apart, and at most 256 are remembered.
@MainActor @Suite(.noUnexpectedProblems) struct ReportBackOffTests {
    @Test func aSubscriptionThrowingAt60HzForFiveMinutesIsEightReportsThatAddUp() async {
        struct Broken: Error {}
        let clock = TestClock()
        let recorder = ProblemRecorder()
        let start = clock.now
        do {
            let (bus, _) = clockedBus(clock)
            bus.onProblem = { recorder.problems.append($0) }
            let failing = bus.subscribe(to: Num.self) { _ in throw Broken() }
            for frame in 0..<18_000 {
                clock.now = start + .seconds(frame) / 60
                bus.dispatch(Num(frame))
                if frame % 1_000 == 999 { await Task.yield() }  // see `onAThreadOfItsOwn`
            }
            // The 1st, 10th and 100th, then one a minute: 61.65 s, 121.65 s, 181.65 s, 241.65 s.
            #expect(recorder.problems.map(\.count) == [1, 9, 90, 3_600, 3_600, 3_600, 3_600])
            withExtendedLifetime(failing) {}
        }
        // The bus goes: what it held is the eighth report.
        let counts: [Int] = [1, 9, 90, 3_600, 3_600, 3_600, 3_600, 3_500]
        #expect(recorder.problems.map(\.count) == counts)
        let total: Int = recorder.problems.map(\.count).reduce(0, +)
        #expect(total == 18_000)
        #expect(Set(recorder.problems.map(\.kind)) == [.unhandledFailure])
        #expect(recorder.problems[1].message.contains("threw Broken() on Num (and 8 more like it)"))
    }

    @Test func heldOccurrencesAreReportedByTheFirstCallAfterTheirMinute() {
        let clock = TestClock()
        let (bus, recorder) = clockedBus(clock)
        bus.cancelDelivery()
        bus.cancelDelivery()
        bus.cancelDelivery()
        clock.now += .seconds(59)
        bus.dispatch(Num(1))
        #expect(recorder.problems.map(\.count) == [1])  // not a minute yet
        clock.now += .seconds(1)
        bus.dispatch(Num(2))  // no problem of its own: it reports what waited its minute
        #expect(recorder.problems.map(\.count) == [1, 2])
        #expect(
            recorder.problems.last?.message
                == "cancelDelivery() did nothing outside a delivery (and 1 more like it); call it in "
                + "consume(_:) or a closure")
    }

    @Test func aSiteQuietForAMinuteIsReportedAtOnceWhenItRecurs() {
        let clock = TestClock()
        let (bus, recorder) = clockedBus(clock)
        bus.cancelDelivery()
        clock.now += .seconds(61)
        bus.cancelDelivery()
        #expect(recorder.problems.map(\.count) == [1, 1])
    }

    @Test func twoSitesOfOneKindAreTwoReportsInOneCall() {
        let bus = EventBus(reentrancy: .reject)
        let recorder = ProblemRecorder()
        bus.onProblem = { recorder.problems.append($0) }
        bus.register(
            TraceConsumer("Storm", [Num.self], trace: Trace()) { _ in
                bus.dispatch(Other(), fileID: "App/A.swift", line: 1)
                bus.dispatch(Other(), fileID: "App/B.swift", line: 2)
                bus.dispatch(Other(), fileID: "App/A.swift", line: 1)
            })
        bus.dispatch(Num(1))
        #expect(recorder.problems.map(\.count) == [2, 1])
        #expect(
            recorder.problems.map(\.message) == [
                "dispatch(Other) at App/A.swift:1: reentrant (and 1 more like it); use reentrancy: "
                    + ".queue",
                "dispatch(Other) at App/B.swift:2: reentrant; use reentrancy: .queue",
            ])
    }

    @Test func twoUnreachableConsumersAreTwoReportsEachAtItsOwnRegistration() {
        final class Deaf: EventConsumer {
            var willConsume: [any Event.Type] { [] }
            func consume(_ event: any Event) {}
        }
        final class Blind: EventConsumer {
            var willConsume: [any Event.Type] { [] }
            func consume(_ event: any Event) {}
        }
        let (bus, recorder) = clockedBus(TestClock())
        bus.register(Deaf())
        let why = "its willConsume is empty; list its events in willConsume"
        #expect(recorder.problems.map(\.message) == ["Deaf receives no event: \(why)"])
        bus.register(Blind())
        #expect(
            recorder.problems.map(\.message) == [
                "Deaf receives no event: \(why)", "Blind receives no event: \(why)",
            ])
        // A second consumer of the same type is its site's second occurrence: it waits its
        // turn in the back-off, and is reported as the bus goes.
        bus.register(Deaf())
        #expect(recorder.problems.count == 2)
    }

    @Test func tenThousandSitesLeaveAtMost256RememberedAndEveryOccurrenceReported() async {
        await sitesLeaveAtMost256RememberedAndEveryOccurrenceReported(sites: 10_000)
    }

    @Test func theLeastRecentlyReportedSiteIsTheOneForgotten() {
        var log = ProblemLog()
        let now = ContinuousClock.now
        for site in 0..<256 {
            _ = log.describe(.cancelOutsideCall, at: "\(site)", count: 1, what: "w", fix: "f")
        }
        #expect(log.take(at: now).count == 256)
        // Site 0 recurs and is reported again later: site 1 is now the least recent.
        _ = log.describe(.cancelOutsideCall, at: "0", count: 1, what: "w", fix: "f")
        #expect(log.take(at: now + .seconds(61)).count == 1)
        _ = log.describe(.cancelOutsideCall, at: "new", count: 1, what: "w", fix: "f")
        #expect(log.rememberedSites == 256)
        // Site 1 was forgotten: it starts again at 1 and is reported at once; site 0 is
        // remembered, and its second occurrence since its report waits.
        _ = log.describe(.cancelOutsideCall, at: "0", count: 1, what: "w", fix: "f")
        _ = log.describe(.cancelOutsideCall, at: "1", count: 1, what: "w", fix: "f")
        #expect(log.take(at: now + .seconds(62)).map(\.count) == [1, 1])  // "new" and "1"
    }
}

/// Contract §16.1: a drain of posted events reports each kind and site at most once per slice,
/// and `deliverPosted()` at most once per call, however many posted events they deliver.
@MainActor @Suite(.noUnexpectedProblems) struct ReportRoundTests {
    struct Broken: Error {}

    @Test func threeFailingPostsDeliveredByOneDeliverPostedAreOneReportOfThree() {
        let bus = EventBus()
        let recorder = ProblemRecorder()
        bus.onProblem = { recorder.problems.append($0) }
        let failing = bus.subscribe(to: Num.self) { _ in throw Broken() }
        let poster = bus.poster(isolation: nil)
        for value in 1...3 { poster.post(Num(value)) }
        #expect(bus.deliverPosted() == Array(repeating: .drained(events: 1), count: 3))
        #expect(recorder.problems.map(\.kind) == [.unhandledFailure])
        #expect(recorder.problems.map(\.count) == [3])
        withExtendedLifetime(failing) {}
    }

    @Test func threeFailingPostsInOneDrainSliceOnTheMainActorAreOneReportOfThree() async {
        let bus = EventBus()
        let recorder = ProblemRecorder()
        bus.onProblem = { recorder.problems.append($0) }
        let failing = bus.subscribe(to: Num.self) { _ in throw Broken() }
        let poster = bus.poster()
        for value in 1...3 { poster.post(Num(value)) }
        #expect(await poster.waitUntilDelivered())
        #expect(recorder.problems.map(\.kind) == [.unhandledFailure])
        #expect(recorder.problems.map(\.count) == [3])
        withExtendedLifetime(failing) {}
    }

    @Test func dispatchesRejectedWhileDeliveringPostsAreOneReportPerCall() {
        let bus = EventBus(reentrancy: .reject)
        let recorder = ProblemRecorder()
        bus.onProblem = { recorder.problems.append($0) }
        let echo = bus.subscribe(to: Num.self) { _ in
            bus.dispatch(Other(), fileID: "App/Echo.swift", line: 3)
        }
        let poster = bus.poster(isolation: nil)
        for value in 1...3 { poster.post(Num(value)) }
        bus.deliverPosted()
        #expect(recorder.problems.map(\.kind) == [.dispatchRejected])
        #expect(recorder.problems.map(\.count) == [3])
        withExtendedLifetime(echo) {}
    }
}

/// Contract §16.2: a failure is handled when at least one `ConsumerFailedEvent` listener's call
/// returned without throwing; otherwise `.unhandledFailure` is reported, and a listener's own
/// error too. The same for a stream's drop and `DroppedEvent`.
@MainActor @Suite(.noUnexpectedProblems) struct UnhandledAnnouncementTests {
    struct Broken: Error {}

    /// A bus with a subscription that throws on every `Num`, and the recorder of its problems.
    private static func failingBus() -> (EventBus, ProblemRecorder, EventSubscription) {
        let bus = EventBus()
        let recorder = ProblemRecorder()
        bus.onProblem = { recorder.problems.append($0) }
        return (bus, recorder, bus.subscribe(to: Num.self) { _ in throw Broken() })
    }

    @Test func aFailureEveryListenerRejectsIsReported() {
        let (bus, recorder, failing) = Self.failingBus()
        var asked = 0
        let listener = bus.subscribe(
            to: ConsumerFailedEvent.self,
            where: { _ in
                asked += 1; return false
            }
        ) { _ in }
        bus.dispatch(Num(1))
        #expect(asked == 1)
        #expect(recorder.problems.map(\.kind) == [.unhandledFailure])
        #expect(
            recorder.problems.first?.message.hasSuffix(
                "threw Broken() on Num, unhandled; a listener must accept it and return") == true)
        withExtendedLifetime((failing, listener)) {}
    }

    @Test func oneListenerThatReturnsHandlesIt_andAnotherThatThrowsIsReported() {
        let (bus, recorder, failing) = Self.failingBus()
        let throwing = bus.subscribe(to: ConsumerFailedEvent.self) { _ in throw Broken() }
        var handled = 0
        let handling = bus.subscribe(to: ConsumerFailedEvent.self) { _ in handled += 1 }
        bus.dispatch(Num(1))
        #expect(handled == 1)
        #expect(recorder.problems.map(\.kind) == [.unhandledFailure])
        #expect(
            recorder.problems.first?.message.hasSuffix(
                "threw Broken() on ConsumerFailedEvent; catch it in the listener") == true)
        withExtendedLifetime((failing, throwing, handling)) {}
    }

    @Test func aFailureWhosePassIsCancelledBeforeAnyListenerIsReported() {
        let (bus, recorder, failing) = Self.failingBus()
        let stopper = bus.subscribe(to: ConsumerFailedEvent.self, options: .init(priority: 1)) {
            _ in
            bus.cancelDelivery()
            throw Broken()
        }
        let later = bus.subscribe(to: ConsumerFailedEvent.self) { _ in }
        bus.dispatch(Num(1))
        #expect(recorder.problems.map(\.kind) == [.unhandledFailure, .unhandledFailure])
        withExtendedLifetime((failing, stopper, later)) {}
    }

    @Test func aDropEveryListenerRejectsIsReported() async {
        let bus = EventBus()
        let recorder = ProblemRecorder()
        bus.onProblem = { recorder.problems.append($0) }
        let listener = bus.subscribe(to: DroppedEvent.self, where: { _ in false }) { _ in }
        let stream = bus.events(of: Num.self, bufferingPolicy: .bufferingNewest(1))
        for value in 1...3 { bus.dispatch(Num(value)) }
        // Reported once per stream, at its first drop no listener handled.
        #expect(recorder.problems.map(\.kind) == [.streamDroppedEvents])
        #expect(
            recorder.problems.first?.message.hasSuffix(
                "dropped Num, unhandled; a listener must accept it and return") == true)
        withExtendedLifetime((listener, stream)) {}
    }

    @Test func aDropWhoseListenerThrowsIsReported_andSoIsTheListenersFailure() async {
        let bus = EventBus()
        let recorder = ProblemRecorder()
        bus.onProblem = { recorder.problems.append($0) }
        let listener = bus.subscribe(to: DroppedEvent.self) { _ in throw Broken() }
        let stream = bus.events(of: Num.self, bufferingPolicy: .bufferingNewest(1))
        bus.dispatch(Num(1))
        bus.dispatch(Num(2))
        #expect(recorder.problems.map(\.kind) == [.unhandledFailure, .streamDroppedEvents])
        #expect(recorder.problems.first?.message.contains("threw Broken() on DroppedEvent") == true)
        withExtendedLifetime((listener, stream)) {}
    }
}

/// The back-off's bound on a storm of sites (CONTRACT §16.3) at a million sites: a stress
/// suite (seconds of the main actor), so it runs only when asked, with `EVENTBUS_STRESS=1`
/// (see `StressRuns`); `ReportBackOffTests` runs the same check at 10,000 sites.
@MainActor @Suite(.noUnexpectedProblems, StressRuns.enabled) struct ReportBackOffStressTests {
    @Test func aMillionSitesLeaveAtMost256RememberedAndEveryOccurrenceReported() async {
        await sitesLeaveAtMost256RememberedAndEveryOccurrenceReported(sites: 1_000_000)
    }
}

/// `sites` sites rejected once each: at most 256 are remembered at any time, every occurrence
/// is reported once, and a forgotten site starts again at 1.
private func sitesLeaveAtMost256RememberedAndEveryOccurrenceReported(sites: Int) async {
    var log = ProblemLog()
    var (reported, mostRemembered) = (0, 0)
    for site in 0..<sites {
        let pushedOut = log.describe(
            .dispatchRejected, at: "App/Storm.swift:\(site)", count: 1, what: "rejected",
            fix: "dispatch less")
        reported += pushedOut.map(\.count).reduce(0, +)
        mostRemembered = max(mostRemembered, log.rememberedSites)
        if site % 2_000 == 1_999 { await Task.yield() }  // see `onAThreadOfItsOwn`
    }
    #expect(mostRemembered == ProblemLog.maximumSites)
    #expect(log.rememberedSites == 256)
    reported += log.take(at: .now).map(\.count).reduce(0, +)
    #expect(reported == sites)
    // A forgotten site starts again at its first occurrence: reported at once.
    let again = log.describe(
        .dispatchRejected, at: "App/Storm.swift:0", count: 1, what: "rejected",
        fix: "dispatch less")
    #expect(again.isEmpty)
    #expect(log.take(at: .now).map(\.count) == [1])
}
