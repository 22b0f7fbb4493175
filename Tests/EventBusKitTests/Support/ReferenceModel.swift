import EventBusKit

/// The simplest implementation of the delivery contract (CONTRACT.md) that could work:
/// arrays, linear scans and no caching, written from the contract, not from `EventBus`.
///
/// It runs a `ModelScenario` and produces the same observations as `ModelHarness` does for a
/// real bus: the log (every delivery, in order, and every report) and the state after each step.
///
/// Rules taken as given (they are the contract, or design choices of the bus documented in
/// the "Misuse and odd sequences" article):
/// - Announcements are `DidConsumeEvent` and `NoConsumerEvent`. `AllEvent` and categories do
///   not include them (only naming the type does); exclusions, categories included, apply.
/// - A weakly registered consumer is a recipient only while it is alive: once deallocated it
///   is never called and no longer counts as a listener for announcements.
/// - Announcements do not count against `maximumQueuedDispatches`, but count in reports and in the
///   drain budget.
/// - A pass holds the consumers it was going to call strongly (when they were registered
///   strongly) until it ends: one deregistered during the pass is released when the pass ends.
/// - A token dropped (on the bus's thread or another) ends its subscription at once; the bus
///   removes the entry when a pass meets it or at its next sweep, but it stops counting in
///   `recipientCount` at once (§16.6).
/// - An owner-bound subscription lives while its owner does (and until cancelled); dropping its
///   token does not end it. Its closure holds the owner during its own call.
/// - A `where even` subscription (§12.1) is skipped, as if not a recipient, for an event with
///   an odd serial number; a one-shot one (§12.2) ends before its first call, and a replay
///   offers it only the newest stored value it matches.
/// - `register`/`subscribe` hold their argument (the consumer, the owner) until they return,
///   so through the replays they run on an idle bus.
/// - Replays (§10.1) do not count toward `maximumQueuedDispatches`, like announcements. One still
///   waiting when the drain budget runs out is discarded and counted like any waiting event,
///   even if it would have been skipped at its turn.
/// - `cancelDelivery()` in app code the bus runs outside a recipient's call (here: a consumer's
///   list getters, read at registration) answers `false`; the harness checks it separately.
final class ReferenceModel {
    /// A value travelling on the modelled bus.
    indirect enum Value: Equatable {
        case event(ModelEventKind, id: Int)
        /// `object` is the consumer object's index; `nil` for a closure subscription.
        case didConsume(recipient: String, object: Int?, event: Value)
        case noConsumer(event: Value)

        /// Whether a `where even` predicate accepts it: an event with an even serial number,
        /// or an announcement.
        var hasEvenSerialNumber: Bool {
            if case .event(_, let id) = self { return id % 2 == 0 }
            return true
        }

        var shape: ModelShape {
            switch self {
            case .event(let kind, _): .event(kind)
            case .didConsume: .didConsume
            case .noConsumer: .noConsumer
            }
        }

        var label: String {
            switch self {
            case .event(let kind, let id): "\(kind)#\(id)"
            case .didConsume(let recipient, _, let event): "did(\(recipient),\(event.label))"
            case .noConsumer(let event): "none(\(event.label))"
            }
        }

        /// Whether this value holds a strong reference to consumer object `object`.
        func retains(_ object: Int) -> Bool {
            if case .didConsume(_, let held?, _) = self { return held == object }
            return false
        }
    }

    /// Who a registration is for.
    enum Owner: Equatable {
        case consumer(object: Int)
        case subscription(instance: Int)
    }

    /// One `register`, `registerWeakly` or `subscribe`, in registration order.
    struct Registration {
        let owner: Owner
        let name: String
        let weakly: Bool
        let willConsume: [ModelEntry]
        let excludeList: [ModelEntry]
        let echo: ModelEventKind?
        let priority: Int
        let replaysLatest: Bool
        /// A `where even` subscription: only events with an even serial number, and the
        /// announcements, are delivered to it (§12.1).
        var evenOnly = false
        /// The calls a registration with a limit may still receive, its last included: it
        /// ends before its last (§14.1); `nil`: no limit.
        var callsLeft: Int? = nil
        /// Whether the bus shows it by a name of its own (§14.1).
        var named = false
        /// The owner object of an owner-bound subscription.
        var lifetimeOwner: Int? = nil
        var isActive = true
        /// Ended by its token's deinit: the bus may not have removed the entry yet.
        var endedByToken = false
    }

