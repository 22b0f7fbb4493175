import EventBusKit
import Foundation

// The flood (CONTRACT §15.4): a thread posts as fast as it can to a bus on the main actor whose
// one subscription costs about 2 µs per event, while a task on the main actor sleeps 10 ms in a
// loop. The bus must leave the main actor to that task between slices, hold at most
// `maximumWaitingPosts` events (refusing the rest, and saying so), and lose nothing it accepted.

/// The key `--filter` matches to run the flood after the scenarios.
let floodKey = "posting-flood"

/// How long the floods last in `budget`'s mode: two lengths, to show that the peak memory does
/// not follow the flood's length.
func floodLengths(_ budget: Budget) -> [Duration] {
    budget.rounds == Budget.quick.rounds
        ? [.milliseconds(100), .milliseconds(300)] : [.seconds(1), .seconds(3)]
}

/// What one flood of one length measured, beside the ticks of the same length without it.
struct FloodRun {
    /// The ticker's ticks with no flood.
    let ticksWithout: Int
    /// The ticker's ticks during the flood.
    let ticksWith: Int
    /// The peak resident set during the flood above the resident set before it, in KiB.
    let peakKiB: Int
    /// Posts answered `.accepted`.
    let accepted: Int
    /// Posts answered `.rejectedFull`.
    let refused: Int
    /// Posts answered anything else (a bug).
    let other: Int
    /// Events the subscription received.
    let delivered: Int
    /// The sum of the `.postRejected` counts reported once `waitUntilDelivered()` returned.
    let reportedByWait: Int
    /// The same once the bus was deallocated (its `deinit` reports what it still held).
    let reportedByDeinit: Int
    /// What `waitUntilDelivered()` answered.
    let waitAnswered: Bool
    /// The ticker's longest 10 ms sleep during the flood, in milliseconds: it grows when work
    /// ahead of the ticker on the main actor grows.
    let longestSleep: Double
    /// From stopping the producer to `waitUntilDelivered()` returning, in milliseconds.
    let drainMilliseconds: Double

    /// Ticks with the flood ÷ ticks without, in percent.
    var share: Double { 100 * Double(ticksWith) / Double(max(1, ticksWithout)) }
}

/// Runs three floods of each length of `budget`'s mode and returns them as a Markdown table:
/// the median tick share, the largest peak memory, and the posts' accounting.
@MainActor
func measureFlood(budget: Budget) async -> String {
    var lines = [
        "", "## Flood on the main actor: a thread posting as fast as it can, 2 µs per event", "",
        "A task on the main actor sleeps 10 ms in a loop: its ticks during the flood as a share of "
            + "its ticks without, in the same run (median of 3 runs), and its longest sleep during "
            + "the flood; the peak resident memory above the memory before the flood (the largest "
            + "of the 3 runs); every post accounted for (summed over the 3 runs): the refusals "
            + "the bus reported once `waitUntilDelivered()` returned, and once it was deallocated.",
        "",
        "| \(floodKey) | ticks without | ticks with | share (runs) | longest sleep "
            + "| peak KiB (runs) | accepted | refused | delivered = accepted "
            + "| refusals reported: by the wait / by deinit | drain after stop |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---|---|---:|",
    ]
    for length in floodLengths(budget) {
        var runs: [FloodRun] = []
        for _ in 0..<3 { runs.append(await flood(for: length)) }
        func sum(_ value: (FloodRun) -> Int) -> Int { runs.map(value).reduce(0, +) }
        func middle(_ value: (FloodRun) -> Double) -> Double { median(runs.map(value)) }
        let shares = runs.map(\.share).map { format($0, digits: 0) }.joined(separator: ", ")
        let peaks = runs.map { String($0.peakKiB) }.joined(separator: ", ")
        let (accepted, refused, other) = (sum(\.accepted), sum(\.refused), sum(\.other))
        let delivered = sum(\.delivered)
        let deliveredAll = delivered == accepted && runs.allSatisfy(\.waitAnswered)
        let (byWait, byDeinit) = (sum(\.reportedByWait), sum(\.reportedByDeinit))
        lines.append(
            "| \(length) | \(format(middle { Double($0.ticksWithout) }, digits: 0)) "
                + "| \(format(middle { Double($0.ticksWith) }, digits: 0)) "
                + "| \(format(middle(\.share), digits: 0)) % (\(shares)) "
                + "| \(format(runs.map(\.longestSleep).max()!)) ms "
                + "| \(runs.map(\.peakKiB).max()!) (\(peaks)) | \(accepted) "
                + "| \(refused)\(other > 0 ? " **+ \(other) other answers**" : "") "
                + "| \(deliveredAll ? "yes" : "**no: \(delivered)**") "
                + "| \(byWait) / \(byDeinit)\(byDeinit == refused ? "" : " **≠ refused**") "
                + "| \(format(middle(\.drainMilliseconds))) ms |")
    }
    return lines.joined(separator: "\n")
}

