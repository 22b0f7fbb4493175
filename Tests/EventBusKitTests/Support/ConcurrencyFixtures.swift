import Dispatch
import EventBusKit
import Foundation

// Fixtures for the owner-bound, stream, poster and throwing-subscription suites.

/// The root of a `Sendable` class hierarchy of events, for streams of a superclass.
///
/// `@unchecked Sendable` is sound: a non-final class cannot state `Sendable` otherwise, and
/// this one (and its subclass) has only an immutable `let` of a `Sendable` type.
class StreamPageView: Event, @unchecked Sendable, CustomStringConvertible {
    let page: String
    init(page: String) { self.page = page }
    var description: String { "page(\(page))" }
}

/// A subclass: a stream of `StreamPageView` receives it.
final class StreamRewardPageView: StreamPageView, @unchecked Sendable {
    override var description: String { "rewardPage(\(page))" }
}

/// A protocol category for streams: refining `SendableEvent` makes Swift check that each
/// conforming type is `Sendable`.
protocol StreamAnalytics: SendableEvent {
    var name: String { get }
}

/// A struct in the `StreamAnalytics` category.
struct StreamTap: StreamAnalytics {
    let name: String
}

/// An event error thrown by throwing subscriptions in tests.
struct HandlerError: Error, Equatable {
    let code: Int
}

/// One event of the poster stress test: which thread posted it, and its place in that
/// thread's sequence.
struct PosterStressEvent: Event, Sendable, Equatable {
    let thread: Int
    let index: Int
}

/// Reads every element of `stream` until it finishes.
func collect<Element>(_ stream: AsyncStream<Element>) async -> [Element] {
    var elements: [Element] = []
    for await element in stream { elements.append(element) }
    return elements
}

/// Posts `count` events from each of `threads` new threads, all released together, and
/// returns once every thread has finished posting.
///
/// - Returns: The reports that were not ``PostReport/accepted``, counted over all threads.
func postFromThreads(_ poster: EventPoster, threads: Int, count: Int) async -> Int {
    let refusals = RefusalCounter()
    await postFromThreads(threads: threads, count: count) { event in
        if poster.post(event) != .accepted { refusals.add(1) }
    }
    return refusals.total
}

/// Calls `post` with `count` events from each of `threads` new threads, all released
/// together, and returns once every thread has finished.
func postFromThreads(
    threads: Int, count: Int, _ post: @escaping @Sendable (PosterStressEvent) -> Void
) async {
    let start = DispatchSemaphore(value: 0)
    let finished = DispatchGroup()
    for thread in 0..<threads {
        finished.enter()
        Thread {
            start.wait()
            for index in 0..<count { post(PosterStressEvent(thread: thread, index: index)) }
            finished.leave()
        }.start()
    }
    for _ in 0..<threads { start.signal() }
    await withCheckedContinuation { continuation in
        finished.notify(queue: .global()) { continuation.resume() }
    }
}

/// A counter that several threads add to: posting threads' refusals, live captures.
///
/// `@unchecked Sendable` is sound: `count` is read and written only while `lock` is held.
final class RefusalCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add(_ value: Int) {
        lock.lock()
        count += value
        lock.unlock()
    }

    var total: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

/// How many ``CountedCapture``s are alive (their `deinit`s may run on any thread): a
/// ``RefusalCounter`` whose `total` is the count.
typealias LiveCount = RefusalCounter

/// An object a subscription's closure captures, counted while alive: a closure the bus still
/// holds keeps one alive.
final class CountedCapture {
    private let count: LiveCount
    init(_ count: LiveCount) {
        self.count = count
        count.add(1)
    }
    deinit { count.add(-1) }
}

