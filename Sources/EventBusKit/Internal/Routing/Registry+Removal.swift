// How recipients leave the registry: one at a time, the ones their tokens ended, every one
// that ended (a sweep), or all of them.

extension Registry {
    /// Removes `recipient` from the registry and every route, and deactivates it, claiming its
    /// end for `end` unless it was claimed already (see ``Recipient/deactivate(ending:)``).
    /// It leaves a hole in ``list`` until holes are half the list and one pass over the list
    /// compacts it; the last one is taken off at once.
    ///
    /// A caller that found a consumer's recipient at `identitySlot` of the identity table
    /// (``AddressTable/slot(of:)``), with nothing changed since, passes it: the table is not
    /// probed again.
    ///
    /// - Returns: Whether it was registered, and the consumer it held strongly, for the
    ///   caller to release after the access.
    /// - Complexity: O(1) amortized, and O(*c*·log *k*) for the *c* routes of length *k* its
    ///   lists may match.
    @discardableResult
    mutating func remove(
        _ recipient: Recipient, ending end: RecipientEnd, identitySlot: Int? = nil
    ) -> (removed: Bool, released: (any EventConsumer)?) {
        remove(recipient, ending: end, keepingRoutes: false, identitySlot: identitySlot)
    }

    /// ``remove(_:ending:identitySlot:)``, but leaving `recipient` on its routes: a running pass
    /// holds them, and changing them would copy its entries. Its bus takes it off them when the
    /// pass ends (``takeOffRoutes(_:)``); until then a pass meets it removed, and skips it.
    mutating func removeKeepingRoutes(_ recipient: Recipient, ending end: RecipientEnd) -> (
        removed: Bool, released: (any EventConsumer)?
    ) {
        remove(recipient, ending: end, keepingRoutes: true)
    }

    /// ``remove(_:ending:identitySlot:)`` for a stand-in whose caller holds it (a token's
    /// `cancel()`): the same, with no reference to it returned (see
    /// ``Recipient/markRemoved(ending:)``).
    ///
    /// - Returns: Whether it was registered.
    mutating func remove(standIn: StandIn, ending end: RecipientEnd) -> Bool {
        remove(standIn, keepingRoutes: false) { standIn.markRemoved(ending: end) }.removed
    }

    /// ``remove(_:ending:identitySlot:)`` and ``removeKeepingRoutes(_:ending:)``: each caller
    /// passes a constant, so each inlines its own copy without the test.
    @inline(__always)
    private mutating func remove(
        _ recipient: Recipient, ending end: RecipientEnd, keepingRoutes: Bool,
        identitySlot: Int? = nil
    ) -> (removed: Bool, released: (any EventConsumer)?) {
        remove(recipient, keepingRoutes: keepingRoutes, identitySlot: identitySlot) {
            recipient.deactivate(ending: end)
        }
    }

    /// The one removal: `deactivate` deactivates `recipient` (and returns what the caller
    /// releases), then, if it was listed, it is forgotten and taken off the list and, unless
    /// `keepingRoutes`, its routes.
    @inline(__always)
    private mutating func remove<Released>(
        _ recipient: Recipient, keepingRoutes: Bool, identitySlot: Int? = nil,
        deactivating deactivate: () -> Released
    ) -> (removed: Bool, released: Released) {
        let isListed = !recipient.isRemoved && isInList(recipient)
        let released = deactivate()
        guard isListed else { return (false, released) }
        forget(recipient, identitySlot: identitySlot)
        takeOffList(recipient)
        if !keepingRoutes { takeOffRoutes(recipient) }
        return (true, released)
    }

    /// Removes `ended`, recipients their tokens ended, in the two steps of ``removeEnded()``:
    /// each that is still listed is deactivated, then taken off the lists. One that another
    /// thread ends between the steps is left, ended, for the sweep its ending asks for.
    ///
    /// - Returns: The consumers the recipients held strongly, for the caller to release after
    ///   the access (the first apart: one recipient, the common case, allocates no array).
    /// - Complexity: O(1) amortized for each, and O(*c*·log *k*) for the *c* routes of length
    ///   *k* its lists may match.
    mutating func removeEnded(_ ended: EndedRecipients) -> ReleasedConsumers {
        var released = ReleasedConsumers()
        for recipient in ended {
            if let strong = deactivateEnded(recipient, { recipient.deactivate(ending: .released) })
                ?? nil
            {
                released.append(strong)
            }
        }
        betweenTheSweepsSteps()
        // Exactly the recipients deactivated above, and ones removed before (taking those
        // off again changes nothing): a recipient ended from now on is not removed.
        for recipient in ended where recipient.isRemoved { takeOff(recipient) }
        return released
    }

