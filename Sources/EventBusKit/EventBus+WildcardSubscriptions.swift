// Closure subscriptions to the wildcard `AllEvent` and to categories (`Conforming<P>`), in the
// same forms as the typed ones: plain, throwing and owner-bound.

extension EventBus {
    /// Subscribes a closure to every event the app dispatches, for as long as the returned
    /// token lives.
    ///
    /// The subscription behaves as a consumer with `willConsume = [AllEvent]`: it receives
    /// every event except the bus's own announcements (``DidConsumeEvent``,
    /// ``NoConsumerEvent``, ``DroppedEvent``, ``ConsumerFailedEvent``), which reach only
    /// recipients that name them. Order, snapshot and lifetime rules are those of
    /// ``subscribe(to:priority:replayingLatest:where:fileID:line:_:)-(T.Type,_,_,_,_,_,_)``.
    ///
    /// ```swift
    /// let everything = bus.subscribe(to: AllEvent.self) { (event: any Event) in
    ///     print("dispatched:", event)
    /// }
    /// ```
    /// - Parameters:
    ///   - type: ``AllEvent``.
    ///   - priority: Where the subscription goes in call order: higher is called earlier.
    ///   - replayingLatest: Whether it first receives the latest stored sticky values.
    ///   - predicate: Which events reach `handler`: asked at the subscription's turn, before
    ///     the call; an event it rejects is not a delivery. `nil` accepts every event.
    ///   - fileID: Where the subscription is made; names it in ``DidConsumeEvent``.
    ///   - line: The line of the `subscribe` call.
    ///   - handler: Called with each event, on the bus's isolation.
    /// - Returns: The token that keeps the subscription alive.
    /// - Complexity: O(*r*) for *r* event types already routed.
    public func subscribe(
        to type: AllEvent.Type,
        priority: Int = 0,
        replayingLatest: Bool = false,
        where predicate: ((any Event) -> Bool)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        _ handler: @escaping (any Event) -> Void
    ) -> Subscription {
        subscribe(
            ClosureRecipient(
                AllEvent.self, handler, predicate, priority, replayingLatest, fileID, line))
    }

    /// Subscribes a closure that may throw to every event the app dispatches.
    ///
    /// Same rules as ``subscribe(to:priority:replayingLatest:where:fileID:line:_:)-(AllEvent.Type,_,_,_,_,_,_)``,
    /// and a thrown error is announced as for
    /// ``subscribe(to:priority:replayingLatest:where:fileID:line:throwing:)-(T.Type,_,_,_,_,_,_)``.
    ///
    /// - Parameters:
    ///   - type: ``AllEvent``.
    ///   - priority: Where the subscription goes in call order: higher is called earlier.
    ///   - replayingLatest: Whether it first receives the latest stored sticky values.
    ///   - predicate: Which events reach `handler`: asked at the subscription's turn, before
    ///     the call; an event it rejects is not a delivery. `nil` accepts every event.
    ///   - fileID: Where the subscription is made.
    ///   - line: The line where it is made.
    ///   - handler: Called with each event, on the bus's isolation; may throw.
    /// - Returns: The token that keeps the subscription alive.
    public func subscribe(
        to type: AllEvent.Type,
        priority: Int = 0,
        replayingLatest: Bool = false,
        where predicate: ((any Event) -> Bool)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        throwing handler: @escaping (any Event) throws -> Void
    ) -> Subscription {
        subscribe(
            ClosureRecipient(
                AllEvent.self, handler, predicate, priority, replayingLatest, fileID, line,
                throwing: true))
    }

    /// Subscribes a closure to every event the app dispatches for as long as `owner` lives,
    /// handing it the owner.
    ///
    /// - Parameters:
    ///   - type: ``AllEvent``.
    ///   - owner: The object whose lifetime bounds the subscription; held weakly.
    ///   - priority: Where the subscription goes in call order: higher is called earlier.
    ///   - replayingLatest: Whether it first receives the latest stored sticky values.
    ///   - predicate: Which events reach `handler`: asked at the subscription's turn, before
    ///     the call; an event it rejects is not a delivery. `nil` accepts every event.
    ///   - fileID: Where the subscription is made.
    ///   - line: The line where it is made.
    ///   - handler: Called with the owner and each event, on the bus's isolation.
    /// - Returns: A token that may be discarded, or kept to cancel earlier.
    @discardableResult
    public func subscribe<Owner: AnyObject>(
        to type: AllEvent.Type,
        owner: Owner,
        priority: Int = 0,
        replayingLatest: Bool = false,
        where predicate: ((Owner, any Event) -> Bool)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        _ handler: @escaping (Owner, any Event) -> Void
    ) -> Subscription {
        subscribe(
            ClosureRecipient(
                AllEvent.self, owner, handler, predicate, priority, replayingLatest, fileID, line))
    }

