// How recipients enter and leave the registry: add, end, sweep and tear down. Every change
// goes through `changeRegistry(_:)`, and what it removes is released after it.

extension EventBus {
    /// Adds the recipient `description` describes, listening as `options` say, unless its
    /// consumer is already registered: the one entry of every registration, subscription,
    /// stream and `next`.
    ///
    /// The consumer's lists, priority and replay flag are read first, outside any access to
    /// the registry, so a getter may call the bus. Every time the registry has doubled since
    /// the last sweep, recipients that ended without being removed (weakly held consumers and
    /// owners that died, streams that stopped) are swept out, which keeps the registry within
    /// twice the live recipients (plus 64) at O(1) amortized per registration. A recipient
    /// that replays gets its replays last (see `replayLatest(to:cause:)`).
    ///
    /// - Returns: The new recipient, or `nil` when the consumer was already registered.
    func add(_ description: RecipientDescription, options: RecipientOptions) -> Recipient? {
        #if DEBUG
            // See EventBus+IsolationCheck.swift.
            let call: StaticString = "register, subscribe, events(of:) or next"
            if isDelivering { checkDrainingThread(call) } else { checkIsolation(call) }
        #endif
        let consumer = description.consumer
        let lists: MatchList
        let priority: Int
        let replays: Bool
        // A stand-in names itself (its label reads the name); a consumer's name is the
        // recipient's.
        var name: String? = nil
        if case .standIn(let standIn) = description.subject {
            // The bus's own: new (never registered already), its lists made by the bus, its
            // priority and replay the options' alone. No app code to run.
            lists = standIn.lists
            priority = options.priority ?? 0
            replays = options.replaysLatest ?? false
        } else {
            guard registeredRecipient(for: consumer) == nil else { return nil }
            // App code (list, priority and replay getters), outside any recipient's call.
            let willConsume: [any Event.Type]
            let excludeList: [any Event.Type]
            (willConsume, excludeList, priority, replays) = outsideRecipientCall {
                (
                    consumer.willConsume, consumer.excludeList,
                    options.priority ?? consumer.priority,
                    options.replaysLatest ?? consumer.replaysLatest
                )
            }
            lists = consumerLists(willConsume: willConsume, excludeList: excludeList)
            if let habit = MigrationDiagnostics.habit(in: lists, of: consumer) {  // debug builds
                recordProblem(.swiftEventBusHabit, what: habit.what, fix: habit.fix)
            }
            name = options.name.map(ProblemLog.oneLine)
            recordIfItReachesNothing(consumer, named: name, lists: lists)
        }
        if registry.value.count >= endedSweepThreshold {
            removeEndedRecipients()
            endedSweepThreshold = max(64, registry.value.count * 2)
        }
        let (recipient, released) = changeRegistry {
            $0.add(
                consumer, lists: lists, weakly: description.isWeak,
                isStandIn: description.isStandIn, priority: priority)
        }
        releaseOutsideRecipientCall(consume released)
        guard let recipient else { return nil }
        recipient.addGate(description.gate(with: options))
        if let limit = options.limit { recipient.limitCalls(to: limit) }
        if let name { recipient.rename(name) }
        if let owner = description.owner { recipient.endWhenDeallocated(owner) }
        if replays { replayLatest(to: recipient, cause: tracedCause(by: tracedRecipient)) }
        // After its own work, an outermost call delivers what was posted to a bus that knows
        // no actor: a subscription made in the same `init` as the poster receives it.
        if core.ownerDeliversPosts && !isDelivering { ownerDeliversPostedEvents() }
        if core.problemsWaiting { reportProblems() }  // the outermost call returns
        return recipient
    }

    /// Ends `recipient` and removes it from the registry; its consumer is released after the
    /// registry access ends (releasing a closure runs the deinits of what it captured, and
    /// those may call back into the bus: cancel another token, register, dispatch).
    ///
    /// - Returns: `false` when it was not registered.
    @discardableResult
    func end(_ recipient: Recipient) -> Bool {
        let (removed, released) = changeRegistry { $0.remove(recipient) }
        releaseOutsideRecipientCall(consume released)
        return removed
    }

