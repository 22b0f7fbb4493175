import EventBusKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// memory-probe: drives an EventBus through the workloads that would grow memory if
// anything were retained — an endless feedback loop, a 10,000-recipient fan-out with an
// announcement listener, a million subscribe/cancel, register/deregister and
// weak-registration cycles, a traced app whose screens come and go, and a thread posting a
// million events to a bus that holds 1,000 — and checks that the bus's retained memory stays
// bounded and that nothing leaks.
//
// For each workload it reports the resident set growth from a warmed-up steady state to the
// end (VmRSS in /proc/self/status), the workload's peak above the start (VmHWM, reset per
// workload through /proc/self/clear_refs), and the objects of its own still alive at the end
// (counted in init/deinit). It exits 1 when a bound is exceeded.
//
//     swift run -c release memory-probe            # full sizes
//     valgrind .build/release/memory-probe --small --leaks-only  # 1/100 of the cycles

/// Counts the live instances of the probe's own classes in one workload.
final class ProbeTally {
    var live = 0
}

/// A class event, so that events retained by the bus would show as live objects.
final class ProbeTick: Event {
    let value: Int
    let tally: ProbeTally
    init(_ value: Int, _ tally: ProbeTally) {
        self.value = value
        self.tally = tally
        tally.live += 1
    }
    deinit { tally.live -= 1 }
}

/// A consumer that counts what it receives and can run an action on each event.
final class ProbeConsumer: EventConsumer {
    let willConsume: [any Event.Type]
    let tally: ProbeTally
    var received = 0
    var onEvent: ((any Event) -> Void)?
    init(_ willConsume: [any Event.Type], _ tally: ProbeTally) {
        self.willConsume = willConsume
        self.tally = tally
        tally.live += 1
    }
    deinit { tally.live -= 1 }
    func consume(_ event: any Event) {
        received += 1
        onEvent?(event)
    }
}

/// A value captured by subscription closures, so that a closure the bus kept would show.
final class ProbeCapture {
    let tally: ProbeTally
    init(_ tally: ProbeTally) {
        self.tally = tally
        tally.live += 1
    }
    deinit { tally.live -= 1 }
}

/// A screen of an app, described by its identity as apps describe their view models: every
/// screen has a name of its own.
final class ProbeScreen: EventConsumer, CustomStringConvertible {
    let id: Int
    let tally: ProbeTally
    let willConsume: [any Event.Type] = [ProbeScreenShown.self]
    init(id: Int, _ tally: ProbeTally) {
        self.id = id
        self.tally = tally
        tally.live += 1
    }
    deinit { tally.live -= 1 }
    func consume(_ event: any Event) {}
    var description: String { "Screen(id: \(id))" }
}

/// The event a screen receives while it is shown (a value: a trace keeps the last ones).
struct ProbeScreenShown: Event {
    let id: Int
}

/// A mutex for the counters two threads touch (the probe imports no Foundation).
final class ProbeLock: @unchecked Sendable {
    /// The mutex, at a stable address.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` holding the mutex.
    func withLock<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}

/// Counts the live posted events, which a producer thread makes and the bus's owner (or the
/// producer, for a refused one) releases.
final class ProbeSharedTally: @unchecked Sendable {
    /// Guards `count`.
    private let lock = ProbeLock()
    /// Live instances.
    private var count = 0

    /// Live instances now.
    var live: Int { lock.withLock { count } }

    /// Adds `delta` to the live instances.
    func add(_ delta: Int) { lock.withLock { count += delta } }
}

/// A posted event: `Sendable`, so that it crosses to the bus; counted while it lives, so that
/// an event the bus kept would show.
final class ProbePosted: Event, Sendable {
    let value: Int
    let tally: ProbeSharedTally
    init(_ value: Int, _ tally: ProbeSharedTally) {
        self.value = value
        self.tally = tally
        tally.add(1)
    }
    deinit { tally.add(-1) }
}

