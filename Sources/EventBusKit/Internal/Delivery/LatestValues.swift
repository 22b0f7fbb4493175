/// The latest value of each sticky event type the bus has delivered.
///
/// Storing a type again overwrites its value in place and makes it the newest: each value
/// has a stamp, larger for later stores, which orders them and lets a replay queued for a
/// value tell whether it is still stored when its turn comes. Nothing here runs app code:
/// what a change replaces or removes, it returns, for the caller to release.
struct LatestValues {
    /// One stored value, as ``oldestFirst`` lists it.
    struct Entry {
        /// The identity of the value's dynamic type.
        let type: ObjectIdentifier
        let event: any Event
        let stamp: Int
        /// Whether the type is a value type (matching asks; found once, by its route).
        let isValueType: Bool
    }

    /// The stored values, in no particular order (see ``oldestFirst``); the `n`th value's
    /// type, stamp and kind are the `n`th of ``types``, ``stamps`` and ``valueTypes``.
    private var events: [any Event] = []
    private var types: [ObjectIdentifier] = []
    private var stamps: [Int] = []
    private var valueTypes: [Bool] = []
    /// The index of each stored type.
    private var indices = IdentityTable<Int>()
    private var nextStamp = 0

    /// Whether no value is stored.
    var isEmpty: Bool { events.isEmpty }

    /// Stores `value`, whose dynamic type has identity `type`, as its type's latest value,
    /// and hands back in `value` the value it replaced (or, for a type stored for the first
    /// time, `value` itself), for the caller to release after its access.
    ///
    /// - Complexity: O(1) expected.
    mutating func store(swapping value: inout any Event, type: ObjectIdentifier, isValueType: Bool)
    {
        let stamp = nextStamp
        nextStamp &+= 1
        guard let index = indices[type] else {
            indices.set(events.count, for: type)
            events.append(value)
            types.append(type)
            stamps.append(stamp)
            valueTypes.append(isValueType)
            return
        }
        stamps[index] = stamp
        swap(&value, &events[index])  // moves, no copies
    }

    /// Whether the value stamped `stamp` is still the stored value of `type`.
    ///
    /// - Complexity: O(1) expected.
    func holds(_ type: ObjectIdentifier, stamp: Int) -> Bool {
        indices.read(type) { stamps[$0] == stamp } ?? false
    }

    /// The stored values, oldest stored first.
    var oldestFirst: [Entry] {
        events.indices.sorted { stamps[$0] < stamps[$1] }.map {
            Entry(
                type: types[$0], event: events[$0], stamp: stamps[$0], isValueType: valueTypes[$0])
        }
    }

    /// The newest stored value that is a `T`.
    ///
    /// - Complexity: O(*s*) for *s* stored types.
    func latest<T>(_ type: T.Type) -> T? {
        var newest: (value: T, stamp: Int)? = nil
        for index in events.indices where stamps[index] > newest?.stamp ?? -1 {
            if let value = events[index] as? T { newest = (value, stamps[index]) }
        }
        return newest?.value
    }

    /// Removes every stored value that is a `T`.
    ///
    /// - Returns: The removed values, for the caller to release after its access.
    mutating func clear<T>(_ type: T.Type) -> [any Event] {
        let kept = oldestFirst.filter { !($0.event is T) }
        guard kept.count < events.count else { return [] }
        let removed = events.filter { $0 is T }
        events = kept.map(\.event)
        types = kept.map(\.type)
        stamps = kept.map(\.stamp)
        valueTypes = kept.map(\.isValueType)
        indices.removeAll()
        for (index, type) in types.enumerated() { indices.set(index, for: type) }
        return removed
    }
}
