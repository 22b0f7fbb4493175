/// The first-in, first-out ring of events waiting for their pass, in memory that follows
/// what waits.
///
/// The ring allocates its own storage: appending moves an event in, taking the first moves
/// it out, and growing or shrinking moves events between allocations, so no operation copies
/// or destroys an event (which could run an app's deinit). That keeps every access to the
/// delivery state free of calls Swift cannot see, so it needs no run-time exclusivity check
/// (see `FastPath.swift`). The storage doubles when full and halves when at most a quarter is
/// used (never below ``minimumCapacity``): memory is bounded by what waits, during a drain
/// and after it.
struct EventRing: ~Copyable {
    /// A waiting event.
    struct Element {
        var event: any Event
        /// `false` for the bus's own announcements, which `maximumPending` does not count.
        var isDispatched: Bool
    }

    /// The fewest slots the ring keeps.
    static let minimumCapacity = 16

    private var storage: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// The slot of the oldest element.
    private var head = 0
    /// The number of waiting elements.
    private(set) var count = 0

    init() {
        capacity = Self.minimumCapacity
        storage = .allocate(capacity: capacity)
    }

    deinit {
        for offset in 0..<count { (storage + (head + offset) % capacity).deinitialize(count: 1) }
        storage.deallocate()
    }

    /// Whether no event waits.
    var isEmpty: Bool { count == 0 }

    /// The number of slots allocated.
    var allocatedCapacity: Int { capacity }

    /// Moves `element` in at the back.
    ///
    /// - Complexity: O(1) amortized.
    mutating func append(_ element: consuming Element) {
        if count == capacity { resize(to: capacity * 2) }
        (storage + (head + count) % capacity).initialize(to: element)
        count += 1
    }

    /// Moves the oldest element out.
    ///
    /// - Complexity: O(1) amortized.
    mutating func popFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = (storage + head).move()
        head = (head + 1) % capacity
        count -= 1
        if count == 0 { head = 0 }
        if capacity > Self.minimumCapacity && count <= capacity / 4 { resize(to: capacity / 2) }
        return element
    }

    /// Moves every element, oldest first, into `capacity` new slots.
    private mutating func resize(to newCapacity: Int) {
        let moved = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        let firstRun = min(count, capacity - head)
        moved.moveInitialize(from: storage + head, count: firstRun)
        (moved + firstRun).moveInitialize(from: storage, count: count - firstRun)
        storage.deallocate()
        storage = moved
        capacity = newCapacity
        head = 0
    }
}