/// What a producer thread tells the thread that delivers: its answers so far, and whether it
/// has ended.
final class ProbeFloodState: @unchecked Sendable {
    /// Guards the fields.
    private let lock = ProbeLock()
    /// Posts answered `.awaitingDeliverPosted` (the bus's owner delivers them).
    private var acceptedPosts = 0
    /// Posts answered `.rejectedFull`.
    private var refusedPosts = 0
    /// Posts answered anything else.
    private var otherPosts = 0
    /// Whether the producer has been refused at least once.
    private var refusedOnce = false
    /// Whether the producer has ended.
    private var ended = false

    /// Whether the producer has been refused once or has ended: the owner may start delivering.
    var mayDeliver: Bool { lock.withLock { refusedOnce || ended } }
    /// Whether the producer has ended.
    var hasEnded: Bool { lock.withLock { ended } }
    /// The answers, once the producer has ended.
    var answers: (accepted: Int, refused: Int, other: Int) {
        lock.withLock { (acceptedPosts, refusedPosts, otherPosts) }
    }

    /// The producer was refused for the first time.
    func firstRefusal() { lock.withLock { refusedOnce = true } }

    /// The producer ended with these answers.
    func end(accepted: Int, refused: Int, other: Int) {
        lock.withLock {
            (acceptedPosts, refusedPosts, otherPosts) = (accepted, refused, other)
            ended = true
        }
    }
}

/// Runs `body` on a new POSIX thread and returns a function that joins it.
func startProbeThread(_ body: @escaping @Sendable () -> Void) -> () -> Void {
    /// The closure, boxed to cross the C call.
    final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let argument = Unmanaged.passRetained(Box(body)).toOpaque()
    #if canImport(Glibc)
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { argument in
                Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue().body()
                return nil
            }, argument)
        precondition(started == 0, "pthread_create failed: \(started)")
        return { pthread_join(thread, nil) }
    #else
        var thread: pthread_t?
        let started = pthread_create(
            &thread, nil,
            { argument in
                Unmanaged<Box>.fromOpaque(argument).takeRetainedValue().body()
                return nil
            }, argument)
        precondition(started == 0, "pthread_create failed: \(started)")
        return { pthread_join(thread!, nil) }
    #endif
}

/// What /proc/self/status says about this process's memory, in KiB.
struct ProbeMemory {
    /// The resident set size now.
    static var residentKiB: Int { field("VmRSS:") }
    /// The peak resident set size since start or the last `resetPeak()`.
    static var peakKiB: Int { field("VmHWM:") }

    /// Resets VmHWM to the current VmRSS (Linux: write 5 to /proc/self/clear_refs).
    @discardableResult
    static func resetPeak() -> Bool {
        guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
        defer { fclose(file) }
        return fputs("5", file) >= 0
    }

    private static func field(_ name: String) -> Int {
        guard let file = fopen("/proc/self/status", "r") else { return -1 }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 512)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let line = String(
                decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if line.hasPrefix(name) {
                return Int(line.dropFirst(name.count).filter(\.isNumber)) ?? -1
            }
        }
        return -1
    }
}

/// One workload's measurements and bounds.
struct ProbeResult {
    let name: String
    let operations: String
    /// VmRSS at the end minus VmRSS after warm-up.
    let growthKiB: Int
    /// VmHWM during the workload minus VmRSS at its start.
    let peakKiB: Int
    /// Live probe objects at the end, beyond those the test itself still holds.
    let leakedObjects: Int
    /// `recipientCount` at the end.
    let recipients: Int
    let maximumGrowthKiB: Int
    let maximumPeakKiB: Int
    let maximumRecipients: Int
    /// The workload's tally, read again once its bus and consumers are gone.
    let tally: ProbeTally
    /// The tally of objects made on other threads (the posted events), if any.
    var sharedTally: ProbeSharedTally?

    /// Live probe objects once the bus and consumers are gone.
    var aliveAfter: Int { tally.live + (sharedTally?.live ?? 0) }

    /// The result as a row of the probe's table.
    var row: String {
        let verdict =
            passed
            ? "ok"
            : "FAILED (bounds: growth ≤ \(maximumGrowthKiB), peak ≤ \(maximumPeakKiB), recipients ≤ \(maximumRecipients), leaked 0, alive after 0)"
        var line = left(name, 20) + left(operations, 42)
        line += right(growthKiB, 10) + right(peakKiB, 10) + right(leakedObjects, 8)
        line += right(recipients, 12) + right(aliveAfter, 13)
        return line + "  " + verdict
    }

