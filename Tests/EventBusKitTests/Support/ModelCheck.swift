import EventBusKit

/// The first difference between the reference model and the real bus on one scenario.
struct ModelMismatch: CustomStringConvertible {
    /// The step after which it showed (`nil`: at tear-down).
    let step: Int?
    let what: String
    let expected: String
    let actual: String

    var description: String {
        "\(step.map { "after step \($0)" } ?? "at tear-down"), \(what):\n  model: \(expected)\n  bus:   \(actual)"
    }
}

/// Runs scenarios on the model and on a real bus and compares everything observable.
enum ModelCheck {
    /// The first mismatch, or `nil` when the bus agrees with the model throughout.
    ///
    /// `busScenario` lets a test run the bus on a deliberately different scenario, to show
    /// that the comparison catches a difference.
    static func firstMismatch(
        in scenario: ModelScenario, busScenario: ModelScenario? = nil
    ) -> ModelMismatch? {
        let model = ReferenceModel(scenario)
        let bus = ModelHarness(busScenario ?? scenario)
        for (index, step) in scenario.steps.enumerated() {
            let expected = model.perform(step)
            let actual = bus.perform(step)
            if expected != actual {
                return logMismatch(step: index, expected: expected, actual: actual)
            }
            func differs<Value: Equatable>(
                _ what: String, _ expected: Value, _ actual: Value
            ) -> ModelMismatch? {
                expected == actual
                    ? nil
                    : ModelMismatch(
                        step: index, what: what, expected: "\(expected)", actual: "\(actual)")
            }
            // One comparison a statement: a chain of `??` over generic calls type-checks slowly.
            let checks: [() -> ModelMismatch?] = [
                { differs("alive consumers", model.alive, bus.alive) },
                { differs("alive owners", model.ownersAlive, bus.ownersAlive) },
                { differs("isRegistered", model.registered, bus.registered) },
                { differs("print(bus)'s recipients", model.shownNames, bus.shownNames) },
                { differs("EventSubscription.isActive", model.tokenActive, bus.tokenActive) },
                {
                    differs(
                        "stickyEvent(_:) of \(ModelEntry.latestQueries)", model.latest, bus.latest)
                },
                { differs("unattendedDiscards", model.unattendedDiscards, bus.unattendedDiscards) },
                {
                    differs(
                        "cancelDelivery() answering true outside a recipient's call", 0,
                        bus.cancelledOutsideACall)
                },
            ]
            for check in checks {
                if let mismatch = check() { return mismatch }
            }
            if !model.recipientCount.contains(bus.recipientCount) {
                return ModelMismatch(
                    step: index, what: "recipientCount", expected: model.recipientCount.description,
                    actual: bus.recipientCount.description)
            }
        }
        let (leaked, activeTokens) = bus.tearDown()
        if !leaked.isEmpty || !activeTokens.isEmpty {
            return ModelMismatch(
                step: nil, what: "leaks after the bus and the test let go",
                expected: "no consumer alive, no token active",
                actual: "alive \(leaked), active token slots \(activeTokens)")
        }
        return nil
    }

    /// The logs around their first difference (a feedback loop logs thousands of lines).
    private static func logMismatch(step: Int, expected: [String], actual: [String])
        -> ModelMismatch
    {
        let first =
            zip(expected, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expected.count, actual.count)
        func window(_ log: [String]) -> String {
            let start = max(0, first - 3)
            let end = min(log.count, first + 4)
            return
                "\(start > 0 ? "… " : "")\(log[start..<end])\(end < log.count ? " …" : "") (\(log.count) lines)"
        }
        return ModelMismatch(
            step: step, what: "log from line \(first)", expected: window(expected),
            actual: window(actual))
    }

    /// A failure found at `seed`, shrunk to a minimal scenario.
    struct Failure: CustomStringConvertible {
        let seed: UInt64
        let scenario: ModelScenario
        let mismatch: ModelMismatch

        var description: String {
            """
            The bus disagrees with the reference model at seed \(seed) \
            (replay: EVENTBUS_MODEL_SEED=\(seed) EVENTBUS_MODEL_RUNS=1 swift test --filter ModelBasedTests).
            Minimal scenario:
            \(scenario)
            First difference \(mismatch)
            """
        }
    }

    /// Checks `runs` scenarios from seeds `firstSeed`, `firstSeed + 1`, …, and returns the
    /// first failure, shrunk.
    static func check(
        runs: Int, firstSeed: UInt64,
        mismatch: (ModelScenario) -> ModelMismatch? = { firstMismatch(in: $0) }
    ) -> Failure? {
        for run in 0..<runs {
            let seed = firstSeed &+ UInt64(run)
            var random = ModelRandom(seed: seed)
            let scenario = ModelScenario.random(using: &random)
            guard mismatch(scenario) != nil else { continue }
            let minimal = scenario.shrunk { mismatch($0) != nil }
            return Failure(seed: seed, scenario: minimal, mismatch: mismatch(minimal)!)
        }
        return nil
    }
}
