/// The bus's FIFO of events waiting for their pass.
///
/// Events dispatched by recipients count against `maximumPending`; the bus's own
/// announcements do not (they are bounded by the deliveries that cause them). Storage is
/// kept between drains, so a steady state allocates nothing.
struct EventQueue {
    /// A waiting event. (A struct rather than a tuple: the compiler copies a struct with
    /// generated code, a tuple holding an existential through the runtime's generic witnesses.)
    private struct Waiting {
        var event: any Event
        var isDispatched: Bool
    }

    private var storage: [Waiting] = []
    private var head = 0

    /// Waiting events that were dispatched (announcements excluded).
    private(set) var dispatchedCount = 0

    /// All waiting events.
    var count: Int { storage.count - head }

    /// Appends `event`; `isDispatched` is `false` for announcements.
    mutating func append(_ event: any Event, isDispatched: Bool) {
        storage.append(Waiting(event: event, isDispatched: isDispatched))
        if isDispatched { dispatchedCount += 1 }
    }

    /// Removes and returns the oldest waiting event.
    mutating func popFirst() -> (any Event)? {
        guard head < storage.count else { return nil }
        // Move the event out, leaving a stand-in: the slot no longer holds it (it is released
        // with the caller's copy, not at the next drain), and nothing is retained or released.
        var taken = Waiting(event: ProbeEvent(), isDispatched: false)
        swap(&storage[head], &taken)
        head += 1
        if taken.isDispatched { dispatchedCount -= 1 }
        if head == storage.count { removeAll() }
        return taken.event
    }

    /// Discards every waiting event, keeping the storage.
    mutating func removeAll() {
        storage.removeAll(keepingCapacity: true)
        head = 0
        dispatchedCount = 0
    }
}
