// A stream or a `next` of a category whose protocol does not refine `SendableEvent` fails to
// compile with a message that says to refine it (CONTRACT §19.7). Where the call's result has
// a stated type (`let stream: AsyncStream<any R> = …`) Swift picks one of these two; elsewhere
// it tries the typed form and meets `Conforming`'s unavailable `Sendable` conformance
// (Conforming.swift), which carries the same message. Unavailable declarations rank below
// every available one, so a category that refines `SendableEvent` still gets the real stream
// and wait. (`Scripts/check-sendable-error.sh` compiles each spelling.)

extension EventBus {
    /// Unavailable: a stream of a category needs a protocol that refines ``SendableEvent``.
    ///
    /// A stream hands each event to another task, so every type of the category must be
    /// `Sendable`: declare the protocol as `protocol Analytics: SendableEvent`, and Swift checks
    /// each conforming type. A protocol that refines `Event, Sendable`, or a composition
    /// `any Q & Sendable`, is not enough: whether an event is `Sendable` cannot be checked when
    /// the stream runs.
    @available(
        *, unavailable,
        message:
            "the category's protocol must refine SendableEvent: declare `protocol P: SendableEvent`"
    )
    public func events<P>(
        of category: Conforming<P>.Type,
        options: RecipientOptions = RecipientOptions(),
        where predicate: ((P) -> Bool)? = nil,
        bufferingPolicy: AsyncStream<P>.Continuation.BufferingPolicy = .unbounded,
        fileID: String = #fileID,
        line: Int = #line,
        isolation: isolated (any Actor)? = #isolation
    ) -> AsyncStream<P> { fatalError("unavailable") }

    /// Unavailable: a `next` of a category needs a protocol that refines ``SendableEvent``.
    ///
    /// The event crosses to the waiting task, so every type of the category must be
    /// `Sendable`: declare the protocol as `protocol Checkout: SendableEvent`.
    @available(
        *, unavailable,
        message:
            "the category's protocol must refine SendableEvent: declare `protocol P: SendableEvent`"
    )
    public func next<P>(
        _ category: Conforming<P>.Type,
        options: RecipientOptions = RecipientOptions(),
        where predicate: ((P) -> Bool)? = nil,
        timeout: Duration? = nil,
        fileID: String = #fileID,
        line: Int = #line,
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> P { fatalError("unavailable") }
}
