import EventBusKit

/// Asks `cancelDelivery()` from its `deinit` and when asked by a `description`, and reports
/// the answer to the harness (it must be `false`): held by each class event, each consumer and
/// each subscription's closure the harness makes, it checks every release of them the bus
/// makes, and every `description` it reads. Releases the harness makes itself, perhaps
/// inside a recipient's call, are not asked (see `ModelHarness.releasing(_:)`).
final class ModelProbe {
    private weak var harness: ModelHarness?
    init(_ harness: ModelHarness) { self.harness = harness }
    deinit { ask() }
    /// Asks `cancelDelivery()`, unless the harness itself is releasing something.
    func ask() {
        guard let harness, !harness.isReleasing else { return }
        harness.cancelDeliveryOutsideACall()
    }
}

/// A consumer made by `ModelHarness`: it reports each delivery to the harness. Its list,
/// priority and replay getters, which the bus runs outside any recipient's call, ask
/// `cancelDelivery()` and report the answer (it must be `false`); so do its `deinit` and its
/// `description`, through its probe.
final class ModelConsumer: EventConsumer, CustomStringConvertible {
    let name: String
    private let spec: ModelScenario.ConsumerSpec
    private let lists: (willConsume: [any Event.Type], excludeList: [any Event.Type])
    weak var harness: ModelHarness?
    private let probe: ModelProbe

    init(name: String, spec: ModelScenario.ConsumerSpec, harness: ModelHarness) {
        self.name = name
        self.spec = spec
        self.lists = (spec.willConsume.map(\.type), spec.excludeList.map(\.type))
        self.harness = harness
        self.probe = ModelProbe(harness)
    }

    var description: String {
        probe.ask()
        return name
    }

    var echo: ModelEventKind? { spec.echo }

    var willConsume: [any Event.Type] {
        harness?.cancelDeliveryOutsideACall()
        return lists.willConsume
    }

    var excludeList: [any Event.Type] {
        harness?.cancelDeliveryOutsideACall()
        return lists.excludeList
    }

    var priority: Int {
        harness?.cancelDeliveryOutsideACall()
        return spec.priority
    }

    var replaysLatest: Bool {
        harness?.cancelDeliveryOutsideACall()
        return spec.replaysLatest
    }

    func consume(_ event: any Event) {
        // With a limit, it logs in its call whether it is still registered (in its last call
        // it must not be).
        if spec.limit != nil { harness?.logRegistration(of: self) }
        harness?.consumed(event, by: name, echo: echo)
    }
}

/// The owner of an owner-bound subscription: a plain object the test holds or lets go.
final class ModelOwner {}

/// Runs a `ModelScenario` against a real `EventBus` and observes it the way
/// `ReferenceModel` observes itself.
final class ModelHarness {
    private final class WeakReference<Object: AnyObject> {
        weak var object: Object?
        init(_ object: Object) { self.object = object }
    }

    private let scenario: ModelScenario
    private(set) var bus: EventBus?
    private var consumers: [ModelConsumer] = []
    private var everyConsumer: [WeakReference<ModelConsumer>] = []
    /// The owner of each slot's latest owner-bound subscription, while the test holds it.
    private var owners: [ModelOwner?]
    private var everyOwner: [WeakReference<ModelOwner>] = []
    private var slotGeneration: [Int]
    private var tokens: [EventSubscription?]
    private var slotSubscriptionGeneration: [Int]

    private var log = ModelStepLog()

    init(_ scenario: ModelScenario) {
        self.scenario = scenario
        bus = EventBus(
            maximumQueuedDispatches: scenario.maximumQueuedDispatches,
            maximumEventsPerDrain: scenario.maximumEventsPerDrain,
            reentrancy: scenario.reentrancy)
        // The random sequences misuse the bus on purpose (cancelDelivery() anywhere, drain
        // budgets of 1): its reports are ProblemReportingTests' to check, not printed here.
        bus?.onProblem = { _ in }
        slotGeneration = Array(repeating: 0, count: scenario.consumers.count)
        tokens = Array(repeating: nil, count: scenario.subscriptions.count)
        slotSubscriptionGeneration = Array(repeating: 0, count: scenario.subscriptions.count)
        owners = Array(repeating: nil, count: scenario.subscriptions.count)
        for slot in scenario.consumers.indices { consumers.append(makeConsumer(slot)) }
    }

