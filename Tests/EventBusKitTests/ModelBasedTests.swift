import EventBusKit
import Foundation
import Testing

/// The bus against the reference model, on seeded random operation sequences.
///
/// `EVENTBUS_MODEL_RUNS` sets the number of sequences, `EVENTBUS_MODEL_SEED` the first seed.
/// The default, 3,000, keeps `swift test` short (about 6 s in a debug build); CI compares
/// 10,000 more in debug and 50,000 in release, in steps of their own (see `.ci/run`), and the
/// long mode, in CONTRIBUTING.md, runs 1,000,000 in release.
@Suite(.noUnexpectedProblems) struct ModelBasedTests {
    private static let environment = ProcessInfo.processInfo.environment
    private static let runs = environment["EVENTBUS_MODEL_RUNS"].flatMap(Int.init) ?? 3_000
    private static let firstSeed =
        environment["EVENTBUS_MODEL_SEED"].flatMap(UInt64.init) ?? 0x5EED_2026

    @Test func busAgreesWithTheReferenceModelOnRandomSequences() async {
        let started = ContinuousClock.now
        // Seconds of work (a minute under a sanitizer): off the cooperative pool, in two halves
        // that run at once, each on a thread of its own. The comparison is the test run's
        // longest test, so its halves shorten the run on 2 cores; the failure reported is the
        // first half's when both fail, the lowest seed, as one loop over the seeds would say.
        let half = Self.runs / 2
        async let first = onAThreadOfItsOwn {
            ModelCheck.check(runs: half, firstSeed: Self.firstSeed).map(String.init(describing:))
        }
        async let second = onAThreadOfItsOwn {
            ModelCheck.check(runs: Self.runs - half, firstSeed: Self.firstSeed &+ UInt64(half))
                .map(String.init(describing:))
        }
        let (firstFailure, secondFailure) = await (first, second)
        let failure = firstFailure ?? secondFailure
        #expect(failure == nil, "\(failure ?? "")")
        print(
            "ModelBasedTests: \(Self.runs) sequences from seed \(Self.firstSeed) in \(ContinuousClock.now - started): \(failure == nil ? "all agree" : "FAILED")"
        )
    }

    /// The worked examples of CONTRACT.md, on the model and on the bus: the model is checked
    /// against the contract itself, not only against the bus.
    @Test(arguments: ContractExample.all)
    func modelAndBusFollowTheContractExamples(_ example: ContractExample) {
        #expect(example.modelLog == example.log)
        #expect(example.busLog == example.log)
    }

    /// Rules the contract leaves open, as the bus defines them (see the article "Misuse and
    /// odd sequences"), on the model and on the bus.
    @Test(arguments: ContractExample.chosenRules)
    func modelAndBusFollowTheChosenRules(_ example: ContractExample) {
        #expect(example.modelLog == example.log)
        #expect(example.busLog == example.log)
    }

    @Test func comparisonCatchesADifferentBusAndShrinksItToAMinimalSequence() throws {
        // The "bus" runs with a drain budget of 1, the model with the scenario's own: the
        // checker must notice on some sequence and shrink it to a dispatch that drains more
        // than one event.
        let failure = try #require(
            ModelCheck.check(runs: 1_000, firstSeed: 1) { scenario in
                var different = scenario
                different.maximumEventsPerDrain = 1
                return ModelCheck.firstMismatch(in: scenario, busScenario: different)
            })
        #expect(failure.scenario.steps.count <= 3)
        #expect(
            failure.scenario.steps.contains {
                if case .dispatch = $0.action { true } else { false }
            })
        #expect(String(describing: failure).contains("EVENTBUS_MODEL_SEED=\(failure.seed)"))
    }

    @Test func sameSeedGivesTheSameSequence() {
        var first = ModelRandom(seed: 42)
        var second = ModelRandom(seed: 42)
        #expect(
            ModelScenario.random(using: &first).description
                == ModelScenario.random(using: &second).description)
        var generator = ModelRandom(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)  // SplitMix64's published first output
    }

    @Test func shrinkingKeepsOnlyWhatTheFailureNeeds() {
        var random = ModelRandom(seed: 7)
        var scenario = ModelScenario.random(using: &random)
        scenario.steps += [
            .init(action: .register(0)), .init(action: .dispatch(.leaf)),
            .init(action: .dispatch(.value)),
        ]
        let minimal = scenario.shrunk { candidate in
            candidate.steps.contains { $0.action == .dispatch(.leaf) }
        }
        #expect(minimal.steps.map(\.action) == [.dispatch(.leaf)])
        #expect(minimal.steps[0].reactions.isEmpty)
    }
}

