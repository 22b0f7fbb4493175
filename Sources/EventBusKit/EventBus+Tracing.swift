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
    /// bus.dispatch(NavigationEvent(destination: .two))
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
        runningTraceGeneration = startedTraces
        // No pass of the new trace runs yet: what is queued before its first pass has no
        // cause it recorded, including the events already waiting.
        tracedPass = 0
        tracedRecipientIndex = -1
        forgetWaitingCauses()
        return trace
    }

    /// Stops recording; the trace keeps what it recorded. Does nothing when no trace runs.
    public func stopTracing() {
        trace = nil
        runningTraceGeneration = 0
        tracedRecipientIndex = -1
    }

    /// Who would receive `event` now, and why each registered recipient would or would not,
    /// without delivering anything.
    ///
    /// The explanation follows the matching table of the delivery contract, evaluated on the
    /// lists each recipient gave at registration. It builds no route and calls no recipient.
    ///
    /// ```swift
    /// print(bus.explain(PageViewEvent(page: "two")))
    /// // FlowController receives it: entry PageViewEvent of willConsume covers it
    /// // Logger does not receive it: no entry covers it
    /// ```
    /// - Parameter event: The event to explain.
    /// - Returns: The recipients in the order they would be called, and a line per recipient.
    /// - Complexity: O(*n*) for *n* registered recipients.
    public func explain(_ event: any Event) -> RoutingExplanation {
        let candidates = registry.recipients.compactMap { recipient in
            recipient.consumer.map { _ in (name: recipient.name, lists: recipient.lists) }
        }
        return RoutingExplanation(event, candidates: candidates)
    }

    // MARK: The pass's hooks (called only while a trace runs)

    /// Records the start of a pass.
    @inline(__always)
    func beginTracedPass(of event: any Event, cause: EventTrace.Cause?, in trace: EventTrace) {
        let sequence = trace.beginPass(event, cause: cause)
        // Overwriting the oldest record releases its event, whose deinit may have stopped the
        // trace or started another: the pass is then none of the running trace's.
        tracedPass = runningTraceGeneration == trace.generation ? sequence : 0
        tracedRecipientIndex = -1
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
        guard runningTraceGeneration == trace.generation else { return }
        guard recipient.traceGeneration == trace.namesGeneration else {
            return traceFirstDelivery(to: recipient, in: trace)
        }
        let index = recipient.traceNameIndex
        trace.recordDelivery(toNameAt: index)
        tracedRecipientIndex = index
    }

    /// ``traceDelivery(to:in:)`` for a recipient this trace has not named yet.
    ///
    /// Its name may be read now, from its `description`: the app's code, which may dispatch,
    /// stop the trace or start another. It runs before the trace's state is touched, while no
    /// recipient counts as being called (a dispatch it makes is caused by the pass alone), and
    /// the delivery is recorded only if the trace still runs after it.
    @inline(never)
    func traceFirstDelivery(to recipient: Recipient, in trace: EventTrace) {
        tracedRecipientIndex = -1
        let name = recipient.name
        guard runningTraceGeneration == trace.generation else { return }
        // May compact the trace's names, which renumbers them: the bus holds no index into
        // them now (`tracedRecipientIndex` is -1), and the pass's earlier deliveries are in
        // the records, which the compaction renumbers.
        let index = trace.nameIndex(of: name, rememberedBy: recipient)
        trace.recordDelivery(toNameAt: index)
        tracedRecipientIndex = index
    }

    /// The name of the recipient being called, while a trace runs.
    var tracedRecipient: String? {
        guard tracedRecipientIndex >= 0, let trace else { return nil }
        return trace.recipientName(at: tracedRecipientIndex)
    }

    /// The cause a trace records for an event queued now by `recipient` (or by the bus, when
    /// `nil`); `nil` while no trace runs, and while no pass of the running trace does (an
    /// announcement made outside any pass is outermost).
    func tracedCause(by recipient: String?) -> EventTrace.Cause? {
        guard trace != nil, tracedPass > 0, isDelivering else { return nil }
        return EventTrace.Cause(sequence: tracedPass, recipient: recipient)
    }
}

extension EventBus: CustomStringConvertible {
    /// The registered recipients in registration order with their lists, and the routes
    /// built so far.
    ///
    /// ```text
    /// EventBus: 2 recipients
    ///   1. FlowController  willConsume: [NavigationEvent]  excludeList: []
    ///   2. Logger  willConsume: [DidConsumeEvent]  excludeList: []
    /// routes built: NavigationEvent → FlowController
    /// ```
    public var description: String {
        let live = registry.recipients.filter { $0.consumer != nil }
        var lines = ["EventBus: \(counted(live.count, "recipient"))"]
        for (index, recipient) in live.enumerated() {
            lines.append(
                "  \(index + 1). \(recipient.name)"
                    + "  willConsume: \(Self.listText(recipient.lists.willConsume))"
                    + "  excludeList: \(Self.listText(recipient.lists.excludeList))")
        }
        let routes = registry.routes.sorted { "\($0.type)" < "\($1.type)" }
        if routes.isEmpty {
            lines.append("routes built: none")
        } else {
            lines.append("routes built:")
            for route in routes {
                let names = route.entries.all.filter(\.isLive).map(\.recipient.name)
                lines.append(
                    "  \(route.type) → \(names.isEmpty ? "no one" : names.joined(separator: ", "))")
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func listText(_ list: [any Event.Type]) -> String {
        "[" + list.map(entryName).joined(separator: ", ") + "]"
    }
}

/// What a pass tells whoever watches it; the pass is compiled once per kind of watcher.
protocol PassWatcher {
    /// The pass of `event` begins, its recipients fixed.
    func passBegins(_ event: any Event, on bus: EventBus)
    /// The pass is about to call `recipient`.
    func delivers(to recipient: Recipient, on bus: EventBus)
    /// The pass has called all its recipients.
    func deliveriesEnded(on bus: EventBus)
    /// What the trace records as the cause of an announcement the pass queues: the pass,
    /// and for a consumption (`namingRecipient`) the recipient being called.
    func announcementCause(namingRecipient: Bool, on bus: EventBus) -> EventTrace.Cause?
}

/// The watcher of a pass while no trace runs: it does nothing, and compiles to nothing.
struct UnwatchedPass: PassWatcher {
    @inline(__always) func passBegins(_ event: any Event, on bus: EventBus) {}
    @inline(__always) func delivers(to recipient: Recipient, on bus: EventBus) {}
    @inline(__always) func deliveriesEnded(on bus: EventBus) {}
    @inline(__always)
    func announcementCause(namingRecipient: Bool, on bus: EventBus) -> EventTrace.Cause? {
        nil
    }
}

/// The watcher of a pass while a trace runs: it records the pass in the trace.
struct TracedPass: PassWatcher {
    let trace: EventTrace
    /// What caused the pass's event (`nil` for an outermost dispatch).
    let cause: EventTrace.Cause?

    @inline(__always)
    func passBegins(_ event: any Event, on bus: EventBus) {
        bus.beginTracedPass(of: event, cause: cause, in: trace)
    }

    @inline(__always)
    func delivers(to recipient: Recipient, on bus: EventBus) {
        bus.traceDelivery(to: recipient, in: trace)
    }

    @inline(__always)
    func deliveriesEnded(on bus: EventBus) {
        bus.tracedRecipientIndex = -1
    }

    func announcementCause(namingRecipient: Bool, on bus: EventBus) -> EventTrace.Cause? {
        bus.tracedCause(by: namingRecipient ? bus.tracedRecipient : nil)
    }
}