    private func makeConsumer(_ slot: Int) -> ModelConsumer {
        let consumer = ModelConsumer(
            name: "c\(slot).\(slotGeneration[slot])", spec: scenario.consumers[slot], harness: self)
        slotGeneration[slot] += 1
        everyConsumer.append(WeakReference(consumer))
        return consumer
    }

    // MARK: Observations

    /// Runs one top-level step and returns what was logged during it.
    func perform(_ step: ModelScenario.Step) -> [String] {
        log.begin(step)
        execute(step.action)
        return log.lines
    }

    /// Whether each consumer object made so far is still alive.
    var alive: [Bool] { everyConsumer.map { $0.object != nil } }

    /// Whether each owner object made so far is still alive.
    var ownersAlive: [Bool] { everyOwner.map { $0.object != nil } }

    /// `isRegistered` for the current consumer of each slot.
    var registered: [Bool] { consumers.map { bus?.isRegistered($0) ?? false } }

    /// `isActive` for each slot's token (`nil`: no token).
    var tokenActive: [Bool?] { tokens.map { $0?.isActive } }

    /// The recipients `print(bus)` lists, in call order, each by the name the model gives it:
    /// `c0.1` or `named c0.1` for a consumer (the bus shows the name it was given, or its
    /// description); `s0.1` for a subscription the bus shows by its type part and its call
    /// site, `named s0.1` for one it shows by its name and its call site.
    var shownNames: [String] {
        guard let bus else { return [] }
        let lines = String(describing: bus).split(separator: "\n")
        // The recipients' lines come before the routes'.
        let recipients = lines.prefix { !$0.hasPrefix("routes built") }.dropFirst()
        return recipients.compactMap { line in
            // "  1. NAME  priority: 2  willConsume: […]  excludeList: […]": a name has no
            // two spaces in a row.
            guard let dot = line.firstIndex(of: ".") else { return nil }
            let rest = line[line.index(dot, offsetBy: 2)...]
            guard let name = rest.split(separator: "  ", omittingEmptySubsequences: false).first
            else { return nil }
            return Self.modelName(shown: String(name))
        }
    }

    /// The model's name for a recipient the bus shows as `shown`; `misnamed(…)` when the bus
    /// shows a subscription without its call site, or by a name it was not given.
    private static func modelName(shown: String) -> String {
        guard let open = shown.firstIndex(of: "⟨"), let close = shown.firstIndex(of: "⟩") else {
            return shown  // a consumer: its name, or its description
        }
        let tag = String(shown[shown.index(after: open)..<close])
        if shown.hasPrefix("Subscription(to: "), shown.hasSuffix(")"),
            shown.contains("at: ⟨\(tag)⟩:0")
        {
            return tag
        }
        if shown.hasPrefix("named ⟨\(tag)⟩ ("), shown.hasSuffix(")"),
            shown.contains("at: ⟨\(tag)⟩:0")
        {
            return "named \(tag)"
        }
        return "misnamed(\(shown))"
    }

    /// The bus's `recipientCount`.
    var recipientCount: Int { bus?.recipientCount ?? 0 }

    /// The bus's `unattendedDiscards`.
    var unattendedDiscards: Int { bus?.unattendedDiscards ?? 0 }

    /// `stickyEvent(_:)` for each of `ModelEntry.latestQueries`, then for
    /// `Conforming<any ModelTagged>` (which no value is), as log labels.
    var latest: [String?] {
        guard let bus else { return [] }
        return ModelEntry.latestQueries.map { $0.stickyEvent(on: bus).map(Self.label) }
            + [
                bus.stickyEvent(Conforming<any ModelTagged>.self) == nil
                    ? nil : "a Conforming value"
            ]
    }

