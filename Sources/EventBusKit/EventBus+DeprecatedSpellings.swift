// The listening spellings of 0.2.0, each forwarding to the form that replaced it: options are
// one value (`RecipientOptions`), every handler may throw, and a category has one generic form.
// Each compiles with a deprecation naming its new spelling; `throwing:` does not compile, and
// says why: a deprecated `throwing:` form would make every trailing closure ambiguous.

extension EventBus {
    /// Deprecated: write `options: .priority(n)` (and `.replaysLatest`).
    @available(
        *, deprecated,
        message:
            "write subscribe(to:options:) with options: .priority(n), or [.priority(n), .replaysLatest]"
    )
    @_disfavoredOverload
    public func subscribe<T: Event>(
        to type: T.Type, priority: Int, replayingLatest: Bool = false,
        fileID: String = #fileID, line: Int = #line, _ handler: @escaping (T) -> Void
    ) -> EventSubscription {
        subscribe(
            to: type, options: [.priority(priority), Self.replay(replayingLatest)],
            fileID: fileID, line: line, handler)
    }

    /// Deprecated: write `options: .replaysLatest`.
    @available(*, deprecated, message: "write subscribe(to:options:) with options: .replaysLatest")
    @_disfavoredOverload
    public func subscribe<T: Event>(
        to type: T.Type, replayingLatest: Bool, fileID: String = #fileID, line: Int = #line,
        _ handler: @escaping (T) -> Void
    ) -> EventSubscription {
        subscribe(
            to: type, options: Self.replay(replayingLatest), fileID: fileID, line: line, handler)
    }

    /// Deprecated: write `options: .priority(n)` (and `.replaysLatest`).
    @available(
        *, deprecated,
        message:
            "write subscribe(to:owner:options:) with options: .priority(n), or [.priority(n), .replaysLatest]"
    )
    @_disfavoredOverload
    @discardableResult
    public func subscribe<T: Event, Owner: AnyObject>(
        to type: T.Type, owner: Owner, priority: Int, replayingLatest: Bool = false,
        fileID: String = #fileID, line: Int = #line, _ handler: @escaping (Owner, T) -> Void
    ) -> EventSubscription {
        subscribe(
            to: type, owner: owner, options: [.priority(priority), Self.replay(replayingLatest)],
            fileID: fileID, line: line, handler)
    }

    /// Deprecated: write `options: .replaysLatest`.
    @available(
        *, deprecated, message: "write subscribe(to:owner:options:) with options: .replaysLatest"
    )
    @_disfavoredOverload
    @discardableResult
    public func subscribe<T: Event, Owner: AnyObject>(
        to type: T.Type, owner: Owner, replayingLatest: Bool, fileID: String = #fileID,
        line: Int = #line, _ handler: @escaping (Owner, T) -> Void
    ) -> EventSubscription {
        subscribe(
            to: type, owner: owner, options: Self.replay(replayingLatest), fileID: fileID,
            line: line, handler)
    }

    /// Unavailable: every handler may throw; drop `throwing:`.
    @available(
        *, unavailable,
        message:
            "every handler may throw: drop the throwing: label (subscribe(to:options:where:fileID:line:_:)), and write priority and replay as options: [.priority(n), .replaysLatest]"
    )
    @_disfavoredOverload
    public func subscribe<T: Event>(
        to type: T.Type, priority: Int = 0, replayingLatest: Bool = false,
        fileID: String = #fileID, line: Int = #line, throwing handler: @escaping (T) throws -> Void
    ) -> EventSubscription {
        subscribe(
            to: type, options: [.priority(priority), Self.replay(replayingLatest)],
            fileID: fileID, line: line, handler)
    }

    /// Deprecated: write `options: .priority(n)` (and `.replaysLatest`).
    @available(
        *, deprecated,
        message:
            "write subscribe(to:options:) with options: .priority(n), or [.priority(n), .replaysLatest]"
    )
    public func subscribe<C: EventCategory>(
        to category: C.Type, priority: Int, replayingLatest: Bool = false,
        fileID: String = #fileID, line: Int = #line, _ handler: @escaping (C.Member) -> Void
    ) -> EventSubscription {
        subscribe(
            to: category, options: [.priority(priority), Self.replay(replayingLatest)],
            fileID: fileID, line: line, handler)
    }

