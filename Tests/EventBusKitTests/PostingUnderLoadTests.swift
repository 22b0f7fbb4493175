import Foundation
import Testing

@testable import EventBusKit

/// An actor that makes its bus's poster in its synchronous `init`, where `#isolation` is
/// `nil`, and dispatches on its bus later, as a chat service would.
actor ChatActor {
    let bus = EventBus()
    nonisolated let poster: EventPoster
    private let recorder = RecordingConsumer(willConsume: [Num.self, Other.self])
    private let problemRecorder = ProblemRecorder()

    init() {
        let problemRecorder = self.problemRecorder
        bus.onProblem = { problemRecorder.problems.append($0) }
        bus.register(recorder)
        poster = bus.poster()
    }

    /// Dispatches on the actor: the owner's next call into the bus.
    func dispatchOther() { bus.dispatch(Other()) }

    /// What the recorder received, in order.
    func received() -> [String] { recorder.received.map(label) }

    /// The problems the bus reported.
    func problems() -> [EventBus.Problem] { problemRecorder.problems }
}

/// A plain class that makes its bus's poster in its `init`, built from main-actor code.
final class ChatService {
    let bus = EventBus()
    let poster: EventPoster
    /// What its own subscription, made in `init` after the poster, received.
    private(set) var seen: [Int] = []
    private let problemRecorder = ProblemRecorder()
    private var token: EventSubscription?

    /// The kinds of problem its bus reported.
    var problems: [EventBus.Problem.Kind] { problemRecorder.problems.map(\.kind) }

    init(postingFirst values: [Int] = []) {
        let problemRecorder = self.problemRecorder
        bus.onProblem = { problemRecorder.problems.append($0) }
        poster = bus.poster()
        for value in values { poster.post(Num(value)) }
        token = bus.subscribe(to: Num.self) { [unowned self] in seen.append($0.value) }
    }
}

/// Contract §15.1: a poster made where the bus knows no actor strands nothing: the owner's
/// next call delivers what waits, first; the first wait is reported, once.
@MainActor @Suite(.noUnexpectedProblems) struct StrandedPosterTests {
    @Test(.hangLimit)
    func anActorsInitMadeThePosterAndItsNextDispatchDeliversThePostsFirst() async {
        let chat = ChatActor()
        let poster = chat.poster
        let line = #line + 1
        let reports = await Task.detached { [poster] in [poster.post(Num(1)), poster.post(Num(2))] }
            .value
        #expect(reports == [.awaitingDeliverPosted, .awaitingDeliverPosted])
        let delivered = Task.detached { [poster] in await poster.waitUntilDelivered() }
        await chat.dispatchOther()
        #expect(await chat.received() == ["1", "2", "other"])
        #expect(await delivered.value)
        let problems = await chat.problems()
        #expect(problems.map(\.kind) == [.postsAwaitDelivery])
        #expect(
            problems.first?.message
                == "post(_:) at …PostingUnderLoadTests.swift:\(line) waits; use "
                + "poster(deliveringOn:), or deliverPosted()")
    }

    @Test(.hangLimit)
    func aPlainClassMadeOnTheMainActorDeliversThePostsAtItsNextDispatch() async {
        let service = ChatService()
        let poster = service.poster
        await Task.detached { [poster] in
            poster.post(Num(1))
            poster.post(Num(2))
        }.value
        #expect(service.seen == [])
        service.bus.dispatch(Num(3))
        #expect(service.seen == [1, 2, 3])
        #expect(service.problems == [.postsAwaitDelivery])
        service.bus.dispatch(Num(4))
        #expect(service.problems == [.postsAwaitDelivery])  // once per bus
    }

    @Test func aSubscriptionMadeInTheSameInitReceivesWhatWasPostedBeforeIt() {
        let service = ChatService(postingFirst: [1, 2])
        #expect(service.seen == [1, 2])
        #expect(service.problems == [.postsAwaitDelivery])
    }

    @Test(.hangLimit)
    func aWaitForDeliveryReturnsAtTheOwnersNextCall() async {
        let service = ChatService()
        let poster = service.poster
        poster.post(Num(1))
        let delivered = Task.detached { [poster] in await poster.waitUntilDelivered() }
        while poster.inbox.waitingBarriers == 0 { await Task.yield() }  // the barrier waits
        service.bus.register(RecordingConsumer(willConsume: [Other.self]))
        #expect(await delivered.value)
        #expect(service.seen == [1])
    }

    @Test func aBusItsOwnerDeliversByHandReportsNothing() {
        let bus = EventBus()
        var problems: [EventBus.Problem] = []
        bus.onProblem = { problems.append($0) }
        let seen = RecordingConsumer(willConsume: [Num.self])
        bus.register(seen)
        let poster = bus.poster(isolation: nil)
        bus.deliverPosted()  // this owner delivers by hand
        poster.post(Num(1))
        bus.dispatch(Num(2))
        poster.post(Num(3))
        #expect(bus.deliverPosted() == [.drained(events: 1)])
        #expect(seen.received(Num.self).map(\.value) == [1, 2, 3])
        #expect(problems.isEmpty)
    }

    @Test func theFirstWaitIsPrintedAtOnceFromThePostingThread() async throws {
        let result = try await #require(
            processExitsWith: .success, observing: [\.standardErrorContent]
        ) {
            let bus = EventBus()
            let poster = bus.poster(isolation: nil)
            // The line is printed inside `post`, before it returns: the test waits for the
            // posts to return, not for the inbox to fill (which raced the print, under TSan).
            let posted = DispatchSemaphore(value: 0)
            let thread = Thread {
                poster.post(Num(1))
                poster.post(Num(2))
                posted.signal()
            }
            thread.start()
            posted.wait()
            withExtendedLifetime(bus) {}
        }
        let printed = String(decoding: result.standardErrorContent, as: UTF8.self)
        let lines = printed.split(separator: "\n").filter { $0.hasPrefix("EventBusKit: post(_:)") }
        #if DEBUG
            #expect(lines.count == 1)
            #expect(
                lines.first?.contains("waits; use poster(deliveringOn:), or deliverPosted()")
                    == true)
        #else
            #expect(lines.isEmpty)  // release builds print no report
        #endif
    }
}

