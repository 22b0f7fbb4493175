/// The first-in, first-out ring of events waiting for their pass, in memory that follows
/// what waits.
///
/// The ring allocates its own storage, on the first append: appending moves an event in,
/// taking the first moves it out, and growing or shrinking moves events between allocations,
/// so no operation copies or destroys an event (which could run an app's deinit). The storage
/// doubles when full, so during a drain it holds at most twice the most events that waited at
/// once; ``fitToPeak()``, called when a drain ends, shrinks it to fit the most that waited at
/// once in that drain (never below ``minimumCapacity``). Memory is bounded by what waits,
/// during a drain and after it, and a run of drains of the same shape allocates nothing.
struct EventRing: ~Copyable {
    /// The fewest slots the ring keeps.
    static let minimumCapacity = 16

    /// What a slot knows besides its event.
    private struct Tag {
        /// `false` for the bus's announcements, which `maximumPending` does not count.
        var isDispatched: Bool
        /// What caused the event, while a trace runs (`nil` otherwise).
        var cause: EventTrace.Cause?
    }

    /// The events, in slots; `nil` until the first append. Kept apart from their tags so that
    /// taking an event moves the existential out whole, with nothing left to destroy.
    private var events: UnsafeMutablePointer<any Event>?
    /// Each slot's tag, in the same slots.
    private var tags: UnsafeMutablePointer<Tag>?
    private var capacity = 0
    /// The slot of the oldest element.
    private var head = 0
    /// The number of waiting elements.
    private(set) var count = 0
    /// The most elements that waited at once since the last ``fitToPeak()``.
    private var peak = 0

    init() {}

    deinit {
        guard let events, let tags else { return }
        for offset in 0..<count {
            (events + (head + offset) % capacity).deinitialize(count: 1)
            (tags + (head + offset) % capacity).deinitialize(count: 1)
        }
        events.deallocate()
        tags.deallocate()
    }

    /// Whether no event waits.
    var isEmpty: Bool { count == 0 }

    /// The number of slots allocated.
    var allocatedCapacity: Int { capacity }

    /// Whether the oldest event was dispatched (not an announcement).
    ///
    /// - Precondition: Not empty.
    var firstIsDispatched: Bool { tags![head].isDispatched }

    /// Moves `event` in at the back.
    ///
    /// - Complexity: O(1) amortized.
    @inline(__always)  // see `FastPath.swift`: keeps the event in its existential
    mutating func append(
        _ event: consuming any Event, isDispatched: Bool, cause: EventTrace.Cause?
    ) {
        if count == capacity { resize(to: max(Self.minimumCapacity, capacity * 2)) }
        let slot = (head + count) % capacity
        (events! + slot).initialize(to: event)
        (tags! + slot).initialize(to: Tag(isDispatched: isDispatched, cause: cause))
        count += 1
        if count > peak { peak = count }
    }

    /// Moves the oldest event out.
    ///
    /// - Precondition: Not empty.
    /// - Complexity: O(1) amortized.
    mutating func removeFirst() -> (event: any Event, cause: EventTrace.Cause?) {
        let event = (events! + head).move()
        let tag = (tags! + head).move()
        head = (head + 1) % capacity
        count -= 1
        if count == 0 { head = 0 }
        return (event, tag.cause)
    }

    /// Drops the cause of every waiting event (a new trace never saw them).
    mutating func forgetCauses() {
        guard let tags else { return }
        for offset in 0..<count { tags[(head + offset) % capacity].cause = nil }
    }

    /// Whether ``fitToPeak()`` could free anything: the storage is above the minimum.
    var mayShrink: Bool { capacity > Self.minimumCapacity }

    /// Shrinks the storage to fit the most events that waited at once since the last call
    /// (at least ``minimumCapacity`` slots), and starts counting that peak anew.
    mutating func fitToPeak() {
        var fitted = Self.minimumCapacity
        while fitted < peak { fitted *= 2 }
        if capacity > fitted && fitted >= count { resize(to: fitted) }
        peak = count
    }

    /// Moves every event, oldest first, into `newCapacity` new slots.
    private mutating func resize(to newCapacity: Int) {
        let movedEvents = UnsafeMutablePointer<any Event>.allocate(capacity: newCapacity)
        let movedTags = UnsafeMutablePointer<Tag>.allocate(capacity: newCapacity)
        if let events, let tags {
            for offset in 0..<count {
                let slot = (head + offset) % capacity
                (movedEvents + offset).initialize(to: (events + slot).move())
                (movedTags + offset).initialize(to: (tags + slot).move())
            }
            events.deallocate()
            tags.deallocate()
        }
        events = movedEvents
        tags = movedTags
        capacity = newCapacity
        head = 0
    }
}
