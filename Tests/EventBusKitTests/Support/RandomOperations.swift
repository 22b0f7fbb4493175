import EventBusKit

/// SplitMix64: a tiny, fast, reproducible generator (the same seed gives the same sequence on
/// every platform and toolchain, unlike the standard library's `random(in:)` algorithms).
struct ModelRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A number in `range`.
    mutating func within(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// `true` with probability `percent`/100.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// An element of `choices`.
    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    /// An element of `choices`, each with its weight.
    mutating func pick<T>(weighted choices: [(T, Int)]) -> T {
        var roll = below(choices.reduce(0) { $0 + $1.1 })
        for (choice, weight) in choices {
            if roll < weight { return choice }
            roll -= weight
        }
        return choices[choices.count - 1].0
    }
}

/// One operation on the bus, at the top level or from inside a recipient.
enum ModelAction: Hashable, CustomStringConvertible {
    /// `register(_:)` the current consumer of a slot.
    case register(Int)
    /// `registerWeakly(_:)` the current consumer of a slot.
    case registerWeakly(Int)
    /// `deregister(_:)` the current consumer of a slot.
    case deregister(Int)
    /// `subscribe(to:)` a slot's subscription again; the slot's previous token is dropped.
    case subscribe(Int)
    /// `subscribe(to:owner:)` a slot's subscription again, bound to a new owner object; the
    /// slot's previous token is dropped.
    case subscribeOwned(Int)
    /// Drop the test's reference to the owner of a slot's owner-bound subscription.
    case dropOwner(Int)
    /// `cancel()` a slot's token (kept).
    case cancel(Int)
    /// Drop a slot's token (its deinit ends the subscription).
    case dropToken(Int)
    /// Hand a slot's token to another thread, which drops it (as the nonisolated `deinit` of
    /// a `@MainActor` model does), and wait for that thread: the subscription has ended
    /// before the next pass.
    case releaseTokenOnAnotherThread(Int)
    /// Drop the test's reference to a slot's consumer and put a fresh object in the slot.
    case dropConsumer(Int)
    /// `dispatch(_:)` a new event of this kind.
    case dispatch(ModelEventKind)
    /// `removeStickyEvents(_:)` this entry's type (a category as its existential).
    case removeStickyEvents(ModelEntry)
    /// `stickyEvent(_:)` this entry's type, logged (compared after every step anyway; this reads it
    /// from inside a recipient's call too).
    case readStickyEvent(ModelEntry)
    /// `cancelDelivery()`, its answer logged: `true` inside a recipient's call (the pass ends
    /// after that recipient), `false` at the top level.
    case cancelDelivery

    /// The consumer slot this action names, if any.
    var consumerSlot: Int? {
        switch self {
        case .register(let slot), .registerWeakly(let slot), .deregister(let slot),
            .dropConsumer(let slot):
            slot
        case .subscribe, .subscribeOwned, .cancel, .dropToken, .releaseTokenOnAnotherThread,
            .dropOwner, .dispatch, .removeStickyEvents, .readStickyEvent, .cancelDelivery:
            nil
        }
    }

    /// The subscription slot this action names, if any.
    var subscriptionSlot: Int? {
        switch self {
        case .subscribe(let slot), .subscribeOwned(let slot), .cancel(let slot),
            .dropToken(let slot), .releaseTokenOnAnotherThread(let slot), .dropOwner(let slot):
            slot
        case .register, .registerWeakly, .deregister, .dropConsumer, .dispatch, .removeStickyEvents,
            .readStickyEvent, .cancelDelivery:
            nil
        }
    }

    var description: String {
        switch self {
        case .register(let slot): ".register(\(slot))"
        case .registerWeakly(let slot): ".registerWeakly(\(slot))"
        case .deregister(let slot): ".deregister(\(slot))"
        case .subscribe(let slot): ".subscribe(\(slot))"
        case .subscribeOwned(let slot): ".subscribeOwned(\(slot))"
        case .dropOwner(let slot): ".dropOwner(\(slot))"
        case .cancel(let slot): ".cancel(\(slot))"
        case .dropToken(let slot): ".dropToken(\(slot))"
        case .releaseTokenOnAnotherThread(let slot): ".releaseTokenOnAnotherThread(\(slot))"
        case .dropConsumer(let slot): ".dropConsumer(\(slot))"
        case .dispatch(let kind): ".dispatch(.\(kind))"
        case .removeStickyEvents(let entry): ".removeStickyEvents(.\(entry))"
        case .readStickyEvent(let entry): ".readStickyEvent(.\(entry))"
        case .cancelDelivery: ".cancelDelivery"
        }
    }
}

