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
    /// ```swift
    /// struct Purchase: Event { let amount: Int }
    ///
    /// let limit = 1_000
    /// let gate = bus.subscribe(to: Purchase.self, priority: 10) { purchase in
    ///     if purchase.amount > limit { bus.cancelDelivery() }  // no one else sees it
    /// }
    /// ```
    /// - Returns: Whether a recipient's call was running (and the pass now ends after it).
    /// - Complexity: O(1).
    @discardableResult
    public func cancelDelivery() -> Bool {
        guard pass.callingRecipient else { return false }
        if pass.end != 0 {
            pass.end = 0
            if let trace {
                trace.recordNote(.stopped(recipient: tracedRecipient), inPass: pass.tracedPass)
            }
        }
        return true
    }

    /// Runs `call`, a recipient's call, as the one place where ``cancelDelivery()`` answers
    /// `true`.
    ///
    /// The rule is kept by construction: the pass marks the call itself, so everything else
    /// it runs — a predicate, a `description` a trace reads, the deinit of a consumer, error
    /// or dropped event it releases — is outside the call without being marked. Only app
    /// code the bus runs *from inside* a recipient's call (a registration's list getters, a
    /// `cancel()`'s release, `print(bus)`) is marked, by ``outsideRecipientCall(_:)`` and
    /// ``releaseOutsideRecipientCall(_:)``.
    @inline(__always)
    func insideRecipientCall<Result>(_ call: () -> Result) -> Result {
        pass.callingRecipient = true
        defer { pass.callingRecipient = false }
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
        let calling = beginOutsideRecipientCall()
        do {
            let released = consume value
            withExtendedLifetime(released) {}
        }
        endOutsideRecipientCall(calling)
    }

    /// Marks the start of app code the bus runs outside a recipient's call; returns whether
    /// a recipient's call was running, for ``endOutsideRecipientCall(_:)``.
    @inline(__always)
    func beginOutsideRecipientCall() -> Bool {
        let calling = pass.callingRecipient
        pass.callingRecipient = false
        return calling
    }

    /// Marks the end of what ``beginOutsideRecipientCall()`` began.
    @inline(__always)
    func endOutsideRecipientCall(_ calling: Bool) {
        pass.callingRecipient = calling
    }

    /// Runs `body`, app code the bus runs from inside a recipient's call but outside it (a
    /// release that may run a deinit, a `description`, a list getter): ``cancelDelivery()``
    /// answers `false` inside it.
    @inline(__always)
    func outsideRecipientCall<Result>(_ body: () throws -> Result) rethrows -> Result {
        let calling = beginOutsideRecipientCall()
        defer { endOutsideRecipientCall(calling) }
        return try body()
    }
}
