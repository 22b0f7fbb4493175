/// The recipients on a route, in storage that a pass reads in place, without a retain.
///
/// A pass reads a route's entries through an unretained reference (see ``RouteView``). That
/// is sound because the bus pins the running pass's entries before any registry change (see
/// `EventBus.changeRegistry(_:)`): a change made during a pass finds them shared, copies them
/// before changing them (``Registry`` checks `isKnownUniquelyReferenced`), and the pin keeps
/// the original alive and unchanged until the pass ends. Outside a pass, changes are made in
/// place.
final class RouteEntries {
    /// The number of entries.
    private(set) var count = 0
    private var capacity: Int
    /// The entries, in registration order.
    private(set) var base: UnsafeMutablePointer<RouteEntry>

    init<Entries: Collection<RouteEntry>>(_ entries: Entries) {
        capacity = max(4, entries.count)
        base = .allocate(capacity: capacity)
        for entry in entries { append(entry) }
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// A copy with the same entries, for a change while a pass reads this one.
    func copy() -> RouteEntries {
        RouteEntries(UnsafeBufferPointer(start: base, count: count))
    }

    /// The entry at `index`.
    subscript(index: Int) -> RouteEntry {
        precondition(index >= 0 && index < count, "RouteEntries index out of range")
        return base[index]
    }

    /// The recipient of the last entry, if any.
    var last: Recipient? { count == 0 ? nil : base[count - 1].recipient }

    /// Every entry, in order.
    var all: [RouteEntry] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Adds `entry` at the end.
    func append(_ entry: RouteEntry) {
        if count == capacity {
            let grown = UnsafeMutablePointer<RouteEntry>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
            capacity *= 2
        }
        (base + count).initialize(to: entry)
        count += 1
    }

    /// Removes and returns the entry at `index`, keeping the order of the others.
    @discardableResult
    func remove(at index: Int) -> RouteEntry {
        precondition(index >= 0 && index < count, "RouteEntries index out of range")
        let removed = (base + index).move()
        (base + index).moveInitialize(from: base + index + 1, count: count - index - 1)
        count -= 1
        return removed
    }

    /// Removes every entry that `shouldRemove` selects, keeping the order of the others.
    func removeAll(where shouldRemove: (RouteEntry) -> Bool) {
        var kept = 0
        for index in 0..<count {
            let entry = (base + index).move()
            if shouldRemove(entry) { continue }
            (base + kept).initialize(to: entry)
            kept += 1
        }
        count = kept
    }
}

/// What a pass needs of a route, read without a retain: its entries, unretained (see
/// ``RouteEntries`` for why that is sound), and its flags.
struct RouteView {
    let entries: Unmanaged<RouteEntries>
    /// See ``Route/isAnnouncement``.
    let isAnnouncement: Bool
    /// See ``Route/isValueType``.
    let isValueType: Bool

    /// The view of `entries`, which the route holding it keeps alive.
    @inline(__always)
    init(entries: RouteEntries, kind: EventKind) {
        self.entries = .passUnretained(entries)
        isAnnouncement = kind.isAnnouncement
        isValueType = kind.isValueType
    }
}