    /// A consumer object the test made.
    struct Object {
        let name: String
        var heldByTest = true
    }

    private let scenario: ModelScenario
    private var registrations: [Registration] = []
    private var objects: [Object] = []
    /// The object currently in each consumer slot.
    private var slotObject: [Int] = []
    private var slotGeneration: [Int]
    /// The subscription instance whose token each slot holds.
    private var slotToken: [Int?]
    private var subscriptionCount = 0
    private var slotSubscriptionGeneration: [Int]
    /// Owner objects of owner-bound subscriptions, and whether the test still holds each.
    private var ownerHeldByTest: [Bool] = []
    /// The owner of each slot's latest owner-bound subscription.
    private var slotOwner: [Int?]
    /// The owners whose subscription's closure is running (it holds its owner).
    private var ownersInCall: [Int] = []

    /// What waits in the queue: a dispatched event, an announcement, or a replay of a stored
    /// sticky value to one registration (an index into `registrations`).
    enum Queued: Equatable {
        case dispatched
        case announcement
        case replay(to: Int)
    }

    private var queue: [(value: Value, kind: Queued)] = []
    private var isDelivering = false
    /// The sticky values stored, oldest stored first: at most one per kind (§10.1).
    private var stored: [Value] = []
    /// The replays queued during the running pass: the next one goes after them (§10.1).
    private var replaysQueuedInPass = 0
    /// The registrations whose `subscribe` call is running (its replays on an idle bus run
    /// inside it, before it returns a token), innermost last.
    private var subscribing: [Int] = []
    /// Whether a recipient's call (`consume` or a closure) is running.
    private var inRecipientCall = false
    /// Whether a recipient called `cancelDelivery()` during the running pass.
    private var passStopped = false
    /// Discards of drains no caller receives a report from (replays on an idle bus).
    private(set) var unattendedDiscards = 0
    /// Consumer objects and owner objects held by a `register`/`subscribe` call that runs.
    private var heldByCall: [Int] = []
    private var ownersHeldByCall: [Int] = []
    /// The value whose pass is running (it retains the consumer it names).
    private var inFlight: Value?
    /// The consumer objects whose `consume` is running.
    private var consuming: [Int] = []
    /// The strongly registered consumer objects on the running pass's snapshot.
    private var heldByPass: [Int] = []

    private var log = ModelStepLog()

    init(_ scenario: ModelScenario) {
        self.scenario = scenario
        slotGeneration = Array(repeating: 0, count: scenario.consumers.count)
        slotToken = Array(repeating: nil, count: scenario.subscriptions.count)
        slotSubscriptionGeneration = Array(repeating: 0, count: scenario.subscriptions.count)
        slotOwner = Array(repeating: nil, count: scenario.subscriptions.count)
        for slot in scenario.consumers.indices { makeObject(slot) }
    }

    private func makeObject(_ slot: Int) {
        let name = "c\(slot).\(slotGeneration[slot])"
        slotGeneration[slot] += 1
        objects.append(Object(name: name))
        if slot < slotObject.count {
            slotObject[slot] = objects.count - 1
        } else {
            slotObject.append(objects.count - 1)
        }
    }

    // MARK: Observations

    /// Runs one top-level step and returns what was logged during it.
    func perform(_ step: ModelScenario.Step) -> [String] {
        log.begin(step)
        execute(step.action)
        return log.lines
    }

    /// Whether each consumer object made so far is still alive.
    var alive: [Bool] { objects.indices.map(isAlive) }

    /// Whether each owner object made so far is still alive.
    var ownersAlive: [Bool] { ownerHeldByTest.indices.map(isOwnerAlive) }

    /// `isRegistered` for the current consumer of each slot.
    var registered: [Bool] {
        slotObject.map { object in
            registrations.contains { $0.owner == .consumer(object: object) && $0.isActive }
        }
    }

    /// `isActive` for each slot's token (`nil`: no token).
    var tokenActive: [Bool?] {
        slotToken.map { instance in
            instance.map { instance in
                registrations.contains {
                    $0.owner == .subscription(instance: instance) && isLive($0)
                }
            }
        }
    }

    /// `stickyEvent(_:)` for each of `ModelEntry.latestQueries`, then for `Conforming<any
    /// ModelTagged>`: no value is a `Conforming`, so always `nil`.
    var latest: [String?] {
        ModelEntry.latestQueries.map { latest($0)?.label } + [nil]
    }

