import CMallocCounter

/// What a case runs: `iterations` dispatches (or operations) in a row.
enum Body {
    case sync((Int) -> Void)
    case async((Int) async -> Void)

    func callAsFunction(_ iterations: Int) async {
        switch self {
        case .sync(let run): run(iterations)
        case .async(let run): await run(iterations)
        }
    }
}

/// One row of a scenario: a competitor and how to build its state.
struct Case {
    /// The competitor's name in the table, e.g. `EventBusKit register`.
    let name: String
    /// Deliveries (or operations) one iteration performs: the divisor of "ns per delivery".
    let unitsPerIteration: Int
    /// The iterations calibration starts from: a case whose sample has a fixed cost (starting
    /// threads, waiting for another thread) is never calibrated on a run that is all fixed cost.
    var minimumIterations = 1
    /// Builds the competitor's state (bus, consumers) and returns the loop to time.
    let make: () -> Body
}

/// A group of cases measured side by side; the first case is the floor.
struct Scenario {
    /// A short key for `--filter` and `--callgrind`, e.g. `fanout-10`.
    let key: String
    /// The heading printed above the scenario's table.
    let title: String
    /// What a unit is: "delivery" or "operation".
    let unit: String
    /// Whether the table counts allocations per unit rather than per iteration (the
    /// coming-and-going scenarios, whose iterations make and remove several recipients).
    var allocationsPerUnit = false
    let cases: [Case]
}

/// One measured row.
struct Result {
    let scenario: Scenario
    let name: String
    /// Median nanoseconds per unit.
    let nanoseconds: Double
    /// Median, over rounds, of this case's time divided by the floor's in the same round.
    let ratio: Double
    /// The per-round samples of nanoseconds per unit, in round order.
    let samples: [Double]
    /// Heap allocations per iteration (a dispatch, a post, an operation), or per unit when
    /// the scenario says so (``Scenario/allocationsPerUnit``); `nil` when they are not
    /// counted on this platform.
    let allocations: Double?
}

/// How long and how often to measure.
struct Budget {
    /// Time one sample aims for, in nanoseconds.
    let sampleNanoseconds: Double
    /// Samples per case; the median is reported.
    let rounds: Int

    static let quick = Budget(sampleNanoseconds: 3e6, rounds: 7)
    static let full = Budget(sampleNanoseconds: 20e6, rounds: 21)
}

/// Nanoseconds `body` takes to run `iterations` iterations.
func time(_ body: Body, _ iterations: Int) async -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    await body(iterations)
    let elapsed = start.duration(to: clock.now).components
    return Double(elapsed.seconds) * 1e9 + Double(elapsed.attoseconds) / 1e9
}

/// The median of `values` (the mean of the middle two for an even count).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Measures the cases of `scenario` side by side.
///
/// Each case is built, run once, calibrated (iterations doubled from its `minimumIterations`
/// until a run lasts a quarter of the budget's sample time) and warmed up with one untimed
/// sample. Then, round after round, every case runs one sample, starting each round at a
/// different case so that no case always runs first. Times are reported as medians; ratios
/// as the median of the per-round ratios to the floor (the first case), which cancels slow
/// drifts of the machine's speed. Allocations are counted over a separate run after the
/// warm-up.
func measure(_ scenario: Scenario, budget: Budget) async -> [Result] {
    let bodies = scenario.cases.map { $0.make() }
    var iterations: [Int] = []
    for (body, item) in zip(bodies, scenario.cases) {
        await body(1)  // the first dispatch of a type builds its route
        var count = item.minimumIterations
        var elapsed = await time(body, count)
        while elapsed < budget.sampleNanoseconds / 4 {
            count *= 2
            elapsed = await time(body, count)
        }
        iterations.append(
            max(item.minimumIterations, Int(Double(count) * budget.sampleNanoseconds / elapsed)))
        await body(iterations.last!)  // warm-up: one untimed sample
    }
    var samples = Array(repeating: [Double](), count: bodies.count)
    for round in 0..<budget.rounds {
        for offset in bodies.indices {
            let index = (round + offset) % bodies.count
            let units = Double(iterations[index] * scenario.cases[index].unitsPerIteration)
            samples[index].append(await time(bodies[index], iterations[index]) / units)
        }
    }
    var results: [Result] = []
    for index in bodies.indices {
        let ratios = zip(samples[index], samples[0]).map { $0 / $1 }
        results.append(
            Result(
                scenario: scenario, name: scenario.cases[index].name,
                nanoseconds: median(samples[index]), ratio: median(ratios), samples: samples[index],
                allocations: await allocationsPerIteration(
                    bodies[index], iterations: min(iterations[index], 1_000)
                ).map {
                    scenario.allocationsPerUnit
                        ? $0 / Double(scenario.cases[index].unitsPerIteration) : $0
                }))
    }
    return results
}

/// Heap allocations per iteration of `body`, counted by the malloc interposer.
func allocationsPerIteration(_ body: Body, iterations: Int) async -> Double? {
    guard mallocCounterIsAvailable() != 0 else { return nil }
    let before = mallocCounterAllocations()
    await body(iterations)
    let after = mallocCounterAllocations()
    return Double(after - before) / Double(iterations)
}
