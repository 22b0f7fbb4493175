// The names SwiftEventBus gave `DidConsumeEvent`'s members, kept as deprecated aliases so
// that code written for it compiles and the compiler offers the rename as a fix-it.

extension DidConsumeEvent {
    /// The recipient that consumed the event: SwiftEventBus's name for ``consumer``.
    ///
    /// Returns ``consumer``, the very object whose ``EventConsumer/consume(_:)`` returned.
    /// Deprecated: the compiler's fix-it renames it to `consumer`.
    ///
    /// ```swift
    /// print("\(did.sourceConsumer) consumed …")  // becomes: did.consumer
    /// ```
    @available(*, deprecated, renamed: "consumer")
    public var sourceConsumer: any EventConsumer { consumer }

    /// The event that was consumed: SwiftEventBus's name for ``event``.
    ///
    /// Returns ``event``, the very event that was delivered. Deprecated: the compiler's
    /// fix-it renames it to `event`.
    ///
    /// ```swift
    /// print("… consumed \(did.sourceEvent)")  // becomes: did.event
    /// ```
    @available(*, deprecated, renamed: "event")
    public var sourceEvent: any Event { event }

    /// Creates an announcement with SwiftEventBus's argument labels.
    ///
    /// The same as ``init(consumer:event:)``. Deprecated: the compiler's fix-it renames the
    /// labels.
    ///
    /// ```swift
    /// let did = DidConsumeEvent(sourceConsumer: logger, sourceEvent: tap)
    /// // becomes: DidConsumeEvent(consumer: logger, event: tap)
    /// ```
    ///
    /// - Parameters:
    ///   - sourceConsumer: The recipient that consumed `sourceEvent`.
    ///   - sourceEvent: The consumed event.
    @available(*, deprecated, renamed: "init(consumer:event:)")
    public init(sourceConsumer: any EventConsumer, sourceEvent: any Event) {
        self.init(consumer: sourceConsumer, event: sourceEvent)
    }
}
