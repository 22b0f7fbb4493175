/// A `Sendable` handle that posts events to an ``EventBus`` from any thread or task.
///
/// `EventBus` lives in one isolation domain; an `EventPoster` is how other domains reach
/// it. Get one from ``EventBus/poster(deliveringOn:fileID:line:)`` on the bus's actor (or
/// ``EventBus/posterDeliveredByHand(fileID:line:)`` for a bus its owner delivers) and hand it
/// to background work:
///
/// ```swift
/// @MainActor final class AppModel {
///     let bus = EventBus()
///     func startDownload() {
///         let poster = bus.poster(deliveringOn: MainActor.shared)
///         Task.detached {
///             let data = await download()
///             poster.post(DownloadFinished(size: data.count))   // delivered on the main actor
///         }
///     }
/// }
/// ```
///
/// The rules:
/// - **Where.** A bus delivers posted events on the first actor it learns — from
///   `poster(deliveringOn:)`, or from `poster()`, `events(of:)` or `next(_:)` called on an
///   actor — and never on another; until then, and always once it has vended
///   `posterDeliveredByHand()`, they wait for its owner's next call into the bus or
///   `deliverPosted()`. Either way they go through
///   ``EventBus/dispatch(_:fileID:line:)``, so they obey every delivery rule and bound; each is
///   its own outermost dispatch. The bus delivers them a slice at a time — at most 1,024
///   events or 1 ms — and leaves the actor to its other work between slices, so a flood of
///   posts never holds a screen's updates for more than about a millisecond.
/// - **Who delivers, when the bus knows no actor.** A bus that vended its poster outside any
///   actor (in an actor's or a class's synchronous `init`, `#isolation` is `nil`) has
///   nowhere to hop: posted events wait for its owner, who runs on its isolation — the
///   owner's next call into the bus (a dispatch, before its own event; a registration or a
///   subscription, after its own work; ``EventBus/deliverPosted()``) delivers them first.
///   Such a post answers ``PostReport/awaitingDeliverPosted``. The first post, send or
///   ``waitUntilDelivered()`` that waits so (or a `next` awaited with no isolation) is
///   reported once per bus, as ``EventBus/Problem/Kind/postsAwaitDelivery`` — to the bus's
///   ``EventBus/onProblem`` at the owner's next call, or, with no handler set when it waited,
///   in debug builds as a line on standard error from the posting thread — unless the owner
///   delivers by hand, with ``EventBus/posterDeliveredByHand(fileID:line:)`` or
///   ``EventBus/deliverPosted()``. A bus that learns an actor delivers there what waits, and
///   hops on its own.
/// - **Order.** One global first-in, first-out order across all threads, which keeps each
///   thread's own posting order. None is lost or duplicated while the bus lives.
/// - **Bounded.** The bus holds at most ``EventBus/maximumWaitingPosts`` posted events — waiting,
///   or taken and not yet delivered. ``post(_:fileID:line:)`` to a full bus answers
///   ``PostReport/rejectedFull`` and the bus reports it
///   (``EventBus/Problem/Kind/postRejected``, once per line that posted);
///   ``send(_:fileID:line:)`` waits for room instead, and a send that found no room goes
///   before any post or send that begins after it.
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
    ///   ``PostReport/awaitingDeliverPosted`` when it waits for the bus's owner (the bus has no
    ///   isolation to hop to), ``PostReport/rejectedFull`` when the bus held
    ///   ``EventBus/maximumWaitingPosts`` posted events (the event was dropped and is reported), or
    ///   ``PostReport/busGone`` once the bus is gone.
    /// - Complexity: O(1) amortized, under a short lock.
    @discardableResult
    public func post(
        _ event: any Event & Sendable, fileID: String = #fileID, line: Int = #line
    ) -> PostReport {
        inbox.post(event, from: EventTrace.Origin(fileID: fileID, line: line))
    }

    /// Posts an event as soon as the bus has room for it, from any task: a post with
    /// back-pressure.
    ///
    /// While the bus holds ``EventBus/maximumWaitingPosts`` posted events, it suspends; a send that
    /// found no room keeps its place from that moment, and is admitted before any post or send
    /// that began after it, as the bus delivers. Then it posts as ``post(_:fileID:line:)``
    /// does. A producer that sends rather than posts runs at the pace the bus delivers, and
    /// never has an event rejected.
    ///
    /// ```swift
    /// struct LineRead: Event, Sendable { let text: String }
    ///
    /// func read(_ lines: [String], to poster: EventPoster) async throws {
    ///     for line in lines {
    ///         try await poster.send(LineRead(text: line))  // waits while the bus is full
    ///     }
    /// }
    /// ```
    /// - Parameters:
    ///   - event: The event; it crosses isolation domains, so it must be `Sendable`.
    ///   - fileID: The file that sends; leave the default.
    ///   - line: The line that sends; leave the default.
    /// - Returns: ``PostReport/accepted``, ``PostReport/awaitingDeliverPosted`` (the bus knows
    ///   no actor: see the rules above), or ``PostReport/busGone`` when the bus is gone, or
    ///   goes while the send waits.
    /// - Throws: `CancellationError` when the task is cancelled before the event is admitted,
    ///   whatever other sends do meanwhile: then nothing is posted.
    @discardableResult
    public func send(
        _ event: any Event & Sendable, fileID: String = #fileID, line: Int = #line
    ) async throws -> PostReport {
        try await inbox.send(event, from: EventTrace.Origin(fileID: fileID, line: line))
    }

    /// Suspends until the bus has delivered every event posted (by any thread) before this
    /// call.
    ///
    /// Useful in tests and at shutdown. It returns once every earlier post is delivered (or
    /// discarded at a drain's budget, ``DispatchReport/limitReached(processed:discarded:)``),
    /// at once when nothing was posted before it; it also waits for the bus to remove streams
    /// whose consumer stopped before this call. It returns when the call that delivers the
    /// last of them has delivered it, on every kind of bus, even when it began while that call
    /// was delivering. For a bus with no isolation to hop to (its posts answer
    /// ``PostReport/awaitingDeliverPosted``), what waits is delivered by the owner's next call
    /// into the bus, and the wait is reported as such a post is. On a bus delivered by hand
    /// (``EventBus/posterDeliveredByHand(fileID:line:)``) it is not reported, and returns at the
    /// owner's next call that delivers: an owner that awaits it itself waits for another
    /// task's call into the bus, so it calls ``EventBus/deliverPosted()`` instead.
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
