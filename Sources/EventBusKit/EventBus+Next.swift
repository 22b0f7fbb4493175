// Awaiting the next event: a one-shot subscription that resumes a task.

extension EventBus {
    /// Waits for the next delivered event of type `T` that satisfies `predicate`, and
    /// returns it.
    ///
    /// Called on the bus's isolation, it adds a one-shot subscription to `T` at once: it
    /// counts in ``recipientCount`` and, like any subscription, is announced and traced. The
    /// first delivered event that `is T` and satisfies `predicate` resumes the caller; the
    /// subscription ends before that call (a limit of 1, ``RecipientOptions/once``), so it
    /// receives nothing after that event. `predicate` is asked at the subscription's turn,
    /// before the call: an event it rejects is not a delivery (no ``DidConsumeEvent``, not in
    /// a trace). An event delivered before the call is not seen — call it before the event
    /// can be delivered, such as right after starting work that posts it from another task —
    /// unless `options` has ``RecipientOptions/replaysLatest-type.property``: then the newest
    /// stored value that is a `T` is offered first, and returned at once if `predicate` accepts it ("the
    /// current value or the next"). If the waiting task is cancelled (or already was), it
    /// throws `CancellationError` and leaves no recipient behind. With a `timeout`, a wait
    /// that sees no matching event within it throws ``WaitError/timedOut`` and leaves no
    /// recipient behind either; its timer is a child task that ends with the call. An event
    /// is either returned or not delivered to the wait: once the timeout or the cancellation
    /// has ended it, no pass delivers to it (no ``DidConsumeEvent``, not in a trace), and an
    /// event a pass began to deliver first is returned, even to a task cancelled meanwhile.
    /// The wait ends once, and what ends it first decides its answer: a timeout that passed
    /// first throws ``WaitError/timedOut`` even when the task is cancelled or the bus goes
    /// before the call returns.
    /// The wait holds no reference to the bus: called on a temporary
    /// (`model.bus?.next(…)`), it lets the bus go when its owner does, and then throws
    /// ``WaitError/busDeallocated``; a reference the caller keeps keeps the bus.
    ///
    /// ```swift
    /// struct DocumentSaved: Event, Sendable { let name: String }
    ///
    /// let poster = bus.poster(deliveringOn: MainActor.shared)
    /// Task.detached { poster.post(DocumentSaved(name: "notes")) }
    /// let saved = try await bus.next(DocumentSaved.self) { $0.name == "notes" }
    /// let next = try await bus.next(DocumentSaved.self, timeout: .seconds(5))
    /// ```
    /// - Parameters:
    ///   - type: The event type to wait for.
    ///   - options: How it waits (see ``RecipientOptions``); a limit other than 1 stops with a message
    ///     naming `options` (`next` returns one event: take more with ``events(of:options:where:bufferingPolicy:fileID:line:isolation:)-(T.Type,_,_,_,_,_,_)``).
    ///   - predicate: Which event ends the wait; called on the bus's isolation with each
    ///     event of type `T` until one satisfies it. `nil` accepts the first.
    ///   - timeout: How long to wait, on `ContinuousClock`; `nil` (the default) waits until
    ///     an event comes or the task is cancelled.
    ///   - fileID: Where the wait is made, for traces and `print(bus)`; leave the default.
    ///   - line: The line; leave the default.
    ///   - isolation: The isolation the bus lives on; leave the default, which is the
    ///     caller's. An actor here is the one a bus that has learned none delivers posted
    ///     events on from then on, unless it is delivered by hand (see
    ///     ``poster(isolation:)``).
    /// - Returns: The first matching event delivered after the call (or replayed to it).
    /// - Throws: `CancellationError` when the waiting task is cancelled;
    ///   ``WaitError/timedOut`` when `timeout` passed without a matching event;
    ///   ``WaitError/busDeallocated`` when the bus went first.
    @_disfavoredOverload  // for `Conforming<P>`, the category form applies
    public consuming func next<T: Event & Sendable>(
        _ type: T.Type,
        options: RecipientOptions = RecipientOptions(),
        where predicate: ((T) -> Bool)? = nil,
        timeout: Duration? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> T {
        try await waitForNext(
            listing: T.self, typed: true, options, where: predicate, timeout: timeout,
            fileID: fileID, line: line, isolation: isolation)
    }

    /// Waits for the next delivered event of a category whose protocol refines
    /// ``SendableEvent``, and returns it as a `P`.
    ///
    /// Same rules as
    /// ``next(_:options:where:timeout:fileID:line:isolation:)-(T.Type,_,_,_,_,_,_)``; the wait
    /// ends with the first event that `is P` (except the bus's own announcements) and that
    /// `predicate` accepts. The event crosses to the waiting task, so `P` refines
    /// ``SendableEvent``.
    ///
    /// ```swift
    /// protocol Checkout: SendableEvent {}
    ///
    /// let outcome = try await bus.next(Conforming<any Checkout>.self, timeout: .seconds(5))
    /// ```
    /// - Parameters:
    ///   - category: The category, `Conforming<any P>.self`.
    ///   - options: How it waits (see ``RecipientOptions``); a limit other than 1 stops.
    ///   - predicate: Which event ends the wait; `nil` accepts the first.
    ///   - timeout: How long to wait, on `ContinuousClock`; `nil` waits until an event comes
    ///     or the task is cancelled.
    ///   - fileID: Where the wait is made; leave the default.
    ///   - line: The line; leave the default.
    ///   - isolation: The isolation the bus lives on; leave the default. An actor here is
    ///     the one a bus that has learned none delivers posted events on from then on, unless
    ///     it is delivered by hand (see ``poster(isolation:)``).
    /// - Returns: The first matching event delivered after the call, as a `P`.
    /// - Throws: As the typed form.
    public consuming func next<C: EventCategory>(
        _ category: C.Type,
        options: RecipientOptions = RecipientOptions(),
        where predicate: ((C.Member) -> Bool)? = nil,
        timeout: Duration? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> C.Member where C.Member: _SendableEventMarker {
        try await waitForNext(
            listing: C.self, typed: false, options, where: predicate, timeout: timeout,
            fileID: fileID, line: line, isolation: isolation)
    }

    /// The body of both `next` forms: a one-shot recipient of `listed` whose call resumes
    /// the caller with its event, as a `Member`.
    private consuming func waitForNext<Member: Sendable>(
        listing listed: any Event.Type, typed: Bool, _ options: RecipientOptions,
        where predicate: ((Member) -> Bool)?, timeout: Duration?, fileID: String, line: Int,
        isolation: isolated (any Actor)?
    ) async throws -> Member {
        let lists = checkListening(
            listed, typed: typed, options: options, call: "next(_:)", returnsOneEvent: true)
        try Task.checkCancellation()
        let waiter = NextWaiter()
        _ = ensureInbox(drainingOn: isolation)
        if isolation == nil, !deliveryModeSettled { recordPostsAwaitDelivery() }  // no drainer
        // A one-shot recipient whose predicate is `predicate`: it ends before the call that
        // resumes the caller, and an event the predicate rejects is not a delivery. Nor is one
        // that finds the wait over: a timer or a cancellation ends the recipient with a claim
        // that a pass's claim of its last call excludes, so an event is either returned or
        // not delivered (contract §16.5). The claim that wins records why the recipient
        // ended, and every resume reads that one fact (`resume(endedBy:)`), so the answer is
        // the claimer's whoever resumes first (§17.1).
        var once = options
        once.limit = 1
        let token = EventSubscription(
            add(
                listing: listed, lists: lists,
                StandIn.Closures(
                    { waiter.resume(with: .success($0)) }, where: predicate, listing: listed),
                // Run when the bus goes (its teardown finishes every stand-in), or when the
                // stand-in is released: after a pass removed the recipient that a timer or a
                // cancellation ended, maybe before that claimer resumes the caller.
                finish: { end in waiter.resume(endedBy: end) },
                label: ClosureLabel(kind: .waiter, listed: listed, fileID: fileID, line: line),
                options: once))
        let ending = token.ending
        // From here the call holds no reference to the bus (`token` holds it weakly): a
        // caller that passed a temporary lets the bus go when its owner does.
        _ = consume self
        defer {
            // Cancelled, timed out (or resumed and already removed): remove it, on the bus's
            // isolation. This is the removal of a wait that a timer or a cancellation ended:
            // they claim its end and resume the caller, and ask nothing of the bus (a pass
            // that meets the ended recipient first skips it and removes it).
            token.cancel()
        }
        // A local function, not a closure: a closure here would allocate a context per call.
        // Of `any Sendable`, not `Member`: nothing here looks up generic metadata.
        func wait() async throws -> any Sendable {
            try await withTaskCancellationHandler {
                // Unsafe, not checked: the waiter resumes it exactly once (see NextWaiter), and a
                // checked one would allocate its canary per call.
                try await withUnsafeThrowingContinuation(isolation: isolation) { continuation in
                    waiter.wait(continuation)
                }
            } onCancel: {
                // Any thread. Unless another claim came first (a pass's: then its event is
                // returned; the timer's: then it times out), end the subscription, then
                // resume the caller as the end says.
                guard ending.claim(.taskCancelled) else { return }
                waiter.resume(endedBy: ending.end)
            }
        }
        // The event the pass handed the waiter is a `Member` (its recipient's handler took it
        // as one): the cast checks the type it holds, no more.
        guard let timeout else { return try await wait() as! Member }
        let event = try await withThrowingTaskGroup(of: Void.self, isolation: isolation) {
            timer -> any Sendable in
            timer.addTask {
                // Cancelled when the wait ends first: then it throws and ends, doing nothing.
                try await Task.sleep(for: timeout, clock: .continuous)
                let hook = NextTimerHook.current
                if let hook { await hook.fired() }
                // The wait times out unless another claim came first (a pass's: then its
                // event is returned; a cancellation's): ended here, the recipient gets no
                // call, so no event is delivered to a wait that throws.
                let timedOut = ending.claim(.timedOut)
                if let hook { await hook.claimed(timedOut) }
                guard timedOut else { return }
                waiter.resume(endedBy: ending.end)
            }
            defer { timer.cancelAll() }  // the group awaits the timer before it returns
            return try await wait()
        }
        return event as! Member
    }
}