/// One random operation sequence: the bus's configuration, the consumers and subscriptions
/// it may use, and the top-level steps.
struct ModelScenario: CustomStringConvertible {
    /// A consumer slot: its lists, priority, whether it asks for replay, and whether it
    /// dispatches on every event it consumes; and the options it is registered with: a limit
    /// (`.limit(n)`), and a name (`.named("named c0.1")`).
    struct ConsumerSpec {
        var willConsume: [ModelEntry]
        var excludeList: [ModelEntry]
        /// A kind dispatched after each consumption: a feedback loop when it routes back.
        var echo: ModelEventKind?
        var priority = 0
        var replaysLatest = false
        var limit: Int? = nil
        var named = false
    }

    /// A subscription slot: the type it subscribes to, its echo, priority and replay, whether
    /// a `where:` predicate accepts only events with an even serial number (announcements
    /// always pass), its limit (1 is `.once`), and whether it is named
    /// (`.named("named ⟨s0.1⟩")`).
    struct SubscriptionSpec {
        var type: ModelEntry
        var echo: ModelEventKind?
        var priority = 0
        var replaysLatest = false
        var evenOnly = false
        var limit: Int? = nil
        var named = false
    }

    /// Actions a recipient performs when it makes the `at`-th consumption (counted from 0)
    /// of the step.
    struct Reaction {
        var at: Int
        var actions: [ModelAction]
    }

    /// A top-level action and what recipients do during it.
    struct Step {
        var action: ModelAction
        var reactions: [Reaction] = []

        /// The actions to run at each consumption index, in order.
        var actionsByConsumption: [Int: [ModelAction]] {
            reactions.reduce(into: [:]) { $0[$1.at, default: []] += $1.actions }
        }
    }

    var maximumQueuedDispatches: Int
    var maximumEventsPerDrain: Int
    var reentrancy: EventBus.Reentrancy
    var consumers: [ConsumerSpec]
    var subscriptions: [SubscriptionSpec]
    var steps: [Step]