    /// The most recently stored value that is a `entry` (§10.1).
    private func latest(_ entry: ModelEntry) -> Value? {
        stored.last { entry.covers($0.shape) }
    }

    /// The recipients `print(bus)` lists, in call order (descending priority, then
    /// registration): each by its name, `named …` for one registered with a name (§14.1).
    var shownNames: [String] {
        registrations.indices.filter { isLive(registrations[$0]) }
            .sorted { first, second in
                let (a, b) = (registrations[first].priority, registrations[second].priority)
                return a != b ? a > b : first < second
            }
            .map { (registrations[$0].named ? "named " : "") + registrations[$0].name }
    }

    /// The values `recipientCount` may take: exactly the live recipients, those that can
    /// still be called (§16.6).
    var recipientCount: ClosedRange<Int> {
        let live = registrations.filter(isLive).count
        return live...live  // only recipients that can still be called count (§16.6)
    }

    // MARK: Lifetimes (CONTRACT §6)

    /// An object lives while anyone holds it strongly: the test, a strong registration, a
    /// queued or in-flight `DidConsumeEvent`, its own running `consume`, or the running pass
    /// (which took it strongly registered).
    private func isAlive(_ object: Int) -> Bool {
        objects[object].heldByTest
            || consuming.contains(object)
            || heldByCall.contains(object)
            || heldByPass.contains(object)
            || registrations.contains {
                $0.owner == .consumer(object: object) && $0.isActive && !$0.weakly
            }
            || queue.contains { $0.value.retains(object) }
            || inFlight?.retains(object) == true
    }

    /// An owner lives while the test holds it, its subscription's closure is running, or the
    /// `subscribe` call that binds it runs.
    private func isOwnerAlive(_ owner: Int) -> Bool {
        ownerHeldByTest[owner] || ownersInCall.contains(owner) || ownersHeldByCall.contains(owner)
    }

    /// A registration is a recipient while it is active and, for a consumer, alive, and, for
    /// an owner-bound subscription, while its owner is.
    private func isLive(_ registration: Registration) -> Bool {
        guard registration.isActive else { return false }
        if case .consumer(let object) = registration.owner { return isAlive(object) }
        if let owner = registration.lifetimeOwner { return isOwnerAlive(owner) }
        return true
    }

    // MARK: Matching (CONTRACT §2, the table, in its order)

    private func matches(_ registration: Registration, _ shape: ModelShape) -> Bool {
        let will = registration.willConsume
        let exclude = registration.excludeList
        if will.contains(.none) { return false }  // 1
        if exclude.contains(.all) { return false }  // 2
        if exclude.contains(where: { $0.covers(shape) }) { return false }  // 3
        if will.contains(.all) && !shape.isAnnouncement { return true }  // 4
        // 5: announcements only through an entry that names their type.
        if will.contains(where: { $0.covers(shape) && !(shape.isAnnouncement && $0.isCategory) }) {
            return true
        }
        return false  // 6
    }

    private func someoneListens(for shape: ModelShape) -> Bool {
        registrations.contains { isLive($0) && matches($0, shape) }
    }

    // MARK: Actions

    private func execute(_ action: ModelAction) {
        switch action {
        case .register(let slot): register(slot, weakly: false)
        case .registerWeakly(let slot): register(slot, weakly: true)
        case .deregister(let slot):
            let object = slotObject[slot]
            var found = false
            for index in registrations.indices
            where registrations[index].owner == .consumer(object: object)
                && registrations[index].isActive
            {
                registrations[index].isActive = false
                found = true
            }
            log.append("deregister \(objects[object].name) -> \(found)")
        case .subscribe(let slot): subscribe(slot, owned: false)
        case .subscribeOwned(let slot): subscribe(slot, owned: true)
        case .cancel(let slot):
            if let instance = slotToken[slot] { end(instance) }
        case .dropToken(let slot), .releaseTokenOnAnotherThread(let slot):
            if let instance = slotToken[slot] {
                slotToken[slot] = nil
                dropToken(instance)
            }
        case .dropOwner(let slot):
            if let owner = slotOwner[slot] {
                ownerHeldByTest[owner] = false
                slotOwner[slot] = nil
            }
        case .dropConsumer(let slot):
            objects[slotObject[slot]].heldByTest = false
            makeObject(slot)
        case .dispatch(let kind):
            let value = Value.event(kind, id: log.newEventID())
            let report = dispatch(value)
            log.append("dispatch \(value.label) -> \(report)")
        case .removeStickyEvents(let entry):
            // Forgets every stored value that is a `entry` (§10.1).
            stored.removeAll { entry.covers($0.shape) }
        case .readStickyEvent(let entry):
            log.append("latest \(entry) -> \(latest(entry)?.label ?? "nil")")
        case .cancelDelivery:
            // `true` exactly inside a recipient's call; the pass then ends after it (§10.3).
            if inRecipientCall { passStopped = true }
            log.append("cancelDelivery -> \(inRecipientCall)")
        }
    }

