import EventBusKit
import Foundation

// Posting from other threads (CONTRACT §15.4): producer threads hand events to one consumer
// through a bus's poster, an `AsyncStream` and a serial `DispatchQueue`, and a single-threaded
// post-then-deliver loop that callgrind can count.

// MARK: Producer threads

/// `producers` threads post to one consumer; a unit is one delivered event, an iteration one
/// event per producer.
///
/// Each sample starts the threads, releases them together once all of them run, and returns
/// once every event has been delivered: for the bus, the threads are joined, then
/// `waitUntilDelivered()`; for the stream, its one consumer task has read them all; for the
/// queue, the threads are joined, then `queue.sync {}`. The floor is the serial queue.
func posting(producers: Int) -> Scenario {
    Scenario(
        key: "posting-\(producers)",
        title: "Posting from \(producers) producer thread\(producers == 1 ? "" : "s") "
            + "to one consumer",
        unit: "delivery",
        cases: [
            Case(
                name: "DispatchQueue (serial) `async`", unitsPerIteration: producers,
                minimumIterations: postingMinimumIterations
            ) {
                let queue = DispatchQueue(label: "posting-\(producers).consumer")
                let consumer = QueueConfined(value: CountingConsumer())
                let check = PostingCheck("posting-\(producers)/dispatchqueue")
                return .async { n in
                    await runProducers(producers) { _ in
                        for _ in 0..<n { queue.async { consumer.value.hit() } }
                    }
                    let delivered = queue.sync { consumer.value.count }
                    check.expect(delivered: delivered, adding: producers * n)
                }
            },
            Case(
                name: "AsyncStream", unitsPerIteration: producers,
                minimumIterations: postingMinimumIterations
            ) {
                let check = PostingCheck("posting-\(producers)/asyncstream")
                return .async { n in
                    let (stream, continuation) = AsyncStream.makeStream(of: Ping.self)
                    let reader = Task.detached {
                        var count = 0
                        for await _ in stream { count &+= 1 }
                        return count
                    }
                    await runProducers(producers) { _ in
                        for i in 0..<n { continuation.yield(Ping(value: i)) }
                    }
                    continuation.finish()
                    check.expect(delivered: await reader.value, adding: producers * n, fresh: true)
                }
            },
            Case(
                name: "EventBusKit `post`", unitsPerIteration: producers,
                minimumIterations: postingMinimumIterations
            ) {
                let home = PostingHome()
                let answers = PostAnswers()
                let check = PostingCheck("posting-\(producers)/eventbuskit")
                var poster: EventPoster?
                return .async { n in
                    if poster == nil { poster = await home.makePoster() }
                    let poster = poster!
                    await runProducers(producers) { _ in
                        var unexpected: [PostReport] = []
                        for i in 0..<n {
                            let report = poster.post(Ping(value: i))
                            if report != .accepted { unexpected.append(report) }
                        }
                        answers.record(unexpected)
                    }
                    if await !poster.waitUntilDelivered() {
                        check.fail("waitUntilDelivered() false")
                    }
                    let (delivered, refusalsReported) = await home.counts()
                    check.expect(delivered: delivered, adding: producers * n)
                    check.expectNoRefusals(answers: answers.taken(), reported: refusalsReported)
                }
            },
        ])
}

/// The iterations a threaded posting sample has at least: starting the threads and waiting for
/// the consumer cost 50–200 µs, and a first thread start can take milliseconds.
let postingMinimumIterations = 4_096

/// The actor a posting bus lives on: the bus learns it when its poster is made here, and
/// delivers posts here in slices, to one counting subscription.
actor PostingHome {
    /// Large enough that no sample is refused: a sample posts at most a few million.
    static let maximumWaitingPosts = 1 << 30

    /// The bus, made in `init` and used on this actor only.
    private let bus = EventBus(maximumWaitingPosts: PostingHome.maximumWaitingPosts)
    /// What the subscription and the problem handler count.
    private let tally = DeliveryTally()
    /// Keeps the counting subscription alive.
    private var subscription: EventSubscription?

    /// Subscribes the counter and makes the poster, here: from now on the bus delivers posts
    /// on this actor on its own.
    func makePoster() -> EventPoster {
        let tally = tally
        bus.onProblem = { problem in
            if problem.kind == .postRejected { tally.refusalsReported += problem.count }
        }
        subscription = bus.subscribe(to: Ping.self) { _ in tally.delivered &+= 1 }
        return bus.poster()
    }

    /// The events delivered so far, and the refusals the bus reported.
    func counts() -> (delivered: Int, refusalsReported: Int) {
        (tally.delivered, tally.refusalsReported)
    }
}

