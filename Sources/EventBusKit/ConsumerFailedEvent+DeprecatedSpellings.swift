// The 0.2.0 names of `ConsumerFailedEvent`'s members, each forwarding to the one that replaced
// it: the recipient that threw is `consumer`, as in `DidConsumeEvent`.

extension ConsumerFailedEvent {
    /// Deprecated: the recipient that threw is ``consumer``, as in ``DidConsumeEvent``.
    @available(*, deprecated, renamed: "consumer")
    public var recipient: any EventConsumer { consumer }

    /// Deprecated: write `ConsumerFailedEvent(consumer:event:error:)`.
    @available(*, deprecated, renamed: "init(consumer:event:error:)")
    public init(recipient: any EventConsumer, event: any Event, error: any Error) {
        self.init(consumer: recipient, event: event, error: error)
    }
}