    /// How many times `cancelDelivery()` answered `true` to app code the bus ran outside any
    /// recipient's call (a consumer's list getters).
    private(set) var cancelledOutsideACall = 0

    /// Asks `cancelDelivery()` from app code the bus runs outside a recipient's call.
    func cancelDeliveryOutsideACall() {
        if bus?.cancelDelivery() == true { cancelledOutsideACall += 1 }
    }

    /// Whether the harness itself is releasing an object (see ``releasing(_:)``).
    private(set) var isReleasing = false

    /// Runs `body`, in which the harness (not the bus) releases what it made: a probe
    /// deinitialized there is not asked, as the release may be inside a recipient's call.
    private func releasing(_ body: () -> Void) {
        let was = isReleasing
        isReleasing = true
        body()
        isReleasing = was
    }

    /// Releases the bus, then every token and consumer the test holds, and returns the names
    /// of the consumer objects still alive (a leak) and of the tokens still active.
    func tearDown() -> (leaked: [String], activeTokens: [Int]) {
        releasing { bus = nil }  // no pass runs once the bus is going
        let activeTokens = tokens.indices.filter { tokens[$0]?.isActive == true }
        for token in tokens { token?.cancel() }  // harmless once the bus is gone
        tokens = []
        consumers = []
        owners = []
        let leaked =
            everyConsumer.compactMap { $0.object?.name }
            + everyOwner.indices.filter { everyOwner[$0].object != nil }.map { "owner \($0)" }
        return (leaked, activeTokens)
    }

    // MARK: Actions

    private func execute(_ action: ModelAction) {
        guard let bus else { return }
        switch action {
        // The call holds the consumer (and an owner, below) until it returns, replays included.
        case .register(let slot):
            bus.register(consumers[slot], options: registrationOptions(slot))
        case .registerWeakly(let slot):
            bus.registerWeakly(consumers[slot], options: registrationOptions(slot))
        case .deregister(let slot):
            let found = bus.deregister(consumers[slot])
            log.append("deregister \(consumers[slot].name) -> \(found)")
        case .subscribe(let slot): subscribe(slot, on: bus, owner: nil)
        case .subscribeOwned(let slot):
            let owner = ModelOwner()
            owners[slot] = owner
            everyOwner.append(WeakReference(owner))
            subscribe(slot, on: bus, owner: owner)
        case .dropOwner(let slot): releasing { owners[slot] = nil }
        case .cancel(let slot): tokens[slot]?.cancel()
        case .dropToken(let slot): releasing { tokens[slot] = nil }
        case .releaseTokenOnAnotherThread(let slot):
            if let token = tokens[slot].take() { releaseOnAnotherThread(consume token) }
        case .dropConsumer(let slot):
            let replacement = makeConsumer(slot)
            releasing { consumers[slot] = replacement }
        case .dispatch(let kind):
            var event: (any Event)? = kind.make(id: log.newEventID(), probe: ModelProbe(self))
            let report = bus.dispatch(event!)
            log.append("dispatch \(Self.label(event!)) -> \(report)")
            releasing { event = nil }
        case .removeStickyEvents(let entry): entry.removeStickyEvents(on: bus)
        case .readStickyEvent(let entry):
            log.append("latest \(entry) -> \(entry.stickyEvent(on: bus).map(Self.label) ?? "nil")")
        case .cancelDelivery: log.append("cancelDelivery -> \(bus.cancelDelivery())")
        }
    }

    /// The options a consumer slot is registered with: its limit and its name (its priority
    /// and replay are the consumer's own).
    private func registrationOptions(_ slot: Int) -> RecipientOptions {
        let spec = scenario.consumers[slot]
        return RecipientOptions(
            limit: spec.limit, name: spec.named ? "named \(consumers[slot].name)" : nil)
    }

