/// A recipient's `willConsume` and `excludeList`, read once and classified for matching.
///
/// ``decision(for:value:)`` is the delivery contract's matching table (§2), evaluated in its
/// order; ``matches(_:value:)`` is its yes or no.
///
/// A class, immutable: a recipient, its route look-ups and the stand-ins of one listed type
/// share one (see `Registry.standInLists(listing:category:)`), passed around with one
/// retain rather than a copy of its eight arrays.
final class MatchList {
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
    /// The entries of ``included`` that are classes, whose subclasses they cover too.
    let includedClasses: [any Event.Type]
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
    /// Whether the lists match ``DidConsumeEvent`` (the registry counts its listeners).
    private(set) var listensForConsumption = false
    /// Whether the lists name types only and exclude nothing, so that they match every route
    /// `RouteTable.updateCandidates(for:_:)` visits for them: each is the route of a type
    /// they name, or of a subclass of a class they name.
    let matchesEveryCandidate: Bool
    /// When `willConsume` names one value type and nothing else (no wildcard, no category,
    /// no class), that type's identity: the one route these lists may deliver on, found with
    /// one look-up (`RouteTable.updateRoute(_:_:)`). `nil` otherwise.
    let soleValueTypeKey: ObjectIdentifier?

    /// Reads `consumer`'s lists (once: they may be computed).
    /// - Parameter category: The category an entry names, or `nil` when it names a type; the
    ///   bus passes a cached answer (the check is a run-time conformance look-up).
    convenience init(
        of consumer: any EventConsumer,
        category: (any Event.Type) -> (any _EventCategory.Type)? = MatchList.category(named:)
    ) {
        self.init(
            willConsume: consumer.willConsume, excludeList: consumer.excludeList,
            category: category)
    }

    init(
        willConsume: [any Event.Type], excludeList: [any Event.Type],
        category: (any Event.Type) -> (any _EventCategory.Type)? = MatchList.category(named:)
    ) {
        let will = Classified(willConsume, category: category)
        let exclude = Classified(excludeList, category: category)
        muted = will.namesNoEvent
        includesAll = will.namesAllEvent
        included = will.types
        includedClasses =
            will.types.contains { $0 is AnyObject.Type }
            ? will.types.filter { $0 is AnyObject.Type } : []
        includedCategories = will.categories
        excludesAll = exclude.namesAllEvent  // `NoEvent` in X excludes nothing
        excludeListNamesNoEvent = exclude.namesNoEvent
        excluded = exclude.types
        excludedCategories = exclude.categories
        self.willConsume = willConsume
        self.excludeList = excludeList
        matchesEveryCandidate =
            !muted && !excludesAll && !includesAll && includedCategories.isEmpty
            && excluded.isEmpty && excludedCategories.isEmpty
        soleValueTypeKey =
            included.count == 1 && includedClasses.isEmpty && !includesAll
                && includedCategories.isEmpty
            ? ObjectIdentifier(included[0]) : nil
        listensForConsumption = matches(
            EventKind(announcement: DidConsumeEvent.self),
            value: excludedCategories.isEmpty ? nil : DidConsumeEvent.probe)
    }

    /// The category `entry` names, or `nil` when it names a type (a run-time conformance
    /// check; the bus caches its answers per entry type).
    static func category(named entry: any Event.Type) -> (any _EventCategory.Type)? {
        entry as? any _EventCategory.Type
    }

    /// One list's entries, sorted into wildcards, types and categories.
    private struct Classified {
        var namesNoEvent = false
        var namesAllEvent = false
        var types: [any Event.Type] = []
        var categories: [any _EventCategory.Type] = []

        /// When every entry is a type (the common case), `types` shares `list`'s storage.
        init(
            _ list: [any Event.Type], category: (any Event.Type) -> (any _EventCategory.Type)?
        ) {
            var sawOther = false  // a wildcard or a category: `types` is a list of its own
            for (index, entry) in list.enumerated() {
                if entry == NoEvent.self {
                    namesNoEvent = true
                } else if entry == AllEvent.self {
                    namesAllEvent = true
                } else if let category = category(entry) {
                    categories.append(category)
                } else {
                    if sawOther { types.append(entry) }
                    continue
                }
                if !sawOther { types = Array(list[..<index]) }
                sawOther = true
            }
            if !sawOther { types = list }
        }
    }

