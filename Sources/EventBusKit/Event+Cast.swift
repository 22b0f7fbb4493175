extension Event {
    /// This event as a `T`, or `nil` when it is not one: a typed accessor with an
    /// exact-type fast path.
    ///
    /// When the event's dynamic type *is* `T`, the value is returned without a dynamic cast;
    /// otherwise (a subclass of `T`, a protocol, a mismatch) it falls back to `self as? T`.
    /// The result is always the same as `self as? T`.
    ///
    /// ```swift
    /// func consume(_ event: any Event) {
    ///     if let navigation = event.as(NavigationEvent.self) { push(navigation.destination) }
    /// }
    /// ```
    /// - Parameter type: The type to view the event as.
    /// - Returns: The event as a `T`, or `nil`.
    /// - Complexity: O(1); a pointer comparison when the types are identical.
    @inlinable
    public func `as`<T>(_ type: T.Type) -> T? {
        if Self.self == T.self {
            // `Self` and `T` were just shown to be the same type.
            return identityConversion(self, to: T.self)
        }
        return self as? T
    }
}