    /// Removes every recipient that has ended without being removed: stopped streams, and
    /// owner-bound subscriptions or weakly held consumers whose object is gone.
    func removeEndedRecipients() {
        let released = changeRegistry { $0.removeEnded() }
        releaseOutsideRecipientCall(consume released)
    }

    /// Removes what `batch`, taken from the inbox, says ended: every ended recipient when it
    /// asks for a sweep, otherwise the recipients their tokens ended (each found at once).
    func removeEnded(in batch: Inbox.Batch) {
        if batch.sweep { return removeEndedRecipients() }
        guard !batch.ended.isEmpty else { return }
        let released = changeRegistry { $0.removeEnded(batch.ended) }
        releaseOutsideRecipientCall(consume released)
    }

    /// The bus is going away: refuse later posts, finish its streams, and release every
    /// recipient.
    func tearDown() {
        if let (waiting, reports) = inbox?.close() {
            recordInboxReports(reports)
            // What the bus took and did not deliver goes too: before what still waited.
            let discarded = posted.takeRemaining() + waiting
            if let first = discarded.first {
                recordProblem(
                    .postedEventsDiscarded, count: discarded.count,
                    what: "bus deallocated with posted \(name: type(of: first)) undelivered",
                    fix: "keep it while posters post")
            }
        }
        for recipient in registry.value.recipients {
            (recipient.consumer as? any AnyStandIn)?.finish()
        }
        release(afterAccess: changeRegistry { $0.removeAll() })
    }

    /// The lists of a consumer that read `willConsume` and `excludeList`: the ones made the
    /// last time these arrays were read, if the cache kept them (see ``ListsCache``).
    private func consumerLists(
        willConsume: [any Event.Type], excludeList: [any Event.Type]
    ) -> MatchList {
        if let known = registry.value.consumerLists.lists(
            willConsume: willConsume, excludeList: excludeList)
        {
            return known
        }
        let lists = MatchList(
            willConsume: willConsume, excludeList: excludeList, category: category(named:))
        registry.value.consumerLists.keep(lists)
        return lists
    }

    /// The category a list entry names, or `nil` when it names a type: a run-time conformance
    /// check, answered once per entry type.
    func category(named entry: any Event.Type) -> (any _EventCategory.Type)? {
        let id = ObjectIdentifier(entry)
        if let known = entryCategories[id] { return known }
        let category = MatchList.category(named: entry)
        entryCategories.set(category, for: id)
        return category
    }

    /// The recipient registered for `consumer`, if it is still alive. (The liveness check, a
    /// weak load, is made after the access to the registry.)
    func registeredRecipient(for consumer: any EventConsumer) -> Recipient? {
        let found: Recipient?
        if let consumer = registry.value.recipient(withID: ObjectIdentifier(consumer)) {
            found = consumer
        } else if let standIn = consumer as? StandIn {
            found = registry.value.recipient(ofStandIn: standIn)  // not in the identity table
        } else {
            return nil
        }
        guard let found, found.consumer === consumer else { return nil }
        return found
    }

    /// Runs `change` on the registry in place (see ``registry``).
    ///
    /// `change` must not call the app's code: what it removes it returns, for the caller to
    /// release with `release(afterAccess:)`. During a pass, the pass's entries are pinned
    /// first, so the change copies rather than changes them (see `RouteEntries`). Debug
    /// builds check the registry's invariants after each change (see `Registry+Invariants`).
    func changeRegistry<Result>(_ change: (inout Registry) -> Result) -> Result {
        if let running = pass.runningEntries, pass.pinnedEntries == nil {
            pass.pinnedEntries = running.retained()
        }
        let result = change(&registry.value)
        pass.mayAnnounceConsumption = registry.value.mayAnnounceConsumption
        #if DEBUG
            registry.value.checkInvariants()
        #endif
        return result
    }
}

/// Releases `value` here and no earlier: after the caller's access to the bus's state has
/// ended, since a release may run a deinit, and a deinit may call the bus.
@inline(__always)
func release<Value>(afterAccess value: Value) {
    withExtendedLifetime(value) {}
}