    private func left(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    private func right(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }

    var passed: Bool {
        let memory =
            !MemoryProbe.checksResidentSize
            || (growthKiB <= maximumGrowthKiB && peakKiB <= maximumPeakKiB)
        return memory && leakedObjects == 0 && recipients <= maximumRecipients && aliveAfter == 0
    }
}

@main
enum MemoryProbe {
    /// `false` with `--leaks-only` (under valgrind, whose own bookkeeping inflates the
    /// resident set): object counts and recipients are still checked.
    static let checksResidentSize = !CommandLine.arguments.contains("--leaks-only")

    static func main() {
        let small = CommandLine.arguments.contains("--small")
        let scale = small ? 100 : 1
        let peakResets = ProbeMemory.resetPeak()
        let results = [
            feedbackLoop(drains: 1_000 / scale),
            echoDrain(events: 1_000_000 / scale),
            unheardDrain(events: 1_000_000 / scale),
            fanOut(recipients: 10_000, dispatches: small ? 3 : 100),
            subscribeCancel(cycles: 1_000_000 / scale),
            registerDeregister(cycles: 1_000_000 / scale),
            weakRegistrations(cycles: 1_000_000 / scale),
            tracedScreens(screens: 500_000 / scale),
            postingFlood(posts: 1_000_000 / scale),
        ]
        print(
            "memory-probe (\(small ? "small" : "full") sizes; VmHWM reset per workload: \(peakResets); resident-size bounds \(checksResidentSize ? "checked" : "not checked"))"
        )
        print(
            "workload            operations                                growth KiB  peak KiB  leaked  recipients  alive after  verdict"
        )
        for result in results { print(result.row) }
        print(
            "posting flood: \(floodAnswers.accepted) posts accepted and delivered, "
                + "\(floodAnswers.refused) refused and reported")
        print("final VmRSS \(ProbeMemory.residentKiB) KiB")
        exit(results.allSatisfy(\.passed) ? 0 : 1)
    }

    /// Runs `body` once to warm up, then `measured`, and measures around the latter.
    private static func measure(
        _ name: String, _ operations: String, maximumGrowthKiB: Int, maximumPeakKiB: Int,
        maximumRecipients: Int, tally: ProbeTally, baseline: Int = 0,
        _ body: (_ warmUp: Bool) -> Int
    ) -> ProbeResult {
        ProbeMemory.resetPeak()
        let start = ProbeMemory.residentKiB
        _ = body(true)
        let warmed = ProbeMemory.residentKiB
        let recipients = body(false)
        let end = ProbeMemory.residentKiB
        return ProbeResult(
            name: name, operations: operations, growthKiB: end - warmed,
            peakKiB: ProbeMemory.peakKiB - start, leakedObjects: tally.live - baseline,
            recipients: recipients, maximumGrowthKiB: maximumGrowthKiB,
            maximumPeakKiB: maximumPeakKiB, maximumRecipients: maximumRecipients, tally: tally)
    }

    /// A recipient that dispatches two events for every one it receives, and a
    /// `DidConsumeEvent` logger: each outermost dispatch fills the queue, is refused
    /// (`rejectedFull`) and ends at the drain budget (`limitReached`).
    static func feedbackLoop(drains: Int) -> ProbeResult {
        let tally = ProbeTally()
        let bus = EventBus(maximumQueuedDispatches: 100, maximumEventsPerDrain: 1_000)
        defer { withExtendedLifetime(bus) {} }  // alive until measured, in release too
        let logger = ProbeConsumer([DidConsumeEvent.self], tally)
        let echo = ProbeConsumer([ProbeTick.self], tally)
        echo.onEvent = { [unowned bus] event in
            let value = (event as! ProbeTick).value
            bus.dispatch(ProbeTick(value + 1, tally))
            bus.dispatch(ProbeTick(value + 2, tally))
        }
        bus.register(echo)
        bus.register(logger)
        var reports: [DispatchReport] = []
        let result = measure(
            "feedback loop", "\(drains) drains × 1,000 events", maximumGrowthKiB: 256,
            maximumPeakKiB: 2_048, maximumRecipients: 2, tally: tally, baseline: 2
        ) { warmUp in
            for drain in 0..<(warmUp ? 10 : drains) {
                let report = bus.dispatch(ProbeTick(drain, tally))
                if !warmUp { reports.append(report) }
            }
            return bus.recipientCount
        }
        precondition(reports.allSatisfy { if case .limitReached = $0 { true } else { false } })
        withExtendedLifetime((echo, logger)) {}
        return result
    }

