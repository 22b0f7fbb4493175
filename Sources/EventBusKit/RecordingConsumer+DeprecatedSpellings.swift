// The earlier names of `RecordingConsumer`'s received events, each forwarding to the one that
// replaced it: `events(of:)` means the bus's live stream, and `recorded` read like the trace's
// `records`; what a recorder holds is what it received.

extension RecordingConsumer {
    /// Deprecated: the events a recorder received are ``received``.
    @available(*, deprecated, renamed: "received")
    public var events: [any Event] { received }

    /// Deprecated: the received events of a type are ``received(_:)``; `events(of:)` is the
    /// bus's live stream.
    @available(*, deprecated, renamed: "received(_:)")
    public func events<T>(of type: T.Type) -> [T] {
        received(type)
    }

    /// Deprecated: the received events of a type are ``received(_:)``.
    @available(*, deprecated, renamed: "received(_:)")
    public func recorded<T>(_ type: T.Type) -> [T] {
        received(type)
    }
}
