/// A closure recipient of the events `listed` covers, as `T`s: what every public
/// `subscribe`, `events(of:)`, `next` and `observe` form builds in one call and hands, with
/// its options, to ``EventBus/subscribe(_:options:)`` or ``EventBus/add(_:options:)`` (the
/// stand-in's path into the registry).
///
/// The options travel beside it, borrowed, not in it: held here, they were copied in and
/// destroyed after through the runtime's value witnesses (about 30 instructions a
/// subscription, CONTRACT §18).
///
/// The public forms differ only in what they pass here: the owner-bound ones bind their
/// closures to the owner (``init(_:owner:_:where:_:fileID:line:)``), streams and waiters say
/// what they are (``ClosureLabel/Kind``) and what ends them.
///
/// Not generic: its closures, of the events as `T`s, are kept as its stand-in takes them
/// (``StandIn/Closures``), so a caller of any `T` builds it with no generic metadata to look
/// up.
struct ClosureRecipient {
    /// What the recipient lists: `T` itself, ``AllEvent`` (then `T` is `any Event`) or a
    /// category whose events are `T`s.
    var listed: any Event.Type
    /// Called with each event delivered, and deciding each delivery before the call
    /// (`where:`), as the stand-in calls them.
    var closures: StandIn.Closures
    /// For an owner-bound subscription, the object whose deallocation ends it.
    var owner: AnyObject?
    /// What ends a stream or a waiter when the stand-in goes, told how its recipient ended
    /// (as the claim of its end recorded it: see ``RecipientEnd``).
    var finish: (@Sendable (_ end: RecipientEnd?) -> Void)?
    /// What its name is made from (see ``RecipientName``): no string is built until a view
    /// asks.
    var label: ClosureLabel

    /// A recipient of `listed`, called with `handler` for each event `filter` accepts.
    init<T>(
        _ kind: ClosureLabel.Kind, listing listed: any Event.Type,
        _ handler: @escaping (T) throws -> Void, where filter: ((T) -> Bool)?, fileID: String,
        line: Int
    ) {
        self.listed = listed
        self.closures = StandIn.Closures(handler, where: filter, listing: listed)
        self.label = ClosureLabel(kind: kind, listed: listed, fileID: fileID, line: line)
    }

    /// A subscription to `listed` that lasts as long as `owner`, which its closures receive;
    /// both hold it weakly.
    init<T, Owner: AnyObject>(
        _ listed: any Event.Type, owner: Owner, _ handler: @escaping (Owner, T) throws -> Void,
        where filter: ((Owner, T) -> Bool)?, fileID: String, line: Int
    ) {
        self.init(
            .subscription, listing: listed,
            { [weak owner] value in if let owner { try handler(owner, value) } },
            where: filter.map { filter in
                { [weak owner] value in owner.map { filter($0, value) } ?? false }
            },
            fileID: fileID, line: line)
        self.owner = owner
        label.owner = Owner.self
    }
}
