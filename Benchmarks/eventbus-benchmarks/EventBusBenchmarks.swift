import CMallocCounter
import Foundation

/// `swift run -c release eventbus-benchmarks [--quick] [--filter KEY,…] [--list]
/// [--callgrind ID --iterations N]`
///
/// Measures EventBusKit side by side with direct calls and other buses, and prints Markdown
/// tables of nanoseconds per delivered event, the ratio to the floor (`direct`) and heap
/// allocations per dispatch, then the targets of issue 6. See `Benchmarks/README.md`.
@main
struct EventBusBenchmarks {
    static func main() async {
        var arguments = CommandLine.arguments.dropFirst()
        var budget = Budget.full
        var filter: String?
        var callgrindID: String?
        var iterations = 10_000
        while let argument = arguments.popFirst() {
            switch argument {
            case "--quick": budget = .quick
            case "--filter": filter = arguments.popFirst()
            case "--callgrind": callgrindID = arguments.popFirst()
            case "--iterations": iterations = arguments.popFirst().flatMap { Int($0) } ?? iterations
            case "--list":
                for scenario in allScenarios() {
                    for item in scenario.cases { print(caseID(scenario, item)) }
                }
                return
            default:
                print(
                    "usage: eventbus-benchmarks [--quick] [--filter KEY] [--list] [--callgrind ID --iterations N]"
                )
                exit(2)
            }
        }
        if let callgrindID {
            await runForCallgrind(callgrindID, iterations: iterations)
            return
        }
        let started = ContinuousClock.now
        let keys = filter?.split(separator: ",") ?? []
        let scenarios = allScenarios().filter { scenario in
            keys.isEmpty || keys.contains { scenario.key.contains($0) }
        }
        print(header(budget: budget))
        var results: [Result] = []
        for scenario in scenarios {
            let measured = await measure(scenario, budget: budget)
            print(table(scenario, measured))
            results += measured
        }
        print(targets(results))
        print("Ran in \(started.duration(to: .now).formatted(.units(allowed: [.seconds]))).")
    }

    /// Runs one case's loop once to warm it, then `iterations` times, untimed: run it under
    /// `valgrind --tool=callgrind` with two iteration counts and subtract (Benchmarks/callgrind.sh).
    static func runForCallgrind(_ id: String, iterations: Int) async {
        for scenario in allScenarios() {
            for item in scenario.cases where caseID(scenario, item) == id {
                let body = item.make()
                await body(1)
                await body(iterations)
                print(
                    "\(id): \(iterations) iterations of \(item.unitsPerIteration) \(scenario.unit)s"
                )
                return
            }
        }
        print("no case \(id); see --list")
        exit(2)
    }
}

/// `scenario-key/case-name-in-kebab-case`, e.g. `fanout-10/eventbuskit-register`.
func caseID(_ scenario: Scenario, _ item: Case) -> String {
    var slug = ""
    for character in item.name.lowercased() {
        if character.isLetter || character.isNumber {
            slug.append(character)
        } else if !slug.isEmpty && slug.last != "-" {
            slug.append("-")
        }
    }
    while slug.last == "-" { slug.removeLast() }
    return "\(scenario.key)/\(slug)"
}

// MARK: Printing

