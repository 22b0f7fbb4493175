// Sticky events: the latest value of each sticky type, and its replay to a new recipient that
// asks for it.

extension EventBus {
    /// The most recently stored sticky event that is a `T`, or `nil`.
    ///
    /// The bus stores a ``StickyEvent`` when its pass begins; storing a type again makes it
    /// the newest. `T` may be the event type, a superclass, or an existential such as
    /// `(any P).self`; `stickyEvent(Conforming<any P>.self)` is always `nil` (no event is a
    /// `Conforming`). It is the value the bus stores, not the last event delivered: an
    /// ``ObservedEvent``'s ``ObservedEvent/latest`` is that.
    ///
    /// ```swift
    /// struct RewardState: StickyEvent { let qualified: Bool }
    ///
    /// if let reward = bus.stickyEvent(RewardState.self) { print(reward.qualified) }
    /// ```
    /// - Parameter type: The type to look for.
    /// - Returns: The newest stored value that `is T`.
    /// - Complexity: O(*s*) for *s* stored sticky types.
    public func stickyEvent<T>(_ type: T.Type) -> T? {
        latestValues.value.latest(T.self)
    }

    /// Forgets every stored sticky event that is a `T`.
    ///
    /// `removeStickyEvents((any StickyEvent).self)` forgets them all. A replay queued for a value
    /// that is forgotten before its turn is skipped.
    ///
    /// - Parameter type: The type whose stored values to forget.
    /// - Complexity: O(*s*) for *s* stored sticky types.
    public func removeStickyEvents<T>(_ type: T.Type) {
        let removed = latestValues.value.clear(T.self)
        releaseOutsideRecipientCall(consume removed)
    }

    /// Stores `event`, whose pass begins over `route` (a sticky type's), as the latest value
    /// of its type, in the slot the route holds, as the slot stores its type (see
    /// ``LatestSlot/Storing``).
    ///
    /// A replaced value is released by ``releaseReplaced(_:before:)``.
    @inline(__always)
    func storeLatest(_ event: any Event, over route: RouteView) {
        let stamp = latestValues.value.nextStamp()
        // Each step reads the slot in a closure of its own: small enough to be inlined.
        switch route.withLatest({ $0.storing }) {
        case .bytes:
            route.withLatest { $0.storeBytes(event, stamp: stamp) }
        case .object:
            releaseReplaced(route.withLatest { $0.storeObject(event, stamp: stamp) }, before: route)
        case .value:
            storeLatest(event, over: route, stamp: stamp)
        }
    }

    /// Stores `event` in `route`'s slot, swapped in; see ``storeLatest(_:over:)``.
    @inline(never)
    func storeLatest(_ event: any Event, over route: RouteView, stamp: Int) {
        releaseReplaced(route.withLatest { $0.store(event, stamp: stamp) }, before: route)
    }

    /// Releases `replaced`, the value a store over `route` replaced, as app code outside a
    /// recipient's call, once `route`'s entries are the running route's: its deinit may
    /// change the registry, which then pins them (the pass that follows reads them, the
    /// snapshot rule).
    @inline(__always)
    private func releaseReplaced<Value>(_ replaced: consuming Value, before route: RouteView) {
        pass.runningEntries = route.owner
        releaseOutsideRecipientCall(consume replaced)
    }

    /// The slot of `event`'s sticky type, for the route being built for it.
    func latestSlot(for event: any Event, isValueType: Bool) -> LatestSlot {
        latestValues.value.slot(
            for: ObjectIdentifier(type(of: event)), isValueType: isValueType,
            storing: howLatestIsStored(event, isValueType: isValueType))
    }

    /// Replays to `recipient`, just added, every stored value it matches that its
    /// ``ListeningRules`` offer (a limit of n: the newest n), oldest stored first, each in a pass that reaches it alone: at once on an idle bus (in a drain of
    /// their own), otherwise as soon as the running pass ends, before the events waiting.
    /// `cause` is what a running trace records for them.
    func replayLatest(to recipient: Recipient, cause: EventTrace.Cause?) {
        guard !latestValues.value.isEmpty else { return }
        var replays = latestValues.value.oldestFirst.filter {
            recipient.lists.matches(
                EventKind(sticky: type(of: $0.event), isValueType: $0.isValueType),
                value: $0.event)
        }
        guard !replays.isEmpty else { return }
        // Its options may offer fewer (a limit of n: the newest n).
        replays = Array(recipient.rules.replayOffer(replays))
        let idle = !isDelivering
        if idle { beginDrain() }
        for replay in replays {
            changeCore {
                $0.enqueue(
                    replay: replay.event, to: recipient, stamp: replay.stamp,
                    cause: idle ? nil : cause)
            }
        }
        if idle { countUnattended(drain(ranFirst: false)) }
    }

    /// Runs a queued replay, unless its recipient has ended or its value was forgotten since;
    /// returns whether it ran a pass.
    func runReplay(
        _ event: any Event, to recipient: Recipient, stamp: Int, cause: EventTrace.Cause?
    ) -> Bool {
        let type = ObjectIdentifier(Swift.type(of: event))
        guard recipient.isCallable, latestValues.value.holds(type, stamp: stamp) else {
            return false
        }
        runPass(event, onlyTo: recipient, cause: cause)
        return true
    }
}