/// What went wrong with a stress run's deliveries, or `[]` when every event of every thread
/// arrived exactly once and in its thread's posting order.
func stressProblems(_ received: [PosterStressEvent], threads: Int, count: Int) -> [String] {
    var problems: [String] = []
    if received.count != threads * count {
        problems.append("received \(received.count) events, expected \(threads * count)")
    }
    for thread in 0..<threads {
        let indices = received.filter { $0.thread == thread }.map(\.index)
        if indices != Array(0..<count) {
            let firstBad = zip(indices, 0..<count).first { $0 != $1 }
            problems.append(
                "thread \(thread): \(indices.count) events, first out of order at \(String(describing: firstBad))"
            )
        }
    }
    return problems
}

/// A recorder the stress test's subscription appends to, on the bus's isolation.
final class StressRecorder {
    var events: [PosterStressEvent] = []
}

/// An actor that owns a bus, as a service would, for the actor-owned poster tests.
actor PosterOwningService {
    let bus: EventBus
    private let recorder = StressRecorder()
    private var tokens: Set<EventSubscription> = []

    init(maximumQueuedDispatches: Int, maximumWaitingPosts: Int = 10_000) {
        bus = EventBus(
            maximumQueuedDispatches: maximumQueuedDispatches,
            maximumWaitingPosts: maximumWaitingPosts)
    }

    /// Subscribes the recorder and vends the poster, on the actor.
    func start() -> EventPoster {
        let recorder = self.recorder
        bus.subscribe(to: PosterStressEvent.self) { recorder.events.append($0) }
            .store(in: &tokens)
        return bus.poster()
    }

    var received: [PosterStressEvent] { recorder.events }
}

/// Makes a stream on `bus` from a synchronous, nonisolated context: `#isolation` is `nil`,
/// as for a bus owned by a plain thread.
func unisolatedStream<T: Event & Sendable>(
    of type: T.Type, on bus: EventBus,
    bufferingPolicy: AsyncStream<T>.Continuation.BufferingPolicy = .unbounded
) -> AsyncStream<T> {
    bus.events(of: type, bufferingPolicy: bufferingPolicy)
}

/// Vends a poster from a synchronous, nonisolated context (no isolation to hop to), on a bus
/// whose owner delivers by hand: it calls `deliverPosted()` first, so posts that wait for it
/// wait on purpose, and are not reported.
func unisolatedPoster(of bus: EventBus) -> EventPoster {
    let poster = bus.poster()
    bus.deliverPosted()
    return poster
}

/// Carries a token to another thread and drops it there, as the nonisolated `deinit` of a
/// `@MainActor` model does.
///
/// `@unchecked Sendable` is sound: `token` is written once in `init` and then touched only
/// by `release()`, which the test calls from one task, after the sender has let go of it.
final class TokenHandOff: @unchecked Sendable {
    private var token: EventSubscription?

    init(_ token: EventSubscription) { self.token = token }

    /// Drops the token on the calling thread.
    func release() { token = nil }
}

/// Drops `token` on a new thread and returns once that thread has finished.
func releaseOnAnotherThread(_ token: consuming EventSubscription) {
    let handOff = TokenHandOff(consume token)  // from here on the thread holds the only reference
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        handOff.release()
        done.signal()
    }
    thread.start()
    done.wait()
}

/// An actor that makes its bus's poster in its synchronous `init`, where `#isolation` is
/// `nil`: the bus has no isolation to hop to until it vends a poster on the actor.
actor PosterFromInitService {
    let bus = EventBus()
    let poster: EventPoster
    let firstReport: PostReport
    private let recorder = RecordingConsumer(willConsume: [Num.self])
    private let problemRecorder = ProblemRecorder()

    init() {
        let problemRecorder = self.problemRecorder
        bus.onProblem = { problemRecorder.problems.append($0) }
        bus.register(recorder)
        poster = bus.poster()
        firstReport = poster.post(Num(1))
    }

    /// The kinds of the problems the bus reported.
    func problems() -> [EventBus.Problem.Kind] { problemRecorder.problems.map(\.kind) }

    /// Vends a poster on the actor, which teaches the bus its isolation.
    func vendPosterHere() -> EventPoster { bus.poster() }

    /// The numbers delivered so far.
    func delivered() -> [Int] { recorder.received(Num.self).map(\.value) }
}
