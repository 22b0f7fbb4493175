// How recipients enter and leave the registry: add, end, sweep and tear down. Every change
// goes through `changeRegistry(_:)`, and what it removes is released after it.

extension EventBus {
    /// Registers `consumer`, an app's, held weakly when `weakly`, listening as `options` say,
    /// unless it is already registered: the entry of `register` and `registerWeakly` (a
    /// closure recipient takes ``add(listing:lists:_:finish:owner:label:options:)``). Its recipient is made first
    /// (``Registry/makeRecipient(_:lists:weakly:priority:rules:)``), then placed in one registry
    /// change (``Registry/enter(_:vacancy:)``).
    ///
    /// The options become the recipient's ``ListeningRules``, which every later step asks. The
    /// consumer's lists, priority and replay flag are read first, outside any access to
    /// the registry, so a getter may call the bus. Then ``sweepBeforeAdding()``. A recipient
    /// that replays gets its replays last (see `replayLatest(to:cause:)`). Then, as each owner
    /// call does, a registration that turned out to be a no-op included, ``afterAdding()``.
    ///
    /// - Returns: The new recipient, or `nil` when the consumer was already registered.
    func add(
        _ consumer: any EventConsumer, weakly: Bool, options: RecipientOptions
    ) -> Recipient? {
        checkAddingIsolation()
        defer { afterAdding() }
        let rules = ListeningRules.own(options, isFiltered: false)
        guard case .absent(let vacancy) = registration(of: consumer) else { return nil }
        // App code (list, priority and replay getters), outside any recipient's call.
        let (willConsume, excludeList, priority, replays) = outsideRecipientCall {
            (
                consumer.willConsume, consumer.excludeList,
                ListeningRules.priority(rules, otherwise: consumer.priority),
                ListeningRules.replaysLatest(rules, otherwise: consumer.replaysLatest)
            )
        }
        let lists = consumerLists(willConsume: willConsume, excludeList: excludeList)
        if let habit = MigrationDiagnostics.habit(in: lists, of: consumer) {  // debug builds
            recordProblem(.swiftEventBusHabit, what: habit.what, fix: habit.fix)
        }
        sweepBeforeAdding()
        let reachesNothing = lists.reachesNothing
        // The lists and the rules move into the recipient (read after, they were copied).
        let recipient = registry.value.makeRecipient(
            consumer, lists: consume lists, weakly: weakly, priority: priority,
            rules: consume rules)
        let (entered, released) = changeRegistry { $0.enter(recipient, vacancy: vacancy) }
        releaseRemoved(consume released)
        guard entered else { return nil }
        if reachesNothing { recordReachingNothing(recipient, of: consumer) }
        if replays { replayLatest(to: recipient, cause: tracedCause(by: tracedRecipient)) }
        return recipient
    }

    /// Debug builds: stops an add made off the bus's isolation (or, during delivery, off the
    /// draining thread). See EventBus+IsolationCheck.swift.
    @inline(__always)
    func checkAddingIsolation() {
        #if DEBUG
            let call: StaticString = "register, subscribe, events(of:) or next"
            if isDelivering { checkDrainingThread(call) } else { checkIsolation(call) }
        #endif
    }

    /// Removes what ended, before each add's access to the registry: first the recipients
    /// dropped tokens ended, when the inbox's hint (``InboxWords/mayHoldEnded``) says it lists some
    /// (found at once, near the end of the list); then, every time the registry has doubled
    /// since the last sweep, the other recipients that ended without being removed (weakly
    /// held consumers and owners that died, streams that stopped), so the registry stays
    /// within twice the live recipients (plus 64), at O(1) amortized per add.
    @inline(__always)
    func sweepBeforeAdding() {
        if let inbox, inbox.unlocked.mayHoldEnded { removeListedEnded(in: inbox) }
        if registry.value.count >= endedSweepThreshold {
            removeEndedRecipients()
            endedSweepThreshold = max(64, registry.value.count * 2)
        }
    }

