// Who watches a pass: nobody (the pass compiles to a loop with no trace code), or a running
// trace, which records it.

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
    /// Where the pass's event was dispatched or posted, if known.
    let origin: EventTrace.Origin?

    @inline(__always)
    func passBegins(_ event: any Event, on bus: EventBus) {
        // Overwriting the trace's oldest record releases its event: app code.
        bus.outsideRecipientCall {
            bus.beginTracedPass(of: event, cause: cause, origin: origin, in: trace)
        }
    }

    @inline(__always)
    func delivers(to recipient: Recipient, on bus: EventBus) {
        bus.traceDelivery(to: recipient, in: trace)
    }

    @inline(__always)
    func deliveriesEnded(on bus: EventBus) {
        bus.pass.tracedRecipientIndex = -1
    }

    func announcementCause(namingRecipient: Bool, on bus: EventBus) -> EventTrace.Cause? {
        bus.tracedCause(by: namingRecipient ? bus.tracedRecipient : nil)
    }
}