/// One run: the ticker alone for `length`, then the ticker during a flood of `length`; then
/// the producer is stopped, the bus delivers what it holds, and every post is accounted for.
@MainActor
func flood(for length: Duration) async -> FloodRun {
    let (ticksWithout, _) = await tick(for: length)

    let tally = DeliveryTally()
    var bus: EventBus? = EventBus()  // the documented default maximumWaitingPosts: 10,000
    bus!.onProblem = { problem in
        if problem.kind == .postRejected { tally.refusalsReported += problem.count }
    }
    let subscription = bus!.subscribe(to: Ping.self) { _ in
        tally.delivered &+= 1
        spin(for: .microseconds(2))
    }
    let poster = bus!.poster()  // made on the main actor: the bus delivers there

    releaseFreeHeap()
    let before = residentKiB()
    let peakResets = resetPeakResident()
    let sampler = ResidentSampler()
    let producer = FloodProducer()
    let producing = Task { await producer.run(poster) }
    sampler.start()
    let (ticksWith, longestSleep) = await tick(for: length)
    let stopped = ContinuousClock.now
    producer.stop()
    await producing.value
    let waitAnswered = await poster.waitUntilDelivered()
    let drained = stopped.duration(to: .now)
    sampler.stop()
    let peak = max(sampler.largest, peakResets ? peakResidentKiB() : 0) - before
    let reportedByWait = tally.refusalsReported
    withExtendedLifetime(subscription) {}
    bus = nil  // its deinit reports what it still held
    return FloodRun(
        ticksWithout: ticksWithout, ticksWith: ticksWith, peakKiB: peak,
        accepted: producer.accepted, refused: producer.refused, other: producer.other,
        delivered: tally.delivered, reportedByWait: reportedByWait,
        reportedByDeinit: tally.refusalsReported, waitAnswered: waitAnswered,
        longestSleep: longestSleep, drainMilliseconds: milliseconds(drained))
}

/// Counts the ticks of a task on the main actor that sleeps 10 ms in a loop, for `length`: the
/// wake-ups that come before its end; and the longest of its sleeps, in milliseconds.
@MainActor
func tick(for length: Duration) async -> (ticks: Int, longestSleep: Double) {
    let ticker = Task { @MainActor in
        let deadline = ContinuousClock.now + length
        var ticks = 0
        var longest = Duration.zero
        while true {
            let asleep = ContinuousClock.now
            try? await Task.sleep(for: .milliseconds(10))
            let awake = ContinuousClock.now
            longest = max(longest, awake - asleep)
            guard awake <= deadline else { return (ticks, milliseconds(longest)) }
            ticks += 1
        }
    }
    return await ticker.value
}

/// `duration` in milliseconds.
func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
}

/// Busy-waits for `duration` on the continuous clock: a consumer's work.
func spin(for duration: Duration) {
    let clock = ContinuousClock()
    let end = clock.now + duration
    while clock.now < end {}
}

