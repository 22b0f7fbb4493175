// Names of `EventBus` that said one thing for two ideas, each forwarding to the name that
// replaced it: the sticky value is `stickyEvent(_:)` (an `ObservedEvent`'s `latest` is the last
// event delivered).

extension EventBus {
    /// Deprecated: the stored sticky value is ``stickyEvent(_:)``.
    ///
    /// `latest` also names an ``ObservedEvent``'s last delivered event, which differs from the
    /// stored sticky value.
    @available(*, deprecated, renamed: "stickyEvent(_:)")
    public func latest<T>(_ type: T.Type) -> T? {
        stickyEvent(type)
    }

    /// Deprecated: forget stored sticky values with ``removeStickyEvents(_:)``.
    @available(*, deprecated, renamed: "removeStickyEvents(_:)")
    public func clearLatest<T>(_ type: T.Type) {
        removeStickyEvents(type)
    }
}
