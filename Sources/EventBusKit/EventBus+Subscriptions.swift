// Closure subscriptions: to a type or to a category, for as long as a token or an owner lives.

extension EventBus {
    /// Subscribes a closure to events of type `T`, for as long as the returned token lives.
    ///
    /// The subscription behaves as a consumer with `willConsume = [T]`, `excludeList = []`:
    /// it receives every event that `is T` (subclasses of a class `T` included), in call
    /// order among the event's recipients (descending priority, then registration order),
    /// under the same snapshot rules. The bus retains `handler` until the token is cancelled
    /// or deinitialized; the token does not retain the bus. `options` sets how it listens (see
    /// ``RecipientOptions``). An error `handler` throws never
    /// stops delivery — the event still reaches its remaining recipients — and is announced
    /// once as a ``ConsumerFailedEvent``; the call still counts as a delivery.
    ///
    /// ```swift
    /// struct Purchase: Event { let amount: Int }
    ///
    /// let token = bus.subscribe(to: PageViewEvent.self) { event in
    ///     analytics.track(event.screen)
    /// }
    /// let audit = bus.subscribe(to: Purchase.self, options: .priority(10)) { purchase in
    ///     try ledger.record(purchase.amount)
    /// }
    /// // … later, or when a token goes away:
    /// token.cancel()
    /// ```
    /// - Parameters:
    ///   - type: An event type. For ``AllEvent`` and categories (``Conforming``), the form
    ///     whose closure takes the category's ``EventCategory/Member`` applies; ``NoEvent``
    ///     stops with a message naming `to`.
    ///   - options: How it listens (see ``RecipientOptions``); the default,
    ///     `RecipientOptions()` (`[]`), sets nothing.
    ///   - predicate: Which events reach `handler`: asked at the subscription's turn, before
    ///     the call; an event it rejects is not a delivery. `nil` accepts every event.
    ///   - fileID: Where the subscription is made; names it in ``DidConsumeEvent``.
    ///   - line: The line of the `subscribe` call; names it in ``DidConsumeEvent``.
    ///   - handler: Called with each matching event, on the bus's isolation; may throw.
    /// - Returns: The token that keeps the subscription alive.
    /// - Complexity: O(*r*) for *r* event types already routed, amortized.
    @_disfavoredOverload  // for `AllEvent` and `Conforming<P>`, the category form applies
    public func subscribe<T: Event>(
        to type: T.Type,
        options: RecipientOptions = RecipientOptions(),
        where predicate: ((T) -> Bool)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        _ handler: @escaping (T) throws -> Void
    ) -> EventSubscription {
        subscribe(
            listing: T.self, StandIn.Closures(handler, where: predicate, listing: T.self),
            label: ClosureLabel(kind: .subscription, listed: T.self, fileID: fileID, line: line),
            options: options, typed: true, call: "subscribe(to:)")
    }

    /// Subscribes a closure to events of type `T` for as long as `owner` lives, handing it
    /// the owner — no `[weak self]` needed.
    ///
    /// The bus holds `owner` weakly and passes it to `handler` (and to `predicate`) with each
    /// event. When `owner` is deallocated the subscription ends: the closure is never called
    /// again, and the bus drops the entry (releasing the closure) when a pass next meets it,
    /// or at the latest when the registry is next swept. Its lifetime is the owner's: the
    /// returned token may be discarded (dropping it does not end the subscription; calling
    /// ``EventSubscription/cancel()`` on it does). Otherwise as
    /// ``subscribe(to:options:where:fileID:line:_:)-(T.Type,_,_,_,_,_)``.
    ///
    /// ```swift
    /// @MainActor final class CartModel {
    ///     private(set) var itemCount = 0
    ///     init(bus: EventBus) {
    ///         bus.subscribe(to: ItemAdded.self, owner: self) { model, event in
    ///             model.itemCount += event.quantity
    ///         }
    ///     }
    /// }
    /// ```
    /// - Parameters:
    ///   - type: An event type; as for the form without an owner.
    ///   - owner: The object whose lifetime bounds the subscription; held weakly.
    ///   - options: How it listens (see ``RecipientOptions``); the default,
    ///     `RecipientOptions()` (`[]`), sets nothing.
    ///   - predicate: Which events reach `handler`, asked with the owner; `nil` accepts every
    ///     event.
    ///   - fileID: Where the subscription is made.
    ///   - line: The line where it is made.
    ///   - handler: Called with the owner and each matching event, on the bus's isolation;
    ///     may throw.
    /// - Returns: A token that may be discarded, or kept to cancel earlier.
    /// - Complexity: O(*r*) for *r* event types already routed, amortized.
    @_disfavoredOverload  // for `AllEvent` and `Conforming<P>`, the category form applies
    @discardableResult
    public func subscribe<T: Event, Owner: AnyObject>(
        to type: T.Type,
        owner: Owner,
        options: RecipientOptions = RecipientOptions(),
        where predicate: ((Owner, T) -> Bool)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        _ handler: @escaping (Owner, T) throws -> Void
    ) -> EventSubscription {
        subscribe(
            listing: T.self, owner: owner, handler, where: predicate, fileID: fileID, line: line,
            options: options, typed: true)
    }