    /// One drain as long as the budget allows with at most three events waiting: an echo
    /// that dispatches one event for each it receives (`maximumQueuedDispatches: 1`) and a do-nothing
    /// `DidConsumeEvent` listener. The queue's storage must follow what waits, not how many
    /// events the drain has moved through it.
    static func echoDrain(events: Int) -> ProbeResult {
        let tally = ProbeTally()
        let bus = EventBus(maximumQueuedDispatches: 1, maximumEventsPerDrain: events)
        defer { withExtendedLifetime(bus) {} }  // alive until measured, in release too
        let listener = ProbeConsumer([DidConsumeEvent.self], tally)
        let echo = ProbeConsumer([ProbeTick.self], tally)
        echo.onEvent = { [unowned bus] event in
            bus.dispatch(ProbeTick((event as! ProbeTick).value + 1, tally))
        }
        bus.register(echo)
        bus.register(listener)
        defer { withExtendedLifetime((echo, listener)) {} }
        return measureOneDrain(
            "echo drain", on: bus, events: events, recipients: 2, discarded: 3, tally: tally)
    }

    /// The same with a `NoConsumerEvent` listener fed by unheard events: each unheard event's
    /// announcement makes the listener dispatch the next.
    static func unheardDrain(events: Int) -> ProbeResult {
        let tally = ProbeTally()
        let bus = EventBus(maximumQueuedDispatches: 1, maximumEventsPerDrain: events)
        defer { withExtendedLifetime(bus) {} }  // alive until measured, in release too
        let listener = ProbeConsumer([NoConsumerEvent.self], tally)
        listener.onEvent = { [unowned bus] event in
            let unheard = (event as! NoConsumerEvent).event as! ProbeTick
            bus.dispatch(ProbeTick(unheard.value + 1, tally))
        }
        bus.register(listener)
        defer { withExtendedLifetime(listener) {} }
        return measureOneDrain(
            "unheard drain", on: bus, events: events, recipients: 1, discarded: 1, tally: tally)
    }

    /// Measures one drain of `events` events started by one `ProbeTick` on `bus` (which holds
    /// `recipients` recipients, `maximumQueuedDispatches: 1`), and checks it ends at the budget with
    /// `discarded` events left: growth ≤ 256 KiB, peak ≤ 1 MiB.
    static func measureOneDrain(
        _ name: String, on bus: EventBus, events: Int, recipients: Int, discarded: Int,
        tally: ProbeTally
    ) -> ProbeResult {
        var report: DispatchReport?
        let result = measure(
            name, "1 drain × \(events) events, pending 1", maximumGrowthKiB: 256,
            maximumPeakKiB: 1_024, maximumRecipients: recipients, tally: tally,
            baseline: recipients
        ) { warmUp in
            let outcome = bus.dispatch(ProbeTick(0, tally))
            if !warmUp { report = outcome }
            return bus.recipientCount
        }
        precondition(report == .limitReached(processed: events, discarded: discarded))
        return result
    }

