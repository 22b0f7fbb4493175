/// The records of an ``EventTrace``: a fixed block of `capacity` records, filled in order and
/// then overwritten in place, oldest first.
///
/// Performance trick: an unsafe buffer rather than a `[Record]` stored property. Appending a
/// recipient to a record inside an array held by a class is a `modify` access that Swift
/// checks for exclusivity at run time on every traced delivery; a pointer's pointee is not
/// checked, and overwriting in place keeps each record's arrays, so a traced delivery is one
/// append into storage that already exists. Sound: the block is allocated and freed only
/// here, `initialized` counts the records that are initialized (always the first ones), and
/// no reference into it outlives a call (the ring is not `Sendable`: one isolation uses it).
final class RecordRing {
    /// The most records the ring holds.
    let capacity: Int
    // `@exclusivity(unchecked)`: these two integers are only read and written by the ring's
    // own methods, in single statements that call nothing that could reach the ring again,
    // so no access to them can overlap another; unchecked, a traced delivery makes no
    // run-time exclusivity check at all.

    /// How many records are initialized: the first `initialized` slots.
    @exclusivity(unchecked) private(set) var initialized = 0
    /// The slot of the newest record; `-1` while empty.
    @exclusivity(unchecked) private(set) var newest = -1
    private let base: UnsafeMutablePointer<EventTrace.Record>

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: initialized)
        base.deallocate()
    }

    /// Makes the next slot the newest record, a pass of `event`; once the ring is full that
    /// slot is the oldest record, which is overwritten in place.
    /// - Returns: Whether a record was overwritten.
    func push(sequence: Int, event: any Event, cause: EventTrace.Cause?) -> Bool {
        if initialized < capacity {
            (base + initialized).initialize(
                to: EventTrace.Record(sequence: sequence, event: event, cause: cause))
            newest = initialized
            initialized += 1
            return false
        }
        newest = newest + 1 == capacity ? 0 : newest + 1
        base[newest].reuse(sequence: sequence, event: event, cause: cause)
        return true
    }

    /// Appends `name` to the newest record's recipients.
    @inline(__always)
    func appendRecipient(_ name: String) {
        precondition(newest >= 0, "a delivery was recorded before any pass began")
        base[newest].recipients.append(name)
    }

    /// Appends `note` to the record `age` passes older than the newest (0: the newest), if
    /// the ring holds it.
    func appendNote(_ note: EventTrace.Note, age: Int) {
        guard age >= 0, age < initialized else { return }
        let slot = newest - age < 0 ? newest - age + initialized : newest - age
        base[slot].notes.append(note)
    }

    /// The records, oldest first.
    var inOrder: [EventTrace.Record] {
        let held = UnsafeBufferPointer(start: base, count: initialized)
        guard initialized == capacity, newest + 1 < capacity else { return Array(held) }
        return Array(held[(newest + 1)...]) + Array(held[...newest])
    }
}