/// A worked example from CONTRACT.md as a scenario and the exact log it must produce.
struct ContractExample: Sendable, CustomTestStringConvertible {
    let name: String
    let build: @Sendable () -> ModelScenario
    let log: [String]

    var scenario: ModelScenario { build() }
    var testDescription: String { name }

    /// The log of the whole scenario on the reference model.
    var modelLog: [String] {
        let model = ReferenceModel(scenario)
        return scenario.steps.flatMap { model.perform($0) }
    }

    /// The log of the whole scenario on a real bus.
    var busLog: [String] {
        let bus = ModelHarness(scenario)
        return scenario.steps.flatMap { bus.perform($0) }
    }

    private static func scenario(
        pending: Int = 100, drain: Int = 1_000, reentrancy: EventBus.Reentrancy = .queue,
        consumers: [ModelScenario.ConsumerSpec],
        subscriptions: [ModelScenario.SubscriptionSpec] = [],
        steps: [ModelScenario.Step]
    ) -> ModelScenario {
        ModelScenario(
            maximumQueuedDispatches: pending, maximumEventsPerDrain: drain, reentrancy: reentrancy,
            consumers: consumers, subscriptions: subscriptions, steps: steps)
    }

    static let chosenRules: [ContractExample] = [
        // c0 deregisters c1, registers it weakly again and lets go of it, all during the pass
        // of base#0. The pass still holds c1 (it was on the pass's snapshot, registered
        // strongly), so c1 is alive, and listening, when c0's consumption is announced; c1
        // is released when the pass ends, so no one is left to receive that announcement.
        // On the next event it is gone: nothing is announced.
        ContractExample(
            name: "a consumer removed during a pass is released when the pass ends",
            build: {
                scenario(
                    consumers: [
                        .init(willConsume: [.base], excludeList: []),
                        .init(willConsume: [.base, .didConsume], excludeList: []),
                    ],
                    steps: [
                        .init(action: .register(0)), .init(action: .register(1)),
                        .init(
                            action: .dispatch(.base),
                            reactions: [
                                .init(
                                    at: 0,
                                    actions: [.deregister(1), .registerWeakly(1), .dropConsumer(1)])
                            ]),
                        .init(action: .dispatch(.base)),
                    ])
            },
            log: [
                "c0.0:base#0", "deregister c1.0 -> true", "dispatch base#0 -> drained(events: 2)",
                "c0.0:base#1", "dispatch base#1 -> drained(events: 1)",
            ]),
        // A weakly registered DidConsumeEvent listener that died is no listener, whether or
        // not the bus had routed announcements before it died.
        ContractExample(
            name: "a dead weakly registered listener is no listener",
            build: {
                scenario(
                    consumers: [
                        .init(willConsume: [.plain], excludeList: []),
                        .init(willConsume: [.didConsume], excludeList: []),
                    ],
                    steps: [
                        .init(action: .register(0)), .init(action: .registerWeakly(1)),
                        .init(action: .dispatch(.plain)), .init(action: .dropConsumer(1)),
                        .init(action: .dispatch(.plain)),
                    ])
            },
            log: [
                "c0.0:plain#0", "c1.0:did(c0.0,plain#0)", "dispatch plain#0 -> drained(events: 2)",
                "c0.0:plain#1", "dispatch plain#1 -> drained(events: 1)",
            ]),
    ]

