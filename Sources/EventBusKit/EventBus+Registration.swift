extension EventBus {
    /// Registers a consumer, retaining it until ``deregister(_:)``.
    ///
    /// The bus reads `willConsume` and `excludeList` now, once, and the consumer's
    /// ``EventConsumer/priority`` and ``EventConsumer/replaysLatest`` unless `options` sets
    /// them: each option `options` sets wins over the consumer's own. The consumer goes to
    /// the end of its priority in call order. Registering a consumer that is already
    /// registered is a no-op that keeps its place, whatever its options; deregistering and
    /// registering again moves it to the end. Registering during delivery takes effect from
    /// the next event's pass.
    ///
    /// ```swift
    /// bus.register(flowController)
    /// bus.register(Logger(), options: .priority(100))  // before the other loggers
    /// ```
    /// - Parameters:
    ///   - consumer: The consumer; the bus may be its only owner.
    ///   - options: How it listens (see ``RecipientOptions``); the default,
    ///     `RecipientOptions()` (`[]`), keeps the consumer's own priority and replay.
    /// - Complexity: O(*r*) for *r* event types already routed, amortized (a registration
    ///   sometimes sweeps out ended recipients).
    public func register(
        _ consumer: any EventConsumer, options: RecipientOptions = RecipientOptions()
    ) {
        Self.checkRegistration(options, call: "register(_:options:)")
        _ = add(consumer, weakly: false, options: options)
    }

    /// Registers a consumer without retaining it; the bus drops it when it is deallocated.
    ///
    /// Same rules as ``register(_:options:)`` otherwise. A deallocated consumer is never
    /// called; the bus removes its entry when it next meets it.
    ///
    /// - Parameters:
    ///   - consumer: The consumer, owned elsewhere.
    ///   - options: How it listens (see ``RecipientOptions``); the default,
    ///     `RecipientOptions()` (`[]`), keeps the consumer's own priority and replay.
    /// - Complexity: O(*r*) for *r* event types already routed, amortized (a registration
    ///   sometimes sweeps out ended recipients).
    public func registerWeakly(
        _ consumer: any EventConsumer, options: RecipientOptions = RecipientOptions()
    ) {
        Self.checkRegistration(options, call: "registerWeakly(_:options:)")
        _ = add(consumer, weakly: true, options: options)
    }

    /// Removes a consumer and releases it.
    ///
    /// Removed during a pass, it is skipped if its turn has not come. Deregistering a
    /// consumer that is not registered does nothing and returns `false`.
    ///
    /// - Parameter consumer: The consumer to remove.
    /// - Returns: Whether it was registered.
    /// - Complexity: O(*n* + *r*·log *k*) for *n* recipients and *r* routed types of *k*
    ///   recipients.
    @discardableResult
    public func deregister(_ consumer: any EventConsumer) -> Bool {
        guard case .registered(let recipient, let identitySlot) = registration(of: consumer)
        else { return false }
        return end(recipient, because: .released, identitySlot: identitySlot)
    }

    /// Whether `consumer` is registered (and, if held weakly, still alive).
    ///
    /// - Parameter consumer: The consumer to look for.
    /// - Complexity: O(1).
    public func isRegistered(_ consumer: any EventConsumer) -> Bool {
        registeredRecipient(for: consumer) != nil
    }

    /// Whether an event of exactly the dynamic type `type` would reach at least one
    /// recipient now, answered without a value and without delivering anything.
    ///
    /// ```swift
    /// struct ThumbnailReady: Event { let pixels: [UInt8] }
    ///
    /// if bus.hasRecipients(for: ThumbnailReady.self) {  // skip the work if no one listens
    ///     bus.dispatch(ThumbnailReady(pixels: Array(repeating: 0, count: 64)))
    /// }
    /// ```
    ///
    /// A category entry (``Conforming``) is decided by the type's conformance, which Swift
    /// can check only on a value: once an event of the type has been dispatched (since a
    /// recipient naming a category was last added), the bus knows it exactly; until then, a
    /// category entry counts as covering the type, so the answer is never `false` for an
    /// event that would be delivered.
    /// - Parameter type: The event's dynamic type.
    /// - Returns: Whether a live recipient would receive an event of that type.
    /// - Complexity: O(*k*) for the *k* recipients of a type already routed; O(*n*) for *n*
    ///   recipients otherwise.
    public func hasRecipients(for type: any Event.Type) -> Bool {
        if let route = registry.value.routeTable.view(for: ObjectIdentifier(type)) {
            let entries = route.entries
            for index in 0..<entries.count where entries[index].isLive { return true }
            return false
        }
        let kind = EventKind(type)
        return registry.value.recipients.contains {
            $0.isCallable && $0.lists.mayMatch(kind)
        }
    }

    /// The number of recipients — consumers, subscriptions, streams and waiting `next`
    /// calls — that can still be called.
    ///
    /// An ended recipient does not count: a subscription whose token was dropped or
    /// cancelled, one whose owner is gone, a one-shot or limited one that received its last
    /// event, a stream whose reader stopped, a weakly registered consumer that was
    /// deallocated. The bus removes such a recipient at its next dispatch, drain or
    /// registration that meets it, or builds a route that skips it.
    ///
    /// - Complexity: O(*n*) for *n* registered recipients.
    public var recipientCount: Int { registry.value.callableCount }

    /// Stops the program, naming `call`, when `options` has a bad value.
    @inline(__always)
    private static func checkRegistration(_ options: RecipientOptions, call: StaticString) {
        if let problem = options.problem(in: call) { stop(problem) }
    }
}