    var description: String {
        func list(_ entries: [ModelEntry]) -> String {
            "[" + entries.map { ".\($0)" }.joined(separator: ", ") + "]"
        }
        func echo(_ kind: ModelEventKind?) -> String { kind.map { ", echo: .\($0)" } ?? "" }
        func extras(_ priority: Int, _ replays: Bool, _ limit: Int?, _ named: Bool) -> String {
            (priority == 0 ? "" : ", priority \(priority)") + (replays ? ", replays latest" : "")
                + (limit.map { $0 == 1 ? ", once" : ", limit \($0)" } ?? "")
                + (named ? ", named" : "")
        }
        var lines = [
            "bus(maximumQueuedDispatches: \(maximumQueuedDispatches), maximumEventsPerDrain: \(maximumEventsPerDrain), reentrancy: .\(reentrancy))"
        ]
        for (slot, spec) in consumers.enumerated() {
            lines.append(
                "consumer \(slot): willConsume \(list(spec.willConsume)), excludeList \(list(spec.excludeList))\(echo(spec.echo))\(extras(spec.priority, spec.replaysLatest, spec.limit, spec.named))"
            )
        }
        for (slot, spec) in subscriptions.enumerated() {
            lines.append(
                "subscription \(slot): to .\(spec.type)\(echo(spec.echo))\(spec.evenOnly ? ", where even" : "")\(extras(spec.priority, spec.replaysLatest, spec.limit, spec.named))"
            )
        }
        for (index, step) in steps.enumerated() {
            var line = "step \(index): \(step.action)"
            for reaction in step.reactions {
                line += "; at consumption \(reaction.at): \(reaction.actions)"
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}

/// What both runners (the model and the real bus) record during one step: the log, and
/// which recipient call is which, to run the step's reactions at the right one.
struct ModelStepLog {
    private(set) var lines: [String] = []
    private var consumptions = 0
    private var reactions: [Int: [ModelAction]] = [:]
    private var nextEventID = 0

    /// Starts `step`: an empty log, and its reactions keyed by consumption.
    mutating func begin(_ step: ModelScenario.Step) {
        lines = []
        consumptions = 0
        reactions = step.actionsByConsumption
    }

    /// Logs a line (a report, a `deregister` result).
    mutating func append(_ line: String) { lines.append(line) }

    /// Logs that `recipient` received `label`; returns what it does now: the step's reactions
    /// for this consumption, then its echo.
    mutating func delivered(
        _ label: String, to recipient: String, echo: ModelEventKind?
    ) -> [ModelAction] {
        lines.append("\(recipient):\(label)")
        consumptions += 1
        return (reactions[consumptions - 1] ?? []) + (echo.map { [.dispatch($0)] } ?? [])
    }

    /// The serial number of the next dispatched event.
    mutating func newEventID() -> Int {
        nextEventID += 1
        return nextEventID - 1
    }
}

extension ModelScenario {
    /// A random scenario: small bounds are common so that `.rejectedFull` and
    /// `.limitReached` happen often.
    static func random(using random: inout ModelRandom) -> ModelScenario {
        let consumerCount = random.within(1...4)
        let subscriptionCount = random.within(0...3)
        let consumers = (0..<consumerCount).map { _ in
            ConsumerSpec(
                willConsume: (0..<(random.chance(10) ? 0 : random.within(1...3))).map { _ in
                    randomEntry(&random)
                },
                excludeList: random.chance(60)
                    ? [] : (0..<random.within(1...2)).map { _ in randomEntry(&random) },
                echo: random.chance(15) ? random.pick(ModelEventKind.allCases) : nil,
                priority: randomPriority(&random),
                replaysLatest: random.chance(30),
                limit: random.chance(15) ? random.within(1...3) : nil,
                named: random.chance(20))
        }
        let subscriptions = (0..<subscriptionCount).map { _ in
            let type = random.pick(ModelEntry.subscribable)
            return SubscriptionSpec(
                type: type,
                echo: random.chance(10) ? random.pick(ModelEventKind.allCases) : nil,
                priority: randomPriority(&random),
                replaysLatest: random.chance(30),
                evenOnly: random.chance(25),
                limit: random.chance(30) ? random.pick([1, 1, 2, 3]) : nil,
                named: random.chance(20))
        }
        // Most sequences start by registering most recipients, so that later steps have
        // someone to deliver to, cancel or drop.
        var steps: [Step] = []
        for slot in 0..<consumerCount where random.chance(75) {
            steps.append(Step(action: random.chance(70) ? .register(slot) : .registerWeakly(slot)))
        }
        for slot in 0..<subscriptionCount where random.chance(75) {
            steps.append(Step(action: random.chance(70) ? .subscribe(slot) : .subscribeOwned(slot)))
        }
        for _ in 0..<random.within(1...12) {
            let action = randomAction(
                &random, consumers: consumerCount, subscriptions: subscriptionCount)
            var reactions: [Reaction] = []
            // A dispatch reaches recipients; so may an addition, through its replays.
            let reacts: Bool
            switch action {
            case .dispatch: reacts = true
            case .register, .registerWeakly, .subscribe, .subscribeOwned: reacts = random.chance(30)
            default: reacts = false
            }
            if reacts {
                for _ in 0..<random.within(0...3) {
                    var actions = (0..<random.within(1...2)).map { _ in
                        randomAction(
                            &random, consumers: consumerCount, subscriptions: subscriptionCount)
                    }
                    if random.chance(10) {
                        // Churn one consumer within one call: its hold changes mid-pass.
                        let slot = random.below(consumerCount)
                        actions += [
                            .deregister(slot),
                            random.chance(50) ? .registerWeakly(slot) : .register(slot),
                            .dropConsumer(slot),
                        ]
                    }
                    reactions.append(
                        Reaction(
                            at: random.chance(70) ? random.within(0...2) : random.within(3...8),
                            actions: actions))
                }
            }
            steps.append(Step(action: action, reactions: reactions))
        }
        return ModelScenario(
            maximumQueuedDispatches: random.pick([1, 2, 3, 100]),
            maximumEventsPerDrain: random.pick([1, 2, 3, 5, 8, 1_000]),
            reentrancy: random.chance(25) ? .reject : .queue,
            consumers: consumers,
            subscriptions: subscriptions,
            steps: steps)
    }

    private static func randomEntry(_ random: inout ModelRandom) -> ModelEntry {
        random.pick(weighted: [
            (.all, 3), (.none, 1), (.base, 4), (.mid, 3), (.leaf, 3), (.side, 3), (.value, 3),
            (.plain, 3), (.boxA, 2), (.boxB, 2), (.note, 3), (.pin, 2), (.mood, 3), (.tagged, 3),
            (.flagged, 3), (.sticky, 2), (.didConsume, 4), (.noConsumer, 4),
        ])
    }

    /// Mostly the default 0, else a small range around it.
    private static func randomPriority(_ random: inout ModelRandom) -> Int {
        random.chance(60) ? 0 : random.within(-1...2)
    }

    /// An action every sequence may take whatever its slots: a dispatch, or one on sticky
    /// values or on the running pass.
    private static func randomBusAction(_ random: inout ModelRandom) -> ModelAction {
        random.pick(weighted: [
            (.dispatch(random.pick(ModelEventKind.allCases)), 40),
            (.removeStickyEvents(random.pick(ModelEntry.clearable)), 6),
            (.readStickyEvent(random.pick(ModelEntry.latestQueries)), 2), (.cancelDelivery, 6),
        ])
    }

    private static func randomAction(
        _ random: inout ModelRandom, consumers: Int, subscriptions: Int
    ) -> ModelAction {
        let consumer = random.below(consumers)
        guard subscriptions > 0 else {
            return random.pick(weighted: [
                (randomBusAction(&random), 52), (.register(consumer), 15),
                (.registerWeakly(consumer), 10), (.deregister(consumer), 10),
                (.dropConsumer(consumer), 8),
            ])
        }
        let subscription = random.below(subscriptions)
        return random.pick(weighted: [
            (randomBusAction(&random), 52), (.register(consumer), 12),
            (.registerWeakly(consumer), 8), (.deregister(consumer), 8),
            (.dropConsumer(consumer), 7), (.subscribe(subscription), 12),
            (.cancel(subscription), 5), (.dropToken(subscription), 5),
            (.releaseTokenOnAnotherThread(subscription), 3),
            (.subscribeOwned(subscription), 8), (.dropOwner(subscription), 5),
        ])
    }
}

extension ModelScenario {
    /// Smaller variants of this scenario, most aggressive first: the shrinker keeps the
    /// first one that still fails.
    var simplifications: [ModelScenario] {
        var result: [ModelScenario] = []
        // Adds this scenario changed by `change`.
        func add(_ change: (inout ModelScenario) -> Void) {
            var candidate = self
            change(&candidate)
            result.append(candidate)
        }
        // Drop runs of steps, halves first, then single steps.
        var chunk = steps.count / 2
        while chunk >= 1 {
            var start = 0
            while start < steps.count {
                add { $0.steps.removeSubrange(start..<min(start + chunk, steps.count)) }
                start += chunk
            }
            chunk /= 2
        }
        for (index, step) in steps.enumerated() {
            for reaction in step.reactions.indices {
                add { $0.steps[index].reactions.remove(at: reaction) }
                for action in step.reactions[reaction].actions.indices
                where step.reactions[reaction].actions.count > 1 {
                    add { $0.steps[index].reactions[reaction].actions.remove(at: action) }
                }
                if step.reactions[reaction].at > 0 {
                    add { $0.steps[index].reactions[reaction].at -= 1 }
                }
            }
        }
        for (slot, spec) in consumers.enumerated() {
            if spec.echo != nil {
                add { $0.consumers[slot].echo = nil }
            }
            if spec.priority != 0 {
                add { $0.consumers[slot].priority = 0 }
            }
            if spec.replaysLatest {
                add { $0.consumers[slot].replaysLatest = false }
            }
            if spec.limit != nil {
                add { $0.consumers[slot].limit = nil }
            }
            if spec.named {
                add { $0.consumers[slot].named = false }
            }
            for entry in spec.willConsume.indices {
                add { $0.consumers[slot].willConsume.remove(at: entry) }
            }
            for entry in spec.excludeList.indices {
                add { $0.consumers[slot].excludeList.remove(at: entry) }
            }
        }
        for (slot, spec) in subscriptions.enumerated() {
            if spec.echo != nil {
                add { $0.subscriptions[slot].echo = nil }
            }
            if spec.priority != 0 {
                add { $0.subscriptions[slot].priority = 0 }
            }
            if spec.replaysLatest {
                add { $0.subscriptions[slot].replaysLatest = false }
            }
            if spec.evenOnly {
                add { $0.subscriptions[slot].evenOnly = false }
            }
            if spec.limit != nil {
                add { $0.subscriptions[slot].limit = nil }
            }
            if spec.named {
                add { $0.subscriptions[slot].named = false }
            }
        }
        // Drop the last consumer or subscription slot when no action names it.
        let actions = steps.flatMap { [$0.action] + $0.reactions.flatMap(\.actions) }
        if let last = consumers.indices.last, consumers.count > 1,
            !actions.contains(where: { $0.consumerSlot == last })
        {
            add { $0.consumers.removeLast() }
        }
        if let last = subscriptions.indices.last,
            !actions.contains(where: { $0.subscriptionSlot == last })
        {
            add { $0.subscriptions.removeLast() }
        }
        if reentrancy == .reject {
            add { $0.reentrancy = .queue }
        }
        if maximumQueuedDispatches != 100 {
            add { $0.maximumQueuedDispatches = 100 }
        }
        if maximumEventsPerDrain != 1_000 {
            add { $0.maximumEventsPerDrain = 1_000 }
        }
        return result
    }

    /// The smallest scenario reachable by `simplifications` for which `fails` still holds.
    func shrunk(while fails: (ModelScenario) -> Bool) -> ModelScenario {
        var current = self
        var improved = true
        while improved {
            improved = false
            for candidate in current.simplifications where fails(candidate) {
                current = candidate
                improved = true
                break
            }
        }
        return current
    }
}
