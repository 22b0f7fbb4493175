/// What ``EventPoster/post(_:fileID:line:)`` did with an event.
///
/// A post is answered at once, on the posting thread; delivery happens later, on the bus's
/// isolation. While the bus lives a post is admitted unless the bus holds
/// ``EventBus/maximumWaitingPosts`` posted events already (then ``rejectedFull``: the event is
/// dropped, and the bus reports it); a post to a gone bus is dropped too (``busGone``). A bus
/// that has no isolation to hop to answers ``awaitingDeliverPosted``, never ``accepted``, so
/// an event that needs its owner to act never looks like one that will be delivered on its
/// own.
///
/// ```swift
/// switch poster.post(Saved()) {
/// case .accepted: break                       // delivered on the bus's actor, soon
/// case .awaitingDeliverPosted: bus.deliverPosted()  // where the bus's owner can
/// case .rejectedFull: break                   // dropped; send(_:) would have waited
/// case .busGone: return
/// @unknown default: break                     // a case a later version adds
/// }
/// ```
///
/// > Important: `PostReport` grows: a minor version may add a case (a new answer to a post).
/// > A `switch` over it needs `@unknown default`; an exhaustive one without it compiles with a
/// > warning that asks for one.
#if hasAttribute(nonexhaustive)  // SE-0487, Swift 6.2.3; older compilers leave it out
    @nonexhaustive(warn)
#endif
public enum PostReport: Equatable, Sendable {
    /// The event was admitted to the bus's inbox and will be delivered, through
    /// ``EventBus/dispatch(_:fileID:line:)``, after every event posted before it. This acknowledges
    /// admission, not delivery.
    case accepted
    /// The event was admitted to the bus's inbox, but the bus has no isolation to hop to:
    /// it is delivered by hand (``EventBus/posterDeliveredByHand(fileID:line:)``), or has
    /// learned no actor yet (say, its poster was made in an actor's or a class's synchronous
    /// `init`, where `#isolation` is `nil`). The event waits for the bus's owner, whose next
    /// call into the bus delivers it first (or ``EventBus/deliverPosted()``), or, unless the
    /// bus is delivered by hand, until it learns an actor, which delivers everything waiting
    /// there.
    case awaitingDeliverPosted
    /// The bus held ``EventBus/maximumWaitingPosts`` posted events (waiting, or taken and not yet
    /// delivered): the event was dropped, and the bus reports it
    /// (``EventBus/Problem/Kind/postRejected``). ``EventPoster/send(_:fileID:line:)`` waits
    /// for room instead.
    case rejectedFull
    /// The bus has been deallocated; the event was dropped. Posting to a gone bus is
    /// harmless.
    case busGone
}