    static let all: [ContractExample] = [
        // §3.2: A dispatches 2 while handling 1 → A1, B1, A2, B2.
        ContractExample(
            name: "re-entrant dispatch is breadth-first",
            build: {
                scenario(
                    consumers: [
                        .init(willConsume: [.base], excludeList: []),
                        .init(willConsume: [.base], excludeList: []),
                    ],
                    steps: [
                        .init(action: .register(0)), .init(action: .register(1)),
                        .init(
                            action: .dispatch(.base),
                            reactions: [.init(at: 0, actions: [.dispatch(.mid)])]),
                    ])
            },
            log: [
                "c0.0:base#0", "dispatch mid#1 -> queued", "c1.0:base#0", "c0.0:mid#1",
                "c1.0:mid#1",
                "dispatch base#0 -> drained(events: 2)",
            ]),
        // §3.3: A, B on E and a logger L on DidConsumeEvent.
        ContractExample(
            name: "every consumption is announced after the event's pass",
            build: {
                scenario(
                    consumers: [
                        .init(willConsume: [.plain], excludeList: []),
                        .init(willConsume: [.plain], excludeList: []),
                        .init(willConsume: [.didConsume], excludeList: []),
                    ],
                    steps: [
                        .init(action: .register(0)), .init(action: .register(1)),
                        .init(action: .register(2)),
                        .init(action: .dispatch(.plain)),
                    ])
            },
            log: [
                "c0.0:plain#0", "c1.0:plain#0", "c2.0:did(c0.0,plain#0)", "c2.0:did(c1.0,plain#0)",
                "dispatch plain#0 -> drained(events: 3)",
            ]),
        // §3.4 and §2: an event no one takes is announced; AllEvent does not cover announcements.
        ContractExample(
            name: "an event no one takes is announced to its listener only",
            build: {
                scenario(
                    consumers: [
                        .init(willConsume: [.all], excludeList: [.plain]),
                        .init(willConsume: [.noConsumer], excludeList: []),
                    ],
                    steps: [
                        .init(action: .register(0)), .init(action: .register(1)),
                        .init(action: .dispatch(.plain)),
                    ])
            },
            log: ["c1.0:none(plain#0)", "dispatch plain#0 -> drained(events: 2)"]),
        // §4.3: A cancels B, subscribes C and dispatches 2 → A1, A2, C2.
        ContractExample(
            name: "changes during a pass follow the snapshot rule",
            build: {
                scenario(
                    consumers: [.init(willConsume: [.base], excludeList: [])],
                    subscriptions: [.init(type: .base), .init(type: .base)],
                    steps: [
                        .init(action: .register(0)), .init(action: .subscribe(0)),
                        .init(
                            action: .dispatch(.base),
                            reactions: [
                                .init(
                                    at: 0, actions: [.cancel(0), .subscribe(1), .dispatch(.base)])
                            ]),
                    ])
            },
            log: [
                "c0.0:base#0", "dispatch base#1 -> queued", "c0.0:base#1", "s1.0:base#1",
                "dispatch base#0 -> drained(events: 2)",
            ]),
        // §5: limits 2 and 3, a recipient that records v and dispatches v + 1.
        ContractExample(
            name: "a feedback loop ends at the drain budget",
            build: {
                scenario(
                    pending: 2, drain: 3,
                    consumers: [.init(willConsume: [.base], excludeList: [], echo: .base)],
                    steps: [.init(action: .register(0)), .init(action: .dispatch(.base))])
            },
            log: [
                "c0.0:base#0", "dispatch base#1 -> queued", "c0.0:base#1",
                "dispatch base#2 -> queued",
                "c0.0:base#2", "dispatch base#3 -> queued",
                "dispatch base#0 -> limitReached(processed: 3, discarded: 1)",
            ]),
        // §5: `.reject` rejects nested dispatch; announcements still flow.
        ContractExample(
            name: "the reject policy rejects nested dispatch but announces",
            build: {
                scenario(
                    reentrancy: .reject,
                    consumers: [
                        .init(willConsume: [.base], excludeList: [], echo: .plain),
                        .init(willConsume: [.didConsume], excludeList: []),
                    ],
                    steps: [
                        .init(action: .register(0)), .init(action: .register(1)),
                        .init(action: .dispatch(.leaf)),
                    ])
            },
            log: [
                "c0.0:leaf#0", "dispatch plain#1 -> rejectedReentrant", "c1.0:did(c0.0,leaf#0)",
                "dispatch leaf#0 -> drained(events: 2)",
            ]),
        // §5: `maximumQueuedDispatches` counts waiting dispatched events, not the one being delivered.
        ContractExample(
            name: "a full queue rejects and changes nothing",
            build: {
                scenario(
                    pending: 1,
                    consumers: [.init(willConsume: [.value], excludeList: [])],
                    steps: [
                        .init(action: .register(0)),
                        .init(
                            action: .dispatch(.value),
                            reactions: [
                                .init(at: 0, actions: [.dispatch(.value), .dispatch(.value)])
                            ]),
                    ])
            },
            log: [
                "c0.0:value#0", "dispatch value#1 -> queued", "dispatch value#2 -> rejectedFull",
                "c0.0:value#1",
                "dispatch value#0 -> drained(events: 2)",
            ]),
        // §10.1: a recipient that asks gets every stored value it matches, oldest stored first
        // (storing a type again makes it the newest), each in a pass of its own, before
        // `register` returns; replays are announced like any pass.
        ContractExample(
            name: "replays on an idle bus run oldest stored first before register returns",
            build: {
                scenario(
                    consumers: [
                        .init(willConsume: [.didConsume], excludeList: []),
                        .init(
                            willConsume: [.mood, .note], excludeList: [], replaysLatest: true),
                    ],
                    steps: [
                        .init(action: .register(0)), .init(action: .dispatch(.mood)),
                        .init(action: .dispatch(.note)), .init(action: .dispatch(.plain)),
                        .init(action: .dispatch(.mood)), .init(action: .register(1)),
                    ])
            },
            log: [
                "dispatch mood#0 -> drained(events: 1)", "dispatch note#1 -> drained(events: 1)",
                "dispatch plain#2 -> drained(events: 1)", "dispatch mood#3 -> drained(events: 1)",
                "c1.0:note#1", "c1.0:mood#3", "c0.0:did(c1.0,note#1)", "c0.0:did(c1.0,mood#3)",
            ]),
        // §10.1: added during a pass, the replays run as soon as it ends, before the events
        // already waiting.
        ContractExample(
            name: "replays to a recipient added during a pass run before waiting events",
            build: {
                scenario(
                    consumers: [
                        .init(willConsume: [.plain], excludeList: []),
                        .init(willConsume: [.plain], excludeList: []),
                        .init(
                            willConsume: [.mood, .plain], excludeList: [], replaysLatest: true),
                    ],
                    steps: [
                        .init(action: .register(0)), .init(action: .register(1)),
                        .init(action: .dispatch(.mood)),
                        .init(
                            action: .dispatch(.plain),
                            reactions: [.init(at: 0, actions: [.dispatch(.plain), .register(2)])]),
                    ])
            },
            log: [
                "dispatch mood#0 -> drained(events: 1)", "c0.0:plain#1",
                "dispatch plain#2 -> queued",
                "c1.0:plain#1", "c2.0:mood#0", "c0.0:plain#2", "c1.0:plain#2", "c2.0:plain#2",
                "dispatch plain#1 -> drained(events: 3)",
            ]),
        // §10.2 and §10.3: descending priority; `cancelDelivery()` ends the pass after the
        // recipient that calls it (still `true` twice); its consumption is announced, no
        // `NoConsumerEvent` follows; outside a recipient's call it answers `false`.
        ContractExample(
            name: "a higher priority recipient stops the delivery",
            build: {
                scenario(
                    consumers: [
                        .init(willConsume: [.plain], excludeList: []),
                        .init(willConsume: [.plain], excludeList: [], priority: 1),
                        .init(willConsume: [.didConsume, .noConsumer], excludeList: []),
                    ],
                    steps: [
                        .init(action: .register(0)), .init(action: .register(1)),
                        .init(action: .register(2)),
                        .init(
                            action: .dispatch(.plain),
                            reactions: [
                                .init(at: 0, actions: [.cancelDelivery, .cancelDelivery])
                            ]),
                        .init(action: .cancelDelivery),
                    ])
            },
            log: [
                "c1.0:plain#0", "cancelDelivery -> true", "cancelDelivery -> true",
                "c2.0:did(c1.0,plain#0)", "dispatch plain#0 -> drained(events: 2)",
                "cancelDelivery -> false",
            ]),
        // §10.1 with §5: replays are not rejected by `maximumQueuedDispatches` or `.reject`, and count
        // in the drain budget (a waiting one is discarded and counted at the limit).
        ContractExample(
            name: "replays are not rejected and count in the drain budget",
            build: {
                scenario(
                    pending: 1, drain: 2, reentrancy: .reject,
                    consumers: [
                        .init(willConsume: [.plain], excludeList: []),
                        .init(
                            willConsume: [.mood, .note], excludeList: [], replaysLatest: true),
                    ],
                    steps: [
                        .init(action: .dispatch(.mood)), .init(action: .dispatch(.note)),
                        .init(action: .register(0)),
                        .init(
                            action: .dispatch(.plain),
                            reactions: [.init(at: 0, actions: [.register(1)])]),
                        .init(action: .readStickyEvent(.sticky)),
                    ])
            },
            log: [
                "dispatch mood#0 -> drained(events: 1)", "dispatch note#1 -> drained(events: 1)",
                "c0.0:plain#2", "c1.0:mood#0",
                "dispatch plain#2 -> limitReached(processed: 2, discarded: 1)",
                "latest sticky -> note#1",
            ]),
    ]
}
