/// The entries of a route, in call order, in storage that a pass reads in place.
///
/// A pass reads a route's entries without a retain, through the ``RouteView`` the route made
/// of them. That is sound because the bus pins the running pass's entries before any
/// registry change (see `EventBus.changeRegistry(_:)`): a change made during a pass finds
/// them shared, copies them before changing them (``Route/changeEntries(_:)`` checks
/// `isKnownUniquelyReferenced`), and the pin keeps the original alive and unchanged until
/// the pass ends. Outside a pass, changes are made in place.
///
/// The storage never grows in place: a route that needs room replaces its entries with a
/// larger copy (``Route/changeEntries(reserving:_:)``), so the storage is a constant that a
/// pass reads with no run-time exclusivity check.
final class RouteEntries {
    /// The number of entries, tombstones included: what a pass reads.
    private(set) var count = 0
    /// How many of the entries are tombstones of removed ones (see ``remove(_:)``).
    private var tombstones = 0
    /// How many of the first entries are all tombstones: the oldest entry still live is at
    /// this index when no entry before it has a higher priority, so removing it (the oldest
    /// going first, the common order) needs no search.
    private var front = 0
    /// The entries in slots `0..<count`, in call order.
    private let slots: SlotBuffer<RouteEntry>
    /// For the route of a sticky type, the slot a pass stores its event in.
    let latest: LatestSlot?

    /// Entries holding `entries`, with room for at least `capacity`; `latest` is the slot of
    /// the route's type if it is sticky.
    init<Entries: Collection<RouteEntry>>(
        _ entries: Entries, capacity: Int = 0, latest: LatestSlot? = nil
    ) {
        slots = SlotBuffer(capacity: max(4, entries.count, capacity))
        self.latest = latest
        for entry in entries {
            slots.initialize(count, to: entry)
            count += 1
        }
    }

    deinit {
        slots.deinitialize(0..<count)
    }

    /// Whether `extra` more entries fit.
    func hasRoom(for extra: Int) -> Bool {
        count + extra <= slots.capacity
    }

    /// Whether `extra` more entries fit, once the tombstones are taken out in place when
    /// they would not: a route full of tombstones is compacted rather than copied to twice
    /// its storage. Only for entries no pass reads (see ``Route/changeEntries(reserving:_:)``).
    func makeRoom(for extra: Int) -> Bool {
        if hasRoom(for: extra) { return true }
        guard tombstones > 0 else { return false }
        compact()
        return hasRoom(for: extra)
    }

    /// A copy with the same entries and room for `extra` more, for a change while a pass
    /// reads this one or when this one is full.
    @inline(never)  // the uncommon case: kept out of the changes that need no copy
    func copy(reserving extra: Int) -> RouteEntries {
        RouteEntries(
            copying: self, capacity: hasRoom(for: extra) ? slots.capacity : slots.capacity * 2)
    }

    /// A copy of `other`'s entries but its tombstones, with room for `capacity`, made slot
    /// by slot (no array in between: a registry change during a pass copies the pass's
    /// route).
    private init(copying other: RouteEntries, capacity: Int) {
        slots = SlotBuffer(capacity: max(4, capacity))
        latest = other.latest
        for index in 0..<other.count where !other.slots[index].isTombstone {
            slots.initialize(count, to: other.slots[index])
            count += 1
        }
    }

    /// The entry at `index` (maybe a tombstone).
    subscript(index: Int) -> RouteEntry {
        precondition(index >= 0 && index < count, "RouteEntries index out of range")
        return slots[index]
    }

    /// The entries, for a pass to read in place (see ``RouteView``).
    var view: SlotView<RouteEntry> { slots.elements(count: count) }

    /// Every entry but the tombstones, in order.
    var all: [RouteEntry] { (0..<count).compactMap { slots[$0].isTombstone ? nil : slots[$0] } }

    /// Inserts `entry` at its place in call order (see ``CallOrder``), unless the recipient
    /// already has an entry.
    ///
    /// - Precondition: ``hasRoom(for:)`` one more.
    /// - Complexity: O(1) when it goes last (a recipient registered with no higher priority
    ///   than those before it); otherwise O(*n*).
    func insert(_ entry: consuming RouteEntry) {
        let order = entry.recipient.callOrder
        let index = order.insertionIndex(count: count) { slots[$0].recipient.callOrder }
        if index < count && slots[index].recipient === entry.recipient {
            guard slots[index].isTombstone else { return }
            _ = slots.move(index)  // back where it was removed from
            slots.initialize(index, to: entry)
            tombstones -= 1
            front = min(front, index)
            return
        }
        precondition(hasRoom(for: 1), "RouteEntries.insert: no room; copy(reserving:) first")
        slots.moveElements(index..<count, to: index + 1)
        slots.initialize(index, to: entry)
        count += 1
        front = min(front, index)
    }

    /// Removes the entry of `recipient`, if any, keeping the order of the others.
    ///
    /// The last entry goes at once, and so does one of the last ``shiftLimit``, the entries
    /// after it moved up a slot; further in, the entry leaves a tombstone (see
    /// ``RouteEntry/tombstone(of:)``), which a pass skips, until tombstones are a quarter of
    /// the entries (half, when all of them are in front) and one move over the slots
    /// compacts them all.
    ///
    /// - Complexity: O(log *n*) to find it, and O(1) amortized to take it out.
    func remove(_ recipient: Recipient) {
        let index =
            front < count && slots[front].recipient === recipient
            ? front : recipient.callOrder.index(count: count) { slots[$0].recipient.callOrder }
        guard index < count, slots[index].recipient === recipient, !slots[index].isTombstone
        else { return }
        // The registry still holds the consumer: no deinit runs here.
        if index == count - 1 {
            _ = slots.move(index)
            count -= 1
            while count > 0 && slots[count - 1].isTombstone {
                _ = slots.move(count - 1)
                count -= 1
                tombstones -= 1
            }
            front = min(front, count)
        } else if count - index <= Self.shiftLimit {
            _ = slots.move(index)
            slots.moveElements(index + 1..<count, to: index)
            count -= 1
        } else {
            let removed = slots.move(index)
            slots.initialize(index, to: .tombstone(of: removed.recipient))
            tombstones += 1
            if index == front { front += 1 }
            // Tombstones all in front (the oldest went first) wait until they are half the
            // entries: compaction moves the live ones, in one block, about once per live
            // entry removed, where a quarter moved each three times (CONTRACT §18 (b)).
            if tombstones * 4 > count && (tombstones > front || front * 2 > count) {
                compact()
            }
        }
    }

    /// Takes every tombstone out, keeping the order of the others: when the tombstones are
    /// all in front (the oldest entries went first), in one move of the block; otherwise as
    /// ``removeAll(where:)`` does, selecting none.
    private func compact() {
        guard tombstones == front else { return removeAll { _ in false } }
        slots.deinitialize(0..<front)
        slots.moveElements(front..<count, to: 0)
        count -= front
        tombstones = 0
        front = 0
    }

    /// How many entries after a removed one are moved up a slot rather than leaving a
    /// tombstone.
    static let shiftLimit = 16

    /// Removes every entry that `shouldRemove` selects, and every tombstone, keeping the
    /// order of the others.
    func removeAll(where shouldRemove: (RouteEntry) -> Bool) {
        var kept = 0
        for index in 0..<count {
            let entry = slots.move(index)
            if entry.isTombstone || shouldRemove(entry) { continue }
            slots.initialize(kept, to: entry)
            kept += 1
        }
        count = kept
        tombstones = 0
        front = 0
    }
}