    private func register(_ slot: Int, weakly: Bool) {
        let object = slotObject[slot]
        // Already registered (same object): a no-op that keeps its place (§3.1).
        if registrations.contains(where: { $0.owner == .consumer(object: object) && $0.isActive }) {
            return
        }
        let spec = scenario.consumers[slot]
        registrations.append(
            Registration(
                owner: .consumer(object: object), name: objects[object].name, weakly: weakly,
                willConsume: spec.willConsume, excludeList: spec.excludeList, echo: spec.echo,
                priority: spec.priority, replaysLatest: spec.replaysLatest,
                callsLeft: spec.limit, named: spec.named))
        heldByCall.append(object)
        replayLatest(to: registrations.count - 1)
        heldByCall.removeLast()
    }

    private func subscribe(_ slot: Int, owned: Bool) {
        let spec = scenario.subscriptions[slot]
        let instance = subscriptionCount
        subscriptionCount += 1
        var owner: Int?
        if owned {
            // The test holds only the latest owner of a slot.
            if let previous = slotOwner[slot] { ownerHeldByTest[previous] = false }
            ownerHeldByTest.append(true)
            owner = ownerHeldByTest.count - 1
            slotOwner[slot] = owner
        }
        registrations.append(
            Registration(
                owner: .subscription(instance: instance),
                name: "s\(slot).\(slotSubscriptionGeneration[slot])", weakly: false,
                willConsume: [spec.type], excludeList: [], echo: spec.echo,
                priority: spec.priority, replaysLatest: spec.replaysLatest,
                evenOnly: spec.evenOnly, callsLeft: spec.limit, named: spec.named,
                lifetimeOwner: owner))
        slotSubscriptionGeneration[slot] += 1
        if let owner { ownersHeldByCall.append(owner) }
        subscribing.append(registrations.count - 1)
        replayLatest(to: registrations.count - 1)
        subscribing.removeLast()
        if owner != nil { ownersHeldByCall.removeLast() }
        // `subscribe` has returned: the token it made replaces whichever the slot holds now.
        let previous = slotToken[slot]
        slotToken[slot] = instance
        if let previous { dropToken(previous) }  // the replaced token goes away
    }

    /// The test lets go of a token: that ends the subscription unless it is owner-bound.
    private func dropToken(_ instance: Int) {
        let index = registrations.firstIndex { $0.owner == .subscription(instance: instance) }!
        if registrations[index].lifetimeOwner == nil { end(instance, byToken: true) }
    }

    private func end(_ instance: Int, byToken: Bool = false) {
        for index in registrations.indices
        where registrations[index].owner == .subscription(instance: instance) {
            if byToken && registrations[index].isActive { registrations[index].endedByToken = true }
            registrations[index].isActive = false
        }
    }

    // MARK: Delivery (CONTRACT §3, §4, §5)

    private func dispatch(_ value: Value) -> DispatchReport {
        if isDelivering {
            if scenario.reentrancy == .reject { return .rejectedReentrant }
            if queue.filter({ $0.kind == .dispatched }).count >= scenario.maximumQueuedDispatches {
                return .rejectedFull
            }
            queue.append((value, .dispatched))
            return .queued
        }
        isDelivering = true
        defer { isDelivering = false }
        runPass(value)
        return drain(delivered: 1)
    }

    /// Runs the waiting events, first in first out, until the queue is empty or the drain
    /// budget is spent; `delivered` passes have run in this drain already.
    private func drain(delivered: Int) -> DispatchReport {
        var delivered = delivered
        while !queue.isEmpty {
            if delivered == scenario.maximumEventsPerDrain {
                let discarded = queue.count
                queue.removeAll()
                return .limitReached(processed: delivered, discarded: discarded)
            }
            let (value, kind) = queue.removeFirst()
            if case .replay(let index) = kind {
                // Skipped, with no pass, if its recipient ended or its value was cleared.
                guard isLive(registrations[index]), stored.contains(value) else { continue }
                runPass(value, onlyTo: index)
            } else {
                runPass(value)
            }
            delivered += 1
        }
        return .drained(events: delivered)
    }

