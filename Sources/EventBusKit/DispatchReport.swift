/// What ``EventBus/dispatch(_:fileID:line:)`` did with an event.
///
/// Nothing is ever dropped without being counted in a report: an event the bus rejects is
/// reported by the dispatch that offered it, and events discarded at the drain budget are
/// counted by the outermost dispatch.
///
/// Closed: a new case comes only in a new major version, so a `switch` over it needs no
/// `default`.
public enum DispatchReport: Hashable, Sendable {
    /// The bus was delivering; the event was admitted to the queue and will be delivered
    /// after the events ahead of it. This acknowledges admission, not delivery.
    case queued
    /// `maximumQueuedDispatches` dispatched events were already waiting (the one being delivered
    /// does not count); the event was dropped and nothing else changed.
    case rejectedFull
    /// The outermost dispatch delivered this many events — its own, the queued ones and the
    /// announcements — and the queue is empty.
    case drained(events: Int)
    /// `maximumEventsPerDrain` events were delivered while events were still waiting; the
    /// waiting ones were discarded and counted.
    case limitReached(processed: Int, discarded: Int)
    /// The bus uses ``EventBus/Reentrancy/reject`` and was delivering; the event was
    /// dropped.
    case rejectedReentrant
}