/// A thread that posts `Ping`s as fast as it can until stopped, counting the answers.
final class FloodProducer: @unchecked Sendable {
    /// Guards `stopRequested` and the counts.
    private let lock = NSLock()
    /// Set by `stop()`; the thread reads it every 64 posts.
    private var stopRequested = false
    /// Posts answered `.accepted`, once the thread has ended.
    private(set) var accepted = 0
    /// Posts answered `.rejectedFull`, once the thread has ended.
    private(set) var refused = 0
    /// Posts answered anything else, once the thread has ended.
    private(set) var other = 0

    /// Posts to `poster` on a thread of its own until `stop()`; returns once it has ended.
    func run(_ poster: EventPoster) async {
        await runProducers(1) { _ in
            var (accepted, refused, other) = (0, 0, 0)
            var value = 0
            while value & 63 != 0 || !self.lock.withLock({ self.stopRequested }) {
                switch poster.post(Ping(value: value)) {
                case .accepted: accepted += 1
                case .rejectedFull: refused += 1
                default: other += 1
                }
                value &+= 1
            }
            self.lock.withLock {
                (self.accepted, self.refused, self.other) = (accepted, refused, other)
            }
        }
    }

    /// Asks the thread to stop.
    func stop() {
        lock.withLock { stopRequested = true }
    }
}

/// Reads the resident set every millisecond on a thread of its own, keeping the largest: the
/// fallback for a peak where `/proc/self/clear_refs` cannot be written.
final class ResidentSampler: @unchecked Sendable {
    /// Guards the fields.
    private let condition = NSCondition()
    /// The largest resident set read, in KiB.
    private var largestRead = 0
    /// Set by `stop()`.
    private var stopRequested = false
    /// Set by the thread as it ends.
    private var ended = false

    /// The largest resident set read, in KiB.
    var largest: Int { condition.withLock { largestRead } }

    /// Starts sampling.
    func start() {
        Thread {
            while true {
                let resident = residentKiB()
                let stop = self.condition.withLock {
                    self.largestRead = max(self.largestRead, resident)
                    return self.stopRequested
                }
                if stop { break }
                usleep(1_000)
            }
            self.condition.withLock {
                self.ended = true
                self.condition.broadcast()
            }
        }.start()
    }

    /// Stops sampling and waits for the thread to end.
    func stop() {
        condition.lock()
        stopRequested = true
        while !ended { condition.wait() }
        condition.unlock()
    }
}

// MARK: Resident memory (Linux: /proc/self/status, as memory-probe reads it)

/// Gives the heap's free memory back to the system (glibc's `malloc_trim`), so that the
/// resident set before a flood is not memory an earlier case freed, which the flood would reuse
/// without growing the resident set.
func releaseFreeHeap() {
    typealias Trim = @convention(c) (Int) -> Int32
    guard let process = dlopen(nil, RTLD_NOW), let trim = dlsym(process, "malloc_trim") else {
        return
    }
    _ = unsafeBitCast(trim, to: Trim.self)(0)
}

/// The resident set size now, in KiB (`VmRSS`), or 0 where `/proc` is missing.
func residentKiB() -> Int { statusField("VmRSS:") }

/// The peak resident set size since start or the last reset, in KiB (`VmHWM`).
func peakResidentKiB() -> Int { statusField("VmHWM:") }

/// Resets `VmHWM` to the current resident set (Linux: write 5 to /proc/self/clear_refs).
func resetPeakResident() -> Bool {
    guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
    defer { fclose(file) }
    return fputs("5", file) >= 0
}

/// The number after `name` in /proc/self/status, in KiB.
func statusField(_ name: String) -> Int {
    guard let file = fopen("/proc/self/status", "r") else { return 0 }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 512)
    while fgets(&buffer, Int32(buffer.count), file) != nil {
        let line = String(
            decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if line.hasPrefix(name) { return Int(line.dropFirst(name.count).filter(\.isNumber)) ?? 0 }
    }
    return 0
}