    /// The end of every add, a no-op's included: an outermost call delivers what was posted
    /// to a bus that knows no actor (a subscription made in the same `init` as the poster
    /// receives it), and reports its problems.
    @inline(__always)
    func afterAdding() {
        if core.ownerDeliversPosts && !isDelivering { ownerDeliversPostedEvents() }
        if core.problemsWaiting { reportProblems() }  // the outermost call returns
    }

    /// Ends `recipient` for `reason`, unless its end was claimed already (then that claim's
    /// reason stands), and removes it from the registry; its consumer is released after the
    /// registry access ends (releasing a closure runs the deinits of what it captured, and
    /// those may call back into the bus: cancel another token, register, dispatch). A caller
    /// that found it with ``registration(of:)``, with nothing changed since, passes its
    /// `identitySlot`: the identity table is not probed again.
    ///
    /// - Returns: `false` when it was not registered.
    @discardableResult
    func end(_ recipient: Recipient, because reason: RecipientEnd, identitySlot: Int? = nil)
        -> Bool
    {
        let (removed, released) = changeRegistry {
            $0.remove(recipient, ending: reason, identitySlot: identitySlot)
        }
        releaseRemoved(consume released)
        return removed
    }

    /// ``end(_:because:identitySlot:)`` for a stand-in its caller holds (a token's `cancel()`):
    /// retired through that reference after the registry access, with none returned by the registry
    /// (a retain and a release fewer a cancel).
    func end(standIn: StandIn, because reason: RecipientEnd) {
        _ = changeRegistry { $0.remove(standIn: standIn, ending: reason) }
        outsideRecipientCall { retire(standIn, afterPassOf: self) }
    }

    /// Ends `recipient`, whose end the running pass claimed for its last call
    /// (``RecipientEnd/lastCall``), and removes it: off its routes when the pass ends
    /// (``takeOffLeaving()``), so the pass's entries are not copied, as they are when one
    /// recipient already waits for that, or outside a pass. The pass meets it
    /// removed, as it would any recipient removed during it; no later pass does (passes do
    /// not nest: a dispatch during one waits for it to end).
    ///
    /// - Returns: Outside a pass, or when one recipient already waits, the consumer removed,
    ///   for the caller to release (``releaseRemoved(_:)``) after the last call: a stand-in
    ///   retired now would make that call with its closures gone.
    func endBeforeLastCall(_ recipient: Recipient) -> (any EventConsumer)? {
        guard pass.runningEntries != nil, pass.leaving == nil else {
            return changeRegistry { $0.remove(recipient, ending: .lastCall) }.released
        }
        // No route changes (not `changeRegistry`, which would pin the entries before it).
        let (removed, released) = registry.value.removeKeepingRoutes(recipient, ending: .lastCall)
        pass.mayAnnounceConsumption = registry.value.mayAnnounceConsumption
        if removed {
            pass.leaving = recipient
            pass.leavingConsumer = released
            // Pinned (not copied: nothing changes them), so that the pass's end, which tests
            // the pin alone, takes it off its routes (see `unpinRoute()`).
            if pass.pinnedEntries == nil { pass.pinnedEntries = pass.runningEntries!.retained() }
        }
        #if DEBUG
            registry.value.checkInvariants(leaving: pass.leaving)
        #endif
        if !removed { releaseRemoved(consume released) }
        return nil
    }

    /// Takes the recipient the pass that just ended left on its routes off them, and releases
    /// its consumer after the access.
    @inline(never)
    func takeOffLeaving() {
        guard let leaving = pass.leaving.take() else { return }
        let released = pass.leavingConsumer.take()
        changeRegistry { $0.takeOffRoutes(leaving) }
        releaseRemoved(consume released)
    }

    /// Removes every recipient that has ended without being removed: stopped streams, and
    /// owner-bound subscriptions or weakly held consumers whose object is gone.
    func removeEndedRecipients() {
        let released = changeRegistry { $0.removeEnded() }
        releaseRemoved(consume released)
    }

