/// Who is registered, in what order, and who receives each event type: the bus's routing
/// state, a value that calls no one.
///
/// `Registry` holds every recipient in call order (``CallOrder``: priority, then registration)
/// and, for each event type seen, its route (``Route``), found through a ``RouteTable``.
/// Routes are built once per type, from the first event of that type (except, while a
/// category is listed, for the few types whose values decide categories: see
/// ``buildRoute(for:deciding:)``), and kept correct as recipients come and go:
/// - adding a recipient inserts it into each route it matches at its place in call order (at
///   the end, unless an earlier recipient has a lower priority), or, when its lists name a
///   protocol category (which needs an event *value* to decide), empties the table so routes
///   are rebuilt on next use;
/// - removing a recipient removes it from the routes it is in.
///
/// Nothing here runs code of the app's: methods that remove recipients return the consumers
/// they held, and the bus releases them once its own access has ended (see
/// `EventBus.changeRegistry(_:)`).
struct Registry {
    // The stored properties below are changed only by the registry's own methods, here and
    // in `Registry+Removal.swift`.

    /// Every recipient not yet removed, in call order, each at its ``Recipient/slot``, among
    /// the holes (`nil`) of removed ones not yet compacted away (see
    /// ``remove(_:ending:identitySlot:)``). A removed recipient leaves its hole at once, and the
    /// list's reference with it: held to the compaction, a long list's removed recipients were
    /// freed thousands at a time, and every allocation after that took the allocator's slow path
    /// (CONTRACT §18 (c)).
    var list: [Recipient?] = []
    /// How many entries of ``list`` are holes, or recipients removed and not yet taken off
    /// it (between the two steps of a removal).
    var removedInList = 0
    /// How many entries of ``list``, from the start, are in the routes their lists match; the
    /// entries after them were appended since the routes were last read and are in none yet
    /// (see ``routeLateRecipients()``).
    var routedCount = 0
    /// Registered consumers by identity, unretained (the list holds them: see
    /// ``ListedRecipient``); the bus's stand-ins, new each time, are not in it (see
    /// ``recipient(ofStandIn:)``).
    var byID = ObjectTable<ListedRecipient>()
    /// Routes by event type; a pass looks its route up here.
    var routeTable = RouteTable()
    /// The next registration number.
    private(set) var nextRegistration: UInt64 = 0
    /// How many recipients name ``DidConsumeEvent`` in their lists (some may have died).
    var consumptionListenerCount = 0
    /// How many recipients name a category (``Conforming``) in their lists.
    var categoryListenerCount = 0
    /// The page new recipients take their state words from; made on first use.
    private var statePage: StatePage?
    /// How to call a strongly held consumer, by its class.
    private var callTypes = IdentityTable<any ConsumerCall.Type>()
    /// The lists of the bus's stand-ins, one for each type or category a stand-in lists
    /// (see `EventBus.standInLists(listing:)`).
    var standInLists = IdentityTable<MatchList>()
    /// The lists last made for consumers' lists (see `EventBus.add(_:weakly:options:)`).
    var consumerLists = ListsCache()
    #if DEBUG
        /// Test-only: runs between the two steps of ``removeEnded()`` (see
        /// `EventBusKit+Testing.swift`).
        var betweenSweepSteps: (() -> Void)?
    #endif

    /// Every recipient not yet removed, in call order.
    ///
    /// - Complexity: O(*n*) for *n* recipients.
    var recipients: [Recipient] { list.compactMap { $0?.isRemoved == false ? $0 : nil } }

    /// The number of recipients.
    var count: Int { list.count - removedInList }

    /// The number of recipients that can still be called: not ended, and with their consumer
    /// (held weakly) or owner alive.
    ///
    /// - Complexity: O(*n*) for *n* recipients.
    var callableCount: Int { list.count { $0?.isCallable ?? false } }

    /// The number of recipients the identity table holds (for the invariant checks).
    var identityTableCount: Int { byID.count }

    /// Whether some recipient may listen for ``DidConsumeEvent`` (`consumptionListenerCount`
    /// is positive); the delivery loop reads this flag and checks liveness only when it is
    /// set.
    var mayAnnounceConsumption = false

