/// The first-in, first-out ring of events waiting for their pass, in memory that follows
/// what waits.
///
/// The ring allocates its slots (a ``SlotBuffer``) on the first append: appending moves an
/// event in,
/// taking the first moves it out, and growing or shrinking moves events between allocations,
/// so no operation copies or destroys an event (which could run an app's deinit). The storage
/// doubles when full, so during a drain it holds at most twice the most events that waited at
/// once; ``fitToPeak()``, called when a drain ends, shrinks it to fit the most that waited at
/// once in that drain (never below ``minimumCapacity``). Memory is bounded by what waits,
/// during a drain and after it, and a run of drains of the same shape allocates nothing.
struct EventRing: ~Copyable {
    /// The fewest slots the ring keeps.
    static let minimumCapacity = 16

    /// One waiting event and what the ring knows of it.
    struct Slot {
        var event: any Event
        /// `false` for the bus's announcements and replays, which `maximumPending` does not
        /// count.
        var isDispatched: Bool
        /// What caused the event, while a trace runs (`nil` otherwise).
        var cause: EventTrace.Cause?
        /// Where a dispatched or posted event was made, while a trace runs (`nil` otherwise).
        var origin: EventTrace.Origin? = nil
        /// For a replay: the one recipient it goes to, and the stamp of the stored value
        /// (see `LatestValues`); `nil` for every other event.
        var replay: (recipient: Recipient, stamp: Int)? = nil
    }

    /// The slots; empty (capacity 0) until the first append.
    private var slots = SlotBuffer<Slot>(capacity: 0)
    /// The slot of the oldest element.
    private var head = 0
    /// The number of waiting elements.
    private(set) var count = 0
    /// The most elements that waited at once since the last ``fitToPeak()``.
    private var peak = 0

    init() {}

    deinit {
        for offset in 0..<count { slots.deinitialize(slot(offset)..<slot(offset) + 1) }
    }

    /// The slot of the element `offset` places after the oldest.
    @inline(__always)
    private func slot(_ offset: Int) -> Int {
        (head + offset) % slots.capacity
    }

    /// Whether no event waits.
    var isEmpty: Bool { count == 0 }

    /// The number of slots allocated.
    var allocatedCapacity: Int { slots.capacity }

    /// Whether the oldest event was dispatched (not an announcement).
    ///
    /// - Precondition: Not empty.
    var firstIsDispatched: Bool {
        assert(count > 0, "firstIsDispatched on an empty ring")
        return slots[head].isDispatched
    }

    /// Moves `event` in at the back.
    ///
    /// - Complexity: O(1) amortized.
    @inline(__always)  // keeps the event in its existential (ARCHITECTURE.md, "Tricks")
    mutating func append(
        _ event: consuming any Event, isDispatched: Bool, cause: EventTrace.Cause?,
        origin: EventTrace.Origin? = nil
    ) {
        if count == slots.capacity {
            resize(to: max(Self.minimumCapacity, slots.capacity * 2))
        }
        slots.initialize(
            slot(count),
            to: Slot(event: event, isDispatched: isDispatched, cause: cause, origin: origin))
        count += 1
        if count > peak { peak = count }
    }

    /// Moves the oldest event out.
    ///
    /// - Precondition: Not empty.
    /// - Complexity: O(1) amortized.
    mutating func removeFirst() -> Slot {
        assert(count > 0, "removeFirst on an empty ring")
        let taken = slots.move(head)
        head = slot(1)
        count -= 1
        if count == 0 { head = 0 }
        return taken
    }

    /// Moves `slot` in at `offset` from the oldest (0: it becomes the oldest), after the
    /// `offset` oldest events and before the others.
    ///
    /// - Complexity: O(*n*) for the *n* events it goes before.
    mutating func insert(_ inserted: consuming Slot, at offset: Int) {
        precondition(offset >= 0 && offset <= count, "EventRing.insert offset out of range")
        if count == slots.capacity {
            resize(to: max(Self.minimumCapacity, slots.capacity * 2))
        }
        var position = count
        while position > offset {
            slots.initialize(slot(position), to: slots.move(slot(position - 1)))
            position -= 1
        }
        slots.initialize(slot(offset), to: inserted)
        count += 1
        if count > peak { peak = count }
    }

    /// Drops the cause and origin of every waiting event (a new trace never saw them).
    mutating func forgetCauses() {
        for offset in 0..<count {
            slots[slot(offset)].cause = nil
            slots[slot(offset)].origin = nil
        }
    }

    /// Whether ``fitToPeak()`` could free anything: the storage is above the minimum.
    var mayShrink: Bool { slots.capacity > Self.minimumCapacity }

    /// Shrinks the storage to fit the most events that waited at once since the last call
    /// (at least ``minimumCapacity`` slots), and starts counting that peak anew.
    mutating func fitToPeak() {
        var fitted = Self.minimumCapacity
        while fitted < peak { fitted *= 2 }
        if slots.capacity > fitted && fitted >= count { resize(to: fitted) }
        peak = count
    }

    /// Moves every event, oldest first, into `newCapacity` new slots.
    private mutating func resize(to newCapacity: Int) {
        let (first, capacity) = (head, slots.capacity)
        let oldestFirst = (0..<count).lazy.map { (first + $0) % capacity }
        slots = slots.moving(oldestFirst, toCapacity: newCapacity)
        head = 0
    }
}