/// Counters a subscription and a problem handler update on the bus's isolation.
final class DeliveryTally {
    /// Events the subscription received.
    var delivered = 0
    /// The sum of the counts of `.postRejected` problems.
    var refusalsReported = 0
}

/// The answers other than the expected one that producer threads got, gathered under a lock.
final class PostAnswers: @unchecked Sendable {
    /// Guards `answers`.
    private let lock = NSLock()
    /// Unexpected answers since the last `taken()`.
    private var answers: [PostReport] = []

    /// Adds a thread's unexpected answers.
    func record(_ unexpected: [PostReport]) {
        guard !unexpected.isEmpty else { return }
        lock.withLock { answers += unexpected }
    }

    /// The unexpected answers recorded since the last call.
    func taken() -> [PostReport] {
        lock.withLock {
            defer { answers.removeAll() }
            return answers
        }
    }
}

/// Checks, sample after sample, that a posting case delivered every event and refused none,
/// and prints the first failure of each kind (a bug in the competitor, not a timing).
final class PostingCheck {
    /// The case the check prints in its lines.
    private let id: String
    /// Events handed over so far (or in this sample, for a competitor made anew per sample).
    private var expected = 0
    /// Failures already printed, so each is printed once.
    private var printed: Set<String> = []

    /// A check for the case named `id`.
    init(_ id: String) { self.id = id }

    /// Prints `failure` the first time it happens.
    func fail(_ failure: String) {
        guard printed.insert(failure).inserted else { return }
        print("**\(id): \(failure)**")
    }

    /// Checks that `delivered` events arrived, after `adding` more were handed over (`fresh`:
    /// the competitor was made for this sample alone).
    func expect(delivered: Int, adding: Int, fresh: Bool = false) {
        expected = fresh ? adding : expected + adding
        if delivered != expected {
            fail("delivered \(delivered) of \(expected) events")
            expected = delivered
        }
    }

    /// Checks that no post was answered other than `.accepted` and that the bus reported no
    /// refusal.
    func expectNoRefusals(answers: [PostReport], reported: Int) {
        if !answers.isEmpty {
            let refused = answers.filter { $0 == .rejectedFull }.count
            fail(
                "\(answers.count) posts answered other than accepted (\(refused) rejectedFull, "
                    + "maximumWaitingPosts \(PostingHome.maximumWaitingPosts)): a bug")
        }
        if reported != 0 { fail("the bus reported \(reported) refused posts: a bug") }
    }
}

/// A value only touched on one serial queue, handed to the closures that run there.
struct QueueConfined<Value>: @unchecked Sendable {
    /// The value; read and changed on the queue alone.
    let value: Value
}

/// Runs `work(index)` on `count` new threads, released together once every one of them runs,
/// and returns once all have finished.
func runProducers(_ count: Int, _ work: @escaping @Sendable (Int) -> Void) async {
    let gate = StartingGate(threads: count)
    await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
        gate.whenFinished(finished)
        for index in 0..<count {
            Thread {
                gate.arriveAndWait()
                work(index)
                gate.leave()
            }.start()
        }
    }
}

/// Holds producer threads until all have started, then releases them together; resumes a
/// continuation when the last one leaves.
final class StartingGate: @unchecked Sendable {
    /// Guards the counts and the continuation.
    private let condition = NSCondition()
    /// Threads that have not arrived yet.
    private var arriving: Int
    /// Threads that have not left yet.
    private var running: Int
    /// Resumed when the last thread leaves.
    private var finished: CheckedContinuation<Void, Never>?

    /// A gate for `threads` threads.
    init(threads: Int) {
        arriving = threads
        running = threads
    }

