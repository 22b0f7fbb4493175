extension EventBus {
    /// Subscribes a closure that may throw to events of type `T`, for as long as the
    /// returned token lives.
    ///
    /// Same rules as ``subscribe(to:fileID:line:_:)``, plus: an error thrown by `handler`
    /// never stops delivery — the event still reaches its remaining recipients — is never
    /// retried, and is announced once as a ``ConsumerFailedEvent`` naming the subscription,
    /// the event and the error (queued only while someone listens for it). The call still
    /// counts as a delivery: its ``DidConsumeEvent`` follows the failure announcement.
    ///
    /// A trailing closure picks this overload when its body throws:
    ///
    /// ```swift
    /// let token = bus.subscribe(to: SaveRequested.self) { request in
    ///     try store.save(request.document)
    /// }
    /// bus.subscribe(to: ConsumerFailedEvent.self) { failure in
    ///     log.error("\(failure.recipient) failed: \(failure.error)")
    /// }.store(in: &tokens)
    /// ```
    /// - Parameters:
    ///   - type: A concrete event type. The wildcards ``AllEvent``, ``NoEvent`` and
    ///     ``Conforming`` stop with a message naming `type`.
    ///   - fileID: Where the subscription is made, for its description in announcements.
    ///   - line: The line where it is made.
    ///   - handler: Called with each matching event, on the bus's isolation; may throw.
    /// - Returns: The token that keeps the subscription alive.
    /// - Complexity: O(*r*) for *r* event types already routed, amortized.
    public func subscribe<T: Event>(
        to type: T.Type,
        fileID: String = #fileID,
        line: Int = #line,
        throwing handler: @escaping (T) throws -> Void
    ) -> Subscription {
        if let problem = Self.subscriptionProblem(type) { preconditionFailure(problem) }
        let consumer = ThrowingClosureConsumer(handler, origin: "\(fileID):\(line)", bus: self)
        let recipient = add(consumer, weakly: false)!
        return Subscription(bus: self, recipient: recipient, endsOnDeinit: true)
    }
}