func header(budget: Budget) -> String {
    let cpu =
        (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
        .split(separator: "\n").first { $0.hasPrefix("model name") }?
        .split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
    let mode = budget.rounds == Budget.quick.rounds ? "quick" : "full"
    return """
        # EventBusKit benchmarks (\(mode) mode)

        \(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores, \
        \(ProcessInfo.processInfo.operatingSystemVersionString). Median of \(budget.rounds) \
        samples of ~\(Int(budget.sampleNanoseconds / 1e6)) ms per case after a warm-up; the \
        ratio is the median of per-sample ratios to the first row, measured in the same rounds.
        Allocations: heap allocations per iteration (one dispatch, post or operation), counted \
        by interposing malloc\(mallocCounterIsAvailable() == 0 ? " (not available here)" : "").
        """
}

func format(_ value: Double, digits: Int = 1) -> String {
    String(format: "%.\(digits)f", value)
}

func table(_ scenario: Scenario, _ results: [Result]) -> String {
    var lines = [
        "", "## \(scenario.title)", "",
        "| \(scenario.key) | ns per \(scenario.unit) | × \(results[0].name) | allocations |",
        "|---|---:|---:|---:|",
    ]
    for result in results {
        let allocations = result.allocations.map { format($0, digits: 2) } ?? "n/a"
        lines.append(
            "| \(result.name) | \(format(result.nanoseconds)) | \(format(result.ratio, digits: 2)) | \(allocations) |"
        )
    }
    return lines.joined(separator: "\n")
}

/// The targets of issue 6, each with its measured value.
func targets(_ results: [Result]) -> String {
    func find(_ key: String, _ name: String) -> Result? {
        results.first { $0.scenario.key == key && $0.name == name }
    }
    /// The median of per-round ratios of `a` to `b`.
    func ratio(_ a: Result, _ b: Result) -> Double {
        median(zip(a.samples, b.samples).map { $0 / $1 })
    }
    var rows: [String] = []
    func row(_ target: String, _ measured: Double?, goal: String, met: (Double) -> Bool) {
        guard let measured else { return }
        rows.append(
            "| \(target) | \(format(measured, digits: 2)) | \(goal) | \(met(measured) ? "yes" : "**no**") |"
        )
    }
    for fanOut in [1, 10, 100] {
        let limit = fanOut == 1 ? 1.5 : 1.2
        for api in ["register", "subscribe"] {
            row(
                "`\(api)` at fan-out \(fanOut), × direct",
                find("fanout-\(fanOut)", "EventBusKit `\(api)`")?.ratio, goal: "≤ \(limit)"
            ) { $0 <= limit }
        }
    }
    if let many = results.first(where: {
        $0.scenario.key.hasPrefix("one-of-") && $0.name.contains("EventBusKit")
            && !$0.name.hasSuffix("1 of 1")
    }),
        let one = results.first(where: {
            $0.scenario.key.hasPrefix("one-of-") && $0.name.hasSuffix("1 of 1")
        })
    {
        row("\(many.name) × 1 of 1", ratio(many, one), goal: "≤ 1.1") { $0 <= 1.1 }
    }
    for name in ["EventBusKit, struct (fits the buffer)", "EventBusKit, final class"] {
        row(
            "allocations per dispatch, \(name.dropFirst(13))",
            find("event-kinds", name)?.allocations, goal: "0"
        ) {
            $0 == 0
        }
    }
    if let center = find("fanout-10", "NotificationCenter"),
        let bus = find("fanout-10", "EventBusKit `register`")
    {
        row("NotificationCenter ÷ EventBusKit at fan-out 10", ratio(center, bus), goal: "≥ 8") {
            $0 >= 8
        }
    }
    for fanOut in [1, 10, 100] {
        if let traced = find(
            "fanout-\(fanOut)", "EventBusKit `register` + `DidConsumeEvent` listener"),
            let plain = find("fanout-\(fanOut)", "EventBusKit `register`")
        {
            row(
                "price of tracing at fan-out \(fanOut), × untraced", ratio(traced, plain),
                goal: "reported"
            ) { _ in true }
        }
    }
    for name in [
        "direct, `event as? Ping`", "direct, `event.as(Ping.self)`",
        "EventBusKit, `event as? Ping`", "EventBusKit, `event.as(Ping.self)`",
    ] {
        row("\(name), × direct with no cast", find("casts", name)?.ratio, goal: "reported") { _ in
            true
        }
    }
    guard !rows.isEmpty else { return "" }
    return
        (["", "## Targets", "", "| target | measured | goal | met |", "|---|---:|---|---|"] + rows)
        .joined(separator: "\n")
}
