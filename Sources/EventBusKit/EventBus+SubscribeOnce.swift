// One-shot subscriptions: the first event that reaches the subscription and passes its
// predicate, then nothing.

extension EventBus {
    /// Subscribes a closure to the first event of type `T` that reaches it (and satisfies
    /// `predicate`), for as long as the returned token lives.
    ///
    /// The subscription behaves as
    /// ``subscribe(to:priority:replayingLatest:where:fileID:line:_:)-(T.Type,_,_,_,_,_,_)``
    /// until it delivers one event: it ends **before** `handler` is called, so a dispatch
    /// from the handler is not delivered to it again, and ``recipientCount`` no longer
    /// counts it. An event `predicate` rejects is not a delivery and does not end it. With
    /// `replayingLatest`, it is offered only the newest stored value that `is T` (the one
    /// ``latest(_:)`` returns), not every stored match. Dropping or cancelling the token
    /// before then ends it unused.
    ///
    /// ```swift
    /// struct UserLoggedIn: Event { let user: String }
    ///
    /// let firstLogin = bus.subscribeOnce(to: UserLoggedIn.self) { login in
    ///     print("start the tour for", login.user)
    /// }
    /// ```
    /// - Parameters:
    ///   - type: An event type; ``NoEvent`` stops with a message naming `type`.
    ///   - priority: Where the subscription goes in call order: higher is called earlier.
    ///   - replayingLatest: Whether it is first offered the newest stored value that `is T`.
    ///   - predicate: Which event reaches `handler`: asked at the subscription's turn, before
    ///     the call; an event it rejects is not a delivery. `nil` accepts every event.
    ///   - fileID: Where the subscription is made; names it in ``DidConsumeEvent``.
    ///   - line: The line of the call; names it in ``DidConsumeEvent``.
    ///   - handler: Called with the one event, on the bus's isolation.
    /// - Returns: The token that keeps the subscription alive until its event comes.
    /// - Complexity: O(*r*) for *r* event types already routed, amortized.
    public func subscribeOnce<T: Event>(
        to type: T.Type,
        priority: Int = 0,
        replayingLatest: Bool = false,
        where predicate: ((T) -> Bool)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        _ handler: @escaping (T) -> Void
    ) -> Subscription {
        subscribe(
            ClosureRecipient(
                T.self, handler, predicate, priority, replayingLatest, fileID, line, once: true))
    }

    /// Subscribes a closure that may throw to the first event of type `T` that reaches it.
    ///
    /// Same rules as
    /// ``subscribeOnce(to:priority:replayingLatest:where:fileID:line:_:)-(T.Type,_,_,_,_,_,_)``;
    /// a thrown error is announced as a ``ConsumerFailedEvent``, and the subscription has
    /// ended all the same.
    ///
    /// - Parameters:
    ///   - type: An event type; ``NoEvent`` stops with a message naming `type`.
    ///   - priority: Where the subscription goes in call order: higher is called earlier.
    ///   - replayingLatest: Whether it is first offered the newest stored value that `is T`.
    ///   - predicate: Which event reaches `handler`; `nil` accepts every event.
    ///   - fileID: Where the subscription is made.
    ///   - line: The line where it is made.
    ///   - handler: Called with the one event, on the bus's isolation; may throw.
    /// - Returns: The token that keeps the subscription alive until its event comes.
    public func subscribeOnce<T: Event>(
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
                T.self, handler, predicate, priority, replayingLatest, fileID, line, throwing: true,
                once: true))
    }

    /// Subscribes a closure to the first event of type `T` that reaches it while `owner`
    /// lives, handing it the owner.
    ///
    /// Same rules as
    /// ``subscribeOnce(to:priority:replayingLatest:where:fileID:line:_:)-(T.Type,_,_,_,_,_,_)``;
    /// the owner's deallocation ends it unused, and the token may be discarded, as for
    /// ``subscribe(to:owner:priority:replayingLatest:where:fileID:line:_:)-(T.Type,_,_,_,_,_,_,_)``.
    ///
    /// - Parameters:
    ///   - type: An event type; ``NoEvent`` stops with a message naming `type`.
    ///   - owner: The object whose lifetime bounds the subscription; held weakly.
    ///   - priority: Where the subscription goes in call order: higher is called earlier.
    ///   - replayingLatest: Whether it is first offered the newest stored value that `is T`.
    ///   - predicate: Which event reaches `handler`, asked with the owner; `nil` accepts
    ///     every event.
    ///   - fileID: Where the subscription is made.
    ///   - line: The line where it is made.
    ///   - handler: Called with the owner and the one event, on the bus's isolation.
    /// - Returns: A token that may be discarded, or kept to cancel earlier.
    @discardableResult
    public func subscribeOnce<T: Event, Owner: AnyObject>(
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
                T.self, owner, handler, predicate, priority, replayingLatest, fileID, line,
                once: true))
    }
}
