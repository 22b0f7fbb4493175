// Awaiting the next event: a one-shot subscription that resumes a task.

extension EventBus {
    /// Waits for the next delivered event of type `T` that satisfies `predicate`, and
    /// returns it.
    ///
    /// Called on the bus's isolation, it adds a one-shot subscription to `T` at once: it
    /// counts in ``recipientCount`` and, like any subscription, is announced and traced. The
    /// first delivered event that `is T` and satisfies `predicate` resumes the caller; the
    /// subscription ends before that call, as a
    /// ``subscribeOnce(to:priority:replayingLatest:where:fileID:line:_:)-(T.Type,_,_,_,_,_,_)``
    /// does, so it receives nothing after that event. `predicate` is asked at the
    /// subscription's turn, before the call: an event it rejects is not a delivery (no
    /// ``DidConsumeEvent``, not in a trace). An
    /// event delivered before the call is not seen: call it before the event can be
    /// delivered, such as right after starting work that posts it from another task. If the
    /// waiting task is cancelled (or already was), it throws `CancellationError` and leaves
    /// no recipient behind. With a `timeout`, a wait that sees no matching event within it
    /// throws ``WaitError/timedOut`` and leaves no recipient behind either; its timer is a
    /// child task that ends with the call. The wait holds no reference to the bus: called on
    /// a temporary (`model.bus?.next(…)`), it lets the bus go when its owner does, and then
    /// throws ``WaitError/busDeallocated``; a reference the caller keeps keeps the bus.
    ///
    /// ```swift
    /// struct DocumentSaved: Event, Sendable { let name: String }
    ///
    /// let poster = bus.poster()
    /// Task.detached { poster.post(DocumentSaved(name: "notes")) }
    /// let saved = try await bus.next(DocumentSaved.self) { $0.name == "notes" }
    /// let next = try await bus.next(DocumentSaved.self, timeout: .seconds(5))
    /// ```
    /// - Parameters:
    ///   - type: The event type to wait for.
    ///   - predicate: Which event ends the wait; called on the bus's isolation with each
    ///     event of type `T` until one satisfies it.
    ///   - timeout: How long to wait, on `ContinuousClock`; `nil` (the default) waits until
    ///     an event comes or the task is cancelled.
    ///   - isolation: The isolation the bus lives on; leave the default, which is the
    ///     caller's.
    /// - Returns: The first matching event delivered after the call.
    /// - Throws: `CancellationError` when the waiting task is cancelled;
    ///   ``WaitError/timedOut`` when `timeout` passed without a matching event;
    ///   ``WaitError/busDeallocated`` when the bus went first.
    public consuming func next<T: Event & Sendable>(
        _ type: T.Type,
        where predicate: ((T) -> Bool)? = nil,
        timeout: Duration? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> T {
        try Task.checkCancellation()
        let waiter = NextWaiter<T>()
        let inbox = ensureInbox(drainingOn: isolation)
        if isolation == nil, !inbox.hasDrainer { recordPostsAwaitDelivery() }
        // A one-shot recipient whose predicate is `predicate`: it ends before the call that
        // resumes the caller, and an event the predicate rejects is not a delivery.
        var closure = ClosureRecipient(
            listing: T.self, { waiter.resume(with: .success($0)) }, where: predicate,
            name: { "next(\(T.self))" })
        closure.isOnce = true
        // Run when the bus goes (its teardown finishes every stand-in), or when the stand-in
        // is released unresumed (removed through the object a `DidConsumeEvent` named).
        closure.finish = { busGone in
            waiter.resume(with: .failure(busGone ? WaitError.busDeallocated : CancellationError()))
        }
        let token = subscribe(closure)
        let ending = token.ending
        // From here the call holds no reference to the bus (`token` holds it weakly): a
        // caller that passed a temporary lets the bus go when its owner does.
        _ = consume self
        defer {
            // Cancelled (or resumed and already removed): remove it, on the bus's isolation.
            token.cancel()
        }
        // A local function, not a closure: a closure here would allocate a context per call.
        func wait() async throws -> T {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation(isolation: isolation) { continuation in
                    waiter.wait(continuation)
                }
            } onCancel: {
                // Any thread: resume the caller first (a sweep that removes the subscription
                // finishes it, which would resume it otherwise), then end the subscription so
                // no pass calls it.
                waiter.resume(with: .failure(CancellationError()))
                ending.end()
                inbox.requestSweep()
            }
        }
        guard let timeout else { return try await wait() }
        return try await withThrowingTaskGroup(of: Void.self, isolation: isolation) { timer in
            timer.addTask {
                // Cancelled when the wait ends first: then it throws and ends, doing nothing.
                try await Task.sleep(for: timeout, clock: .continuous)
                waiter.resume(with: .failure(EventBus.WaitError.timedOut))
                ending.end()
                inbox.requestSweep()
            }
            defer { timer.cancelAll() }  // the group awaits the timer before it returns
            return try await wait()
        }
    }
}