    /// Replays to the registration just added at `index`, if it asks, every stored value it
    /// matches, oldest stored first, each in a pass of its own (§10.1): on an idle bus in a
    /// drain of their own, otherwise right after the running pass, after the replays already
    /// queued during it and before every other waiting event.
    private func replayLatest(to index: Int) {
        guard registrations[index].replaysLatest else { return }
        var values = stored.filter { matches(registrations[index], $0.shape) }
        // A registration with a limit of n is offered the newest n (§14.1).
        if let left = registrations[index].callsLeft { values = Array(values.suffix(left)) }
        if isDelivering {
            for value in values {
                queue.insert((value, .replay(to: index)), at: replaysQueuedInPass)
                replaysQueuedInPass += 1
            }
            return
        }
        isDelivering = true
        defer { isDelivering = false }
        queue = values.map { ($0, .replay(to: index)) }
        if case .limitReached(_, let discarded) = drain(delivered: 0) {
            unattendedDiscards += discarded
        }
    }

    /// One pass: `value` to its recipients, or, for a replay, to registration `onlyTo` alone.
    private func runPass(_ value: Value, onlyTo replayRecipient: Int? = nil) {
        inFlight = value
        replaysQueuedInPass = 0
        passStopped = false
        let shape = value.shape
        // A sticky event is stored when its pass begins, as the newest; a replay stores nothing.
        if replayRecipient == nil, case .event(let kind, _) = value, kind.isSticky {
            stored.removeAll { $0.shape == shape }
            stored.append(value)
        }
        // The snapshot: fixed when the pass begins (§4.1), in descending priority, then
        // registration order (§10.2).
        let recipients =
            replayRecipient.map { [$0] }
            ?? registrations.indices.filter {
                isLive(registrations[$0]) && matches(registrations[$0], shape)
            }.sorted { first, second in
                let (a, b) = (registrations[first].priority, registrations[second].priority)
                return a != b ? a > b : first < second
            }
        heldByPass = recipients.compactMap { index in
            guard !registrations[index].weakly,
                case .consumer(let object) = registrations[index].owner
            else { return nil }
            return object
        }
        defer {
            inFlight = nil
            heldByPass = []
        }
        var reached = 0
        for index in recipients {
            let registration = registrations[index]
            guard isLive(registration) else { continue }  // removed or gone before its turn (§4.2)
            // A rejected event is not a delivery (§12.1).
            if registration.evenOnly && !value.hasEvenSerialNumber { continue }
            // A registration with a limit ends before its last call (§14.1).
            if let left = registration.callsLeft {
                registrations[index].callsLeft = left - 1
                if left == 1 { registrations[index].isActive = false }
            }
            reached += 1
            var object: Int?
            if case .consumer(let held) = registration.owner { object = held }
            if let object { consuming.append(object) }
            if let owner = registration.lifetimeOwner { ownersInCall.append(owner) }
            inRecipientCall = true
            if let left = registration.callsLeft {
                // A replay inside `subscribe` runs before there is a token to ask.
                let active =
                    subscribing.contains(index) ? "before subscribe returned" : "\(left > 1)"
                log.append("\(registration.name) active in its call: \(active)")
            }
            consume(registration, value)
            inRecipientCall = false
            if registration.lifetimeOwner != nil { ownersInCall.removeLast() }
            if !shape.isAnnouncement && someoneListens(for: .didConsume) {
                queue.append(
                    (
                        .didConsume(recipient: registration.name, object: object, event: value),
                        .announcement
                    ))
            }
            if object != nil { consuming.removeLast() }
            // `cancelDelivery()` during this call: the recipients after it are not called.
            if passStopped { break }
        }
        if reached == 0 && !shape.isAnnouncement && someoneListens(for: .noConsumer) {
            queue.append((.noConsumer(event: value), .announcement))
        }
    }

    /// What every recipient does: log the delivery, run the step's reactions for this
    /// consumption, then its echo.
    private func consume(_ registration: Registration, _ value: Value) {
        let actions = log.delivered(value.label, to: registration.name, echo: registration.echo)
        for action in actions { execute(action) }
    }
}
