// The one path of every closure recipient (subscriptions, streams, waiters, observed objects)
// into the registry, and the checks every listening form makes first.

extension EventBus {
    /// Checks what a subscription lists and its `options` as the listening form `call` (the
    /// form for one type when `typed`), then registers it and returns its token: the body of
    /// every public `subscribe` form. (`next`, `events(of:)` and `observe` make the same check
    /// first, then call ``add(listing:lists:_:finish:owner:label:options:)``.)
    ///
    /// The token of an owner-bound subscription does not end it on deinit (its owner's
    /// lifetime does).
    @inline(__always)
    func subscribe(
        listing listed: any Event.Type, _ closures: __owned StandIn.Closures,
        owner: AnyObject? = nil, label: __owned ClosureLabel, options: RecipientOptions,
        typed: Bool, call: StaticString
    ) -> EventSubscription {
        let lists = checkListening(listed, typed: typed, options: options, call: call)
        return EventSubscription(
            add(
                listing: listed, lists: lists, closures, owner: owner, label: label,
                options: options))
    }

    /// ``subscribe(listing:_:owner:label:options:typed:call:)`` for
    /// an owner-bound form: closures that hold `owner` weakly and hand it to `handler` and
    /// `predicate`, a label naming the owner's type. The body of both `subscribe(to:owner:)`
    /// forms.
    @inline(__always)
    func subscribe<Member, Owner: AnyObject>(
        listing listed: any Event.Type, owner: Owner,
        _ handler: @escaping (Owner, Member) throws -> Void,
        where predicate: ((Owner, Member) -> Bool)?, fileID: String, line: Int,
        options: RecipientOptions, typed: Bool
    ) -> EventSubscription {
        subscribe(
            listing: listed,
            StandIn.Closures(owner: owner, handler, where: predicate, listing: listed),
            owner: owner,
            label: ClosureLabel(
                kind: .subscription, listed: listed, fileID: fileID, line: line,
                owner: Owner.self),
            options: options, typed: typed, call: "subscribe(to:owner:)")
    }

    /// Stops the program, naming `call`, when a listening form cannot work with what it was
    /// given (contract §14.2): ``NoEvent`` as the target; a category reached through a typed
    /// form (`typed`: generic code whose `T` is `AllEvent` or `Conforming<P>`); a category of
    /// the app's own; an option's bad value, for a form that `returnsOneEvent` (`next`) or
    /// another (see ``RecipientOptions/problem(in:returnsOneEvent:)``). Otherwise returns the
    /// lists of a stand-in listing `listed` (``standInLists(listing:)``), for the stand-in.
    ///
    /// Every listening form's check, on the bus's isolation. Whether `listed` is a category is
    /// read from those lists: one look-up, where a run-time conformance check cost about 200
    /// instructions and a look-up of its cached answer, beside the lists', about 40.
    @inline(__always)
    func checkListening(
        _ listed: any Event.Type, typed: Bool, options: RecipientOptions, call: StaticString,
        returnsOneEvent: Bool = false
    ) -> MatchList {
        let lists = standInLists(listing: listed)
        let isBusCategory = lists.namesBusCategory
        // The common case, decided inline: a typed form's own event type, options with no
        // value to check (``targetProblem(_:typed:isBusCategory:call:)`` has nothing to say).
        if typed && !isBusCategory && listed != NoEvent.self
            && options.problem(in: call, returnsOneEvent: returnsOneEvent) == nil
        {
            return lists
        }
        checkListeningOutOfLine(
            listed, typed: typed, isBusCategory: isBusCategory, options: options, call: call,
            returnsOneEvent: returnsOneEvent)
        return lists
    }

    /// ``checkListening(_:typed:options:call:returnsOneEvent:)`` past its inline case: stops
    /// on a problem.
    @inline(never)
    private func checkListeningOutOfLine(
        _ listed: any Event.Type, typed: Bool, isBusCategory: Bool, options: RecipientOptions,
        call: StaticString, returnsOneEvent: Bool
    ) {
        if let problem = Self.targetProblem(
            listed, typed: typed, isBusCategory: isBusCategory, call: call)
            ?? options.problem(in: call, returnsOneEvent: returnsOneEvent)
        {
            Self.stop(problem)
        }
    }

    /// The lists of a stand-in listing `listed`: made the first time a stand-in lists it,
    /// and shared by every stand-in that does (they read no app code). They also say whether
    /// `listed` is one of the bus's categories (``MatchList/namesBusCategory``).
    @inline(__always)
    func standInLists(listing listed: any Event.Type) -> MatchList {
        if let known = registry.value.standInLists[ObjectIdentifier(listed)] { return known }
        return makeStandInLists(listing: listed)
    }

