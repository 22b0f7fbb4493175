/// The latest value of each sticky event type the bus has delivered.
///
/// Storing a type again overwrites its value in place and makes it the newest: each value
/// has a stamp, larger for later stores, which orders them and lets a replay queued for a
/// value tell whether it is still stored when its turn comes. Nothing here runs app code:
/// what a change replaces or removes, it returns, for the caller to release.
struct LatestValues {
    /// One stored value.
    struct Entry {
        /// The identity of the value's dynamic type.
        let type: ObjectIdentifier
        let event: any Event
        let stamp: Int
        /// Whether the type is a value type (matching asks; found once, by its route).
        let isValueType: Bool
    }

    /// The stored values, in no particular order (see ``oldestFirst``).
    private var entries: [Entry] = []
    /// The index in ``entries`` of each stored type.
    private var indices = IdentityTable<Int>()
    private var nextStamp = 0

    /// Whether no value is stored.
    var isEmpty: Bool { entries.isEmpty }

    /// Stores `event`, whose dynamic type has identity `type`, as its type's latest value.
    ///
    /// - Returns: The value it replaced, for the caller to release after its access.
    /// - Complexity: O(1) expected.
    mutating func store(_ event: any Event, type: ObjectIdentifier, isValueType: Bool) -> (
        any Event
    )? {
        let entry = Entry(type: type, event: event, stamp: nextStamp, isValueType: isValueType)
        nextStamp += 1
        guard let index = indices[type] else {
            indices.set(entries.count, for: type)
            entries.append(entry)
            return nil
        }
        let replaced = entries[index].event
        entries[index] = entry
        return replaced
    }

    /// Whether the value stamped `stamp` is still the stored value of `type`.
    ///
    /// - Complexity: O(1) expected.
    func holds(_ type: ObjectIdentifier, stamp: Int) -> Bool {
        indices.read(type) { entries[$0].stamp == stamp } ?? false
    }

    /// The stored values, oldest stored first.
    var oldestFirst: [Entry] { entries.sorted { $0.stamp < $1.stamp } }

    /// The newest stored value that is a `T`.
    ///
    /// - Complexity: O(*s*) for *s* stored types.
    func latest<T>(_ type: T.Type) -> T? {
        var newest: (value: T, stamp: Int)? = nil
        for entry in entries where entry.stamp > newest?.stamp ?? -1 {
            if let value = entry.event as? T { newest = (value, entry.stamp) }
        }
        return newest?.value
    }

    /// Removes every stored value that is a `T`.
    ///
    /// - Returns: The removed values, for the caller to release after its access.
    mutating func clear<T>(_ type: T.Type) -> [any Event] {
        let removed = entries.filter { $0.event is T }.map(\.event)
        guard !removed.isEmpty else { return [] }
        entries.removeAll { $0.event is T }
        indices.removeAll()
        for (index, entry) in entries.enumerated() { indices.set(index, for: entry.type) }
        return removed
    }
}
