/// A token that keeps a closure subscription alive.
///
/// The bus retains a subscription's closure until ``cancel()`` is called or, for
/// ``EventBus/subscribe(to:options:where:fileID:line:_:)-(T.Type,_,_,_,_,_)`` (and its
/// category form), until the token is deinitialized. The token of an owner-bound subscription
/// (``EventBus/subscribe(to:owner:options:where:fileID:line:_:)-(T.Type,_,_,_,_,_,_)``)
/// does not end it when deinitialized: that subscription lives as long as its owner, and
/// ``cancel()`` ends it earlier. The token never keeps a bus alive: from the moment the bus
/// begins to deallocate, the token finds no bus, and cancelling is harmless.
///
/// A token may be deinitialized on any thread — say, in the nonisolated `deinit` of a
/// `@MainActor` model released by a background task. Its deinit touches none of the bus's
/// state: it ends the subscription at once (no pass calls the closure from then on) and asks
/// the bus to remove it; the bus releases the closure on its own isolation — at its next
/// pass that meets the subscription, its next ``EventBus/deliverPosted()`` or drain of
/// posted events, or its next registry sweep. ``cancel()`` is synchronous: it removes the
/// subscription and releases the closure before it returns.
///
/// ```swift
/// var tokens: Set<EventSubscription> = []
/// bus.subscribe(to: Tick.self) { tick in print(tick) }.store(in: &tokens)
/// ```
public final class EventSubscription: Hashable {
    /// The subscription's recipient, its stand-in, which reaches the bus (while it lives) and
    /// its inbox through the bus's one ``BusReference``: the token holds no reference of its
    /// own to either.
    private let recipient: StandIn

    init(_ recipient: StandIn) {
        self.recipient = recipient
    }

    deinit {
        // Any thread: never touches the bus's state (see `StandIn.tokenReleased()`).
        if recipient.endsWithItsToken { recipient.tokenReleased() }
    }

    /// Claims the subscription's end, and reads it, from any thread (see ``RecipientEnding``).
    var ending: RecipientEnding { recipient.ending }

    /// Whether the subscription can still be called: not cancelled, not ended by its limit
    /// (``RecipientOptions/limit(_:)``), its bus alive.
    public var isActive: Bool {
        // A bus that goes away removes its recipients first.
        recipient.isCallable
    }

    /// Ends the subscription: its closure is never called again and is released.
    ///
    /// Idempotent. Cancelled during a pass, the subscription is skipped if its turn has not
    /// come. Harmless after the bus is gone.
    ///
    /// > Important: `cancel()` changes the bus's registry, so call it on the bus's
    /// > isolation. In a `deinit` that may run elsewhere (a `@MainActor` model's nonisolated
    /// > `deinit`), let the tokens go instead: a token's own deinit is safe on any thread.
    public func cancel() {
        // Once the bus is gone there is nothing to end: its teardown removed every recipient.
        // Removed already, it holds its stand-in no more, so no bus is found.
        recipient.standInBus?.end(standIn: recipient, because: .released)
    }

    /// Keeps this token in `set` (the subscription lives as long as the set holds it).
    ///
    /// - Parameter set: Where to keep the token.
    public func store(in set: inout Set<EventSubscription>) {
        set.insert(self)
    }

    /// Keeps this token in `collection`, an array or any other range-replaceable collection
    /// (the subscription lives as long as the collection holds it).
    ///
    /// - Parameter collection: Where to keep the token.
    public func store<C: RangeReplaceableCollection>(in collection: inout C)
    where C.Element == EventSubscription {
        collection.append(self)
    }

    /// Tokens are equal when they are the same token.
    public static func == (lhs: EventSubscription, rhs: EventSubscription) -> Bool { lhs === rhs }

    /// Hashes the token's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
