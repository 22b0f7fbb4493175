extension EventBus {
    /// Subscribes a closure to events of type `T`, for as long as the returned token lives.
    ///
    /// The subscription behaves as a consumer with `willConsume = [T]`, `excludeList = []`:
    /// it receives every event that `is T` (subclasses of a class `T` included), in
    /// registration order among the event's recipients, under the same snapshot rules. The
    /// bus retains `handler` until the token is cancelled or deinitialized; the token does
    /// not retain the bus.
    ///
    /// ```swift
    /// let token = bus.subscribe(to: PageViewEvent.self) { event in
    ///     analytics.track(event.page)
    /// }
    /// // … later, or when `token` goes away:
    /// token.cancel()
    /// ```
    /// - Parameters:
    ///   - type: A concrete event type. The wildcards ``AllEvent``, ``NoEvent`` and
    ///     ``Conforming`` have no instances for the closure to receive: passing one stops
    ///     with a message naming `type` (register a consumer instead).
    ///   - fileID: Where the subscription is made; names it in ``DidConsumeEvent``.
    ///   - line: The line of the `subscribe` call; names it in ``DidConsumeEvent``.
    ///   - handler: Called with each matching event, on the bus's isolation.
    /// - Returns: The token that keeps the subscription alive.
    /// - Complexity: O(*r*) for *r* event types already routed, amortized.
    public func subscribe<T: Event>(
        to type: T.Type,
        fileID: String = #fileID,
        line: Int = #line,
        _ handler: @escaping (T) -> Void
    ) -> Subscription {
        if let problem = Self.subscriptionProblem(type) { preconditionFailure(problem) }
        let consumer = ClosureConsumer(handler, origin: "\(fileID):\(line)")
        let recipient = add(consumer, weakly: false)!
        return Subscription(bus: self, recipient: recipient, endsOnDeinit: true)
    }

    /// The message `subscribe(to:)` stops with for `type`, or `nil` when it is subscribable.
    static func subscriptionProblem(_ type: any Event.Type) -> String? {
        if type == AllEvent.self || type == NoEvent.self || type is any _EventCategory.Type {
            return
                "subscribe(to:): type \(type) is a wildcard with no instances; a closure for it could never be called. Register an EventConsumer to list wildcards and categories."
        }
        return nil
    }

    /// Ends `recipient` and removes it from the registry.
    ///
    /// Its consumer is released only after the registry access ends: releasing a closure
    /// runs the deinits of what it captured, and those may call back into the bus (cancel
    /// another token, register, dispatch).
    ///
    /// - Returns: `false` when it was not registered.
    @discardableResult
    func end(_ recipient: Recipient) -> Bool {
        withExtendedLifetime(recipient.strong) { registry.remove(recipient) }
    }
}
