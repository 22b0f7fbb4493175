/// The latest value of each sticky event type the bus has delivered, oldest stored first.
///
/// Storing a type again replaces its value and makes it the newest. Each stored value has a
/// stamp no other value gets, so a replay queued for it can tell whether it is still stored
/// when its turn comes.
struct LatestValues {
    /// One stored value.
    struct Entry {
        /// The identity of the value's dynamic type.
        let type: ObjectIdentifier
        let event: any Event
        let stamp: Int
    }

    /// The stored values, oldest stored first.
    private(set) var entries: [Entry] = []
    private var nextStamp = 0

    /// Stores `event` as the latest value of its dynamic type.
    ///
    /// - Returns: The value it replaced, for the caller to release after its access.
    mutating func store(_ event: any Event) -> (any Event)? {
        let type = ObjectIdentifier(Swift.type(of: event))
        var replaced: (any Event)? = nil
        if let index = entries.firstIndex(where: { $0.type == type }) {
            replaced = entries.remove(at: index).event
        }
        entries.append(Entry(type: type, event: event, stamp: nextStamp))
        nextStamp += 1
        return replaced
    }

    /// Whether the value stamped `stamp` is still stored.
    func holds(_ stamp: Int) -> Bool {
        entries.contains { $0.stamp == stamp }
    }

    /// The newest stored value that is a `T`.
    func latest<T>(_ type: T.Type) -> T? {
        for entry in entries.reversed() {
            if let value = entry.event as? T { return value }
        }
        return nil
    }

    /// Removes every stored value that is a `T`.
    ///
    /// - Returns: The removed values, for the caller to release after its access.
    mutating func clear<T>(_ type: T.Type) -> [any Event] {
        let removed = entries.filter { $0.event is T }.map(\.event)
        entries.removeAll { $0.event is T }
        return removed
    }
}
