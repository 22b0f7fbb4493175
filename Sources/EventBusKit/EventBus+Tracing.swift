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
        // cause it recorded.
        pass.tracedPass = 0
        pass.tracedRecipientIndex = -1
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
    func beginTracedPass(of event: any Event, cause: EventTrace.Cause?, in trace: EventTrace) {
        pass.tracedPass = trace.beginPass(event, cause: cause)
        pass.tracedRecipientIndex = -1
    }

    /// Records the delivery to the recipient of `route.entries[index]`, and remembers who is
    /// being called: what it dispatches is caused by it.
    ///
    /// The recipient is read through `route.entries[index]` each time rather than bound to a
    /// local: a local reference would be retained and released on every traced delivery.
    @inline(__always)
    func traceDelivery(to recipient: Recipient, in trace: EventTrace) {
        // A recipient may have stopped or replaced the trace earlier in this pass: the pass's
        // trace then records nothing more.
        guard pass.runningTraceGeneration == trace.generation else { return }
        let name =
            recipient.traceGeneration == trace.generation
            ? recipient.traceNameIndex
            : trace.nameIndex(of: recipient)
        trace.recordDelivery(toNameAt: name)
        pass.tracedRecipientIndex = name
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
