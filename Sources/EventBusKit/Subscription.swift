/// A token that keeps a closure subscription alive.
///
/// The bus retains a subscription's closure until ``cancel()`` is called or, for
/// ``EventBus/subscribe(to:fileID:line:_:)`` and
/// ``EventBus/subscribe(to:fileID:line:throwing:)``, until the token is deinitialized. The
/// token of an owner-bound subscription (``EventBus/subscribe(to:owner:fileID:line:_:)``)
/// does not end it when deinitialized: that subscription lives as long as its owner, and
/// ``cancel()`` ends it earlier. The token holds the bus weakly: it never keeps a bus alive,
/// and cancelling after the bus is gone is harmless.
///
/// ```swift
/// var tokens: Set<Subscription> = []
/// bus.subscribe(to: Tick.self) { tick in print(tick) }.store(in: &tokens)
/// ```
public final class Subscription: Hashable {
    private weak var bus: EventBus?
    private let recipient: Recipient
    private let endsOnDeinit: Bool

    init(bus: EventBus, recipient: Recipient, endsOnDeinit: Bool) {
        self.bus = bus
        self.recipient = recipient
        self.endsOnDeinit = endsOnDeinit
    }

    deinit {
        if endsOnDeinit { cancel() }
    }

    /// Whether the subscription can still be called: not cancelled, its bus alive.
    public var isActive: Bool { bus != nil && recipient.consumer != nil }

    /// Ends the subscription: its closure is never called again and is released.
    ///
    /// Idempotent. Cancelled during a pass, the subscription is skipped if its turn has not
    /// come. Harmless after the bus is gone.
    public func cancel() {
        if let bus {
            bus.end(recipient)
        } else {
            _ = recipient.deactivate()  // the bus is gone: no access to end
        }
    }

    /// Keeps this token in `set` (the subscription lives as long as the set holds it).
    ///
    /// - Parameter set: Where to keep the token.
    public func store(in set: inout Set<Subscription>) {
        set.insert(self)
    }

    /// Tokens are equal when they are the same token.
    public static func == (lhs: Subscription, rhs: Subscription) -> Bool { lhs === rhs }

    /// Hashes the token's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