/// Contract §15.2: the bus holds at most `maximumWaitingPosts` posted events; a post beyond them is
/// rejected and reported; a send waits for room, before later posts.
@MainActor @Suite(.noUnexpectedProblems) struct BoundedPostingTests {
    /// A bus its owner delivers by hand, holding at most `maximumWaitingPosts` posted events, and
    /// its problems.
    private func handDeliveredBus(maximumWaitingPosts: Int) -> (
        EventBus, EventPoster, ProblemRecorder
    ) {
        let bus = EventBus(maximumWaitingPosts: maximumWaitingPosts)
        let recorder = ProblemRecorder()
        bus.onProblem = { recorder.problems.append($0) }
        let poster = bus.poster(isolation: nil)
        bus.deliverPosted()
        return (bus, poster, recorder)
    }

    @Test func theDefaultHoldsTenThousandPostedEventsAndABadBoundStops() {
        #expect(EventBus().maximumWaitingPosts == 10_000)
        #expect(
            EventBus.boundsProblem(
                maximumQueuedDispatches: 1, maximumEventsPerDrain: 1, maximumWaitingPosts: 0)
                == "EventBus(maximumWaitingPosts:): maximumWaitingPosts must be positive, got 0")
    }

    @Test func aPostToAFullBusIsRejectedAndReportedWithItsCallSite() {
        let (bus, poster, problems) = handDeliveredBus(maximumWaitingPosts: 2)
        let seen = RecordingConsumer(willConsume: [Num.self])
        bus.register(seen)
        #expect(poster.post(Num(1)) == .awaitingDeliverPosted)
        #expect(poster.post(Num(2)) == .awaitingDeliverPosted)
        let line = #line + 1
        for value in [3, 4] { #expect(poster.post(Num(value)) == .rejectedFull) }
        #expect(bus.deliverPosted().count == 2)
        #expect(seen.received(Num.self).map(\.value) == [1, 2])
        #expect(problems.problems.map(\.kind) == [.postRejected])
        #expect(problems.problems.first?.count == 2)
        #expect(
            problems.problems.first?.message
                == "post(Num) at …PostingUnderLoadTests.swift:\(line): inbox full (and 1 more like it); "
                + "use send(_:), which waits")
    }

    /// §16.3: a rejected post's site is its call site, so a second line is reported at its
    /// first rejection while the first line's repeat backs off.
    @Test func rejectedPostsFromTwoLinesAreTwoSites() {
        let (bus, poster, problems) = handDeliveredBus(maximumWaitingPosts: 1)
        for fileID in ["App/Sensor.swift", "App/Sensor.swift", "App/Radio.swift"] {
            poster.post(Num(1))
            #expect(poster.post(Num(2), fileID: fileID, line: 9) == .rejectedFull)
            bus.deliverPosted()
        }
        #expect(
            problems.problems.map(\.message) == [
                "post(Num) at App/Sensor.swift:9: inbox full; use send(_:), which waits",
                "post(Num) at App/Radio.swift:9: inbox full; use send(_:), which waits",
            ])
    }

    @Test func aTakenEventCountsUntilItsDispatchReturns() {
        let (bus, poster, _) = handDeliveredBus(maximumWaitingPosts: 2)
        var answers: [PostReport] = []
        let token = bus.subscribe(to: Num.self) { number in
            // In 1's call both are undelivered; in 2's, 1 was delivered.
            if number.value < 3 { answers.append(poster.post(Num(number.value + 10))) }
        }
        poster.post(Num(1))
        poster.post(Num(2))
        bus.deliverPosted()
        #expect(answers == [.rejectedFull, .awaitingDeliverPosted])
        withExtendedLifetime(token) {}
    }

    @Test(.hangLimit)
    func aSendWaitsForRoomThenPostsBeforeALaterPost() async throws {
        let (bus, poster, _) = handDeliveredBus(maximumWaitingPosts: 1)
        let seen = RecordingConsumer(willConsume: [Num.self])
        bus.register(seen)
        poster.post(Num(1))
        let sending = Task.detached { [poster] in try await poster.send(Num(2)) }
        while poster.inbox.waitingSends == 0 { await Task.yield() }
        #expect(poster.post(Num(3)) == .rejectedFull)  // the send waits before it
        bus.deliverPosted()  // delivers 1, then lets the send in
        #expect(try await sending.value == .awaitingDeliverPosted)
        bus.deliverPosted()
        #expect(seen.received(Num.self).map(\.value) == [1, 2])
    }

    @Test(.hangLimit)
    func aCancelledSendPostsNothingAndThrows() async throws {
        let (bus, poster, _) = handDeliveredBus(maximumWaitingPosts: 1)
        let seen = RecordingConsumer(willConsume: [Num.self])
        bus.register(seen)
        poster.post(Num(1))
        let sending = Task.detached { [poster] in try await poster.send(Num(2)) }
        while poster.inbox.waitingSends == 0 { await Task.yield() }
        sending.cancel()
        await #expect(throws: CancellationError.self) { try await sending.value }
        bus.deliverPosted()
        bus.deliverPosted()
        #expect(seen.received(Num.self).map(\.value) == [1])
    }

    @Test(.hangLimit)
    func aSendToAGoneBusAndASendWaitingWhenTheBusGoesAnswerBusGone() async throws {
        var bus: EventBus? = EventBus(maximumWaitingPosts: 1)
        bus!.onProblem = { _ in }
        let poster = bus!.poster(isolation: nil)
        bus!.deliverPosted()
        poster.post(Num(1))
        let sending = Task.detached { [poster] in try await poster.send(Num(2)) }
        while poster.inbox.waitingSends == 0 { await Task.yield() }
        bus = nil
        #expect(try await sending.value == .busGone)
        #expect(try await poster.send(Num(3)) == .busGone)
    }
}

