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
    var count: Int { view.count }
    /// How many of the entries are tombstones of removed ones (see ``remove(_:)``).
    private var tombstones = 0
    /// The slot of the first entry, never a tombstone: the slots before it are empty, left
    /// by first entries removed (the oldest going first is the common order). Such an entry
    /// goes at once, its recipient released with it, where a tombstone held the recipient
    /// until a compaction released thousands at a time (CONTRACT §18 (b)).
    private var start = 0
    /// The slot after the last entry.
    private var end = 0
    /// The entries in slots `start..<end`, in call order.
    private let slots: SlotBuffer<RouteEntry>
    /// The entries, for a pass to read in place (see ``RouteView``): kept with every change,
    /// so that a pass reads two words, as when the entries always began at the first slot.
    private(set) var view: SlotView<RouteEntry>
    /// For the route of a sticky type, the slot a pass stores its event in.
    let latest: LatestSlot?

    /// Entries holding `entries`, with room for at least `capacity`; `latest` is the slot of
    /// the route's type if it is sticky.
    init<Entries: Collection<RouteEntry>>(
        _ entries: Entries, capacity: Int = 0, latest: LatestSlot? = nil
    ) {
        slots = SlotBuffer(capacity: max(4, entries.count, capacity))
        self.latest = latest
        view = slots.elements(count: 0)
        for entry in entries {
            slots.initialize(end, to: entry)
            end += 1
        }
        entriesChanged()
    }

    deinit {
        slots.deinitialize(start..<end)
    }

    /// Whether `extra` more entries fit after the last.
    func hasRoom(for extra: Int) -> Bool {
        end + extra <= slots.capacity
    }

    /// Whether `extra` more entries fit, once the empty slots in front and the tombstones
    /// are taken out in place when they would not and they are a quarter of the storage: a
    /// route that the oldest entries left is compacted rather than copied to twice its
    /// storage, and one with less to take out is copied (so that a full route is not moved
    /// whole for each entry added). Only for entries no pass reads (see
    /// ``Route/changeEntries(reserving:_:)``).
    @inline(__always)
    func makeRoom(for extra: Int) -> Bool {
        hasRoom(for: extra) || makeRoomInPlace(for: extra)
    }

    /// ``makeRoom(for:)`` when the storage is full: compacts when a quarter can be taken out.
    @inline(never)  // the uncommon case: kept out of the changes that have room
    private func makeRoomInPlace(for extra: Int) -> Bool {
        let freed = start + tombstones
        guard freed >= extra && freed * 4 >= slots.capacity else { return false }
        compact()
        return hasRoom(for: extra)
    }

    /// A copy with the same entries and room for `extra` more, for a change while a pass
    /// reads this one or when this one is full: the same storage when the entries and
    /// `extra` fill at most three quarters of it, twice the storage otherwise.
    @inline(never)  // the uncommon case: kept out of the changes that need no copy
    func copy(reserving extra: Int) -> RouteEntries {
        let filled = count - tombstones + extra
        return RouteEntries(
            copying: self,
            capacity: filled * 4 <= slots.capacity * 3 ? slots.capacity : slots.capacity * 2)
    }

    /// A copy of `other`'s entries but its tombstones, with room for `capacity`, made slot
    /// by slot (no array in between: a registry change during a pass copies the pass's
    /// route).
    private init(copying other: RouteEntries, capacity: Int) {
        slots = SlotBuffer(capacity: max(4, capacity))
        latest = other.latest
        view = slots.elements(count: 0)
        for index in other.start..<other.end where !other.isTombstone(index) {
            slots.initialize(end, to: other.slots[index])
            end += 1
        }
        entriesChanged()
    }

    /// Keeps ``view`` on slots `start..<end`: after every change of either.
    @inline(__always)
    private func entriesChanged() {
        view = slots.elements(from: start, count: end - start)
    }

    /// The entry at `index` (maybe a tombstone).
    subscript(index: Int) -> RouteEntry {
        precondition(index >= 0 && index < count, "RouteEntries index out of range")
        return slots[start + index]
    }

    /// Every entry but the tombstones, in order.
    var all: [RouteEntry] {
        (start..<end).compactMap { isTombstone($0) ? nil : slots[$0] }
    }

    /// The slot of the first entry whose call order is not before `order` (`end` if none).
    @inline(__always)
    private func slot(of order: CallOrder) -> Int {
        start + order.index(count: end - start) { slots[start + $0].recipient.callOrder }
    }

    /// Inserts `entry` at its place in call order (see ``CallOrder``), unless the recipient
    /// already has an entry.
    ///
    /// - Precondition: ``hasRoom(for:)`` one more, unless it goes first and a slot in front
    ///   is empty.
    /// - Complexity: O(1) when it goes last (a recipient registered with no higher priority
    ///   than those before it), or first with an empty slot in front; otherwise O(*n*).
    func insert(_ entry: consuming RouteEntry) {
        let order = entry.recipient.callOrder
        let index =
            start == end || slots[end - 1].recipient.callOrder < order ? end : slot(of: order)
        if index < end && slots[index].recipient === entry.recipient {
            guard isTombstone(index) else { return }
            _ = slots.move(index)  // back where it was removed from
            slots.initialize(index, to: entry)
            tombstones -= 1
            return
        }
        if index == start && start > 0 {
            start -= 1
            slots.initialize(start, to: entry)
        } else {
            precondition(hasRoom(for: 1), "RouteEntries.insert: no room; copy(reserving:) first")
            slots.moveElements(index..<end, to: index + 1)
            slots.initialize(index, to: entry)
            end += 1
        }
        entriesChanged()
    }

    /// Removes the entry of `recipient`, if any, keeping the order of the others.
    ///
    /// The first and the last entry go at once (and the tombstones they leave at the ends),
    /// and so does one of the last ``shiftLimit``, the entries after it moved up a slot;
    /// further in, the entry leaves a tombstone (see ``RouteEntry/tombstone(of:)``), which a
    /// pass skips, until tombstones are a quarter of the entries and one pass over the slots
    /// compacts them all.
    ///
    /// - Complexity: O(log *n*) to find it, and O(1) amortized to take it out.
    func remove(_ recipient: Recipient) {
        let index =
            start < end && slots[start].recipient === recipient
            ? start : slot(of: recipient.callOrder)
        // With no tombstone in the route, the entry is none: not asked (asking copies the
        // entry, two retains and two releases a removal).
        guard index < end, slots[index].recipient === recipient,
            tombstones == 0 || !isTombstone(index)
        else { return }
        // The registry still holds the consumer: no deinit runs here.
        _ = slots.move(index)
        if index == start {
            start += 1
            while tombstones > 0 && start < end && isTombstone(start) {
                dropTombstone(at: start)
            }
        } else if index == end - 1 {
            end -= 1
            while tombstones > 0 && isTombstone(end - 1) { dropTombstone(at: end - 1) }
        } else if end - index <= Self.shiftLimit {
            slots.moveElements(index + 1..<end, to: index)
            end -= 1
        } else {
            slots.initialize(index, to: .tombstone(of: recipient))
            tombstones += 1
            if tombstones * 4 > count { compact() }
        }
        if start == end { (start, end) = (0, 0) }
        entriesChanged()
    }

    /// Whether the entry in `slot` is a tombstone, read in place: a copy of the entry costs
    /// two retains and two releases.
    @inline(__always)
    private func isTombstone(_ slot: Int) -> Bool {
        slots.address(of: slot).pointee.isTombstone
    }

    /// Takes out the tombstone at `slot`, the first or the last entry.
    @inline(__always)
    private func dropTombstone(at slot: Int) {
        _ = slots.move(slot)
        tombstones -= 1
        if slot == start { start += 1 } else { end -= 1 }
    }

    /// Takes every tombstone and the empty slots in front out, keeping the order of the
    /// others: one move of the block when there are no tombstones; otherwise as
    /// ``removeAll(where:)`` does, selecting none.
    private func compact() {
        guard tombstones == 0 else { return removeAll { _ in false } }
        slots.moveElements(start..<end, to: 0)
        (start, end) = (0, end - start)
        entriesChanged()
    }

    /// How many entries after a removed one are moved up a slot rather than leaving a
    /// tombstone.
    static let shiftLimit = 16

    /// Removes every entry that `shouldRemove` selects, and every tombstone, keeping the
    /// order of the others from the first slot.
    func removeAll(where shouldRemove: (RouteEntry) -> Bool) {
        var kept = 0
        for index in start..<end {
            let entry = slots.move(index)
            if entry.isTombstone || shouldRemove(entry) { continue }
            slots.initialize(kept, to: entry)
            kept += 1
        }
        (start, end) = (0, kept)
        tombstones = 0
        entriesChanged()
    }
}
