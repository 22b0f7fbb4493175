// Names of `EventBus` that said one thing for two ideas, or two things one word apart, each
// forwarding to the name that replaced it: the sticky value is `stickyEvent(_:)` (an
// `ObservedEvent`'s `latest` is the last event delivered); the bounds say what they bound,
// the dispatches queued during a pass and the posts waiting for delivery; a problem of a
// dispatch or a post the bus turned away says *rejected*, as the reports' cases do.

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

    /// Deprecated: the bound of the dispatches queued during a pass is
    /// ``maximumQueuedDispatches``.
    @available(*, deprecated, renamed: "maximumQueuedDispatches")
    public var maximumPending: Int { maximumQueuedDispatches }

    /// Deprecated: the bound of the posted events waiting for delivery is
    /// ``maximumWaitingPosts``.
    @available(*, deprecated, renamed: "maximumWaitingPosts")
    public var maximumPosted: Int { maximumWaitingPosts }

    /// Deprecated: write `maximumQueuedDispatches:` (and `maximumWaitingPosts:`).
    @available(
        *, deprecated,
        renamed:
            "init(maximumQueuedDispatches:maximumEventsPerDrain:reentrancy:maximumWaitingPosts:)"
    )
    public convenience init(
        maximumPending: Int, maximumEventsPerDrain: Int = 1_000, reentrancy: Reentrancy = .queue,
        maximumPosted: Int = 10_000
    ) {
        self.init(
            maximumQueuedDispatches: maximumPending, maximumEventsPerDrain: maximumEventsPerDrain,
            reentrancy: reentrancy, maximumWaitingPosts: maximumPosted)
    }

    /// Deprecated: write `maximumWaitingPosts:`.
    @available(*, deprecated, message: "renamed: write maximumWaitingPosts: for maximumPosted:")
    public convenience init(
        maximumEventsPerDrain: Int = 1_000, reentrancy: Reentrancy = .queue, maximumPosted: Int
    ) {
        self.init(
            maximumEventsPerDrain: maximumEventsPerDrain, reentrancy: reentrancy,
            maximumWaitingPosts: maximumPosted)
    }
}

extension EventBus.Problem.Kind {
    /// Deprecated: the kind is ``dispatchRejected``, as in ``DispatchReport/rejectedFull``;
    /// equal to it.
    @available(*, deprecated, renamed: "dispatchRejected")
    public static var dispatchRefused: Self { .dispatchRejected }

    /// Deprecated: the kind is ``postRejected``, as in ``PostReport/rejectedFull``; equal to
    /// it.
    @available(*, deprecated, renamed: "postRejected")
    public static var postRefused: Self { .postRejected }
}
