/// The bus's FIFO of events waiting for their pass.
///
/// Events dispatched by recipients count against `maximumPending`; the bus's own
/// announcements do not (they are bounded by the deliveries that cause them). Storage is
/// kept between drains, so a steady state allocates nothing.
struct EventQueue {
    private var storage: [(event: any Event, isDispatched: Bool)] = []
    private var head = 0

    /// Waiting events that were dispatched (announcements excluded).
    private(set) var dispatchedCount = 0

    /// All waiting events.
    var count: Int { storage.count - head }

    /// Appends `event`; `isDispatched` is `false` for announcements.
    mutating func append(_ event: any Event, isDispatched: Bool) {
        storage.append((event, isDispatched))
        if isDispatched { dispatchedCount += 1 }
    }

    /// Removes and returns the oldest waiting event.
    mutating func popFirst() -> (any Event)? {
        guard head < storage.count else { return nil }
        let (event, isDispatched) = storage[head]
        storage[head] = (ProbeEvent(), false)  // release the event now, not at the next drain
        head += 1
        if isDispatched { dispatchedCount -= 1 }
        if head == storage.count { removeAll() }
        return event
    }

    /// Discards every waiting event, keeping the storage.
    mutating func removeAll() {
        storage.removeAll(keepingCapacity: true)
        head = 0
        dispatchedCount = 0
    }
}
