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
    ///     analytics.track(event.screen)
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
        subscribe(handler, label: { "Subscription(to: \(T.self), at: \(fileID):\(line))" })
    }

    /// The message `subscribe(to:)` stops with for `type`, or `nil` when it is subscribable.
    static func subscriptionProblem(_ type: any Event.Type) -> String? {
        if type == AllEvent.self || type == NoEvent.self || MatchList.category(named: type) != nil {
            return
                "subscribe(to:): type \(type) is a wildcard with no instances; a closure for it could never be called. Register an EventConsumer to list wildcards and categories."
        }
        return nil
    }

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
        subscribe(
            handler, label: { "Subscription(to: \(T.self), throwing, at: \(fileID):\(line))" })
    }

    /// Subscribes a closure to events of type `T` for as long as `owner` lives, handing it
    /// the owner — no `[weak self]` needed.
    ///
    /// The bus holds `owner` weakly and passes it to `handler` with each event. When `owner`
    /// is deallocated the subscription ends: the closure is never called again, and the bus
    /// drops the entry (releasing the closure) when a pass next meets it, or at the latest
    /// when the registry has doubled, so ended entries never pile up. Its lifetime is the
    /// owner's: the returned
    /// token may be discarded without ending it; ``Subscription/cancel()`` on it ends it
    /// earlier. Otherwise it behaves like ``subscribe(to:fileID:line:_:)``: a consumer with
    /// `willConsume = [T]`, in registration order, under the same snapshot rules.
    ///
    /// ```swift
    /// final class CartScreen {
    ///     var badge = 0
    ///     init(bus: EventBus) {
    ///         bus.subscribe(to: ItemAdded.self, owner: self) { screen, event in
    ///             screen.badge += event.quantity
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// > Important: Reach the owner through the closure's first argument. A closure that
    /// > captures `owner` strongly keeps it alive for as long as the bus lives.
    /// - Parameters:
    ///   - type: A concrete event type. The wildcards ``AllEvent``, ``NoEvent`` and
    ///     ``Conforming`` stop with a message naming `type`, as for
    ///     ``subscribe(to:fileID:line:_:)``.
    ///   - owner: The object whose lifetime bounds the subscription; held weakly.
    ///   - fileID: Where the subscription is made, for its description in announcements.
    ///   - line: The line where it is made.
    ///   - handler: Called with the owner and each matching event, on the bus's isolation.
    /// - Returns: A token that may be discarded, or kept to cancel earlier.
    /// - Complexity: O(*r*) for *r* event types already routed, amortized.
    @discardableResult
    public func subscribe<T: Event, Owner: AnyObject>(
        to type: T.Type,
        owner: Owner,
        fileID: String = #fileID,
        line: Int = #line,
        _ handler: @escaping (Owner, T) -> Void
    ) -> Subscription {
        let body = { [weak owner] (event: T) in
            guard let owner else { return }
            handler(owner, event)
        }
        return subscribe(
            body,
            label: { "Subscription(to: \(T.self), at: \(fileID):\(line), owner: \(Owner.self))" },
            owner: owner)
    }

    /// Registers a closure stand-in for `T` and returns its token; the one body of every
    /// `subscribe`.
    ///
    /// - Parameter owner: For an owner-bound subscription, the object whose deallocation ends
    ///   it; its token then does not end it on deinit.
    private func subscribe<T: Event>(
        _ handler: @escaping (T) throws -> Void, label: @escaping () -> String,
        owner: AnyObject? = nil
    ) -> Subscription {
        if let problem = Self.subscriptionProblem(T.self) { preconditionFailure(problem) }
        let standIn = StandIn(handler, label: label, bus: self)
        let recipient = add(standIn, weakly: false, standIn: standIn)!
        if let owner { recipient.bindLifetime(to: owner) }
        return Subscription(
            bus: self, recipient: recipient, endsOnDeinit: owner == nil ? mailbox() : nil)
    }
}