    /// Whether `willConsume` names ``AllEvent`` or a category: for a stand-in's lists, which
    /// list one entry, whether that entry is one of the bus's categories.
    var namesBusCategory: Bool { includesAll || !includedCategories.isEmpty }

    /// Whether a category entry in either list needs an event *value* to be decided.
    var hasCategories: Bool { !includedCategories.isEmpty || !excludedCategories.isEmpty }

    /// Whether no event can reach a recipient with these lists, though it did not mute
    /// itself with `NoEvent`: `willConsume` is empty, or its every entry is a category that
    /// covers nothing or a type `excludeList` excludes (by `AllEvent`, by the same type, or,
    /// for a class, by a superclass).
    @inline(__always)
    var reachesNothing: Bool {
        // Most lists: a type and no exclusions, answered without a call.
        if !excludesAll && excluded.isEmpty && !included.isEmpty { return false }
        return reachesNothingClassifyingTypes()
    }

    /// ``reachesNothing`` for any lists.
    @inline(never)
    private func reachesNothingClassifyingTypes() -> Bool {
        if muted || includesAll && !excludesAll { return false }
        if excludesAll { return true }
        let typeReaches = included.contains { type in
            let kind = EventKind(type)
            return !excluded.contains { kind.isCovered(by: $0) }
        }
        return !typeReaches && includedCategories.allSatisfy { $0.coversNothing }
    }

    /// Whether this list matches an event of `type`; `value` decides category entries
    /// (when `nil`, categories cover nothing). The answer of ``decision(for:value:)``.
    @inline(__always)
    func matches(_ kind: EventKind, value: (any Event)?) -> Bool {
        decision(for: kind, value: value).delivers
    }

    /// Whether this list may match an event of `kind` whatever its value: ``matches(_:value:)``
    /// with every category entry counted as covering it when it includes, and as not
    /// covering it when it excludes (a category needs a value to be decided).
    func mayMatch(_ kind: EventKind) -> Bool {
        if matches(kind, value: nil) { return true }
        if includedCategories.isEmpty || kind.isAnnouncement { return false }
        if muted || excludesAll || excluded.contains(where: { kind.isCovered(by: $0) }) {
            return false
        }
        return true
    }

    /// The row of the matching table (contract §2) that decides an event of `type`, with the
    /// entry that decided it; `value` decides category entries (when `nil`, categories cover
    /// nothing).
    func decision(for type: any Event.Type, value: (any Event)?) -> MatchDecision {
        decision(for: EventKind(type), value: value)
    }

    /// The row of the matching table (contract §2) that decides an event of `kind`, with the
    /// entry that decided it; `value` decides category entries (when `nil`, categories cover
    /// nothing). The table lives here and nowhere else.
    ///
    /// Within one list, type entries are tried before category entries, each in list order;
    /// the first that covers the event is the deciding entry. Announcements
    /// (``DidConsumeEvent``, ``NoConsumerEvent``, ``DroppedEvent``, ``ConsumerFailedEvent``)
    /// are included only by an entry that names their type: ``AllEvent`` and categories do
    /// not include them.
    func decision(for kind: EventKind, value: (any Event)?) -> MatchDecision {
        if muted { return .noEventInWillConsume }  // rule 1
        if excludesAll { return .allEventInExcludeList }  // rule 2
        if let entry = excluded.first(where: { kind.isCovered(by: $0) }) {  // rule 3
            return .excluded(by: entry)
        }
        if !excludedCategories.isEmpty, let value,
            let entry = excludedCategories.first(where: { $0.covers(value) })
        {
            return .excluded(by: entry)
        }
        let isAnnouncement = kind.isAnnouncement
        if includesAll && !isAnnouncement { return .allEventInWillConsume }  // rule 4
        if let entry = included.first(where: { kind.isCovered(by: $0) }) {  // rule 5
            return .included(by: entry)
        }
        let category =
            includedCategories.isEmpty
            ? nil : value.flatMap { value in includedCategories.first { $0.covers(value) } }
        if let category, !isAnnouncement { return .included(by: category) }
        return .noEntryCovers(
            announcementSkipped: isAnnouncement && (includesAll || category != nil))  // rule 6
    }
}