/// Contract §15.3: a drain of posted events on the bus's actor delivers a slice, then leaves
/// the actor to its other work; slicing never reorders, drops or rejects an event.
@MainActor @Suite(.noUnexpectedProblems) struct SlicedDrainTests {
    @Test(.hangLimit)
    func otherWorkOnTheActorRunsBetweenSlicesAndNothingIsReordered() async {
        let bus = EventBus()
        let poster = bus.poster()
        var seen: [Int] = []
        var seenByTheOtherWork: Int?
        let token = bus.subscribe(to: Num.self) { number in
            if number.value == 0 {
                // Other work for the actor, queued while the first slice runs.
                Task { @MainActor in seenByTheOtherWork = seen.count }
            }
            seen.append(number.value)
        }
        for value in 0..<3_000 { #expect(poster.post(Num(value)) == .accepted) }
        #expect(await poster.waitUntilDelivered())
        #expect(seen == Array(0..<3_000))
        let slice = seenByTheOtherWork ?? 0
        #expect(slice > 0 && slice < 3_000)
        #expect(slice <= EventBus.postedEventsPerSlice)
        #expect(slice % EventBus.eventsBetweenClockReadings == 0)
        withExtendedLifetime(token) {}
    }

    @Test func deliverPostedDeliversEverythingWaitingInOneCall() {
        let bus = EventBus()
        let poster = bus.poster(isolation: nil)
        bus.deliverPosted()
        var seen: [Int] = []
        let token = bus.subscribe(to: Num.self) { seen.append($0.value) }
        for value in 0..<3_000 { poster.post(Num(value)) }
        let reports = bus.deliverPosted()
        #expect(reports == Array(repeating: .drained(events: 1), count: 3_000))
        #expect(seen == Array(0..<3_000))
        withExtendedLifetime(token) {}
    }
}
