extension EventTrace {
    /// Something that happened during a pass that was not a delivery.
    ///
    /// An event that reached no one is not a note: its record's
    /// ``EventTrace/Record/recipients`` is empty.
    ///
    /// ```swift
    /// if case .refused(_, let report, let recipient) = trace.records[0].notes.first {
    ///     #expect(report == .rejectedFull)
    ///     #expect(recipient == "Spammer")
    /// }
    /// ```
    ///
    /// > Important: `Note` grows: a minor version may add a case (a new kind of note). A
    /// > `switch` over it needs `@unknown default`; an exhaustive one without it compiles with a
    /// > warning that asks for one.
    #if hasAttribute(nonexhaustive)  // SE-0487, Swift 6.2.3; older compilers leave it out
        @nonexhaustive(warn)
    #endif
    public enum Note {
        /// A dispatch made during the pass was rejected: its event, the report
        /// ``EventBus/dispatch(_:fileID:line:)`` returned (``DispatchReport/rejectedFull`` or
        /// ``DispatchReport/rejectedReentrant``), and the recipient that made it (`nil` when
        /// no recipient was running, e.g. from a `deinit`).
        case refused(event: any Event, report: DispatchReport, recipient: String?)
        /// A stream with a bounded buffer dropped `event`; `stream` names the stream.
        case dropped(event: any Event, stream: String)
        /// A subscription's closure threw while handling `event`; `error` describes the
        /// error.
        case failed(event: any Event, recipient: String, error: String)
        /// The drain budget was reached and this many waiting events were discarded.
        case discarded(count: Int)
        /// A recipient called ``EventBus/cancelDelivery()``: the pass ended after it;
        /// `recipient` names it (`nil` when the trace did not name it).
        case stopped(recipient: String?)
    }
}

extension EventTrace.Note: CustomStringConvertible {
    /// The note in words, as the pictures show it:
    /// `"dispatch of ping(3) by Echo rejected: rejectedFull"`, `"Ticker dropped tick(0)"`,
    /// `"Loader failed on load: timedOut"`, `"2 waiting events discarded at the drain budget"`,
    /// `"Gate stopped the delivery"`.
    ///
    /// At most 120 characters: names are cut in the middle, keeping their call site, and
    /// events and errors at their end, marked ` […]`, as in ``EventTrace/Record/description``.
    public var description: String { line.fitted() }
}
