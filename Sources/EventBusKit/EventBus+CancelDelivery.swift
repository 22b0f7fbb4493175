// Stopping a pass from inside a recipient's call.

extension EventBus {
    /// Ends the current pass after the recipient being called, when called from inside a
    /// recipient's call; returns whether it did.
    ///
    /// Returns `true` exactly when a recipient's call (`consume(_:)` or a subscription's
    /// closure) is running: the recipients after it in this pass are not called. It applies
    /// to every pass alike — a dispatch, an announcement, a replay — may be called twice (still
    /// `true`), and never affects queued events. The event reached someone, so no
    /// ``NoConsumerEvent`` follows; a ``DidConsumeEvent`` follows for each recipient that was
    /// called, and a running trace notes who stopped the pass
    /// (``EventTrace/Note/stopped(recipient:)``). Anywhere else — no pass running, or app code
    /// the bus runs outside a recipient's call: a `deinit`, a `description`, a list getter —
    /// it returns `false` and changes nothing.
    ///
    /// A gate that holds its bus weakly, with an owner-bound subscription (the bus holds the
    /// gate weakly and hands it to the closure, so the closure captures no `self`):
    ///
    /// ```swift
    /// struct Purchase: Event { let amount: Int }
    ///
    /// final class PurchaseGate {
    ///     let limit = 1_000
    ///     private weak var bus: EventBus?
    ///
    ///     init(bus: EventBus) {
    ///         self.bus = bus
    ///         bus.subscribe(to: Purchase.self, owner: self, options: .priority(10)) {
    ///             gate, purchase in
    ///             // No one after the gate sees a purchase over the limit.
    ///             if purchase.amount > gate.limit { gate.bus?.cancelDelivery() }
    ///         }
    ///     }
    /// }
    /// ```
    /// - Returns: Whether a recipient's call was running (and the pass now ends after it).
    /// - Complexity: O(1).
    @discardableResult
    public func cancelDelivery() -> Bool {
        guard isDelivering, pass.runningEntries != nil, !pass.inBusAppCode else {
            recordUselessCancel()
            return false
        }
        if pass.end != 0 {
            pass.end = 0
            if let trace {
                trace.recordNote(.stopped(recipient: tracedRecipient), inPass: pass.tracedPass)
            }
        }
        return true
    }

    /// Runs `call`, a recipient's call made on the pass's checked path, inside app code the
    /// bus runs of its own: ``cancelDelivery()`` answers `true` in it.
    ///
    /// The rule is kept by the pass's shape. A pass's loop runs recipients' calls and nothing
    /// else that may run app code but a filtered subscription's predicate, which it marks
    /// (``outsideRecipientCallFromTheLoop(_:)``), so a call in it is a recipient's call with
    /// no marking at all; whatever else may run app code (the checked path, an announcement a
    /// call caused, the release of a consumer the checked path hands back) is an out-of-line
    /// helper wrapped whole in ``outsideRecipientCall(_:)``, its locals' releases included,
    /// which marks its own call with this. App code the bus runs from inside a recipient's call (a
    /// registration's list getters, a `cancel()`'s release, the bus's description) is marked
    /// the same way.
    @inline(__always)
    func insideRecipientCall<Result>(_ call: () -> Result) -> Result {
        let inBusAppCode = pass.inBusAppCode
        pass.inBusAppCode = false
        defer { pass.inBusAppCode = inBusAppCode }
        return call()
    }

    /// Releases `value` now, as app code outside any recipient's call: the deinits it runs
    /// get `false` from ``cancelDelivery()``. Pass the value with `consume`, so that this is
    /// where it is released.
    ///
    /// The value is moved into a binding that is used after the marking begins and goes out of
    /// scope before it ends: the optimizer may move a release earlier, but not before a use of
    /// the value, and `_ = consume value` alone let it release the value before the marking
    /// began (release builds only; `CancelDeliveryTests` pins it in both).
    @inline(__always)
    func releaseOutsideRecipientCall<Value>(_ value: consuming Value) {
        let marked = beginOutsideRecipientCall()
        do {
            let released = consume value
            withExtendedLifetime(released) {}
        }
        endOutsideRecipientCall(marked)
    }

    /// ``releaseOutsideRecipientCall(_:)`` for a consumer a registry change removed: a stand-in,
    /// which is its own recipient and may outlive its removal (its token holds it), is
    /// retired first (``StandIn/retire()``: its stream finished, its closures dropped), as
    /// app code outside any recipient's call.
    @inline(__always)
    func releaseRemoved(_ removed: consuming (any EventConsumer)?) {
        let marked = beginOutsideRecipientCall()
        do {
            let released = consume removed
            if let released { retireIfStandIn(released, afterPassOf: self) }
            withExtendedLifetime(released) {}
        }
        endOutsideRecipientCall(marked)
    }

    /// ``releaseRemoved(_:)`` for several.
    func releaseRemoved(_ removed: consuming [any EventConsumer]) {
        retireOutsideRecipientCall(removed) { retireIfStandIn($0, afterPassOf: self) }
    }

