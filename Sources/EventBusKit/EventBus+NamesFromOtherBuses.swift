// The names people bring from greenrobot EventBus, Guava, otto and Foundation: each fails to
// compile with a message naming the EventBusKit call to use instead (CONTRACT §11.6).

extension EventBus {
    /// Unavailable: EventBusKit delivers with ``dispatch(_:fileID:line:)``.
    ///
    /// From another thread or task, post through an ``EventPoster`` made with
    /// ``poster(deliveringOn:fileID:line:)`` or ``posterDeliveredByHand(fileID:line:)``
    /// (`bus.poster(deliveringOn: MainActor.shared).post(event)`).
    @available(
        *, unavailable,
        message:
            "EventBusKit calls it dispatch(_:); from another thread, post through bus.poster(deliveringOn:)"
    )
    public func post(_ event: any Event) { fatalError("unavailable") }

    /// Unavailable: a sticky event is one whose type conforms to ``StickyEvent``; dispatch it
    /// with ``dispatch(_:fileID:line:)``.
    @available(
        *, unavailable,
        message:
            "declare the event's type StickyEvent and dispatch(_:) it; read it with stickyEvent(_:)"
    )
    public func postSticky(_ event: any Event) { fatalError("unavailable") }

    /// Unavailable: EventBusKit removes a consumer with ``deregister(_:)``.
    @available(
        *, unavailable, renamed: "deregister(_:)", message: "EventBusKit calls it deregister(_:)"
    )
    public func unregister(_ consumer: any EventConsumer) { fatalError("unavailable") }

    /// Unavailable: EventBusKit reads the stored sticky value with ``stickyEvent(_:)``.
    @available(
        *, unavailable, renamed: "stickyEvent(_:)", message: "EventBusKit calls it stickyEvent(_:)"
    )
    public func getStickyEvent<T>(_ type: T.Type) -> T? { fatalError("unavailable") }

    /// Unavailable: EventBusKit forgets sticky values with ``removeStickyEvents(_:)``.
    @available(
        *, unavailable, renamed: "removeStickyEvents(_:)",
        message: "EventBusKit calls it removeStickyEvents(_:)"
    )
    public func removeStickyEvent<T>(_ type: T.Type) { fatalError("unavailable") }

    /// Unavailable: `removeStickyEvents((any StickyEvent).self)` forgets every sticky value.
    @available(
        *, unavailable,
        message:
            "EventBusKit forgets every sticky value with removeStickyEvents((any StickyEvent).self)"
    )
    public func removeAllStickyEvents() { fatalError("unavailable") }

    /// Unavailable: EventBusKit stops a pass from inside a recipient's call with
    /// ``cancelDelivery()``, which takes no event.
    @available(
        *, unavailable, renamed: "cancelDelivery()",
        message: "EventBusKit calls it cancelDelivery(), from inside a recipient's call"
    )
    public func cancelEventDelivery(_ event: any Event) { fatalError("unavailable") }

    /// Unavailable: EventBusKit answers with ``hasRecipients(for:)``.
    @available(
        *, unavailable, renamed: "hasRecipients(for:)",
        message: "EventBusKit calls it hasRecipients(for:)"
    )
    public func hasSubscriberForEvent(_ type: any Event.Type) -> Bool { fatalError("unavailable") }
}
