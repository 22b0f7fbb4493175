extension EventBus {
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
        if let problem = Self.subscriptionProblem(type) { preconditionFailure(problem) }
        let consumer = ClosureConsumer<T>(
            { [weak owner] event in
                guard let owner else { return }
                handler(owner, event)
            },
            origin: "\(fileID):\(line), owner: \(Owner.self)")
        let recipient = add(consumer, weakly: false)!
        recipient.bindLifetime(to: owner)
        return Subscription(bus: self, recipient: recipient, endsOnDeinit: false)
    }
}
