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
struct ListsCache {
    /// The most lists it keeps.
    static let limit = 1_024

    private var entries = IdentityTable<(excludeList: UInt, lists: MatchList)>()

    /// The lists made from `willConsume` and `excludeList` (the same storage), if kept.
    func lists(willConsume: [any Event.Type], excludeList: [any Event.Type]) -> MatchList? {
        let key = Self.key(willConsume, excludeList)
        guard let entry = entries[address: key.will], entry.excludeList == key.exclude else {
            return nil
        }
        return entry.lists
    }

    /// Keeps `lists`, made from their own `willConsume` and `excludeList`, in place of any
    /// made from the same `willConsume`.
    mutating func keep(_ lists: MatchList) {
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
}
