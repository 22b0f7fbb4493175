extension EventBus {
    /// Returns an asynchronous stream of the events of type `T`, for an async consumer in
    /// any task.
    ///
    /// The stream is a recipient like any other, registered now (not when iteration
    /// starts), with `willConsume = [T]`: it receives every event that `is T` (subclasses of
    /// a class `T` included) and that `predicate` accepts, in call order among the event's
    /// recipients, under the same snapshot rules. Events are yielded on the bus's isolation
    /// and buffered until the consumer reads them, in order. `options` sets how it listens
    /// (see ``RecipientOptions``).
    ///
    /// ```swift
    /// let ticks = bus.events(of: Tick.self)
    /// Task {
    ///     for await tick in ticks { print(tick.count) }
    ///     print("the bus is gone")
    /// }
    /// ```
    ///
    /// - **Ends** when the bus is deallocated (the consumer reads what is buffered, then the
    ///   loop ends), when its options say (a limit), or when the consumer stops: its task is
    ///   cancelled, or the stream and its iterator are released (a `for await` loop that
    ///   breaks, once nothing else holds the stream). From then on the bus never yields to
    ///   it again, and removes its entry at once on the bus's isolation. A bus with no
    ///   isolation to hop to removes the entry at its next ``deliverPosted()``, or when an
    ///   event's pass meets it.
    /// - **Bounded buffers drop nothing silently.** With `.bufferingNewest(n)` or
    ///   `.bufferingOldest(n)`, each event the buffer drops is announced as a
    ///   ``DroppedEvent``.
    ///
    /// - Parameters:
    ///   - type: The event type; it crosses to the consumer's task, so it is `Sendable`.
    ///   - options: How it listens (see ``RecipientOptions``); the default,
    ///     `RecipientOptions()` (`[]`), sets nothing.
    ///   - predicate: Which events the stream receives, asked on the bus's isolation at the
    ///     stream's turn; `nil` accepts every event.
    ///   - bufferingPolicy: How many unread events the stream keeps; `.unbounded` (the
    ///     default) keeps them all. A negative count stops with a message naming
    ///     `bufferingPolicy`.
    ///   - fileID: Where the stream is made, for its description in announcements.
    ///   - line: The line where it is made.
    ///   - isolation: The isolation the bus lives on; leave the default, which is the
    ///     caller's. An actor here is the one a bus that has learned none delivers posted
    ///     events on from then on, unless it is delivered by hand (see
    ///     ``poster(isolation:)``).
    /// - Returns: The stream.
    /// - Complexity: O(*r*) for *r* event types already routed.
    @_disfavoredOverload  // for `Conforming<P>`, the category form applies
    public func events<T: Event & Sendable>(
        of type: T.Type,
        options: RecipientOptions = RecipientOptions(),
        where predicate: ((T) -> Bool)? = nil,
        bufferingPolicy: AsyncStream<T>.Continuation.BufferingPolicy = .unbounded,
        fileID: String = #fileID,
        line: Int = #line,
        isolation: isolated (any Actor)? = #isolation
    ) -> AsyncStream<T> {
        let lists = checkListening(T.self, typed: true, options: options, call: "events(of:)")
        return makeStream(
            listing: T.self, lists: lists, options, where: predicate,
            bufferingPolicy: bufferingPolicy, fileID: fileID, line: line, isolation: isolation)
    }

    /// Returns an asynchronous stream of the events whose type conforms to a protocol that
    /// refines ``SendableEvent``.
    ///
    /// Same rules as
    /// ``events(of:options:where:bufferingPolicy:fileID:line:isolation:)-(T.Type,_,_,_,_,_,_)``,
    /// with `willConsume = [Conforming<P>.self]`: the stream receives every event that
    /// `is P`, as a `P`, except the bus's own announcements. Its events cross to another
    /// task, so `P` is a protocol that refines ``SendableEvent``: Swift checks that every
    /// type conforming to it is `Sendable`. (A composition such as `any Q & Sendable` does not
    /// compile here: whether an event is `Sendable` cannot be checked at run time, so the
    /// stream could not keep out an event of `Q` that is not.) ``AllEvent`` has no stream:
    /// `any Event` is not `Sendable`.
    ///
    /// ```swift
    /// protocol Analytics: SendableEvent { var name: String { get } }
    ///
    /// for await event in bus.events(of: Conforming<any Analytics>.self) {
    ///     tracker.send(event.name)
    /// }
    /// ```
    /// - Parameters:
    ///   - category: The category, `Conforming<any P>.self`, where `P` refines
    ///     ``SendableEvent``.
    ///   - options: How it listens (see ``RecipientOptions``); the default,
    ///     `RecipientOptions()` (`[]`), sets nothing.
    ///   - predicate: Which events the stream receives; `nil` accepts every event.
    ///   - bufferingPolicy: How many unread events the stream keeps; `.unbounded` (the
    ///     default) keeps them all. A negative count stops with a message naming
    ///     `bufferingPolicy`.
    ///   - fileID: Where the stream is made, for its description in announcements.
    ///   - line: The line where it is made.
    ///   - isolation: The isolation the bus lives on; leave the default, which is the
    ///     caller's. An actor here is the one a bus that has learned none delivers posted
    ///     events on from then on, unless it is delivered by hand (see
    ///     ``poster(isolation:)``).
    /// - Returns: The stream of the category's events.
    /// - Complexity: O(1) now, and a rebuild of each route on next use (categories are
    ///   decided on event values).
    public func events<C: EventCategory>(
        of category: C.Type,
        options: RecipientOptions = RecipientOptions(),
        where predicate: ((C.Member) -> Bool)? = nil,
        bufferingPolicy: AsyncStream<C.Member>.Continuation.BufferingPolicy = .unbounded,
        fileID: String = #fileID,
        line: Int = #line,
        isolation: isolated (any Actor)? = #isolation
    ) -> AsyncStream<C.Member> where C.Member: _SendableEventMarker {
        let lists = checkListening(C.self, typed: false, options: options, call: "events(of:)")
        return makeStream(
            listing: C.self, lists: lists, options, where: predicate,
            bufferingPolicy: bufferingPolicy, fileID: fileID, line: line, isolation: isolation)
    }

    /// The message a stream made with `policy` stops with, or `nil` when the policy is valid:
    /// a negative count would behave like 0 (every event dropped), so it is refused.
    static func bufferingProblem<Element>(
        _ policy: AsyncStream<Element>.Continuation.BufferingPolicy
    ) -> String? {
        switch policy {
        case .bufferingNewest(let count) where count < 0,
            .bufferingOldest(let count) where count < 0:
            "events(of:bufferingPolicy:): bufferingPolicy \(policy) keeps a negative number of events, got \(count); use 0 or more, or .unbounded"
        default: nil
        }
    }

    /// Registers a stream recipient listing `listed`, with the `lists` its check took, and
    /// returns its stream.
    private func makeStream<Element: Sendable>(
        listing listed: any Event.Type, lists: __owned MatchList, _ options: RecipientOptions,
        where predicate: ((Element) -> Bool)?,
        bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy,
        fileID: String, line: Int, isolation: isolated (any Actor)?
    ) -> AsyncStream<Element> {
        if let problem = Self.bufferingProblem(bufferingPolicy) { Self.stop(problem) }
        let (stream, continuation) = AsyncStream.makeStream(
            of: Element.self, bufferingPolicy: bufferingPolicy)
        // The stream's isolation becomes the bus's, if it has none yet (see
        // `ensureInbox(drainingOn:)`); the hand-over below reaches the inbox through the
        // stand-in.
        _ = ensureInbox(drainingOn: isolation)
        let standIn = add(
            listing: listed, lists: lists,
            StandIn.Closures(
                StandIn.streaming(yield: { continuation.yield($0) }), where: predicate,
                listing: listed),
            finish: { _ in continuation.finish() },
            label: ClosureLabel(
                kind: .stream(bufferingPolicy: ClosureLabel.BufferingPolicy(bufferingPolicy)),
                listed: listed, fileID: fileID, line: line),
            options: options)
        // When the consumer stops, the handler (on whatever thread it runs) claims the
        // recipient's end first, as a dropped token does, so from then on the bus never calls
        // it, then hands the recipient to the bus, which removes it on its own isolation
        // without sweeping the others. The handler never touches the bus, which is not
        // `Sendable`. An end claimed before (the bus went, a limit's last event) stands.
        // The handler holds the stand-in, whose closures hold the continuation: the stream
        // lets go of the handler when it terminates, and the bus's removal finishes the
        // stream (and drops the closures), so the cycle ends when either side ends.
        let handOver = StandInHandOver(standIn)
        continuation.onTermination = { _ in handOver.end(.streamTerminated) }
        return stream
    }
}
