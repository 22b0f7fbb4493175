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
/// #expect(flow.events.count == 1)
/// ```
public final class RecordingConsumer: EventConsumer, CustomStringConvertible {
    /// The event types to receive; read by the bus at registration.
    public let willConsume: [any Event.Type]
    /// The event types to refuse; read by the bus at registration.
    public let excludeList: [any Event.Type]
    /// A name for traces and ``DidConsumeEvent`` descriptions.
    public let name: String
    /// Every event received, oldest first.
    public private(set) var events: [any Event] = []

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

    /// Appends `event` to ``events``.
    /// - Parameter event: The delivered event.
    public func consume(_ event: any Event) {
        events.append(event)
    }

    /// The received events of type `T`, in order.
    ///
    /// The rule is `event as? T`, as for ``EventTrace/recorded(_:)``. (A recorded array is
    /// `recorded(_:)`; `events(of:)` is the bus's live stream.)
    ///
    /// ```swift
    /// let recorder = RecordingConsumer(willConsume: [Tap.self])
    /// bus.register(recorder)
    /// bus.dispatch(Tap())
    /// #expect(recorder.recorded(Tap.self).count == 1)
    /// ```
    /// - Parameter type: The type to keep.
    /// - Returns: The events that are `T`s.
    public func recorded<T>(_ type: T.Type) -> [T] {
        events.compactMap { $0.as(T.self) }
    }

    /// Forgets the recorded events.
    public func reset() { events.removeAll() }

    /// The recorder's ``name``.
    public var description: String { name }
}
