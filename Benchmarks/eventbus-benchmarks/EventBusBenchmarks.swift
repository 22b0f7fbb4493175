import CMallocCounter
import Foundation

/// `swift run -c release eventbus-benchmarks [--quick] [--filter KEY,…] [--list] [--flood]
/// [--callgrind ID --iterations N]`
///
/// Measures EventBusKit side by side with direct calls and other buses, and prints Markdown
/// tables of nanoseconds per delivered event, the ratio to the floor (`direct`) and heap
/// allocations per dispatch, then the flood on the main actor (`--flood` alone runs only it,
/// in the mode's length), then the targets with their measured values. See
/// `Benchmarks/README.md`.
@main
struct EventBusBenchmarks {
    static func main() async {
        var arguments = CommandLine.arguments.dropFirst()
        var budget = Budget.full
        var filter: String?
        var callgrindID: String?
        var iterations = 10_000
        var floodOnly = false
        while let argument = arguments.popFirst() {
            switch argument {
            case "--quick": budget = .quick
            case "--flood": floodOnly = true
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
                    "usage: eventbus-benchmarks [--quick] [--filter KEY] [--list] [--flood] "
                        + "[--callgrind ID --iterations N]"
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
            !floodOnly && (keys.isEmpty || keys.contains { scenario.key.contains($0) })
        }
        print(header(budget: budget))
        var results: [Result] = []
        for scenario in scenarios {
            let measured = await measure(scenario, budget: budget)
            print(table(scenario, measured))
            results += measured
        }
        if floodOnly || keys.isEmpty || keys.contains(where: { floodKey.contains($0) }) {
            print(await measureFlood(budget: budget))
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
                let before = mallocCounterAllocations()
                await body(iterations)
                let allocations = Double(mallocCounterAllocations() - before)
                print(
                    "\(id): \(iterations) iterations of \(item.unitsPerIteration) units (\(scenario.unit))"
                )
                if mallocCounterIsAvailable() != 0 && iterations > 0 {
                    let units = Double(iterations * item.unitsPerIteration)
                    print("allocations per unit: \(format(allocations / units, digits: 2))")
                }
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
        "| \(scenario.key) | ns per \(scenario.unit) | × \(results[0].name) | allocations"
            + (scenario.allocationsPerUnit ? " per \(scenario.unit) |" : " |"),
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

/// The performance targets, each with its measured value.
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
        let verdict = goal == "reported" ? "—" : met(measured) ? "yes" : "**no**"
        rows.append("| \(target) | \(format(measured, digits: 2)) | \(goal) | \(verdict) |")
    }
    func atMost(_ target: String, _ measured: Double?, _ limit: Double, digits: Int = 1) {
        row(target, measured, goal: "≤ \(format(limit, digits: digits))") { $0 <= limit }
    }
    func reported(_ target: String, _ measured: Double?) {
        row(target, measured, goal: "reported") { _ in true }
    }
    let register = "EventBusKit `register`"
    let subscribe = "EventBusKit `subscribe`"
    // Many event types (E types round-robin, N recipients each), × direct.
    for kind in ["class", "struct"] {
        atMost("E=50, N=1, \(kind): `register`", find("types-e50-n1-\(kind)", register)?.ratio, 1.0)
        atMost(
            "E=50, N=1, \(kind): `subscribe`", find("types-e50-n1-\(kind)", subscribe)?.ratio,
            kind == "class" ? 1.0 : 1.1)
    }
    for types in [1, 50] {
        for fanOut in [1, 10, 100] where types == 1 || fanOut > 1 {  // E=50, N=1 is above
            atMost(
                "E=\(types), N=\(fanOut), class: `subscribe`",
                find("types-e\(types)-n\(fanOut)-class", subscribe)?.ratio, fanOut == 1 ? 1.0 : 0.7)
        }
    }
    atMost("struct, fan-out 1: `subscribe`", find("fanout-1", subscribe)?.ratio, 1.3)
    for api in [register, subscribe] {
        for fanOut in [1, 10] {
            if let many = find("types-e50-n\(fanOut)-class", api),
                let one = find("types-e1-n\(fanOut)-class", api)
            {
                reported(
                    "N=\(fanOut), class: \(api.dropFirst(12)) × direct at E=50 ÷ at E=1",
                    many.ratio / one.ratio)
            }
        }
    }
    // One event type (the fan-out scenarios), × direct.
    atMost("struct, fan-out 1: `register`", find("fanout-1", register)?.ratio, 1.5)
    for fanOut in [10, 100] {
        for api in [register, subscribe] {
            atMost(
                "struct, fan-out \(fanOut): \(api.dropFirst(12))",
                find("fanout-\(fanOut)", api)?.ratio, 1.2)
        }
    }
    if let many = results.first(where: {
        $0.scenario.key.hasPrefix("one-of-") && $0.name.contains("EventBusKit")
            && !$0.name.hasSuffix("1 of 50")
    }),
        let one = results.first(where: {
            $0.scenario.key.hasPrefix("one-of-") && $0.name.hasSuffix("1 of 50")
        })
    {
        atMost("\(many.name) × 1 of 50", ratio(many, one), 1.1)
    }
    // Allocations: none per dispatch, in every EventBusKit row that dispatches an event
    // stored in the existential's buffer or a class (the boxed large struct allocates in
    // the caller; tracing boxes its announcements).
    let dispatching = results.filter {
        $0.scenario.unit == "delivery" && $0.name.hasPrefix("EventBusKit")
            && !$0.name.contains("DidConsumeEvent") && !$0.name.contains("large struct")
            && !$0.scenario.key.hasPrefix("posting-")  // posts cross threads: reported below
    }
    if let most = dispatching.compactMap(\.allocations).max() {
        row(
            "allocations per dispatch, most over \(dispatching.count) EventBusKit rows", most,
            goal: "0"
        ) { $0 == 0 }
    }
    if let center = find("fanout-10", "NotificationCenter"), let bus = find("fanout-10", register) {
        row("NotificationCenter ÷ EventBusKit at fan-out 10", ratio(center, bus), goal: "≥ 8") {
            $0 >= 8
        }
    }
    if let bus = find("churn", "EventBusKit `register` / `deregister`"),
        let dictionary = find("churn", "typeKeyedDictionary `on` / `off`")
    {
        reported("`register`/`deregister` ÷ typeKeyedDictionary `on`/`off`", ratio(bus, dictionary))
    }
    // Coming and going (CONTRACT §18; its bars are on instructions, `callgrind.sh`): the
    // same ratios in time, × the dictionary's `on`/`off` with 100 live, or × the row (a).
    let onOff = "typeKeyedDictionary `on` / `off`"
    let subscribeCancel = "EventBusKit `subscribe` / `cancel`"
    let registerDeregister = "EventBusKit `register` / `deregister`"
    if let dictionary = find("churn", onOff) {
        for (name, limit) in [
            (subscribeCancel, 1.0), (registerDeregister, 1.0),
            ("EventBusKit `subscribe` / drop", 1.5),
        ] {
            atMost(
                "churn: \(name) × \(onOff)", find("churn", name).map { ratio($0, dictionary) },
                limit)
        }
        for key in ["churn-class", "churn-category"] {
            atMost(
                "\(key): \(subscribeCancel) × churn's \(onOff)",
                find(key, subscribeCancel).map { $0.nanoseconds / dictionary.nanoseconds }, 2.0)
        }
    }
    for key in ["churn-10k-fifo", "churn-10k-spread"] {
        for name in [subscribeCancel, registerDeregister] {
            if let many = find(key, name), let few = find("churn", name) {
                atMost("\(key): \(name) × churn's", many.nanoseconds / few.nanoseconds, 1.2)
            }
        }
    }
    if let bus = find("viewlife", "EventBusKit"),
        let dictionary = find("viewlife", "typeKeyedDictionary")
    {
        atMost("a view's life × typeKeyedDictionary", ratio(bus, dictionary), 1.5)
    }
    // A running trace (`startTracing(capacity: 1_000)`, its ring full), × direct.
    let traced = "\(register), traced"
    atMost("struct, fan-out 10: traced `register`", find("fanout-10", traced)?.ratio, 3.0)
    for fanOut in [1, 10, 100] {
        if let tracing = find("fanout-\(fanOut)", traced),
            let plain = find("fanout-\(fanOut)", register)
        {
            reported(
                "running trace at fan-out \(fanOut), × untraced `register`", ratio(tracing, plain))
        }
    }
    let tracedRows = results.filter { $0.name == traced }
    if let most = tracedRows.compactMap(\.allocations).max() {
        row("allocations per traced delivery, most over \(tracedRows.count) rows", most, goal: "0")
        {
            $0 == 0
        }
    }
    for fanOut in [1, 10, 100] {
        if let traced = find("fanout-\(fanOut)", "\(register) + `DidConsumeEvent` listener"),
            let plain = find("fanout-\(fanOut)", register)
        {
            reported("price of tracing at fan-out \(fanOut), × untraced", ratio(traced, plain))
        }
    }
    // Sticky events and priorities (CONTRACT §10), × the same dispatch without them.
    for fanOut in [1, 10] {
        if let sticky = find("sticky-\(fanOut)", register),
            let plain = find("sticky-\(fanOut)", "\(register), plain")
        {
            atMost(
                "sticky struct event, fan-out \(fanOut), × the same event not sticky",
                ratio(sticky, plain), 1.2)
        }
        for (kind, name) in [("class", "class"), ("String", "struct with a `String`")] {
            if let sticky = find("sticky-\(fanOut)", "\(register), \(kind)"),
                let plain = find("sticky-\(fanOut)", "\(register), \(kind), plain")
            {
                reported(
                    "sticky \(name) event, fan-out \(fanOut), × the same event not sticky",
                    ratio(sticky, plain))
            }
        }
    }
    if let mixed = find("priorities-10", "\(register), mixed"),
        let equal = find("priorities-10", "\(register), equal")
    {
        atMost(
            "mixed priorities at fan-out 10, × equal priorities", ratio(mixed, equal), 1.05,
            digits: 2)
    }
    // Replay: linear when a replayed delivery costs as much with 50 stored types as with 10
    // (median times: the two scenarios run one after the other).
    if let many = find("replay-50", register), let few = find("replay-10", register) {
        atMost(
            "replay to a new consumer, ns per value: 50 stored types ÷ 10",
            many.nanoseconds / few.nanoseconds, 1.1)
    }
    if let bus = find("next", "EventBusKit"),
        let floor = results.first(where: { $0.scenario.key == "next" })
    {
        atMost("`next` round trip, × a task resuming a continuation", ratio(bus, floor), 2.0)
    }
    let anchors = results.filter { $0.scenario.key == "come-and-go" }
    if let floor = anchors.first {
        for bus in anchors.dropFirst() {
            reported("\(bus.name) × \(floor.name)", ratio(bus, floor))
        }
    }
    // Posting from other threads (CONTRACT §15.4), × the other hand-offs of the same table.
    for key in ["posting-1", "posting-4", "posting-single"] {
        let rows = results.filter { $0.scenario.key == key }
        guard let bus = rows.first(where: { $0.name.hasPrefix("EventBusKit") }) else { continue }
        for other in rows where !other.name.hasPrefix("EventBusKit") {
            reported("\(key): \(bus.name) × \(other.name)", ratio(bus, other))
        }
        reported("\(key): \(bus.name), allocations per event", bus.allocations)
    }
    for name in [
        "direct, `event as? Ping`", "direct, `event.as(Ping.self)`",
        "EventBusKit, `event as? Ping`", "EventBusKit, `event.as(Ping.self)`",
    ] {
        reported("\(name), × direct with no cast", find("casts", name)?.ratio)
    }
    guard !rows.isEmpty else { return "" }
    return
        (["", "## Targets", "", "| target | measured | goal | met |", "|---|---:|---|---|"] + rows)
        .joined(separator: "\n")
}
