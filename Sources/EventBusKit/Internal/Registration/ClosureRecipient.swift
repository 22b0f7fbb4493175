/// A closure recipient of the events `listed` covers, as `T`s, with its options: what every
/// public `subscribe`, `events(of:)`, `next` and `observe` form builds in one call and hands
/// to ``EventBus/subscribe(_:)`` or ``EventBus/add(_:)`` (its own, which calls
/// ``EventBus/add(_:options:)``).
///
/// The public forms differ only in what they pass here: the owner-bound ones bind their
/// closures to the owner (``init(_:owner:_:where:_:fileID:line:)``), streams and waiters say
/// what they are (``Kind``) and what ends them.
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
    /// Its priority, replay, limit and name, as the app gave them (checked: see
    /// ``EventBus/checkListening(_:typed:options:call:)``).
    var options: RecipientOptions
    /// For an owner-bound subscription, the object whose deallocation ends it.
    var owner: AnyObject?
    /// What ends a stream or a waiter when the stand-in goes.
    var finish: (@Sendable (_ busGone: Bool) -> Void)?
    /// How announcements, traces and `print(bus)` name it; made when first asked.
    var name: () -> String

    /// What a closure recipient is, for its name.
    enum Kind {
        /// A closure subscription (or an observed object's): `Subscription(to: T, …)`.
        case subscription
        /// A stream: `events(of: T, bufferingPolicy: …, …)`.
        case stream(bufferingPolicy: String)
        /// A waiting `next`: `next(T, …)`.
        case waiter
    }

    /// A recipient of `listed`, called with `handler` for each event `filter` accepts.
    init<T>(
        _ kind: Kind, listing listed: any Event.Type, _ handler: @escaping (T) throws -> Void,
        where filter: ((T) -> Bool)?, _ options: RecipientOptions, fileID: String, line: Int
    ) {
        self.listed = listed
        self.closures = StandIn.Closures(handler, where: filter, listing: listed)
        self.options = options
        self.name = Self.label(
            kind, listed, options, filtered: filter != nil, owner: nil, fileID: fileID,
            line: line)
    }

    /// A subscription to `listed` that lasts as long as `owner`, which its closures receive;
    /// both hold it weakly.
    init<T, Owner: AnyObject>(
        _ listed: any Event.Type, owner: Owner, _ handler: @escaping (Owner, T) throws -> Void,
        where filter: ((Owner, T) -> Bool)?, _ options: RecipientOptions, fileID: String,
        line: Int
    ) {
        self.init(
            .subscription, listing: listed,
            { [weak owner] value in if let owner { try handler(owner, value) } },
            where: filter.map { filter in
                { [weak owner] value in owner.map { filter($0, value) } ?? false }
            },
            options, fileID: fileID, line: line)
        self.owner = owner
        self.name = Self.label(
            .subscription, listed, options, filtered: filter != nil, owner: Owner.self,
            fileID: fileID, line: line)
    }

    /// How `print(bus)`, traces and announcements name a closure recipient: its type part
    /// (`Subscription(to: T`, `events(of: T, bufferingPolicy: P`, `next(T`) — or, when the
    /// options name it, the name — then what else it is (`once` or `limit n`, `filtered`), its
    /// call site and its owner's type: `Subscription(to: Tap, once, at: App/Cart.swift:12)`,
    /// `audit (once, at: App/Cart.swift:12, owner: CartModel)`.
    private static func label(
        _ kind: Kind, _ listed: any Event.Type, _ options: RecipientOptions, filtered: Bool,
        owner: AnyObject.Type?, fileID: String, line: Int
    ) -> () -> String {
        {
            var parts: [String] = []
            let head: String
            if let name = options.name {
                head = ProblemLog.oneLine(name) + " ("
                switch kind {
                case .subscription: break
                case .stream: parts.append("events")
                case .waiter: parts.append("next")
                }
            } else {
                let listedName = entryName(listed)
                switch kind {
                case .subscription: head = "Subscription(to: \(listedName)"
                case .stream(let policy):
                    head = "events(of: \(listedName), bufferingPolicy: \(policy)"
                case .waiter: head = "next(\(listedName)"
                }
                parts.append("")  // the separator after the type part
            }
            switch (kind, options.limit) {
            case (.waiter, _), (_, nil): break  // a waiter is one-shot by what it is
            case (_, 1?): parts.append("once")
            case (_, let limit?): parts.append("limit \(limit)")
            }
            if filtered { parts.append("filtered") }
            parts.append("at: \(fileID):\(line)")
            if let owner { parts.append("owner: \(owner)") }
            return head + parts.joined(separator: ", ") + ")"
        }
    }
}
