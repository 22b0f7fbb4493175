// The earlier names of `EventTrace`'s delivered events, each forwarding to the one that
// replaced it: `events(of:)` means the bus's live stream, and `recorded(_:)` (events) read like
// `records(of:)` (passes).

extension EventTrace {
    /// Deprecated: the delivered events of a type are ``delivered(_:)``; `events(of:)` is the
    /// bus's live stream.
    @available(*, deprecated, renamed: "delivered(_:)")
    public func events<T>(of type: T.Type) -> [T] {
        delivered(type)
    }

    /// Deprecated: the delivered events of a type are ``delivered(_:)``; ``records(of:)``
    /// gives their passes.
    @available(*, deprecated, renamed: "delivered(_:)")
    public func recorded<T>(_ type: T.Type) -> [T] {
        delivered(type)
    }
}