    /// Sets the continuation to resume once every thread has left (before they start).
    func whenFinished(_ continuation: CheckedContinuation<Void, Never>) {
        condition.withLock { finished = continuation }
    }

    /// Waits until every thread has arrived; the last to arrive releases them all.
    func arriveAndWait() {
        condition.lock()
        arriving -= 1
        if arriving == 0 {
            condition.broadcast()
        } else {
            while arriving > 0 { condition.wait() }
        }
        condition.unlock()
    }

    /// The calling thread is done; the last to leave resumes the waiting task.
    func leave() {
        let last = condition.withLock { () -> CheckedContinuation<Void, Never>? in
            running -= 1
            guard running == 0 else { return nil }
            defer { finished = nil }
            return finished
        }
        last?.resume()
    }
}

// MARK: One thread: post N, then deliver

/// One thread hands N events over, then delivers them: EventBusKit posts N events to a bus
/// whose owner delivers by hand, then calls `deliverPosted()`; `AsyncStream` yields N to an
/// unbounded stream, then reads N with one iterator. No other thread runs, so callgrind can
/// count both (a unit is one event).
func postingSingle() -> Scenario {
    Scenario(
        key: "posting-single",
        title: "One thread: post N events, then deliver them (`deliverPosted()`, read N)",
        unit: "delivery",
        cases: [
            Case(name: "AsyncStream", unitsPerIteration: 1) {
                let home = StreamHome()
                return .sync { n in home.run(n) }
            },
            Case(name: "EventBusKit `post` + `deliverPosted()`", unitsPerIteration: 1) {
                let bus = EventBus(maximumWaitingPosts: PostingHome.maximumWaitingPosts)
                let poster = bus.poster(isolation: nil)
                bus.deliverPosted()  // this owner delivers by hand
                let consumer = CountingConsumer()
                bus.register(consumer)
                let check = PostingCheck("posting-single/eventbuskit")
                return .sync { n in
                    var unexpected = 0
                    for i in 0..<n where poster.post(Ping(value: i)) != .awaitingDeliverPosted {
                        unexpected += 1
                    }
                    bus.deliverPosted()
                    if unexpected > 0 {
                        check.fail("\(unexpected) posts not awaitingDeliverPosted")
                    }
                    check.expect(delivered: consumer.count, adding: n)
                }
            },
        ])
}

/// An unbounded stream yielded to and read on one actor, whose jobs run on the thread that
/// calls `run` (``InlineExecutor``): a read that suspends and is resumed at once costs the
/// stream's work and one job, not the wake-up of another thread (on the main actor each read
/// went through the main queue, about 20 µs).
actor StreamHome {
    /// Runs the actor's jobs on the caller's thread.
    private nonisolated let executor = InlineExecutor()
    /// Where events are yielded.
    private let continuation: AsyncStream<Ping>.Continuation
    /// The one iterator every sample reads with.
    private var iterator: AsyncStream<Ping>.Iterator
    /// Prints what was lost, if anything was.
    private let check = PostingCheck("posting-single/asyncstream")

    /// A new stream and its iterator.
    init() {
        let (stream, continuation) = AsyncStream.makeStream(of: Ping.self)
        self.continuation = continuation
        iterator = stream.makeAsyncIterator()
    }

    /// Every job of the actor runs on `executor`.
    nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// Yields `n` events, then reads `n`, on the actor; returns when they are read.
    nonisolated func run(_ n: Int) {
        inlineTask(executor) { await self.yieldThenRead(n) }
        executor.runUntilFinished()
    }

    /// Yields `n` events, then reads them with the one iterator.
    private func yieldThenRead(_ n: Int) async {
        for i in 0..<n { continuation.yield(Ping(value: i)) }
        var read = 0
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
            var iterator = self.iterator
            for _ in 0..<n where await iterator.next(isolation: self) != nil { read &+= 1 }
            self.iterator = iterator
            check.expect(delivered: read, adding: n, fresh: true)
        } else {
            check.fail("reading on the actor needs next(isolation:): not measured")
        }
        executor.finish()
    }
}
