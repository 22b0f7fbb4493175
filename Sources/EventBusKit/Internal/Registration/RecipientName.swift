/// A recipient's display name (contract §17.2): fixed by what is known when the recipient is
/// added, rendered the first time a view asks, and kept — so every view (traces, `print(bus)`,
/// `explain`, problem messages, the bus's announcements) shows the same text, during its life
/// and after its end. Adding a recipient builds no string: it stores only what the name is
/// made from (a type, a label: two references).
///
/// - An app's consumer is its `name` option; otherwise its `description` (its type's name
///   when it has none) as read the first time a view shows it while it lives; otherwise, when
///   no view showed it while it lived, its type's name.
/// - A closure recipient (a subscription, a stream, a `next`) is its label
///   (``ClosureLabel``): what it is or its `name` option, its attributes, its call site.
///
/// ``Recipient/name`` is the one place a view asks.
struct RecipientName {
    /// The consumer's type: an app's consumer's name when no view showed it while it lived.
    let consumerType: any EventConsumer.Type
    /// A closure recipient's label; `nil` for an app's consumer.
    let label: ClosureLabel?
    /// The name, once a view asked for it.
    private(set) var text: String?

    /// The name of a recipient whose consumer is of `consumerType`, a closure recipient's when
    /// it has a `label`.
    init(of consumerType: any EventConsumer.Type, label: ClosureLabel?) {
        self.consumerType = consumerType
        self.label = label
    }

    /// The name, for a recipient listening by `rules` whose consumer is `consumer` while it
    /// lives (`nil` once it ended). May read the consumer's `description`: app code.
    func render(_ rules: ListeningRules, consumer: (any EventConsumer)?) -> String {
        if let label { return label.text(rules) }
        return rules.shownName ?? consumer.map(recipientName(of:))
            ?? String(describing: consumerType)
    }

    /// Keeps `text` as the name, unless a name was kept already (then returns that one).
    mutating func keep(_ text: String) -> String {
        if let kept = self.text { return kept }
        self.text = text
        return text
    }
}

/// What a closure recipient's name is made from: its kind, what it lists, its call site and
/// its owner's type, read with its ``ListeningRules`` when first shown.
///
/// The name is its type part (`Subscription(to: T`, `events(of: T, bufferingPolicy: P`,
/// `next(T`) — or, when the options name it, the name — then what else it is (the rules'
/// attributes: `once` or `limit n`, `filtered`), its call site and its owner's type:
/// `Subscription(to: Tap, once, at: App/Cart.swift:12)`,
/// `audit (once, at: App/Cart.swift:12, owner: CartModel)`.
///
/// A value, stored in the recipient's ``RecipientName``: adding a closure recipient copies
/// its few fields and allocates nothing for its name.
struct ClosureLabel {
    /// What a closure recipient is.
    enum Kind {
        /// A closure subscription (or an observed object's): `Subscription(to: T, …)`.
        case subscription
        /// A stream: `events(of: T, bufferingPolicy: …, …)`.
        case stream(bufferingPolicy: BufferingPolicy)
        /// A waiting `next`: `next(T, …)`.
        case waiter
    }

    /// A stream's buffering policy, kept without its element type, printed as Swift prints
    /// the stream's own (`unbounded`, `bufferingNewest(2)`).
    enum BufferingPolicy {
        case unbounded, bufferingOldest(Int), bufferingNewest(Int)

        init<Element>(_ policy: AsyncStream<Element>.Continuation.BufferingPolicy) {
            switch policy {
            case .bufferingOldest(let count): self = .bufferingOldest(count)
            case .bufferingNewest(let count): self = .bufferingNewest(count)
            default: self = .unbounded
            }
        }
    }

    /// What it is.
    let kind: Kind
    /// What it lists: `T` itself, ``AllEvent`` or a category.
    let listed: any Event.Type
    /// Where it was made.
    let fileID: String
    let line: Int
    /// For an owner-bound subscription, its owner's type.
    let owner: AnyObject.Type?

    init(
        kind: Kind, listed: any Event.Type, fileID: String, line: Int,
        owner: AnyObject.Type? = nil
    ) {
        self.kind = kind
        self.listed = listed
        self.fileID = fileID
        self.line = line
        self.owner = owner
    }

    /// The name, for a recipient listening by `rules`.
    func text(_ rules: ListeningRules) -> String {
        var parts: [String] = []
        let head: String
        if let name = rules.shownName {
            head = name + " ("
            switch kind {
            case .subscription: break
            case .stream: parts.append("events")
            case .waiter: parts.append("next")
            }
        } else {
            let listedName = entryName(listed)
            switch kind {
            case .subscription: head = "Subscription(to: \(listedName)"
            case .stream(let policy): head = "events(of: \(listedName), bufferingPolicy: \(policy)"
            case .waiter: head = "next(\(listedName)"
            }
            parts.append("")  // the separator after the type part
        }
        var isWaiter: Bool {
            if case .waiter = kind { return true }
            return false
        }
        parts += rules.attributes(countsItsLimit: !isWaiter)
        parts.append("at: \(fileID):\(line)")
        if let owner { parts.append("owner: \(owner)") }
        return head + parts.joined(separator: ", ") + ")"
    }
}

/// The name of a consumer the bus shows by no recipient (one in an announcement an app made):
/// its `description` when it conforms to `CustomStringConvertible`, otherwise its type name.
/// A bus's stand-in describes itself by its recipient's name.
///
/// Call it on the bus's isolation: a main-actor consumer's `CustomStringConvertible`
/// conformance may be isolated, and is then seen only there.
func recipientName(of consumer: any EventConsumer) -> String {
    if let described = consumer as? any CustomStringConvertible {
        return described.description
    }
    return String(describing: type(of: consumer))
}