    /// 10,000 recipients of one event and a `DidConsumeEvent` listener: each dispatch
    /// queues 10,000 announcements, all delivered.
    static func fanOut(recipients: Int, dispatches: Int) -> ProbeResult {
        let tally = ProbeTally()
        let bus = EventBus(maximumQueuedDispatches: 100, maximumEventsPerDrain: 2 * recipients + 1)
        defer { withExtendedLifetime(bus) {} }  // alive until measured, in release too
        let consumers = (0..<recipients).map { _ in ProbeConsumer([ProbeTick.self], tally) }
        let logger = ProbeConsumer([DidConsumeEvent.self], tally)
        for consumer in consumers { bus.register(consumer) }
        bus.register(logger)
        let result = measure(
            "fan-out + logger", "\(dispatches) × \(recipients) recipients + logger",
            maximumGrowthKiB: 256, maximumPeakKiB: 8_192, maximumRecipients: recipients + 1,
            tally: tally, baseline: recipients + 1
        ) { warmUp in
            for value in 0..<(warmUp ? 1 : dispatches) {
                let report = bus.dispatch(ProbeTick(value, tally))
                precondition(report == .drained(events: recipients + 1))
            }
            return bus.recipientCount
        }
        withExtendedLifetime((consumers, logger)) {}
        return result
    }

    /// Subscribe, deliver, and end the subscription: half by `cancel()`, half by dropping
    /// the token.
    static func subscribeCancel(cycles: Int) -> ProbeResult {
        let tally = ProbeTally()
        let bus = EventBus()
        defer { withExtendedLifetime(bus) {} }  // alive until measured, in release too
        let steady = ProbeConsumer([ProbeTick.self], tally)
        bus.register(steady)
        return measure(
            "subscribe/cancel", "\(cycles) cycles", maximumGrowthKiB: 256, maximumPeakKiB: 1_024,
            maximumRecipients: 1, tally: tally, baseline: 1
        ) { warmUp in
            for cycle in 0..<(warmUp ? 1_000 : cycles) {
                let capture = ProbeCapture(tally)
                let token = bus.subscribe(to: ProbeTick.self) { _ in _ = capture }
                if cycle % 1_000 == 0 { bus.dispatch(ProbeTick(cycle, tally)) }
                if cycle % 2 == 0 { token.cancel() }
            }
            withExtendedLifetime(steady) {}
            bus.deliverPosted()  // the sweep the dropped tokens asked for
            return bus.recipientCount
        }
    }

    /// Register, deliver, deregister.
    static func registerDeregister(cycles: Int) -> ProbeResult {
        let tally = ProbeTally()
        let bus = EventBus()
        defer { withExtendedLifetime(bus) {} }  // alive until measured, in release too
        return measure(
            "register/deregister", "\(cycles) cycles", maximumGrowthKiB: 256,
            maximumPeakKiB: 1_024, maximumRecipients: 0, tally: tally
        ) { warmUp in
            for cycle in 0..<(warmUp ? 1_000 : cycles) {
                let consumer = ProbeConsumer([ProbeTick.self], tally)
                bus.register(consumer)
                if cycle % 1_000 == 0 { bus.dispatch(ProbeTick(cycle, tally)) }
                bus.deregister(consumer)
            }
            return bus.recipientCount
        }
    }

    /// A traced app whose screens come and go: a trace of capacity 10 runs while screens,
    /// each with a name of its own, are registered, shown an event and deregistered. The
    /// trace holds 10 passes, so its memory must not follow the names it has met: growth
    /// < 1 MiB.
    static func tracedScreens(screens: Int) -> ProbeResult {
        let tally = ProbeTally()
        let bus = EventBus()
        defer { withExtendedLifetime(bus) {} }  // alive until measured, in release too
        let trace = bus.startTracing(capacity: 10)
        var nextID = 0
        let result = measure(
            "traced screens", "\(screens) screens, trace capacity 10", maximumGrowthKiB: 1_023,
            maximumPeakKiB: 2_048, maximumRecipients: 0, tally: tally
        ) { warmUp in
            for _ in 0..<(warmUp ? 1_000 : screens) {
                let screen = ProbeScreen(id: nextID, tally)
                nextID += 1
                bus.register(screen)
                bus.dispatch(ProbeScreenShown(id: screen.id))
                bus.deregister(screen)
            }
            return bus.recipientCount
        }
        precondition(trace.records.count == 10)
        precondition(trace.records.last?.recipients == ["Screen(id: \(nextID - 1))"])
        return result
    }

