import Foundation
import Testing

@testable import EventBusKit

/// What `postsAwaitDelivery` says after what waited: both fixes.
private let bothFixes = "use poster(deliveringOn:), or deliverPosted()"

/// The problems a bus that knows no actor reports while `body` uses it, and as it goes (a
/// repeat the back-off holds is reported from its `deinit`).
private func problemsOfABusThatKnowsNoActor(
    _ body: (EventBus, EventPoster) async -> Void
) async -> [String] {
    let recorder: ProblemRecorder
    do {
        let (bus, poster, problems) = busThatKnowsNoActor()
        recorder = problems
        await body(bus, poster)
    }
    return recorder.problems.map(\.message)
}

/// Contract §17.3: one report per fact. `postsAwaitDelivery` is said once per bus, whichever
/// call waited first, never to an owner that delivers by hand, and names both fixes; setting
/// `onProblem` replaces the printing for every post that begins after it; rejected posts keep
/// their call sites apart.
@Suite(.noUnexpectedProblems) struct ReportLedgerTests {
    @Test func aPostThatWaitedAndThenANextWithNoIsolationAreOneReport() async {
        let problems = await problemsOfABusThatKnowsNoActor { bus, poster in
            poster.post(Num(1), fileID: "App/Chat.swift", line: 7)
            bus.dispatch(Other())  // the owner's next call: delivers, and reports the wait
            _ = try? await bus.next(Num.self, timeout: .milliseconds(1), isolation: nil)
            _ = try? await bus.next(Num.self, timeout: .milliseconds(1), isolation: nil)
        }
        #expect(problems == ["post(_:) at App/Chat.swift:7 waits; \(bothFixes)"])
    }

    @Test func aNextWithNoIsolationFirstIsTheOneReport() async {
        let problems = await problemsOfABusThatKnowsNoActor { bus, poster in
            _ = try? await bus.next(Num.self, timeout: .milliseconds(1), isolation: nil)
            poster.post(Num(1))
            bus.dispatch(Other())
        }
        #expect(problems == ["next(_:) with no isolation waits; \(bothFixes)"])
    }

    @Test(.hangLimit)
    func aWaitForDeliveryFirstIsTheOneReport() async {
        let (bus, poster, recorder) = busThatKnowsNoActor()
        poster.inbox.requestSweep()  // as an inbox whose list of ended ones is full asks
        let delivered = Task { await poster.waitUntilDelivered() }
        while poster.inbox.waitingBarriers == 0 { await Task.yield() }  // it waits
        poster.post(Num(1))
        bus.dispatch(Other())
        #expect(await delivered.value)
        #expect(
            recorder.problems.map(\.message) == ["waitUntilDelivered() waits; \(bothFixes)"])
    }

    @Test func aSendThatWaitsForTheOwnerIsSaidAsAPostIs() async throws {
        let (bus, poster, recorder) = busThatKnowsNoActor()
        #expect(
            try await poster.send(Num(1), fileID: "App/Chat.swift", line: 7)
                == .awaitingDeliverPosted)
        poster.post(Num(2))
        bus.dispatch(Other())
        #expect(
            recorder.problems.map(\.message) == ["send(_:) at App/Chat.swift:7 waits; \(bothFixes)"]
        )
    }

    @Test func aNextWithNoIsolationOnABusItsOwnerDeliversByHandIsNotReported() async {
        let (bus, poster, recorder) = busThatKnowsNoActor()
        bus.deliverPosted()  // this owner delivers by hand
        _ = try? await bus.next(Num.self, timeout: .milliseconds(1), isolation: nil)
        poster.post(Num(1))
        bus.deliverPosted()
        #expect(recorder.problems.isEmpty)
    }

    @Test func theReportFitsOneLineWithBothFixesAndAThirtyCharacterFileName() {
        let (bus, poster, recorder) = busThatKnowsNoActor()
        let fileName = "CheckoutPaymentViewModel.swift"
        #expect(fileName.count == 30)
        poster.post(Num(1), fileID: fileName, line: 1_234)
        bus.dispatch(Other())
        let line = recorder.problems.first?.description
        #expect(line == "EventBusKit: post(_:) at \(fileName):1234 waits; \(bothFixes)")
        #expect(line.map(\.count).map { $0 <= 120 } == true)
    }

    @Test func rejectedPostsFromTwoLinesBeforeOneTakeAreTwoReports() {
        let (bus, poster, recorder) = busThatKnowsNoActor(maximumWaitingPosts: 1)
        bus.deliverPosted()  // by hand: the waits are not reported
        poster.post(Num(1))
        poster.post(Num(2), fileID: "App/Camera.swift", line: 10)
        poster.post(Num(3), fileID: "App/Network.swift", line: 20)
        poster.post(Num(4), fileID: "App/Camera.swift", line: 10)
        bus.deliverPosted()
        #expect(recorder.problems.map(\.count) == [2, 1])
        #expect(
            recorder.problems.map(\.message) == [
                "post(Num) at App/Camera.swift:10: inbox full (and 1 more like it); use send(_:), "
                    + "which waits",
                "post(Num) at App/Network.swift:20: inbox full; use send(_:), which waits",
            ])
    }

    /// A handler set after the poster was made hears the first wait of a post that begins
    /// after it, and the posting thread prints nothing.
    @Test func onProblemSetAfterThePosterReplacesThePostingThreadsLine() async throws {
        let result = try await #require(
            processExitsWith: .success,
            observing: [\.standardOutputContent, \.standardErrorContent]
        ) {
            let bus = EventBus()
            let poster = bus.poster(isolation: nil)
            var heard: [String] = []
            bus.onProblem = { heard.append($0.kind.name) }
            let posted = DispatchSemaphore(value: 0)
            let thread = Thread {
                poster.post(Num(1))
                posted.signal()
            }
            thread.start()
            posted.wait()
            bus.dispatch(Other())  // the owner's next call
            FileHandle.standardOutput.write(Data((heard.joined(separator: ",") + "\n").utf8))
        }
        let printed = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(!printed.contains("EventBusKit:"))
        #expect(
            String(decoding: result.standardOutputContent, as: UTF8.self) == "postsAwaitDelivery\n")
    }
}