    /// ``removeEnded(_:)`` for one recipient, the common case (a token dropped alone): the
    /// same two steps, with no list of what was released (gathering the one consumer in a
    /// ``ReleasedConsumers`` and releasing it from there cost about 170 instructions more
    /// than a cancel's removal, CONTRACT §18 (d)).
    ///
    /// - Returns: The consumer the recipient held strongly, for the caller to release after
    ///   the access.
    mutating func removeEnded(_ recipient: Recipient) -> (any EventConsumer)? {
        removeEnded(recipient) { recipient.deactivate(ending: .released) } ?? nil
    }

    /// ``removeEnded(_:)`` for a stand-in the caller holds (taken from the inbox): the same,
    /// with no reference to it returned (see ``Recipient/markRemoved(ending:)``).
    ///
    /// - Returns: Whether this removal deactivated it (then the caller retires it).
    mutating func removeEnded(standIn: StandIn) -> Bool {
        removeEnded(standIn) { standIn.markRemoved(ending: .released) } != nil
    }

    /// The two steps of ``removeEnded(_:)``, `deactivate` deactivating `recipient`.
    ///
    /// - Returns: What `deactivate` returned, or `nil` when `recipient` was not listed.
    @inline(__always)
    private mutating func removeEnded<Released>(
        _ recipient: Recipient, deactivating deactivate: () -> Released
    ) -> Released? {
        let released = deactivateEnded(recipient, deactivate)
        betweenTheSweepsSteps()
        if recipient.isRemoved { takeOff(recipient) }
        return released
    }

    /// The first step of a sweep for `recipient`, which its token ended: deactivates it with
    /// `deactivate`, if it is still listed, and returns what that returned.
    @inline(__always)
    private mutating func deactivateEnded<Released>(
        _ recipient: Recipient, _ deactivate: () -> Released
    ) -> Released? {
        guard !recipient.isRemoved && isInList(recipient) else { return nil }
        // Its token claimed its end (`released`) before handing it over: that reason stands.
        let released = deactivate()
        forget(recipient)
        return released
    }

    /// Between a sweep's two steps: the test-only hook (see `EventBus.runBetweenSweepSteps`).
    @inline(__always)
    private func betweenTheSweepsSteps() {
        #if DEBUG
            betweenSweepSteps?()
        #endif
    }

    /// Whether `recipient` is in ``list``, at its slot (maybe removed, not yet compacted).
    fileprivate func isInList(_ recipient: Recipient) -> Bool {
        recipient.slot < list.count && list[recipient.slot] === recipient
    }

    /// The first step of taking `recipient`, listed and just deactivated, off the registry:
    /// out of the identity table (at `identitySlot` when the caller found it there) and the
    /// listener counts, counted as removed in ``list``.
    fileprivate mutating func forget(_ recipient: Recipient, identitySlot: Int? = nil) {
        if let identitySlot {
            assert(byID[recipient.id]?.recipient === recipient, "the slot found is its own")
            byID.removeValue(atSlot: identitySlot)
        } else if !recipient.isStandIn {
            byID.removeValue(for: recipient.id)
        }
        tally(recipient, -1)
        removedInList += 1
    }

    /// The second step: `recipient`, removed, off ``list`` and off its routes. Taking off one
    /// taken off before changes nothing.
    fileprivate mutating func takeOff(_ recipient: Recipient) {
        takeOffListOutOfLine(recipient)
        takeOffRoutes(recipient)
    }

    /// ``takeOffList(_:)`` as a call: the sweeps' removals take it so (inlined into them, a
    /// dropped token's removal cost about 19 instructions more); the one removal
    /// (`remove(_:keepingRoutes:deactivating:)`, a cancel's and a deregister's) inlines it.
    @inline(never)
    private mutating func takeOffListOutOfLine(_ recipient: Recipient) {
        takeOffList(recipient)
    }

