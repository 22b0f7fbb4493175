extension EventTrace {
    /// One pass of the bus: an event, the recipients it was delivered to, and its cause.
    ///
    /// ```swift
    /// let record = trace.records[1]
    /// #expect(record.sequence == 2)
    /// #expect(record.recipients == ["A", "B"])
    /// #expect(record.cause == EventTrace.Cause(sequence: 1, recipient: "A"))
    /// ```
    public struct Record {
        /// The pass's number in this trace: from 1, in delivery order.
        public let sequence: Int
        /// The delivered event.
        public let event: any Event
        /// The names of the recipients the event was delivered to, in the order they were
        /// called; empty when it reached no one.
        public let recipients: [String]
        /// `nil` for an outermost dispatch; otherwise the pass that was running when the
        /// event was dispatched or announced, and the recipient that caused it.
        public let cause: Cause?
        /// The call site of the dispatch or post that made the event; `nil` for the bus's
        /// announcements and replays, and for events that were waiting when the trace started
        /// (see ``Origin``).
        public let origin: Origin?
        /// What happened during the pass that was not a delivery, in the order it happened.
        public let notes: [Note]
    }

    /// Why a pass ran: the pass that was running and the recipient that caused it.
    ///
    /// For a dispatch made during a pass, `recipient` is the recipient that dispatched. For an
    /// announcement, it names the recipient the announcement is about: the consumer of a
    /// ``DidConsumeEvent``, the stream of a ``DroppedEvent``, the subscription of a
    /// ``ConsumerFailedEvent``; it is `nil` for a ``NoConsumerEvent`` (the bus raised it).
    ///
    /// ```swift
    /// #expect(record.cause == EventTrace.Cause(sequence: 1, recipient: "FlowController"))
    /// ```
    public struct Cause: Hashable, Sendable, CustomStringConvertible {
        /// The sequence of the pass that was running.
        public var sequence: Int
        /// The recipient that caused the pass; `nil` when the bus did.
        public var recipient: String?

        /// Creates a cause.
        /// - Parameters:
        ///   - sequence: The sequence of the pass that was running.
        ///   - recipient: The recipient that caused the pass; `nil` when the bus did.
        public init(sequence: Int, recipient: String?) {
            self.sequence = sequence
            self.recipient = recipient
        }

        /// `"pass 3, by A"`, or `"pass 3, by the bus"`.
        public var description: String {
            "pass \(sequence), by \(recipient ?? "the bus")"
        }
    }
}

extension EventTrace.Record: CustomStringConvertible {
    /// The pass in one line: `"4. claim from Flow in pass 2 → Prize, Audit"`; an event that
    /// reached no one ends in `"→ no one"`.
    ///
    /// The line is at most 120 characters. When it would be longer, its call sites lose their
    /// module folders first; then its event, its cause's recipient and its recipients are cut,
    /// the longest first, to share the room: a name in the middle, keeping its attributes and
    /// its call site's `File.swift:line` (`Subscription(to: Cart…, once, at: …Cart.swift:12)`),
    /// the event at its end, marked ` […]` (`Checkout(items: 3, totalCents: […]`), and the
    /// recipients after the names that fit (`Prize, Audit and 2 more`).
    public var description: String {
        var line: ReadableLine = "\(sequence). \(value: traceLabel(of: event))"
        if let cause { line = line + " from \(causePart(cause)) in pass \(cause.sequence)" }
        return (line + " → \(reachedPart(recipients))").fitted()
    }
}