    /// ``releaseRemoved(_:)`` for what a sweep of ended tokens removed.
    func releaseRemoved(_ removed: consuming ReleasedConsumers) {
        retireOutsideRecipientCall(removed) { retireIfStandIn($0, afterPassOf: self) }
    }

    /// ``releaseRemoved(_:)`` for the stand-ins removed during a pass, which it ended.
    func releaseRemoved(_ removed: consuming FewValues<StandIn>) {
        retireOutsideRecipientCall(removed) { $0.retire() }
    }

    /// The body of the ``releaseRemoved(_:)`` forms for several: `retire` each of `removed`,
    /// then release them all, as app code outside any recipient's call (moved into a binding
    /// used after the marking begins, as ``releaseOutsideRecipientCall(_:)`` explains).
    @inline(__always)
    private func retireOutsideRecipientCall<Removed: Sequence>(
        _ removed: consuming Removed, _ retire: (Removed.Element) -> Void
    ) {
        let marked = beginOutsideRecipientCall()
        do {
            let released = consume removed
            for element in released { retire(element) }
            withExtendedLifetime(released) {}
        }
        endOutsideRecipientCall(marked)
    }

    /// Marks the start of app code the bus runs outside a recipient's call; returns whether
    /// it marked anything (only during a drain), for ``endOutsideRecipientCall(_:)``.
    @inline(__always)
    func beginOutsideRecipientCall() -> Bool {
        guard isDelivering, !pass.inBusAppCode else { return false }
        pass.inBusAppCode = true
        return true
    }

    /// Marks the end of what ``beginOutsideRecipientCall()`` began.
    @inline(__always)
    func endOutsideRecipientCall(_ marked: Bool) {
        if marked { pass.inBusAppCode = false }
    }

    /// Runs `predicate`, a filtered subscription's, from the pass's loop, as app code the bus
    /// runs of its own: ``cancelDelivery()`` answers `false` in it.
    ///
    /// The loop runs between recipients' calls and never inside the bus's own app code, so
    /// this marks with two stores and no test (debug builds check that it holds).
    @inline(__always)
    func outsideRecipientCallFromTheLoop(_ predicate: () -> Bool) -> Bool {
        assert(isDelivering && !pass.inBusAppCode, "a pass's loop runs outside bus app code")
        pass.inBusAppCode = true
        let accepted = predicate()
        pass.inBusAppCode = false
        return accepted
    }

    /// Runs `body`, app code the bus runs during a pass outside any recipient's call (a
    /// release that may run a deinit, a `description`, a list getter, a predicate):
    /// ``cancelDelivery()`` answers `false` inside it.
    @inline(__always)
    func outsideRecipientCall<Result>(_ body: () throws -> Result) rethrows -> Result {
        let marked = beginOutsideRecipientCall()
        defer { endOutsideRecipientCall(marked) }
        return try body()
    }
}

/// `consumer` as a stand-in, if it is one: its class is tested by its metadata pointer (a load
/// and a compare), not with a dynamic cast.
@inline(__always)
private func asStandIn(_ consumer: AnyObject) -> StandIn? {
    ObjectIdentifier(type(of: consumer)) == ObjectIdentifier(StandIn.self)
        ? unsafeDowncast(consumer, to: StandIn.self) : nil
}

/// Retires `consumer` if it is a stand-in.
@inline(__always)
func retireIfStandIn(_ consumer: AnyObject) {
    asStandIn(consumer)?.retire()
}

/// ``retireIfStandIn(_:)``, but a stand-in on the running pass's route is retired when the
/// pass ends (see `EventBus.retiringStandIns`): its closure may be the one running, and its
/// closures must live until that call returns. (Single statements on `bus.pass`: `retire()`
/// runs app code, which may start a pass.)
@inline(__always)
func retireIfStandIn(_ consumer: AnyObject, afterPassOf bus: EventBus) {
    guard let standIn = asStandIn(consumer) else { return }
    retire(standIn, afterPassOf: bus)
}

/// Retires `standIn`, or, when it is on the running pass's route, has it retired when the pass
/// ends (see ``retireIfStandIn(_:afterPassOf:)``).
@inline(__always)
func retire(_ standIn: StandIn, afterPassOf bus: EventBus) {
    if let running = bus.pass.runningEntries, isListed(standIn, in: running) {
        bus.retiringStandIns.append(standIn)
    } else {
        standIn.retire()
    }
}

/// Whether `standIn` has an entry in `running`, the running pass's entries: a binary search by
/// call order (the entries are sorted by it), made only for a stand-in removed during a pass.
@inline(never)
private func isListed(_ standIn: StandIn, in running: UnretainedEntries) -> Bool {
    let entries = running.entries
    let index = standIn.callOrder.index(count: entries.count) { entries[$0].recipient.callOrder }
    return index < entries.count && entries[index].recipient === standIn
}
