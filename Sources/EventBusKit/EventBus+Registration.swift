extension EventBus {
    /// Registers a consumer, retaining it until ``deregister(_:)``.
    ///
    /// The bus reads `willConsume` and `excludeList` now, once. The consumer goes to the end
    /// of registration order. Registering a consumer that is already registered is a no-op
    /// that keeps its place; deregistering and registering again moves it to the end.
    /// Registering during delivery takes effect from the next event's pass.
    ///
    /// - Parameter consumer: The consumer; the bus may be its only owner.
    /// - Complexity: O(*r*) for *r* event types already routed, amortized (a registration
    ///   sometimes sweeps out ended recipients).
    public func register(_ consumer: any EventConsumer) {
        _ = add(consumer, weakly: false)
    }

    /// Registers a consumer without retaining it; the bus drops it when it is deallocated.
    ///
    /// Same rules as ``register(_:)`` otherwise. A deallocated consumer is never called; the
    /// bus removes its entry when it next meets it.
    ///
    /// - Parameter consumer: The consumer, owned elsewhere.
    /// - Complexity: O(*r*) for *r* event types already routed, amortized (a registration
    ///   sometimes sweeps out ended recipients).
    public func registerWeakly(_ consumer: any EventConsumer) {
        _ = add(consumer, weakly: true)
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
        guard let recipient = registeredRecipient(for: consumer) else { return false }
        return end(recipient)
    }

    /// Whether `consumer` is registered (and, if held weakly, still alive).
    ///
    /// - Parameter consumer: The consumer to look for.
    /// - Complexity: O(1).
    public func isRegistered(_ consumer: any EventConsumer) -> Bool {
        registeredRecipient(for: consumer) != nil
    }

    /// The number of recipients — consumers and subscriptions — currently registered.
    public var recipientCount: Int { registry.value.count }
}