    /// ``standInLists(listing:)`` the first time a stand-in lists `listed`: made and kept.
    @inline(never)
    private func makeStandInLists(listing listed: any Event.Type) -> MatchList {
        let lists = MatchList(willConsume: [listed], excludeList: [], category: category(named:))
        registry.value.standInLists.set(lists, for: ObjectIdentifier(listed))
        return lists
    }

    /// The weak reference to this bus its stand-ins share, made the first time one asks.
    @inline(__always)
    func busReference() -> BusReference {
        if let made = standInBusReference { return made }
        let made = BusReference(self, inbox: ensureInbox())
        standInBusReference = made
        return made
    }

    /// Registers a closure recipient of what `listed` covers, listening with `options`,
    /// through its stand-in, and returns the stand-in: the stand-in's own path into the
    /// registry, beside ``add(_:weakly:options:)`` for an app's consumer. `lists` are
    /// ``standInLists(listing:)``'s for `listed` (the check before took them). `closures` are what
    /// it calls; `finish` ends a stream or a waiter when the stand-in goes, told how its
    /// recipient ended; `owner`, when given, ends it when deallocated; `label` is what its
    /// name is made from (no string is built until a view asks).
    ///
    /// The parts come apart, not in one value: in one, they were copied into the stand-in and
    /// the value destroyed after (about 75 instructions a subscription, CONTRACT §18).
    ///
    /// A new stand-in is never registered already, and its lists, priority and replay are
    /// the bus's and the options' alone: no look-up, no app code before it enters the
    /// registry (``Registry/enterStandIn(_:)``). Otherwise as an app's consumer: ``sweepBeforeAdding()``
    /// first, replays last, then ``afterAdding()``.
    func add(
        listing listed: any Event.Type, lists: __owned MatchList,
        _ closures: __owned StandIn.Closures,
        finish: __owned (@Sendable (_ end: RecipientEnd?) -> Void)? = nil,
        owner: AnyObject? = nil, label: __owned ClosureLabel, options: RecipientOptions
    ) -> StandIn {
        checkAddingIsolation()
        assert(lists === standInLists(listing: listed), "a stand-in's lists are its listed type's")
        defer { afterAdding() }
        let isFiltered = closures.filter != nil
        let rules = ListeningRules.own(options, isFiltered: isFiltered)
        let replays = ListeningRules.replaysLatest(rules, otherwise: false)
        sweepBeforeAdding()
        // A stand-in reaches its bus through its word's page (see `StatePage.busReference`).
        if !registry.value.pagesReachTheBus { registry.value.startStandInPages(busReference()) }
        let (callOrder, state) = registry.value.takeStandInRegistration(
            priority: ListeningRules.priority(rules, otherwise: 0),
            gate: ListeningRules.gate(rules, isFiltered: isFiltered))
        let recipient = StandIn(
            listing: listed, lists: consume lists, consume closures, finish: consume finish,
            callOrder: callOrder, state: consume state,
            rules: consume rules, label: consume label)
        changeRegistry { $0.enterStandIn(recipient) }
        if let owner { recipient.endWhenDeallocated(owner) }
        if replays {
            replayLatest(to: recipient, cause: tracedCause(by: tracedRecipient))
        }
        return recipient
    }

    /// The message a listening form `call` stops with for its target `listed`, or `nil`:
    /// ``checkListening(_:typed:options:call:returnsOneEvent:)``'s, from lists made as a
    /// bus makes a stand-in's, without a bus (the tests ask it).
    static func targetProblem(_ listed: any Event.Type, typed: Bool, call: StaticString)
        -> String?
    {
        let lists = MatchList(willConsume: [listed], excludeList: [])
        return targetProblem(
            listed, typed: typed, isBusCategory: lists.namesBusCategory, call: call)
    }

    /// ``targetProblem(_:typed:call:)``, told whether `listed` is ``AllEvent`` or a category.
    static func targetProblem(
        _ listed: any Event.Type, typed: Bool, isBusCategory: Bool, call: StaticString
    ) -> String? {
        if listed == NoEvent.self {
            return "\(call): NoEvent covers no event, so nothing could ever be delivered; "
                + "name the event type, AllEvent, or Conforming<P>"
        }
        if typed && isBusCategory {
            return "\(call): \(entryName(listed)) reached the form for one event type through "
                + "generic code, where it has no instances; write \(entryName(listed)).self "
                + "at the call, or make the generic parameter an EventCategory, so the "
                + "category's form applies"
        }
        if !typed && !isBusCategory {
            return "\(call): \(entryName(listed)) is not one of EventBusKit's categories; "
                + "use AllEvent or Conforming<P>"
        }
        return nil
    }

    /// Stops the program with `message`, printed as a line beginning `EventBusKit: `, in every
    /// build: `fatalError`, not `preconditionFailure`, whose message optimized builds drop.
    static func stop(_ message: String) -> Never {
        fatalError("EventBusKit: " + message)
    }
}
