/// What the bus reports when no listener handles a failure or a drop it announces (contract
/// §16.2): carried by the ``ConsumerFailedEvent`` or ``DroppedEvent`` it queues, and recorded
/// once that announcement's pass has ended with no listener's call that returned without
/// throwing — nobody was called (every listener's `where:` rejected it, or the pass was
/// stopped), or every listener called threw.
final class UnhandledReport {
    let kind: EventBus.Problem.Kind
    /// Where it comes from: the subscription or stream, by its name and call site.
    let site: String
    let what: ReadableLine
    let fix: String
    /// For a drop, the stream: it is reported once per stream.
    let stream: (any AnyStandIn)?
    /// The calls of listeners that threw on the announcement carrying this report: listeners
    /// that did not handle it.
    var failedCalls = 0

    init(
        _ kind: EventBus.Problem.Kind, site: String, what: ReadableLine, fix: String,
        stream: (any AnyStandIn)? = nil
    ) {
        self.kind = kind
        self.site = site
        self.what = what
        self.fix = fix
        self.stream = stream
    }
}
