/// A consumer that records what it receives, for tests of code that dispatches events.
///
/// To assert what your code dispatched, who dispatched it and who received it, start an
/// ``EventTrace`` instead (see <doc:SeeingAnEventFlow>): it records every pass without being
/// a recipient, so the bus behaves in the test as it does in the app. Register a recorder
/// where the test needs a recipient to be there: to stand in for a consumer the app
/// registers, when the code under test acts differently while no one listens (it asks
/// ``EventBus/hasRecipients(for:)``), or to see what a consumer with given lists receives.
///
/// ```swift
/// // Stands in for the flow controller the app registers at launch.
/// let flow = RecordingConsumer(name: "FlowController", willConsume: [NavigationEvent.self])
/// bus.register(flow)
/// screen.tapNext()
/// #expect(flow.received.count == 1)
/// ```
public final class RecordingConsumer: EventConsumer, CustomStringConvertible {
    /// The event types to receive; read by the bus at registration.
    public let willConsume: [any Event.Type]
    /// The event types to refuse; read by the bus at registration.
    public let excludeList: [any Event.Type]
    /// A name for traces and ``DidConsumeEvent`` descriptions.
    public let name: String
    /// Every event received, oldest first.
    public private(set) var received: [any Event] = []

    /// Creates a recorder with the given lists.
    /// - Parameters:
    ///   - name: A name for traces; defaults to `"RecordingConsumer"`.
    ///   - willConsume: The event types to receive.
    ///   - excludeList: The event types to refuse; defaults to `[]`.
    public init(
        name: String = "RecordingConsumer",
        willConsume: [any Event.Type],
        excludeList: [any Event.Type] = []
    ) {
        self.name = name
        self.willConsume = willConsume
        self.excludeList = excludeList
    }

    /// Appends `event` to ``received``.
    /// - Parameter event: The delivered event.
    public func consume(_ event: any Event) {
        received.append(event)
    }

    /// The received events that are `T`s, in order.
    ///
    /// The rule is `event as? T`, as for ``EventTrace/delivered(_:)``. (An array of events
    /// already received is `received(_:)`, a trace's `delivered(_:)`; `events(of:)` is the
    /// bus's live stream.)
    ///
    /// ```swift
    /// let recorder = RecordingConsumer(willConsume: [Tap.self])
    /// bus.register(recorder)
    /// bus.dispatch(Tap())
    /// #expect(recorder.received(Tap.self).count == 1)
    /// ```
    /// - Parameter type: The type to keep.
    /// - Returns: The events that are `T`s.
    public func received<T>(_ type: T.Type) -> [T] {
        received.compactMap { $0.as(T.self) }
    }

    /// Forgets the recorded events.
    public func reset() { received.removeAll() }

    /// The recorder's ``name``.
    public var description: String { name }
}
