extension EventBus {
    /// Subscribes a closure to events of type `T`, for as long as the returned token lives.
    ///
    /// The subscription behaves as a consumer with `willConsume = [T]`, `excludeList = []`:
    /// it receives every event that `is T` (subclasses of a class `T` included), in call
    /// order among the event's recipients (descending `priority`, then registration order),
    /// under the same snapshot rules. The bus retains `handler` until the token is cancelled
    /// or deinitialized; the token does not retain the bus. With `replayingLatest`, it first
    /// receives the latest stored value of every ``StickyEvent`` type it matches (see
    /// ``latest(_:)``), each in a pass of its own.
    ///
    /// ```swift
    /// let token = bus.subscribe(to: PageViewEvent.self) { event in
    ///     analytics.track(event.screen)
    /// }
    /// // … later, or when `token` goes away:
    /// token.cancel()
    /// ```
    /// - Parameters:
    ///   - type: An event type. For ``AllEvent`` and categories (``Conforming``), the
    ///     forms whose closure takes `any Event` or `P` apply; ``NoEvent`` has no events for
    ///     the closure to receive: passing it stops with a message naming `type`.
    ///   - priority: Where the subscription goes in call order: higher is called earlier.
    ///   - replayingLatest: Whether it first receives the latest stored sticky values.
    ///   - predicate: Which events reach `handler`: asked at the subscription's turn, before
    ///     the call; an event it rejects is not a delivery. `nil` accepts every event.
    ///   - fileID: Where the subscription is made; names it in ``DidConsumeEvent``.
    ///   - line: The line of the `subscribe` call; names it in ``DidConsumeEvent``.
    ///   - handler: Called with each matching event, on the bus's isolation.
    /// - Returns: The token that keeps the subscription alive.
    /// - Complexity: O(*r*) for *r* event types already routed, amortized.
    @_disfavoredOverload  // for `AllEvent` and `Conforming<P>`, their own forms apply
    public func subscribe<T: Event>(
        to type: T.Type,
        priority: Int = 0,
        replayingLatest: Bool = false,
        where predicate: ((T) -> Bool)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        _ handler: @escaping (T) -> Void
    ) -> Subscription {
        subscribe(
            ClosureRecipient(T.self, handler, predicate, priority, replayingLatest, fileID, line))
    }

    /// Subscribes a closure that may throw to events of type `T`, for as long as the
    /// returned token lives.
    ///
    /// Same rules as ``subscribe(to:priority:replayingLatest:where:fileID:line:_:)-(T.Type,_,_,_,_,_,_)``, plus: an error thrown by `handler`
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
    ///   - type: An event type; ``NoEvent`` stops with a message naming `type`.
    ///   - priority: Where the subscription goes in call order: higher is called earlier.
    ///   - replayingLatest: Whether it first receives the latest stored sticky values.
    ///   - predicate: Which events reach `handler`: asked at the subscription's turn, before
    ///     the call; an event it rejects is not a delivery. `nil` accepts every event.
    ///   - fileID: Where the subscription is made, for its description in announcements.
    ///   - line: The line where it is made.
    ///   - handler: Called with each matching event, on the bus's isolation; may throw.
    /// - Returns: The token that keeps the subscription alive.
    /// - Complexity: O(*r*) for *r* event types already routed, amortized.
    @_disfavoredOverload  // for `AllEvent` and `Conforming<P>`, their own forms apply
    public func subscribe<T: Event>(
        to type: T.Type,
        priority: Int = 0,
        replayingLatest: Bool = false,
        where predicate: ((T) -> Bool)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        throwing handler: @escaping (T) throws -> Void
    ) -> Subscription {
        subscribe(
            ClosureRecipient(
                T.self, handler, predicate, priority, replayingLatest, fileID, line, throwing: true)
        )
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
    /// earlier. Otherwise it behaves like ``subscribe(to:priority:replayingLatest:where:fileID:line:_:)-(T.Type,_,_,_,_,_,_)``: a
    /// consumer with `willConsume = [T]`, in call order, under the same snapshot rules. A
    /// replay to a subscription whose owner is already gone is skipped, like any delivery to
    /// it.
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
    ///   - type: An event type; ``NoEvent`` stops with a message naming `type`.
    ///   - owner: The object whose lifetime bounds the subscription; held weakly.
    ///   - priority: Where the subscription goes in call order: higher is called earlier.
    ///   - replayingLatest: Whether it first receives the latest stored sticky values.
    ///   - predicate: Which events reach `handler`: asked at the subscription's turn, before
    ///     the call; an event it rejects is not a delivery. `nil` accepts every event.
    ///   - fileID: Where the subscription is made, for its description in announcements.
    ///   - line: The line where it is made.
    ///   - handler: Called with the owner and each matching event, on the bus's isolation.
    /// - Returns: A token that may be discarded, or kept to cancel earlier.
    /// - Complexity: O(*r*) for *r* event types already routed, amortized.
    @discardableResult
    @_disfavoredOverload  // for `AllEvent` and `Conforming<P>`, their own forms apply
    public func subscribe<T: Event, Owner: AnyObject>(
        to type: T.Type,
        owner: Owner,
        priority: Int = 0,
        replayingLatest: Bool = false,
        where predicate: ((Owner, T) -> Bool)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        _ handler: @escaping (Owner, T) -> Void
    ) -> Subscription {
        subscribe(
            ClosureRecipient(
                T.self, owner, handler, predicate, priority, replayingLatest, fileID, line))
    }
}
