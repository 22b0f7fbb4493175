/// The latest value of each sticky event type the bus has delivered: one ``LatestSlot`` per
/// sticky type it has built a route for.
///
/// Storing a type again overwrites its value and makes it the newest: each value has a
/// stamp, larger for later stores, which orders them and lets a replay queued for a value
/// tell whether it is still stored when its turn comes. Nothing here runs app code: what a
/// change removes, it returns, for the caller to release.
struct LatestValues {
    /// One stored value, as ``oldestFirst`` lists it.
    struct Entry {
        let event: any Event
        let stamp: Int
        /// Whether the type is a value type.
        let isValueType: Bool
    }

    /// The slots, in the order they were made.
    private var slots: [LatestSlot] = []
    /// The slot of each type.
    private var index = IdentityTable<LatestSlot>()
    private var lastStamp = 0

    /// Whether no value is stored.
    var isEmpty: Bool { slots.allSatisfy { $0.stamp == 0 } }

    /// The slot of the type with identity `type`, made empty if it has none; its route keeps
    /// it (see ``LatestSlot``).
    ///
    /// - Complexity: O(1) expected.
    mutating func slot(
        for type: ObjectIdentifier, isValueType: Bool, storing: LatestSlot.Storing
    ) -> LatestSlot {
        if let slot = index[type] { return slot }
        let slot = LatestSlot(type: type, isValueType: isValueType, storing: storing)
        slots.append(slot)
        index.set(slot, for: type)
        return slot
    }

    /// A stamp larger than every stamp before it, for a value being stored.
    @inline(__always)
    mutating func nextStamp() -> Int {
        lastStamp &+= 1
        return lastStamp
    }

    /// Whether the value stamped `stamp` is still the stored value of `type`.
    ///
    /// - Complexity: O(1) expected.
    func holds(_ type: ObjectIdentifier, stamp: Int) -> Bool {
        index.read(type) { $0.stamp == stamp } ?? false
    }

    /// The stored values, oldest stored first.
    var oldestFirst: [Entry] {
        slots.compactMap { slot in
            slot.value.map {
                Entry(event: $0, stamp: slot.stamp, isValueType: slot.isValueType)
            }
        }.sorted { $0.stamp < $1.stamp }
    }

    /// The newest stored value that is a `T`.
    ///
    /// - Complexity: O(*s*) for *s* stored types.
    func latest<T>(_ type: T.Type) -> T? {
        var newest: (value: T, stamp: Int)? = nil
        for slot in slots where slot.stamp > newest?.stamp ?? 0 {
            if let stored = slot.value, let value = stored as? T { newest = (value, slot.stamp) }
        }
        return newest?.value
    }

    /// Removes every stored value that is a `T`.
    ///
    /// - Returns: The removed values, for the caller to release after its access.
    func clear<T>(_ type: T.Type) -> [any Event] {
        slots.compactMap { slot in
            guard let stored = slot.value, stored is T else { return nil }
            return slot.clear()
        }
    }
}
