/// The lists the bus made for the `willConsume` and `excludeList` arrays it read from
/// consumers, so that re-registering a consumer whose lists are stored arrays (the common
/// case) classifies nothing again and shares one ``MatchList``.
///
/// Keyed by the identity of the two arrays' storage. Sound because each entry's
/// ``MatchList`` holds both arrays: their storage cannot be freed and reused for other lists
/// while the entry lives, and, no longer uniquely referenced, it is copied rather than
/// changed if its owner mutates it. (Arrays of metatypes are never bridged, so reading their
/// storage copies nothing.) A consumer whose lists are computed makes new arrays on each
/// read: it misses, and its lists are kept in place of nothing useful, so the cache is
/// emptied whenever it holds ``limit`` lists.
///
/// Lists of one type and no exclusions (the most common lists: a consumer of one event type)
/// are keyed by that type instead, whatever the storage: a type's identity never changes and
/// its lists mean the same for every consumer, so consumers that each make their own array
/// of the same one type (`[Ping.self]` in an initializer) share one ``MatchList``. Types are
/// few (not one per consumer): that table keeps up to ``singleTypeLimit``, so an app of
/// thousands of event types (each with a consumer of its own) classifies each once.
struct ListsCache {
    /// The most lists it keeps by storage.
    static let limit = 1_024
    /// The most lists of one type it keeps.
    static let singleTypeLimit = 65_536

    private var entries = IdentityTable<(excludeList: UInt, lists: MatchList)>()
    /// The lists of one type and no exclusions, by the type.
    private var bySingleType = IdentityTable<MatchList>()

    /// The lists made from `willConsume` and `excludeList` (the same storage, or the same
    /// single type and no exclusions), if kept.
    ///
    /// `mutating` although it changes nothing: the bus reaches the cache through the
    /// registry's cell, and a mutating access reads it in place where a plain one copied the
    /// cache (its two tables' retains and releases, about 130 instructions a registration).
    mutating func lists(willConsume: [any Event.Type], excludeList: [any Event.Type])
        -> MatchList?
    {
        if let type = Self.singleType(willConsume, excludeList) { return bySingleType[type] }
        let key = Self.key(willConsume, excludeList)
        guard let entry = entries[address: key.will], entry.excludeList == key.exclude else {
            return nil
        }
        return entry.lists
    }

    /// Keeps `lists`, made from their own `willConsume` and `excludeList`, in place of any
    /// made from the same `willConsume`.
    mutating func keep(_ lists: MatchList) {
        if let type = Self.singleType(lists.willConsume, lists.excludeList) {
            if bySingleType.count >= Self.singleTypeLimit { bySingleType.removeAll() }
            bySingleType.set(lists, for: type)
            return
        }
        if entries.count >= Self.limit { entries.removeAll() }
        let key = Self.key(lists.willConsume, lists.excludeList)
        entries.set((key.exclude, lists), forAddress: key.will)
    }

    /// The identities of the two arrays' storage (`willConsume`'s never 0, which the table
    /// keeps for empty slots: an empty array may have no address).
    private static func key(
        _ willConsume: [any Event.Type], _ excludeList: [any Event.Type]
    ) -> (will: UInt, exclude: UInt) {
        (max(1, storageIdentity(of: willConsume)), storageIdentity(of: excludeList))
    }

    /// The one type `willConsume` lists when it lists one and `excludeList` is empty.
    @inline(__always)
    private static func singleType(
        _ willConsume: [any Event.Type], _ excludeList: [any Event.Type]
    ) -> ObjectIdentifier? {
        willConsume.count == 1 && excludeList.isEmpty ? ObjectIdentifier(willConsume[0]) : nil
    }
}