    private func subscribe(_ slot: Int, on bus: EventBus, owner: ModelOwner?) {
        let spec = scenario.subscriptions[slot]
        let name = "s\(slot).\(slotSubscriptionGeneration[slot])"
        slotSubscriptionGeneration[slot] += 1
        // The closure holds a probe: the bus releases it (cancel, sweep, tear-down).
        let probe = ModelProbe(self)
        // The predicate is app code the bus runs outside the call: it asks `cancelDelivery()`.
        let accepts: ((any Event) -> Bool)? =
            spec.evenOnly
            ? { [weak self] event in
                self?.cancelDeliveryOutsideACall()
                return Self.hasEvenSerialNumber(event)
            } : nil
        // A subscription with a limit logs, in its call, whether it is still active (in its
        // last call it must not be). Its closure reaches its token weakly, as the token of a
        // subscription that ends with it must not be kept; an owner-bound one's, which does
        // not end it, strongly (the bus releases the closure when it removes the
        // subscription).
        final class OwnToken {
            weak var weakToken: EventSubscription?
            var ownerBoundToken: EventSubscription?
            var token: EventSubscription? { ownerBoundToken ?? weakToken }
        }
        let own = OwnToken()
        let options = RecipientOptions(
            priority: spec.priority, replaysLatest: spec.replaysLatest, limit: spec.limit,
            name: spec.named ? "named ⟨\(name)⟩" : nil)
        let token = spec.type.subscribe(
            on: bus, owner: owner, options: options, accepts: accepts, tag: "⟨\(name)⟩"
        ) { [weak self] event in
            withExtendedLifetime(probe) {}
            if spec.limit != nil {
                // A replay inside `subscribe` runs before there is a token to ask.
                let active = own.token.map { "\($0.isActive)" } ?? "before subscribe returned"
                self?.log.append("\(name) active in its call: \(active)")
            }
            self?.consumed(event, by: name, echo: spec.echo)
        }
        own.weakToken = token
        if owner != nil { own.ownerBoundToken = token }
        // Only now, after the replays that ran inside `subscribe`, is the slot's previous
        // token (whichever it is by then) dropped.
        releasing { tokens[slot] = token }
    }

    /// Logs whether `consumer` is registered, from inside its call.
    func logRegistration(of consumer: ModelConsumer) {
        log.append("\(consumer.name) active in its call: \(bus?.isRegistered(consumer) == true)")
    }

    /// What every recipient does: log the delivery, run the step's reactions for this
    /// consumption, then its echo.
    func consumed(_ event: any Event, by name: String, echo: ModelEventKind?) {
        for action in log.delivered(Self.label(event), to: name, echo: echo) { execute(action) }
    }

    /// What a `where even` subscription's predicate answers: whether the event's serial number
    /// is even; `true` for the bus's announcements, which have none.
    static func hasEvenSerialNumber(_ event: any Event) -> Bool {
        guard let labeled = event as? any ModelLabeled,
            let number = labeled.modelLabel.split(separator: "#").last.flatMap({ Int($0) })
        else { return true }
        return number % 2 == 0
    }

    /// How an event reads in the log; the same spelling as `ReferenceModel.Value.label`.
    static func label(_ event: any Event) -> String {
        if let did = event as? DidConsumeEvent {
            return "did(\(recipientName(did.consumer)),\(label(did.event)))"
        }
        if let none = event as? NoConsumerEvent {
            return "none(\(label(none.event)))"
        }
        if let labeled = event as? any ModelLabeled { return labeled.modelLabel }
        return "unexpected(\(type(of: event)))"
    }

    /// A consumer's name, or the tag a subscription's stand-in carries in its description.
    private static func recipientName(_ consumer: any EventConsumer) -> String {
        if let consumer = consumer as? ModelConsumer { return consumer.name }
        let description = String(describing: consumer)
        guard let open = description.firstIndex(of: "⟨"),
            let close = description.firstIndex(of: "⟩"),
            open < close
        else { return "unnamed(\(description))" }
        return String(description[description.index(after: open)..<close])
    }
}
