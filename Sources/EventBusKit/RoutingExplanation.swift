/// Who would receive an event now, and why each registered recipient would or would not.
///
/// The bus answers it without delivering anything: ``recipients`` names the recipients that
/// would be called, in the order they would be called (descending priority, then
/// registration order), and ``description`` has one line for every registered recipient, in
/// that order, naming its priority when it is not 0,
/// saying whether it would receive the event and which row of the matching table decided
/// it — with the deciding entry of `willConsume` or `excludeList` when an entry decided:
///
/// ```text
/// Analytics receives it: entry Conforming<any Analytics> of willConsume covers it
/// Subscription(to: PageViewEvent, filtered, at: App/Tour.swift:12) receives it if its predicate accepts it: entry PageViewEvent of willConsume covers it
/// Muted does not receive it: NoEvent in willConsume
/// Logger does not receive it: entry PageViewEvent of excludeList covers it
/// Screen does not receive it: no entry covers it
/// ```
///
/// The rows, in the order they are tried: `NoEvent` in willConsume; `AllEvent` in
/// excludeList; an entry of excludeList covers it; `AllEvent` in willConsume; an entry of
/// willConsume covers it; no entry covers it. Within one list, type entries are tried before
/// category entries (``Conforming``), each in list order. `AllEvent` and categories do not
/// cover the bus's own announcements (``DidConsumeEvent``, ``NoConsumerEvent``,
/// ``DroppedEvent``, ``ConsumerFailedEvent``): the line says so when that is why.
/// Recipients are named as in an ``EventTrace``; a closure subscription or a stream says what it
/// is a subscription to rather than which entry decided. A filtered subscription (`where:`) whose lists
/// match is listed in ``recipients``, and its line says that its predicate decides: the
/// explanation never asks a predicate.
///
/// No line is longer than 120 characters. A line that would be has its recipient's call site
/// lose its module folder, then its recipient's name and the entry's name cut in the middle,
/// the longer first, to share the room the other words leave; a name keeps its attributes
/// and its call site's `File.swift:line` (`Subscription(to: Cart…, once, at: …Cart.swift:12)`).
/// ``recipients`` holds the names whole.
public struct RoutingExplanation: CustomStringConvertible, Sendable {
    /// The recipients that would receive the event, in the order they would be called.
    public let recipients: [String]
    /// One line per registered recipient, in call order: whether it would receive the event
    /// and which entry of which list decided it.
    public let lines: [String]

    /// The explanation, one line per registered recipient (``lines`` joined by newlines);
    /// `"no recipients are registered"` when there are none.
    public var description: String {
        lines.isEmpty ? "no recipients are registered" : lines.joined(separator: "\n")
    }

    /// A registered recipient, as an explanation reads it.
    struct Candidate {
        /// Its name (``Recipient/name``).
        var name: String
        /// Its priority.
        var priority = 0
        /// The lists it was registered with.
        var lists: MatchList
        /// Whether it is a closure subscription or a stream: its reason says so.
        var isSubscription = false
        /// What its options mean; its verdict asks them.
        var rules = ListeningRules.shared(isFiltered: false)
    }

    /// Explains the routing of `event` to `candidates`, the registered recipients in call
    /// order.
    init(_ event: any Event, candidates: [Candidate]) {
        let type = Swift.type(of: event)
        var recipients: [String] = []
        var lines: [String] = []
        for candidate in candidates {
            let decision = candidate.lists.decision(for: type, value: event)
            let verdict =
                decision.delivers
                ? candidate.rules.verdictOnAMatch : (receives: false, words: "does not receive it")
            if verdict.receives { recipients.append(candidate.name) }
            let priority = candidate.priority == 0 ? "" : " (priority \(candidate.priority))"
            let reason =
                candidate.isSubscription
                ? Self.subscriptionReason(candidate.lists, delivers: decision.delivers)
                : Self.reason(decision)
            let line: ReadableLine =
                "\(name: candidate.name)\(priority) \(verdict.words): \(reason)"
            lines.append(line.fitted())
        }
        self.recipients = recipients
        self.lines = lines
    }

    /// Why a closure subscription or a stream (one entry, `lists.willConsume[0]`) receives
    /// the event or not, said as what it is rather than as an entry of a list.
    private static func subscriptionReason(_ lists: MatchList, delivers: Bool) -> ReadableLine {
        let subscribed = lists.willConsume.map(entryName)
        return "it is a subscription to \(names: subscribed)"
            + (delivers ? "" : ", which does not cover it")
    }

    /// The row of the matching table that decided, in the words of the lists
    /// (``MatchDecision/reason``), with the deciding entry's name as a name to be cut:
    /// "entry Num of excludeList covers it".
    private static func reason(_ decision: MatchDecision) -> ReadableLine {
        let reason = decision.reason
        switch decision {
        case .excluded(let entry), .included(let entry):
            let name = entryName(entry)
            guard let range = reason.firstRange(of: name) else { return "\(reason)" }
            return "\(reason[..<range.lowerBound])\(name: name)\(reason[range.upperBound...])"
        default:
            return "\(reason)"
        }
    }
}
