/// What a stand-in's delivery caused that the bus must announce.
enum PendingAnnouncement {
    /// A throwing subscription threw: announced as ``ConsumerFailedEvent``.
    case failed(any Error)
    /// A stream dropped this event: announced as ``DroppedEvent``.
    case dropped(any Event)
}
