/// What ``EventPoster/post(_:)`` did with an event.
///
/// A post is answered at once, on the posting thread; delivery happens later, on the bus's
/// isolation. While the bus lives every post is accepted (the mailbox is unbounded) and
/// delivered; only a post to a gone bus is dropped, and that is reported to the thread that
/// offered it.
public enum PostReport: Equatable, Sendable {
    /// The event was admitted to the bus's mailbox and will be delivered, through
    /// ``EventBus/dispatch(_:)``, after every event posted before it. This acknowledges
    /// admission, not delivery.
    case accepted
    /// The bus has been deallocated; the event was dropped. Posting to a gone bus is
    /// harmless.
    case busGone
}
