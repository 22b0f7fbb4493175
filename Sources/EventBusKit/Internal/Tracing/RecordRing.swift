/// The records of an ``EventTrace``: a fixed block of `capacity` slots, filled in order and
/// then overwritten in place, oldest first.
///
/// Performance tricks, so that a traced delivery is one integer append into storage that
/// already exists, with no reference counting and no run-time exclusivity check:
/// - A ``SlotBuffer`` rather than a `[Slot]` stored property. Appending to a slot inside an
///   array held by a class is a `modify` access that Swift checks for exclusivity at run
///   time on every traced delivery; a buffer's slot is not checked, and overwriting in
///   place keeps each slot's arrays. Sound: the block is allocated and freed only here,
///   `initialized` counts the slots that are initialized (always the first ones), and no
///   reference into it outlives a call (the ring is not `Sendable`: one isolation uses it).
/// - A slot holds its recipients as indices into the trace's table of names, not as
///   strings: appending a string retains it and overwriting releases it, two atomic
///   operations per delivery. ``EventTrace/records`` turns indices into names when read.
final class RecordRing {
    /// One pass, as the ring keeps it.
    struct Slot {
        var sequence: Int
        var event: any Event
        var cause: EventTrace.Cause?
        var origin: EventTrace.Origin?
        /// Indices into the trace's names, in call order: the first ``recipientCount``; the
        /// rest is storage kept from an older record this one overwrote.
        var recipients: [Int] = []
        /// How many of ``recipients`` are this record's.
        var recipientCount = 0
        var notes: [EventTrace.Note] = []

        /// Appends `index` to the record's recipients, in the storage it kept if it has room.
        @inline(__always)
        mutating func appendRecipient(_ index: Int) {
            if recipientCount < recipients.count {
                recipients[recipientCount] = index
            } else {
                recipients.append(index)
            }
            recipientCount &+= 1
        }
    }

    /// The most slots the ring holds.
    let capacity: Int
    // These two integers are only read and written by the ring's own methods, in single
    // statements that call nothing that could reach the ring again, so no access to them can
    // overlap another, and the optimizer drops their run-time checks.

    /// How many slots are initialized: the first `initialized` slots.
    private(set) var initialized = 0
    /// The slot of the newest record; `-1` while empty.
    private(set) var newest = -1
    private let slots: SlotBuffer<Slot>

    init(capacity: Int) {
        self.capacity = capacity
        slots = SlotBuffer(capacity: capacity)
    }

    deinit {
        slots.deinitialize(0..<initialized)
    }

    /// Makes the next slot the newest record, a pass of `event`; once the ring is full that
    /// slot is the oldest record, which is overwritten in place.
    ///
    /// Inlined into the traced pass: a function of its own that takes `any Event` is
    /// specialized to box the event again (a copy and a destroy per traced pass).
    @inline(__always)
    func push(
        sequence: Int, event: any Event, cause: EventTrace.Cause?, origin: EventTrace.Origin?
    ) {
        if initialized < capacity {
            slots.initialize(
                initialized,
                to: Slot(sequence: sequence, event: event, cause: cause, origin: origin))
            newest = initialized
            initialized += 1
            return
        }
        newest = newest + 1 == capacity ? 0 : newest + 1
        slots[newest].sequence = sequence
        slots[newest].event = event
        slots[newest].cause = cause
        slots[newest].origin = origin
        slots[newest].recipientCount = 0  // keeps the storage: `removeAll` costs ~85 instructions
        if !slots[newest].notes.isEmpty { slots[newest].notes.removeAll(keepingCapacity: true) }
    }

    /// Appends the name at `index` of the trace's names to the newest record's recipients.
    @inline(__always)
    func appendRecipient(_ index: Int) {
        precondition(newest >= 0, "a delivery was recorded before any pass began")
        slots[newest].appendRecipient(index)
    }

    /// Appends `note` to the record `age` passes older than the newest (0: the newest), if
    /// the ring holds it.
    func appendNote(_ note: EventTrace.Note, age: Int) {
        guard age >= 0, age < initialized else { return }
        let slot = newest - age < 0 ? newest - age + initialized : newest - age
        slots[slot].notes.append(note)
    }

    /// Calls `body` with each index into the trace's names that the records hold.
    func forEachRecipient(_ body: (Int) -> Void) {
        for slot in 0..<initialized {
            for index in slots[slot].recipients.prefix(slots[slot].recipientCount) { body(index) }
        }
    }

    /// Replaces each index into the trace's names that the records hold with
    /// `renumbered(index)` (the trace's names were compacted).
    func renumberRecipients(_ renumbered: (Int) -> Int) {
        for slot in 0..<initialized {
            for position in 0..<slots[slot].recipientCount {
                slots[slot].recipients[position] = renumbered(slots[slot].recipients[position])
            }
        }
    }

    /// The records, oldest first, their recipients named from `names`.
    func records(names: [String]) -> [EventTrace.Record] {
        let oldest = initialized == capacity && newest + 1 < capacity ? newest + 1 : 0
        return (0..<initialized).map { offset in
            let slot = slots[(oldest + offset) % initialized]
            return EventTrace.Record(
                sequence: slot.sequence, event: slot.event,
                recipients: slot.recipients.prefix(slot.recipientCount).map { names[$0] },
                cause: slot.cause, origin: slot.origin,
                notes: slot.notes)
        }
    }
}