    /// Subscribes a closure to every event whose type conforms to a protocol, for as long as
    /// the returned token lives.
    ///
    /// The subscription behaves as a consumer with `willConsume = [Conforming<P>]`: it
    /// receives every event that `is P`, except the bus's own announcements. `P` need not
    /// refine ``Event``.
    ///
    /// ```swift
    /// protocol Analytics { var name: String { get } }
    ///
    /// let tracking = bus.subscribe(to: Conforming<any Analytics>.self) { event in
    ///     tracker.send(event.name)
    /// }
    /// ```
    /// - Parameters:
    ///   - category: The category, `Conforming<any P>.self`.
    ///   - priority: Where the subscription goes in call order: higher is called earlier.
    ///   - replayingLatest: Whether it first receives the latest stored sticky values.
    ///   - predicate: Which events reach `handler`: asked at the subscription's turn, before
    ///     the call; an event it rejects is not a delivery. `nil` accepts every event.
    ///   - fileID: Where the subscription is made.
    ///   - line: The line where it is made.
    ///   - handler: Called with each event of the category, as a `P`, on the bus's isolation.
    /// - Returns: The token that keeps the subscription alive.
    /// - Complexity: O(1) now, and a rebuild of each route on next use (categories are
    ///   decided on event values).
    public func subscribe<P>(
        to category: Conforming<P>.Type,
        priority: Int = 0,
        replayingLatest: Bool = false,
        where predicate: ((P) -> Bool)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        _ handler: @escaping (P) -> Void
    ) -> Subscription {
        subscribe(
            ClosureRecipient(category, handler, predicate, priority, replayingLatest, fileID, line))
    }

    /// Subscribes a closure that may throw to every event whose type conforms to a protocol.
    ///
    /// - Parameters:
    ///   - category: The category, `Conforming<any P>.self`.
    ///   - priority: Where the subscription goes in call order: higher is called earlier.
    ///   - replayingLatest: Whether it first receives the latest stored sticky values.
    ///   - predicate: Which events reach `handler`: asked at the subscription's turn, before
    ///     the call; an event it rejects is not a delivery. `nil` accepts every event.
    ///   - fileID: Where the subscription is made.
    ///   - line: The line where it is made.
    ///   - handler: Called with each event of the category, as a `P`; may throw.
    /// - Returns: The token that keeps the subscription alive.
    public func subscribe<P>(
        to category: Conforming<P>.Type,
        priority: Int = 0,
        replayingLatest: Bool = false,
        where predicate: ((P) -> Bool)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        throwing handler: @escaping (P) throws -> Void
    ) -> Subscription {
        subscribe(
            ClosureRecipient(
                category, handler, predicate, priority, replayingLatest, fileID, line,
                throwing: true))
    }

    /// Subscribes a closure to every event whose type conforms to a protocol for as long as
    /// `owner` lives, handing it the owner.
    ///
    /// - Parameters:
    ///   - category: The category, `Conforming<any P>.self`.
    ///   - owner: The object whose lifetime bounds the subscription; held weakly.
    ///   - priority: Where the subscription goes in call order: higher is called earlier.
    ///   - replayingLatest: Whether it first receives the latest stored sticky values.
    ///   - predicate: Which events reach `handler`: asked at the subscription's turn, before
    ///     the call; an event it rejects is not a delivery. `nil` accepts every event.
    ///   - fileID: Where the subscription is made.
    ///   - line: The line where it is made.
    ///   - handler: Called with the owner and each event of the category, as a `P`.
    /// - Returns: A token that may be discarded, or kept to cancel earlier.
    @discardableResult
    public func subscribe<P, Owner: AnyObject>(
        to category: Conforming<P>.Type,
        owner: Owner,
        priority: Int = 0,
        replayingLatest: Bool = false,
        where predicate: ((Owner, P) -> Bool)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        _ handler: @escaping (Owner, P) -> Void
    ) -> Subscription {
        subscribe(
            ClosureRecipient(
                category, owner, handler, predicate, priority, replayingLatest, fileID, line))
    }
}