    /// `recipient`, removed, off the end of ``list``, or a hole in it until holes are half
    /// the list and one pass compacts it.
    @inline(__always)
    fileprivate mutating func takeOffList(_ recipient: Recipient) {
        if !isInList(recipient) {
            // Taken off before, or never listed.
        } else if recipient.slot == list.count - 1 {
            // The holes before it go with it (read by index: `list.last` is a double optional,
            // copied through the runtime's value witnesses).
            repeat {
                list.removeLast()
                removedInList -= 1
            } while !list.isEmpty && list[list.count - 1]?.isRemoved ?? true
            lateRecipientsMayHaveGone()
        } else {
            list[recipient.slot] = nil
            if removedInList > 16 && removedInList * 2 > list.count { compactList() }
        }
    }

    /// `recipient`, removed, off its routes; one on none of them (taken off before, or never
    /// routed) changes nothing.
    mutating func takeOffRoutes(_ recipient: Recipient) {
        // A recipient no route ever took (added, then removed before a pass of a type it
        // matches built or met its route) is in none.
        guard recipient.isRouted else { return }
        func takeOut(_ route: inout Route) { route.changeEntries { $0.remove(recipient) } }
        // The common case, one value type's route, found by its key: passing the lists
        // themselves retained them for the call and released them after.
        if let key = recipient.lists.soleValueTypeKey {
            return routeTable.updateRoute(key, takeOut)
        }
        routeTable.updateCandidates(for: recipient.lists, takeOut)
    }

    /// Takes the holes and the removed recipients off ``list``, and renumbers the slots of the
    /// others, in one pass: each kept recipient moves up and takes its new slot in the same
    /// step.
    mutating func compactList() {
        var kept = 0
        var keptRouted = 0
        for index in list.indices {
            guard let recipient = list[index], !recipient.isRemoved else { continue }
            if index < routedCount { keptRouted += 1 }
            recipient.slot = kept
            if kept != index { list[kept] = recipient }
            kept += 1
        }
        list.removeSubrange(kept...)
        removedInList = 0
        routedCount = keptRouted
        lateRecipientsMayHaveGone()
    }

    /// Removes, in one pass over the registry and its routes, every recipient that has ended
    /// without being removed: weakly held consumers that died, owner-bound subscriptions whose
    /// owner died, streams whose consumer stopped. A recipient that another thread ends while
    /// this runs is left, ended, for the next sweep.
    ///
    /// - Returns: The consumers the ended recipients held strongly, for the caller to release
    ///   after the access.
    /// - Complexity: O(*n* + *r*·*k*) for *n* recipients and *r* routes of length *k*.
    mutating func removeEnded() -> [any EventConsumer] {
        var released: [any EventConsumer] = []
        var ended = false
        for case let recipient? in list where !recipient.isRemoved && !recipient.isCallable {
            ended = true
            // Ended by a claim (whose reason stands), or found dead: its owner or consumer.
            if let strong = recipient.deactivate(ending: .ownerGone) { released.append(strong) }
            if byID[recipient.id]?.recipient === recipient { byID.removeValue(for: recipient.id) }
            tally(recipient, -1)
        }
        guard ended else { return [] }
        betweenTheSweepsSteps()
        // Exactly the recipients deactivated above (no other thread sets `removed`): one that
        // another thread ends from now on stays registered, ended, and is swept by the sweep
        // its ending asks for. Taken off the lists now, it would stay in `byID`, holding its
        // consumer until the bus goes away.
        compactList()
        routeTable.updateEach { route in
            route.changeEntries { $0.removeAll { $0.recipient.isRemoved } }
        }
        return released
    }

    /// Removes every recipient and deactivates each, claiming the end of those still
    /// registered for ``RecipientEnd/busGone`` (the bus is going away).
    ///
    /// - Returns: The consumers the recipients held strongly, for the caller to release
    ///   after the access.
    mutating func removeAll() -> [any EventConsumer] {
        let released = list.compactMap { $0?.deactivate(ending: .busGone) }
        byID.removeAll()  // first: it names what the list holds (see `ListedRecipient`)
        list.removeAll()
        removedInList = 0
        routesReachTheWholeList()
        routeTable.removeAll()
        consumptionListenerCount = 0
        mayAnnounceConsumption = false
        categoryListenerCount = 0
        return released
    }
}

/// Consumers a registry change took, for the bus to release after its access (held as the
/// objects they are, nothing the bus calls): the first two inline (see ``FewValues``), so
/// that one or two, the common case, allocate no array.
typealias ReleasedConsumers = FewValues<AnyObject>