    /// Removes what the inbox says ended: every ended recipient when it asks for a `sweep`,
    /// otherwise the recipients their tokens `ended` (each found at once).
    func removeEnded(sweep: Bool, ended: EndedRecipients) {
        if sweep { return removeEndedRecipients() }
        if let only = ended.only {
            // A stand-in (every recipient a token hands over is one) is retired through the
            // reference taken from the inbox: the registry returns none (see `end(standIn:)`).
            if let standIn = only.asStandIn {
                if changeRegistry({ $0.removeEnded(standIn: standIn) }) {
                    outsideRecipientCall { retire(standIn, afterPassOf: self) }
                }
                return
            }
            let released = changeRegistry { $0.removeEnded(only) }
            return releaseRemoved(consume released)
        }
        guard !ended.isEmpty else { return }
        let released = changeRegistry { $0.removeEnded(ended) }
        releaseRemoved(consume released)
    }

    /// Removes now the recipients that `inbox` lists as ended by their tokens, leaving a
    /// sweep asked for to the next drain: what an add does first when the inbox's hint
    /// (``InboxWords/mayHoldEnded``) says it lists some.
    func removeListedEnded(in inbox: Inbox) {
        removeEnded(sweep: false, ended: inbox.takeEnded())
    }

    /// The bus is going away: refuse later posts, end every recipient still registered
    /// (``RecipientEnd/busGone``, unless an end was claimed first), finish its streams and
    /// waiters, each as its recipient's end says, and release every recipient.
    func tearDown() {
        if let (waiting, reports) = inbox?.close() {
            recordInboxReports(reports)
            // What the bus took and did not deliver goes too: before what still waited.
            let discarded = posted.value.takeAllHeld().takeRemaining() + waiting
            if let first = discarded.first {
                recordProblem(
                    .postedEventsDiscarded, count: discarded.count,
                    what: "bus deallocated with posted \(name: type(of: first)) undelivered",
                    fix: "keep it while posters post")
            }
        }
        let released = changeRegistry { $0.removeAll() }
        for consumer in released { retireIfStandIn(consumer) }
        release(afterAccess: released)
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
        if let known = entryCategories.value[id] { return known }
        let category = MatchList.category(named: entry)
        entryCategories.value.set(category, for: id)
        return category
    }

    /// The recipient registered for `consumer`, if it is still alive. (The liveness check, a
    /// weak load, is made after the access to the registry.)
    @inline(__always)
    func registeredRecipient(for consumer: any EventConsumer) -> Recipient? {
        guard case .registered(let recipient, _) = registration(of: consumer) else { return nil }
        return recipient
    }

    /// Whether `consumer` is registered, and alive: its recipient and the recipient's slot in
    /// the identity table (`nil` for a stand-in, which is not in it); otherwise where its entry
    /// would go in the table, for the add that follows to take without a second probe if
    /// nothing changed the table since (``Registry/enter(_:vacancy:)``).
    @inline(__always)
    func registration(of consumer: any EventConsumer) -> ConsumerRegistration {
        // The identity table read in place, through the cell's address. Each branch returns
        // the recipient it found: one optional checked after both branches costs a second
        // retain and a release.
        switch registry.value.byID.probe(ObjectIdentifier(consumer)) {
        case .found(let slot):
            let found = registry.value.byID[slot: slot].recipient
            return found.holds(consumer) ? .registered(found, identitySlot: slot) : .absent(nil)
        case .missing(let vacancy):
            // A stand-in is not in the identity table.
            guard let standIn = consumer as? StandIn,
                let found = registry.value.recipient(ofStandIn: standIn), found.holds(consumer)
            else { return .absent(vacancy) }
            return .registered(found, identitySlot: nil)
        }
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
            registry.value.checkInvariants(leaving: pass.leaving)
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

/// What ``EventBus/registration(of:)`` found for a consumer.
enum ConsumerRegistration {
    /// Registered and alive: its recipient, and the recipient's slot in the identity table
    /// (`nil` for a stand-in).
    case registered(Recipient, identitySlot: Int?)
    /// Not registered (or registered and dead): where its entry would go in the identity
    /// table, if the table has room (see ``AddressTable/Vacancy``).
    case absent(ObjectTable<ListedRecipient>.Vacancy?)
}
