/// A `Sendable` handle that posts events to an ``EventBus`` from any thread or task.
///
/// `EventBus` lives in one isolation domain; an `EventPoster` is how other domains reach
/// it. Get one from ``EventBus/poster(isolation:)`` on the bus's isolation and hand it to
/// background work:
///
/// ```swift
/// @MainActor final class AppModel {
///     let bus = EventBus()
///     func startDownload() {
///         let poster = bus.poster()
///         Task.detached {
///             let data = await download()
///             poster.post(DownloadFinished(size: data.count))   // delivered on the main actor
///         }
///     }
/// }
/// ```
///
/// The rules:
/// - **Where.** Posted events are delivered on the bus's isolation — the main actor for a
///   bus that vended its poster there, the owning actor otherwise — through
///   ``EventBus/dispatch(_:fileID:line:)``, so they obey every delivery rule and bound. A bus that
///   vended its poster outside any actor (or in an actor's synchronous `init`, where
///   `#isolation` is `nil`) has nowhere to hop: posted events wait until its owner calls
///   ``EventBus/deliverPosted()``, or until the bus vends a poster or a stream on an actor,
///   which delivers them there. Such a post answers ``PostReport/awaitingDeliverPosted``,
///   never ``PostReport/accepted``.
/// - **Order.** One global first-in, first-out order across all threads, which keeps each
///   thread's own posting order. None is lost or duplicated while the bus lives.
/// - **Unbounded.** The inbox takes every post: `maximumPending` bounds the bus's queue
///   during a delivery, not what other threads hand it. Each posted event is delivered as its
///   own outermost dispatch. A producer that outpaces the bus grows the inbox, so throttle
///   at the producer.
/// - **After the bus is gone.** `post(_:)` is a no-op that returns ``PostReport/busGone``.
///   The handle never keeps the bus alive. Accepted events still waiting when the bus is
///   deallocated go with it.
/// - **Locks.** Posting takes the inbox's short lock; delivery takes none.
public struct EventPoster: Sendable {
    let inbox: Inbox

    init(inbox: Inbox) {
        self.inbox = inbox
    }

    /// Posts an event to the bus, from any thread or task.
    ///
    /// Returns at once. The event is delivered later on the bus's isolation, after every
    /// event posted before it (from any thread), through
    /// ``EventBus/dispatch(_:fileID:line:)``. The call site (`fileID`, `line`) travels with
    /// it: a trace running when it is delivered records it as the pass's
    /// ``EventTrace/Record/origin``.
    ///
    /// ```swift
    /// let report = poster.post(Progress(fraction: 0.5))
    /// if report == .busGone { return }   // the screen was closed
    /// ```
    /// - Parameters:
    ///   - event: The event; it crosses isolation domains, so it must be `Sendable`.
    ///   - fileID: The file that posts; leave the default.
    ///   - line: The line that posts; leave the default.
    /// - Returns: ``PostReport/accepted`` when the bus will deliver the event on its own,
    ///   ``PostReport/awaitingDeliverPosted`` when it waits for the owner's
    ///   ``EventBus/deliverPosted()`` (the bus has no isolation to hop to), or
    ///   ``PostReport/busGone`` once the bus is gone.
    /// - Complexity: O(1) amortized, under a short lock.
    @discardableResult
    public func post(
        _ event: any Event & Sendable, fileID: String = #fileID, line: Int = #line
    ) -> PostReport {
        inbox.post(event, from: EventTrace.Origin(fileID: fileID, line: line))
    }

    /// Suspends until the bus has delivered every event posted (by any thread) before this
    /// call.
    ///
    /// Useful in tests and at shutdown. It also waits for the bus to remove streams whose
    /// consumer stopped before this call. For a bus with no isolation to hop to (its posts
    /// answer ``PostReport/awaitingDeliverPosted``), it waits until the owner calls
    /// ``EventBus/deliverPosted()`` or the bus vends a poster or a stream on an actor: called
    /// where nothing will do either, it never returns.
    ///
    /// ```swift
    /// poster.post(Saved())
    /// await poster.waitUntilDelivered()
    /// ```
    /// - Returns: `true` once delivered; `false` when the bus was deallocated first.
    @discardableResult
    public func waitUntilDelivered() async -> Bool {
        await withCheckedContinuation { continuation in
            inbox.addBarrier(continuation)
        }
    }

    /// Whether the bus is still alive (it may be deallocated right after this returns).
    public var isBusAlive: Bool { inbox.isOpen }
}
