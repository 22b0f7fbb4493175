// The 0.2.0 name of `EventTrace`'s recorded array, forwarding to the one that replaced it:
// `events(of:)` means the bus's live stream, a recorded array is `recorded(_:)`.

extension EventTrace {
    /// Deprecated: a recorded array is ``recorded(_:)``; `events(of:)` is the bus's live
    /// stream.
    @available(*, deprecated, renamed: "recorded(_:)")
    public func events<T>(of type: T.Type) -> [T] {
        recorded(type)
    }
}