    /// The recipient registered for the consumer with identity `id`; it may have ended
    /// (see ``Recipient/consumer``).
    func recipient(withID id: ObjectIdentifier) -> Recipient? {
        byID[id]?.recipient
    }

    /// The recipient whose consumer is `standIn`, if it is registered: the stand-in itself,
    /// when the list holds it at its slot; for the rare call that names a stand-in (an app
    /// registering or deregistering the object an announcement named).
    ///
    /// - Complexity: O(1).
    func recipient(ofStandIn standIn: StandIn) -> Recipient? {
        // The stand-in is its recipient: this registry's when listed here, at its slot.
        !standIn.isRemoved && standIn.slot < list.count && list[standIn.slot] === standIn
            ? standIn : nil
    }

    // MARK: Routes

    /// The route of the type with identity `key`, if it was built.
    ///
    /// - Complexity: O(1).
    func route(for key: ObjectIdentifier) -> Route? {
        routeTable.route(for: key)
    }

    /// Builds, caches and returns the route of `event`'s type; `event` decides categories;
    /// `latest` is the slot of a sticky type (see ``LatestValues``).
    ///
    /// For a type whose values decide `event is P` (``_ValueDecided``: `Optional`,
    /// `AnyHashable`) while some recipient names a category, the route is made for this
    /// event's value alone and not cached: the next event of the type builds its own. Every
    /// other type's route is cached, and its passes pay nothing for this.
    ///
    /// - Complexity: O(*n*) for *n* recipients.
    /// - Returns: The route; whether it was cached (if not, the caller keeps it alive); and
    ///   whether it skipped an ended recipient (then the caller removes the ended ones, with
    ///   ``removeEnded()``: no pass of this route will meet them).
    mutating func buildRoute(
        for kind: EventKind, deciding event: any Event, latest: LatestSlot? = nil
    ) -> (route: Route, isCached: Bool, skippedEnded: Bool) {
        routeLateRecipients()  // first: the route built from the list would hold them already
        var skippedEnded = false
        let matching = list.lazy.compactMap { $0 }.filter {
            guard $0.isCallable else {
                if !$0.isRemoved { skippedEnded = true }
                return false
            }
            return $0.lists.matches(kind, value: event)
        }
        let entries = RouteEntries(matching.map(RouteEntry.init), latest: latest)
        let route = Route(kind: kind, entries: entries)
        let isCached = categoryListenerCount == 0 || !(kind.type is any _ValueDecided.Type)
        if isCached { routeTable.insert(route) }
        return (route, isCached, skippedEnded)
    }

    /// The route of announcement type `A`, built from a stand-in value when needed.
    mutating func route<A: Event & _BusAnnouncement>(of type: A.Type) -> Route {
        routeLateRecipients()
        return routeTable.route(for: ObjectIdentifier(type))
            ?? buildRoute(for: EventKind(announcement: type), deciding: A.probe).route
    }

    /// The routes built so far, in no particular order.
    var routes: [Route] { routeTable.all }

    // MARK: Changes

    /// Adds `consumer`, an app's, with the lists read from it, after every recipient of its
    /// priority or higher, listening by `rules` (`nil`: the shared ones), unless it is
    /// registered already: ``makeRecipient(_:lists:weakly:priority:rules:)``, then
    /// ``enter(_:vacancy:)``. (A stand-in, new each time, enters with ``enterStandIn(_:)`` alone.)
    ///
    /// - Returns: The new recipient, or `nil` when `consumer` is already registered (it keeps
    ///   its place); and a consumer to release after the access (a weakly held consumer that
    ///   died and whose address was reused leaves a stale entry, removed here).
    /// - Complexity: See ``enter(_:vacancy:)``.
    mutating func add(
        _ consumer: any EventConsumer, lists: MatchList, weakly: Bool, priority: Int = 0,
        rules: ListeningRules? = nil
    ) -> (recipient: Recipient?, released: (any EventConsumer)?) {
        // Found first: a consumer registered already takes no registration number.
        if let existing = byID[ObjectIdentifier(consumer)]?.recipient, existing.holds(consumer) {
            return (nil, nil)
        }
        let recipient = makeRecipient(
            consumer, lists: lists, weakly: weakly, priority: priority, rules: rules)
        let released = enter(recipient).released
        routeLateRecipients()  // in its routes at once, as the tests that read them expect
        return (recipient, released)
    }

