extension EventBus {
    /// Starts recording every pass the bus runs from now on, and returns the trace.
    ///
    /// The trace keeps the most recent `capacity` passes (see ``EventTrace``). Starting a
    /// trace while one runs replaces it; the old trace keeps what it recorded. Started during
    /// a pass, the trace records the passes after it; events that were queued before it
    /// started have no cause it saw, so their records have none. While no trace runs, the
    /// bus records nothing and a pass pays one test for it.
    ///
    /// ```swift
    /// let trace = bus.startTracing()
    /// bus.dispatch(NavigationEvent(destination: .screenTwo))
    /// print(trace.tree)
    /// ```
    /// - Parameter capacity: The most passes to keep; must be positive.
    /// - Returns: The new trace.
    /// - Precondition: `capacity` is positive; otherwise the program stops with a message
    ///   naming `capacity`.
    @discardableResult
    public func startTracing(capacity: Int = 1_000) -> EventTrace {
        precondition(
            capacity > 0,
            "EventBus.startTracing(capacity:): capacity must be positive, got \(capacity)")
        startedTraces += 1
        let trace = EventTrace(capacity: capacity, generation: startedTraces)
        self.trace = trace
        pass.runningTraceGeneration = startedTraces
        // No pass of the new trace runs yet: what is queued before its first pass has no
        // cause it recorded, including the events already waiting.
        pass.tracedPass = 0
        pass.tracedRecipientIndex = -1
        forgetWaitingCauses()
        return trace
    }

    /// Stops recording; the trace keeps what it recorded. Does nothing when no trace runs.
    public func stopTracing() {
        trace = nil
        pass.runningTraceGeneration = 0
        pass.tracedRecipientIndex = -1
    }

    // MARK: The pass's hooks (called only while a trace runs)

    /// Records the start of a pass.
    @inline(__always)
    func beginTracedPass(
        of event: any Event, cause: EventTrace.Cause?, origin: EventTrace.Origin?,
        in trace: EventTrace
    ) {
        let sequence = trace.beginPass(event, cause: cause, origin: origin)
        // Overwriting the oldest record releases its event, whose deinit may have stopped the
        // trace or started another: the pass is then none of the running trace's.
        pass.tracedPass = pass.runningTraceGeneration == trace.generation ? sequence : 0
        pass.tracedRecipientIndex = -1
    }

    /// Records the delivery to `recipient`, and remembers who is being called: what it
    /// dispatches is caused by it.
    ///
    /// The pass passes the recipient straight from its entry (`entries[index].recipient`), as
    /// a borrowed argument: no local reference, so no retain and release per traced delivery.
    /// A recipient this trace has not named yet goes through `traceFirstDelivery(to:in:)`.
    @inline(__always)
    func traceDelivery(to recipient: Recipient, in trace: EventTrace) {
        // A recipient may have stopped or replaced the trace earlier in this pass: the pass's
        // trace then records nothing more.
        guard pass.runningTraceGeneration == trace.generation else { return }
        guard recipient.traceGeneration == trace.namesGeneration else {
            return traceFirstDelivery(to: recipient, in: trace)
        }
        let index = recipient.traceNameIndex
        trace.recordDelivery(toNameAt: index)
        pass.tracedRecipientIndex = index
    }

    /// ``traceDelivery(to:in:)`` for a recipient this trace has not named yet.
    ///
    /// Its name may be read now, from its `description`: the app's code, which may dispatch,
    /// stop the trace or start another. It runs before the trace's state is touched, while no
    /// recipient counts as being called (a dispatch it makes is caused by the pass alone), and
    /// the delivery is recorded only if the trace still runs after it.
    @inline(never)
    func traceFirstDelivery(to recipient: Recipient, in trace: EventTrace) {
        pass.tracedRecipientIndex = -1
        let name = outsideRecipientCall {
            if let hook = TraceNamingHook.current { hook.run(recipient.ending) }  // test-only
            return recipient.name
        }
        guard pass.runningTraceGeneration == trace.generation else { return }
        // May compact the trace's names, which renumbers them: the bus holds no index into
        // them now (`pass.tracedRecipientIndex` is -1), and the pass's earlier deliveries are in
        // the records, which the compaction renumbers.
        let index = trace.nameIndex(of: name, rememberedBy: recipient)
        trace.recordDelivery(toNameAt: index)
        pass.tracedRecipientIndex = index
    }

    /// The name of the recipient being called, while a trace runs.
    var tracedRecipient: String? {
        guard pass.tracedRecipientIndex >= 0, let trace else { return nil }
        return trace.recipientName(at: pass.tracedRecipientIndex)
    }

    /// The cause a trace records for an event queued now by `recipient` (or by the bus, when
    /// `nil`); `nil` while no trace runs, and while no pass of the running trace does (an
    /// announcement made outside any pass is outermost).
    func tracedCause(by recipient: String?) -> EventTrace.Cause? {
        guard trace != nil, pass.tracedPass > 0, isDelivering else { return nil }
        return EventTrace.Cause(sequence: pass.tracedPass, recipient: recipient)
    }
}
