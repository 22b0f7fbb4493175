/// A recipient's `willConsume` and `excludeList`, read once and classified for matching.
///
/// ``decision(for:value:)`` is the delivery contract's matching table (§2), evaluated in its
/// order; ``matches(_:value:)`` is its yes or no.
struct MatchList {
    /// `willConsume` names `NoEvent` (rule 1).
    let muted: Bool
    /// `excludeList` names `AllEvent` (rule 2).
    let excludesAll: Bool
    /// `willConsume` names `AllEvent` (rule 4).
    let includesAll: Bool
    /// `excludeList` names `NoEvent`, which excludes nothing; read only at registration, by
    /// ``MigrationDiagnostics``, never by matching.
    let excludeListNamesNoEvent: Bool
    /// The type entries of `willConsume` (rule 5).
    let included: [any Event.Type]
    /// The category entries of `willConsume` (rule 5).
    let includedCategories: [any _EventCategory.Type]
    /// The type entries of `excludeList` (rule 3).
    let excluded: [any Event.Type]
    /// The category entries of `excludeList` (rule 3).
    let excludedCategories: [any _EventCategory.Type]
    /// `willConsume` as read, for descriptions.
    let willConsume: [any Event.Type]
    /// `excludeList` as read, for descriptions.
    let excludeList: [any Event.Type]

    /// Reads `consumer`'s lists (once: they may be computed).
    init(of consumer: any EventConsumer) {
        self.init(willConsume: consumer.willConsume, excludeList: consumer.excludeList)
    }

    init(willConsume: [any Event.Type], excludeList: [any Event.Type]) {
        let will = Classified(willConsume)
        let exclude = Classified(excludeList)
        muted = will.namesNoEvent
        includesAll = will.namesAllEvent
        included = will.types
        includedCategories = will.categories
        excludesAll = exclude.namesAllEvent  // `NoEvent` in X excludes nothing
        excludeListNamesNoEvent = exclude.namesNoEvent
        excluded = exclude.types
        excludedCategories = exclude.categories
        self.willConsume = willConsume
        self.excludeList = excludeList
    }

    /// One list's entries, sorted into wildcards, types and categories.
    private struct Classified {
        var namesNoEvent = false
        var namesAllEvent = false
        var types: [any Event.Type] = []
        var categories: [any _EventCategory.Type] = []

        init(_ list: [any Event.Type]) {
            for entry in list {
                if entry == NoEvent.self {
                    namesNoEvent = true
                } else if entry == AllEvent.self {
                    namesAllEvent = true
                } else if let category = entry as? any _EventCategory.Type {
                    categories.append(category)
                } else {
                    types.append(entry)
                }
            }
        }
    }

    /// Whether a category entry in either list needs an event *value* to be decided.
    var hasCategories: Bool { !includedCategories.isEmpty || !excludedCategories.isEmpty }

    /// Whether this list matches an event of `type`; `value` decides category entries
    /// (when `nil`, categories cover nothing). The answer of ``decision(for:value:)``.
    @inline(__always)
    func matches(_ type: any Event.Type, value: (any Event)?) -> Bool {
        decision(for: type, value: value).delivers
    }

    /// The row of the matching table (contract §2) that decides an event of `type`, with the
    /// entry that decided it; `value` decides category entries (when `nil`, categories cover
    /// nothing). The table lives here and nowhere else.
    ///
    /// Within one list, type entries are tried before category entries, each in list order;
    /// the first that covers the event is the deciding entry. Announcements
    /// (``DidConsumeEvent``, ``NoConsumerEvent``, ``DroppedEvent``, ``ConsumerFailedEvent``)
    /// are included only by an entry that names their type: ``AllEvent`` and categories do
    /// not include them.
    func decision(for type: any Event.Type, value: (any Event)?) -> MatchDecision {
        if muted { return .noEventInWillConsume }  // rule 1
        if excludesAll { return .allEventInExcludeList }  // rule 2
        if let entry = excluded.first(where: { covers($0, type) }) {  // rule 3
            return .excluded(by: entry)
        }
        if let value, let entry = excludedCategories.first(where: { $0.covers(value) }) {
            return .excluded(by: entry)
        }
        let isAnnouncement = type is any _BusAnnouncement.Type
        if includesAll && !isAnnouncement { return .allEventInWillConsume }  // rule 4
        if let entry = included.first(where: { covers($0, type) }) {  // rule 5
            return .included(by: entry)
        }
        let category = value.flatMap { value in includedCategories.first { $0.covers(value) } }
        if let category, !isAnnouncement { return .included(by: category) }
        return .noEntryCovers(
            announcementSkipped: isAnnouncement && (includesAll || category != nil))  // rule 6
    }
}

/// Whether the list entry `entry` covers events of `type`: `type is Entry.Type`, that is
/// the same type or a subclass of a class entry.
func covers(_ entry: any Event.Type, _ type: any Event.Type) -> Bool {
    func open<Entry: Event>(_: Entry.Type) -> Bool { type is Entry.Type }
    return open(entry)
}