    /// The recipient of `consumer`, an app's, called unretained (`weakly`: held weakly), with
    /// the next registration number and a state word reading its options' bits, for
    /// ``enter(_:vacancy:)`` to place.
    ///
    /// Made apart from the registry change that places it, as a stand-in is (see
    /// ``takeStandInRegistration(priority:gate:)``): the values it keeps are taken `__owned`
    /// and move into it, where a closure capturing them copied each out (a retain and a
    /// release) and a borrowed parameter was retained for it (CONTRACT §18). A recipient made
    /// and not entered (its consumer registered meanwhile, by its own list getters) leaves a
    /// registration number and a state word unused.
    mutating func makeRecipient(
        _ consumer: __owned any EventConsumer, lists: __owned MatchList, weakly: Bool,
        priority: Int, rules: __owned ListeningRules?
    ) -> Recipient {
        let call = weakly ? nil : callType(of: consumer)
        let (callOrder, state) = takeRegistration(
            priority: priority, reading: ListeningRules.gate(rules, isFiltered: false))
        return Recipient(
            consumer, lists: lists, callOrder: callOrder, state: state, call: call, rules: rules)
    }

    /// Puts `recipient`, made by ``makeRecipient(_:lists:weakly:priority:rules:)``, in the
    /// identity table, in the list after every recipient of its priority or higher and in the
    /// routes its lists match (``place(_:priority:)``, which a stand-in's ``enterStandIn(_:)``
    /// shares), unless its consumer is registered already.
    ///
    /// - Returns: Whether it entered; and a consumer to release after the access (a weakly
    ///   held consumer that died and whose address was reused leaves a stale entry, removed
    ///   here).
    /// - Complexity: O(*c*) for the *c* routes the lists may match (see
    ///   ``RouteTable/updateCandidates(for:_:)``), or O(1) plus a later rebuild of each route
    ///   when the lists name a category, and of each class route when they name a class
    ///   covering more than ``RouteTable/coveredClassRoutesLimit`` routes.
    mutating func enter(
        _ recipient: Recipient, vacancy: ObjectTable<ListedRecipient>.Vacancy? = nil
    ) -> (entered: Bool, released: (any EventConsumer)?) {
        var released: (any EventConsumer)? = nil
        // Found and set in one probe (none, at the `vacancy` its caller's look-up found, if
        // nothing changed since); the rare entry found (its consumer registered meanwhile, or
        // a stale one) is dealt with apart.
        if let existing = byID.setUnlessPresent(
            ListedRecipient(recipient), for: recipient.id, at: vacancy)?.recipient
        {
            if let consumer = recipient.consumer, existing.holds(consumer) { return (false, nil) }
            released = remove(existing, ending: .ownerGone).released
            byID.set(ListedRecipient(recipient), for: recipient.id)
        }
        place(recipient, priority: recipient.callOrder.priority)
        return (true, released)
    }

    /// The call order and the state word of a stand-in entering at `priority`: the next
    /// registration number, taken, and a word of the state page reading ``Recipient/State/standIn``
    /// and `gate` (its options' and its predicate's bits: ``ListeningRules/gate(_:isFiltered:)``).
    /// Only a ``StandIn`` may be made with the word (the `standIn` bit says what the recipient
    /// is: see `Recipient.standInSelf(_:)`).
    ///
    /// The stand-in is made with them outside the registry change that places it
    /// (``enterStandIn(_:)``): made inside, every value it keeps was captured by the change's
    /// closure and copied out of it (about 60 instructions a subscription, CONTRACT §18). Its
    /// word reads its bits from the start: set by the stand-in's init with an atomic, the
    /// optimizer kept the init's references alive around the call, with a retain and a
    /// release each (about 30).
    mutating func takeStandInRegistration(priority: Int, gate: Recipient.State)
        -> (callOrder: CallOrder, state: StateWord)
    {
        takeRegistration(priority: priority, reading: gate.union(.standIn))
    }