    /// A producer thread posts `posts` events as fast as it can to a bus that holds at most
    /// 1,000 (`maximumWaitingPosts`), whose owner delivers them by hand on this thread
    /// (`deliverPosted()` in a loop, from the producer's first refusal on, so some are
    /// refused): the bus holds what it may, refuses the rest and reports every refusal, and
    /// delivers every event it accepted. Each run makes its own bus and ends with it, so the
    /// refusals reported at deallocation count too: growth ≤ 256 KiB, peak ≤ 1 MiB, no posted
    /// event alive once the bus is gone.
    static func postingFlood(posts: Int) -> ProbeResult {
        let tally = ProbeTally()
        let posted = ProbeSharedTally()
        var result = measure(
            "posting flood", "\(posts) posts, maximumWaitingPosts 1,000", maximumGrowthKiB: 256,
            maximumPeakKiB: 1_024, maximumRecipients: 1, tally: tally
        ) { warmUp in
            floodOnce(posts: warmUp ? max(posts / 10, 5_000) : posts, tally: tally, posted: posted)
        }
        result.sharedTally = posted
        return result
    }

    /// The last flood's accepted (all delivered) and refused (all reported) posts.
    nonisolated(unsafe) static var floodAnswers = (accepted: 0, refused: 0)

    /// One flood of `posts` posts on a bus of its own, checked; returns the bus's recipients
    /// while it lived.
    private static func floodOnce(posts: Int, tally: ProbeTally, posted: ProbeSharedTally) -> Int {
        let state = ProbeFloodState()
        let consumer = ProbeConsumer([ProbePosted.self], tally)
        var refusalsReported = 0
        var recipients = 0
        do {
            let bus = EventBus(maximumWaitingPosts: 1_000)
            bus.onProblem = { problem in
                if problem.kind == .postRejected { refusalsReported += problem.count }
            }
            bus.register(consumer)
            let poster = bus.poster(isolation: nil)
            bus.deliverPosted()  // this owner delivers by hand
            let join = startProbeThread {
                var (accepted, refused, other) = (0, 0, 0)
                for value in 0..<posts {
                    switch poster.post(ProbePosted(value, posted)) {
                    case .awaitingDeliverPosted: accepted += 1
                    case .rejectedFull:
                        if refused == 0 { state.firstRefusal() }
                        refused += 1
                    default: other += 1
                    }
                }
                state.end(accepted: accepted, refused: refused, other: other)
            }
            while !state.mayDeliver { sched_yield() }
            while !state.hasEnded { bus.deliverPosted() }
            join()
            bus.deliverPosted()
            recipients = bus.recipientCount
        }
        let (accepted, refused, other) = state.answers
        floodAnswers = (accepted, refused)
        precondition(
            other == 0, "posting flood: \(other) posts answered neither accepted nor refused")
        precondition(refused > 0, "posting flood: nothing refused")
        precondition(
            consumer.received == accepted,
            "posting flood: \(consumer.received) of \(accepted) accepted events delivered")
        precondition(
            refusalsReported == refused,
            "posting flood: \(refusalsReported) refusals reported of \(refused)")
        return recipients
    }

    /// Weakly register consumers that die without the bus ever meeting them (their event is
    /// never dispatched): the registry sweeps them, so it stays within 2 × live + 64.
    ///
    /// After each death a ballast object takes the freed memory, so the next consumer gets a
    /// new address and the bus cannot drop the stale entry on address reuse; the ballast is a
    /// ring of 1,024 objects, so it does not grow.
    static func weakRegistrations(cycles: Int) -> ProbeResult {
        let tally = ProbeTally()
        let bus = EventBus()
        defer { withExtendedLifetime(bus) {} }  // alive until measured, in release too
        var largest = 0
        var ballast: [ProbeConsumer?] = Array(repeating: nil, count: 1_024)
        let result = measure(
            "weak, never met", "\(cycles) short-lived consumers", maximumGrowthKiB: 256,
            maximumPeakKiB: 1_024, maximumRecipients: 66, tally: tally, baseline: 1_024
        ) { warmUp in
            for cycle in 0..<(warmUp ? 2_048 : cycles) {
                bus.registerWeakly(ProbeConsumer([ProbeTick.self], tally))
                ballast[cycle % ballast.count] = ProbeConsumer([], tally)
                largest = max(largest, bus.recipientCount)
            }
            return largest
        }
        ballast.removeAll()
        return result
    }
}