    /// Subscribes a closure to every event of a category — every event the app dispatches
    /// (``AllEvent``), or every event whose type conforms to a protocol (``Conforming``) —
    /// for as long as the returned token lives.
    ///
    /// The subscription behaves as a consumer with `willConsume = [C]`: it receives each
    /// event of the category as a ``EventCategory/Member`` (`any Event` for ``AllEvent``,
    /// `P` for `Conforming<P>`), except the bus's own announcements (``DidConsumeEvent``,
    /// ``NoConsumerEvent``, ``DroppedEvent``, ``ConsumerFailedEvent``), which reach only
    /// recipients that name them. `P` need not refine ``Event``. Otherwise as
    /// ``subscribe(to:options:where:fileID:line:_:)-(T.Type,_,_,_,_,_)``.
    ///
    /// ```swift
    /// protocol Analytics { var name: String { get } }
    ///
    /// let everything = bus.subscribe(to: AllEvent.self) { (event: any Event) in
    ///     print("dispatched:", event)
    /// }
    /// let tracking = bus.subscribe(to: Conforming<any Analytics>.self) { event in
    ///     tracker.send(event.name)
    /// }
    /// ```
    /// - Parameters:
    ///   - category: ``AllEvent`` or `Conforming<any P>`.
    ///   - options: How it listens (see ``RecipientOptions``); the default,
    ///     `RecipientOptions()` (`[]`), sets nothing.
    ///   - predicate: Which events reach `handler`; `nil` accepts every event.
    ///   - fileID: Where the subscription is made.
    ///   - line: The line where it is made.
    ///   - handler: Called with each event of the category, on the bus's isolation; may
    ///     throw.
    /// - Returns: The token that keeps the subscription alive.
    /// - Complexity: O(*r*) for *r* event types already routed; for `Conforming<P>`, a
    ///   rebuild of each route on next use (categories are decided on event values).
    public func subscribe<C: EventCategory>(
        to category: C.Type,
        options: RecipientOptions = RecipientOptions(),
        where predicate: ((C.Member) -> Bool)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        _ handler: @escaping (C.Member) throws -> Void
    ) -> EventSubscription {
        subscribe(
            listing: C.self, StandIn.Closures(handler, where: predicate, listing: C.self),
            label: ClosureLabel(kind: .subscription, listed: C.self, fileID: fileID, line: line),
            options: options, typed: false, call: "subscribe(to:)")
    }

    /// Subscribes a closure to every event of a category for as long as `owner` lives,
    /// handing it the owner.
    ///
    /// The category's rules are those of
    /// ``subscribe(to:options:where:fileID:line:_:)-(C.Type,_,_,_,_,_)``, the owner's those of
    /// ``subscribe(to:owner:options:where:fileID:line:_:)-(T.Type,_,_,_,_,_,_)``.
    ///
    /// - Parameters:
    ///   - category: ``AllEvent`` or `Conforming<any P>`.
    ///   - owner: The object whose lifetime bounds the subscription; held weakly.
    ///   - options: How it listens (see ``RecipientOptions``); the default,
    ///     `RecipientOptions()` (`[]`), sets nothing.
    ///   - predicate: Which events reach `handler`, asked with the owner; `nil` accepts every
    ///     event.
    ///   - fileID: Where the subscription is made.
    ///   - line: The line where it is made.
    ///   - handler: Called with the owner and each event of the category; may throw.
    /// - Returns: A token that may be discarded, or kept to cancel earlier.
    @discardableResult
    public func subscribe<C: EventCategory, Owner: AnyObject>(
        to category: C.Type,
        owner: Owner,
        options: RecipientOptions = RecipientOptions(),
        where predicate: ((Owner, C.Member) -> Bool)? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        _ handler: @escaping (Owner, C.Member) throws -> Void
    ) -> EventSubscription {
        subscribe(
            listing: C.self, owner: owner, handler, where: predicate, fileID: fileID, line: line,
            options: options, typed: false)
    }
}