    /// The call order of a recipient entering at `priority`, with the next registration
    /// number, taken, and a new state word reading `bits`: what every new recipient is made
    /// with.
    @inline(__always)
    private mutating func takeRegistration(priority: Int, reading bits: Recipient.State)
        -> (callOrder: CallOrder, state: StateWord)
    {
        defer { nextRegistration &+= 1 }
        return (
            CallOrder(priority: priority, registration: nextRegistration),
            takeStateWord(reading: bits.rawValue)
        )
    }

    /// Puts `standIn`, a closure recipient's stand-in made with
    /// ``takeStandInRegistration(priority:gate:)``, in the list and the routes as
    /// ``enter(_:vacancy:)`` does: the stand-in's path into the registry.
    mutating func enterStandIn(_ standIn: StandIn) {
        place(standIn, priority: standIn.callOrder.priority)
    }

    /// Puts `recipient`, just made, in the list after every recipient of its priority or
    /// higher, and in the routes its lists match: the common case, appended to the list, when
    /// the routes are next read (``routeLateRecipients()``), so that one gone before then
    /// touches none of them (CONTRACT §18); one placed before others (a higher priority) or
    /// listing a category, now.
    @inline(__always)
    private mutating func place(_ recipient: Recipient, priority: Int) {
        // The newest registration goes last unless a recipient before it has a lower
        // priority: the common case, found without a search and appended.
        // (A hole at the end is taken off at once: the last entry is a recipient.)
        guard list.isEmpty || list[list.count - 1]!.callOrder.priority >= priority,
            !recipient.lists.hasCategories
        else { return placeNow(recipient) }
        recipient.slot = list.count
        list.append(recipient)
        tally(recipient, 1)
        // A pass's look-up now finds no route, and takes the way that routes it first.
        routeTable.park()
    }

    /// ``place(_:priority:)`` for a recipient that changes the routes now: the recipients
    /// waiting are routed first, so that the routes stay in call order.
    @inline(never)
    private mutating func placeNow(_ recipient: Recipient) {
        if hasLateRecipients { routeLateRecipients() }
        if list.isEmpty || list[list.count - 1]!.callOrder.priority >= recipient.callOrder.priority
        {
            recipient.slot = list.count
            list.append(recipient)
        } else {
            insertInCallOrder(recipient)
        }
        tally(recipient, 1)
        route(recipient)
        routesReachTheWholeList()
    }

    /// Puts every recipient appended to the list since the routes were last read (the entries
    /// from ``routedCount`` on), except those removed since, in the routes their lists match,
    /// in call order: what every reader of the routes does first (a pass, through the way its
    /// parked look-up takes: see ``RouteTable``).
    ///
    /// - Complexity: O(*k*) route changes for *k* recipients waiting.
    mutating func routeLateRecipients() {
        guard routedCount < list.count else { return }
        routeTable.unpark()  // first: the routes changed are the ones a pass reads
        // Read from a copy of the list (one retain of its storage), whose recipients the loop
        // borrows; read from the list, each was retained for the call and released after.
        let waiting = list[routedCount...]
        for case let recipient? in waiting where !recipient.isRemoved { route(recipient) }
        routesReachTheWholeList()
    }

    /// Whether recipients wait to enter the routes (see ``routeLateRecipients()``).
    var hasLateRecipients: Bool { routedCount < list.count }

    /// The recipients waiting to enter the routes, in call order (see ``routeLateRecipients()``).
    var lateRecipients: [Recipient] {
        list[routedCount...].compactMap { $0 }.filter { !$0.isRemoved }
    }

    /// Records that no recipient waits to enter the routes: they were routed, or taken off
    /// the list, or every route was removed.
    mutating func routesReachTheWholeList() {
        routedCount = list.count
        routeTable.unpark()
    }