    /// Deprecated: write `options: .replaysLatest`.
    @available(*, deprecated, message: "write subscribe(to:options:) with options: .replaysLatest")
    public func subscribe<C: EventCategory>(
        to category: C.Type, replayingLatest: Bool, fileID: String = #fileID, line: Int = #line,
        _ handler: @escaping (C.Member) -> Void
    ) -> EventSubscription {
        subscribe(
            to: category, options: Self.replay(replayingLatest), fileID: fileID, line: line,
            handler)
    }

    /// Deprecated: write `options: .priority(n)` (and `.replaysLatest`).
    @available(
        *, deprecated,
        message:
            "write subscribe(to:owner:options:) with options: .priority(n), or [.priority(n), .replaysLatest]"
    )
    @discardableResult
    public func subscribe<C: EventCategory, Owner: AnyObject>(
        to category: C.Type, owner: Owner, priority: Int, replayingLatest: Bool = false,
        fileID: String = #fileID, line: Int = #line,
        _ handler: @escaping (Owner, C.Member) -> Void
    ) -> EventSubscription {
        subscribe(
            to: category, owner: owner,
            options: [.priority(priority), Self.replay(replayingLatest)], fileID: fileID,
            line: line, handler)
    }

    /// Deprecated: write `options: .replaysLatest`.
    @available(
        *, deprecated, message: "write subscribe(to:owner:options:) with options: .replaysLatest"
    )
    @discardableResult
    public func subscribe<C: EventCategory, Owner: AnyObject>(
        to category: C.Type, owner: Owner, replayingLatest: Bool, fileID: String = #fileID,
        line: Int = #line, _ handler: @escaping (Owner, C.Member) -> Void
    ) -> EventSubscription {
        subscribe(
            to: category, owner: owner, options: Self.replay(replayingLatest), fileID: fileID,
            line: line, handler)
    }

    /// Unavailable: every handler may throw; drop `throwing:`.
    @available(
        *, unavailable,
        message:
            "every handler may throw: drop the throwing: label (subscribe(to:options:where:fileID:line:_:)), and write priority and replay as options: [.priority(n), .replaysLatest]"
    )
    public func subscribe<C: EventCategory>(
        to category: C.Type, priority: Int = 0, replayingLatest: Bool = false,
        fileID: String = #fileID, line: Int = #line,
        throwing handler: @escaping (C.Member) throws -> Void
    ) -> EventSubscription {
        subscribe(
            to: category, options: [.priority(priority), Self.replay(replayingLatest)],
            fileID: fileID, line: line, handler)
    }

    /// Deprecated: write `options: .replaysLatest`.
    @available(*, deprecated, message: "write events(of:options:) with options: .replaysLatest")
    @_disfavoredOverload
    public func events<T: Event & Sendable>(
        of type: T.Type,
        bufferingPolicy: AsyncStream<T>.Continuation.BufferingPolicy = .unbounded,
        replayingLatest: Bool, fileID: String = #fileID, line: Int = #line,
        isolation: isolated (any Actor)? = #isolation
    ) -> AsyncStream<T> {
        events(
            of: type, options: Self.replay(replayingLatest), bufferingPolicy: bufferingPolicy,
            fileID: fileID, line: line, isolation: isolation)
    }

    /// Deprecated: an unapplied `register` is `register(_:options:)`.
    @available(
        *, deprecated,
        message: "call register(_:options:); as a function value, write { bus.register($0) }"
    )
    @_disfavoredOverload
    public func register(_ consumer: any EventConsumer) {
        register(consumer, options: [])
    }

    /// Deprecated: an unapplied `registerWeakly` is `registerWeakly(_:options:)`.
    @available(
        *, deprecated,
        message:
            "call registerWeakly(_:options:); as a function value, write { bus.registerWeakly($0) }"
    )
    @_disfavoredOverload
    public func registerWeakly(_ consumer: any EventConsumer) {
        registerWeakly(consumer, options: [])
    }

    /// The options a 0.2.0 `replayingLatest:` argument meant: `false` is the default.
    private static func replay(_ replayingLatest: Bool) -> RecipientOptions {
        replayingLatest ? .replaysLatest : []
    }
}
