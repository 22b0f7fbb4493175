extension EventBus {
    /// Returns a handle that posts events to this bus from any thread or task.
    ///
    /// Call it on the bus's isolation; the default argument captures it. Events posted
    /// through the handle are delivered on that isolation, through ``dispatch(_:fileID:line:)``, in one
    /// global first-in, first-out order that keeps each thread's posting order (see
    /// ``EventPoster`` for every rule). Every call returns a handle to the same inbox.
    ///
    /// ```swift
    /// let poster = bus.poster()               // on the main actor
    /// Task.detached { poster.post(Progress(fraction: 1)) }
    /// ```
    ///
    /// > Note: Vended outside any actor (`isolation` is `nil` — also in an actor's
    /// > synchronous `init`), the bus has nowhere to hop: posts answer
    /// > ``PostReport/awaitingDeliverPosted`` and wait until its owner calls
    /// > ``deliverPosted()``. The first time the bus vends a poster or a stream on an actor it
    /// > learns that isolation: it delivers there what waits, and later posts answer
    /// > ``PostReport/accepted`` and hop to it on their own.
    /// - Parameter isolation: The isolation the bus lives on; leave the default, which is
    ///   the caller's.
    /// - Returns: A `Sendable` handle; it does not keep the bus alive.
    /// - Complexity: O(1).
    public func poster(isolation: isolated (any Actor)? = #isolation) -> EventPoster {
        EventPoster(inbox: ensureInbox(drainingOn: isolation))
    }

    /// Delivers, now and on the caller's isolation, every event posted so far, in posting
    /// order, through ``dispatch(_:fileID:line:)``.
    ///
    /// A bus that lives on an actor does this on its own shortly after each post; a bus
    /// with no isolation to hop to needs its owner to call it. It also removes streams
    /// whose consumer has stopped, and resumes ``EventPoster/waitUntilDelivered()`` calls.
    /// Events posted while it runs wait for the next call.
    ///
    /// ```swift
    /// let bus = EventBus()                    // in a command-line tool's run loop
    /// let poster = bus.poster()
    /// worker.start(reportingTo: poster)
    /// while running {
    ///     bus.deliverPosted()
    ///     // … the loop's other work
    /// }
    /// ```
    /// - Returns: The report of each posted event's dispatch, in posting order; each is an
    ///   outermost dispatch. A call made while the bus is delivering does nothing and returns
    ///   `[]`: the posted events wait for the next call, so none is queued behind or refused
    ///   by the delivery in progress.
    /// - Complexity: O(*p*) dispatches for *p* posted events.
    @discardableResult
    public func deliverPosted() -> [DispatchReport] {
        var reports: [DispatchReport] = []
        drainInbox { reports.append($0) }
        return reports
    }

    /// Takes everything waiting in the inbox and handles it in posting order, each event as
    /// an outermost dispatch; does nothing while the bus is delivering.
    ///
    /// A barrier is resumed with `true` after the dispatches of the events before it, which
    /// as outermost dispatches delivered those events. Without `report` (the bus draining on
    /// its own), the discards of each drain are counted in ``unattendedDiscards``.
    func drainInbox(_ report: ((DispatchReport) -> Void)? = nil) {
        guard let inbox, !isDelivering else { return }
        let batch = inbox.takeAll()
        if batch.sweep { removeEndedRecipients() }
        for item in batch.items {
            switch item {
            case .event(let event, let origin):
                let outcome = dispatch(event, fileID: origin.fileID, line: origin.line)
                if let report { report(outcome) } else { countUnattended(outcome) }
            case .barrier(let continuation): continuation.resume(returning: true)
            }
        }
    }

    /// The inbox, made on first use.
    func ensureInbox() -> Inbox {
        if let inbox { return inbox }
        let made = Inbox()
        inbox = made
        return made
    }

    /// The inbox, made on first use. With an isolation, also installs the drainer that
    /// lets posts and stream endings reach the bus there.
    func ensureInbox(drainingOn isolation: isolated (any Actor)?) -> Inbox {
        let inbox = ensureInbox()
        if let isolation, !inbox.hasDrainer {
            // We are running on `isolation`, the bus's home from now on (see BusDrainer).
            inbox.install(BusDrainer(bus: self, isolation: isolation))
        }
        return inbox
    }
}