    /// After the list shrank (its last entries taken off, or its holes compacted away): if no
    /// recipient waits to enter the routes any more, ``routesReachTheWholeList()``.
    @inline(__always)
    mutating func lateRecipientsMayHaveGone() {
        if routedCount >= list.count { routesReachTheWholeList() }
    }

    /// Puts `recipient`, listed, in the routes its lists match.
    @inline(__always)
    private mutating func route(_ recipient: Recipient) {
        // The lists are read from the recipient where they are asked, not kept in a local or
        // captured: either retained them for the calls and released them after.
        func takeIn(_ route: inout Route) {
            // A type listed twice is visited twice: `insert` keeps one entry.
            let lists = recipient.lists
            if lists.matchesEveryCandidate || lists.matches(route.kind, value: nil) {
                route.changeEntries(reserving: 1) { $0.insert(RouteEntry(recipient)) }
            }
        }
        // Categories first (listed or excluded): their matches need each event's value, so the
        // routes are rebuilt. Then the common case, one value type's route, found by its key.
        if recipient.lists.hasCategories {
            routeTable.removeAll()
        } else if let key = recipient.lists.soleValueTypeKey {
            routeTable.updateRoute(key, takeIn)
        } else {
            // A class covering many routes: they are rebuilt when next dispatched rather than
            // each updated now (and a recipient gone before then touches none of them).
            if routeTable.coversManyClassRoutes(recipient.lists) { routeTable.removeClassRoutes() }
            routeTable.updateCandidates(for: recipient.lists, takeIn)
        }
    }

    /// Puts `recipient` in the list before the first recipient of a lower priority, and
    /// renumbers the slots after it: the uncommon case of ``place(_:priority:)``, kept out of
    /// its line.
    @inline(never)
    private mutating func insertInCallOrder(_ recipient: Recipient) {
        // The search reads call orders: the holes go first.
        if removedInList > 0 { compactList() }
        let index = recipient.callOrder.insertionIndex(count: list.count) { list[$0]!.callOrder }
        list.insert(recipient, at: index)
        for slot in index..<list.count { list[slot]!.slot = slot }
    }

    /// A state word for a new recipient, reading `bits`, from a new page when the current one
    /// is used up.
    @inline(__always)
    private mutating func takeStateWord(reading bits: Int32 = 0) -> StateWord {
        if let word = statePage?.take(reading: bits) { return word }
        return takeStateWordOfANewPage(reading: bits)
    }

    /// ``takeStateWord(reading:)`` once the page is used up, or before the first: the new
    /// page holds the bus reference the last one held.
    @inline(never)
    private mutating func takeStateWordOfANewPage(reading bits: Int32) -> StateWord {
        let page = StatePage(busReference: statePage?.busReference)
        statePage = page
        return page.take(reading: bits)!
    }

    /// Whether the words handed out from now on are in pages that hold the bus reference, as a
    /// stand-in's must be (see ``StatePage/busReference``): once ``startStandInPages(_:)`` ran.
    var pagesReachTheBus: Bool { statePage?.busReference != nil }

    /// Starts a new state page holding `busReference`, before the bus's first stand-in takes a
    /// word: every page made after it holds the same reference. The words left on the page
    /// before it (made for an app's consumers alone) are never handed out.
    @inline(never)
    mutating func startStandInPages(_ busReference: BusReference) {
        statePage = StatePage(busReference: busReference)
    }

    /// How to call `consumer`, an app's, unretained: found once per class.
    private mutating func callType(of consumer: any EventConsumer) -> any ConsumerCall.Type {
        let key = ObjectIdentifier(type(of: consumer))
        if let known = callTypes[key] { return known }
        let call = UnretainedConsumer.directCall(of: consumer)
        callTypes.set(call, for: key)
        return call
    }

    /// Counts `recipient` in (`change` 1) or out (-1) of the listener counts.
    mutating func tally(_ recipient: Recipient, _ change: Int) {
        if recipient.listensForConsumption {
            consumptionListenerCount += change
            mayAnnounceConsumption = consumptionListenerCount > 0
        }
        if recipient.lists.hasCategories { categoryListenerCount += change }
    }
}
