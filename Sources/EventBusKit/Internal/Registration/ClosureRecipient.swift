/// A closure recipient of the events `listed` covers, as `T`s, with its options: what every
/// public `subscribe`, `subscribeOnce`, `events(of:)` and `next` form builds in one call and
/// hands to ``EventBus/subscribe(_:)``.
///
/// The public forms differ only in what they pass here: the owner-bound ones bind their
/// closures to the owner (``init(_:_:_:_:_:_:_:_:once:)``), the throwing and one-shot ones say
/// so.
struct ClosureRecipient<T> {
    /// What the recipient lists: `T` itself, ``AllEvent`` (then `T` is `any Event`) or a
    /// category whose events are `T`s.
    var listed: any Event.Type
    /// Called with each event delivered.
    var handler: (T) throws -> Void
    /// Decides each delivery before the call (`where:`); `nil` accepts every event.
    var filter: ((T) -> Bool)?
    /// Where it goes in call order.
    var priority = 0
    /// Whether it first receives the stored sticky values it matches.
    var replaysLatest = false
    /// Whether it ends before its first delivery.
    var isOnce = false
    /// For an owner-bound subscription, the object whose deallocation ends it.
    var owner: AnyObject?
    /// What ends a stream or a waiter when the stand-in goes.
    var finish: (@Sendable (_ busGone: Bool) -> Void)?
    /// How announcements, traces and `print(bus)` name it; made when first asked.
    var name: () -> String

    /// The state bits its options set (see ``RecipientDescription/gate``).
    var gate: Recipient.State {
        var gate: Recipient.State = []
        if filter != nil { gate.insert(.filtered) }
        if isOnce { gate.insert(.once) }
        return gate
    }

    /// A closure recipient of `listed` named by `name`: a stream's or a waiter's.
    init(
        listing listed: any Event.Type, _ handler: @escaping (T) throws -> Void,
        where filter: ((T) -> Bool)? = nil, name: @escaping () -> String
    ) {
        self.listed = listed
        self.handler = handler
        self.filter = filter
        self.name = name
    }

    /// A subscription, plain or throwing, to `listed`; one-shot when `once`.
    ///
    /// Its arguments are those of the public forms, in their order, unlabelled: each public
    /// form's body is this one call.
    init(
        _ listed: any Event.Type, _ handler: @escaping (T) throws -> Void,
        _ filter: ((T) -> Bool)?, _ priority: Int, _ replayingLatest: Bool,
        _ fileID: String, _ line: Int, throwing: Bool = false, once: Bool = false
    ) {
        self.init(
            listing: listed, handler, where: filter,
            name: Self.subscriptionName(
                listed, once: once, throwing: throwing, filtered: filter != nil, owner: nil,
                fileID: fileID, line: line))
        self.priority = priority
        self.replaysLatest = replayingLatest
        self.isOnce = once
    }

    /// A subscription to `listed` that lasts as long as `owner`, which its closures receive;
    /// both hold it weakly. One-shot when `once`.
    init<Owner: AnyObject>(
        _ listed: any Event.Type, _ owner: Owner, _ handler: @escaping (Owner, T) -> Void,
        _ filter: ((Owner, T) -> Bool)?, _ priority: Int, _ replayingLatest: Bool,
        _ fileID: String, _ line: Int, once: Bool = false
    ) {
        self.init(
            listing: listed,
            { [weak owner] value in if let owner { handler(owner, value) } },
            where: filter.map { filter in
                { [weak owner] value in owner.map { filter($0, value) } ?? false }
            },
            name: Self.subscriptionName(
                listed, once: once, throwing: false, filtered: filter != nil, owner: Owner.self,
                fileID: fileID, line: line))
        self.priority = priority
        self.replaysLatest = replayingLatest
        self.isOnce = once
        self.owner = owner
    }

    /// `Subscription(once, to: T, throwing, filtered, at: file:line, owner: O)`, each part
    /// when it applies: how `print(bus)`, traces and announcements name a subscription.
    private static func subscriptionName(
        _ listed: any Event.Type, once: Bool, throwing: Bool, filtered: Bool,
        owner: AnyObject.Type?, fileID: String, line: Int
    ) -> () -> String {
        {
            "Subscription(" + (once ? "once, " : "") + "to: \(entryName(listed))"
                + (throwing ? ", throwing" : "") + (filtered ? ", filtered" : "")
                + ", at: \(fileID):\(line)" + (owner.map { ", owner: \($0)" } ?? "") + ")"
        }
    }
}
