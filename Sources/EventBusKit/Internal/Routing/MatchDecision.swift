/// Which row of the matching table (delivery contract §2) decided whether a recipient
/// receives an event, and the list entry that decided it.
///
/// ``MatchList/decision(for:value:)`` is the only place the table is evaluated: routing
/// (``MatchList/matches(_:value:)``) and ``RoutingExplanation`` both read its answer.
enum MatchDecision {
    /// Rule 1: `willConsume` names `NoEvent`; not delivered.
    case noEventInWillConsume
    /// Rule 2: `excludeList` names `AllEvent`; not delivered.
    case allEventInExcludeList
    /// Rule 3: this entry of `excludeList` covers the event; not delivered.
    case excluded(by: any Event.Type)
    /// Rule 4: `willConsume` names `AllEvent`; delivered.
    case allEventInWillConsume
    /// Rule 5: this entry of `willConsume` covers the event; delivered.
    case included(by: any Event.Type)
    /// Rule 6: no entry covers the event; not delivered. `announcementSkipped` is `true` when
    /// the event is one of the bus's announcements and `AllEvent` or a category in
    /// `willConsume` would have covered any other event.
    case noEntryCovers(announcementSkipped: Bool)

    /// Whether the event is delivered.
    var delivers: Bool {
        switch self {
        case .allEventInWillConsume, .included: true
        case .noEventInWillConsume, .allEventInExcludeList, .excluded, .noEntryCovers: false
        }
    }

    /// The row of the contract's matching table, 1 to 6.
    var rule: Int {
        switch self {
        case .noEventInWillConsume: 1
        case .allEventInExcludeList: 2
        case .excluded: 3
        case .allEventInWillConsume: 4
        case .included: 5
        case .noEntryCovers: 6
        }
    }

    /// Why, in the words of the lists: "entry Num of excludeList covers it".
    var reason: String {
        switch self {
        case .noEventInWillConsume: "NoEvent in willConsume"
        case .allEventInExcludeList: "AllEvent in excludeList"
        case .excluded(let entry): "entry \(entryName(entry)) of excludeList covers it"
        case .allEventInWillConsume: "AllEvent in willConsume"
        case .included(let entry): "entry \(entryName(entry)) of willConsume covers it"
        case .noEntryCovers(announcementSkipped: false): "no entry covers it"
        case .noEntryCovers(announcementSkipped: true):
            "no entry covers it (AllEvent and categories do not cover the bus's announcements)"
        }
    }
}

/// A list entry as the list spells it: `Num`, `PageViewEvent`, `Conforming<any Analytics>`.
func entryName(_ entry: any Event.Type) -> String {
    if let category = entry as? any _EventCategory.Type { return category.entryName }
    return String(describing: entry)
}
