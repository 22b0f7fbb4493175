import EventBusKit

/// Writes one line for every consumption the bus announces, and for every event no one took.
///
/// It lists the bus's announcements by name — ``EventBusKit/DidConsumeEvent`` and
/// ``EventBusKit/NoConsumerEvent`` — which is the only way to receive them. Lines read
/// `[Logger] FlowController consumed NavigationEvent(destination: screenTwo)` and
/// `[Logger] no one consumed SomeEvent()`: consumers and events describe themselves through
/// `CustomStringConvertible`.
public final class Logger: EventConsumer, CustomStringConvertible {
    /// Where the lines go.
    private let output: any OutputSink

    /// Creates a logger that writes to `output`.
    /// - Parameter output: Where the lines go.
    public init(output: any OutputSink) {
        self.output = output
    }

    /// The bus's announcements.
    public var willConsume: [any Event.Type] { [DidConsumeEvent.self, NoConsumerEvent.self] }

    /// Writes the line for one announcement.
    /// - Parameter event: A ``EventBusKit/DidConsumeEvent`` or a
    ///   ``EventBusKit/NoConsumerEvent``.
    public func consume(_ event: any Event) {
        if let did = event.as(DidConsumeEvent.self) {
            output.writeLine("[Logger] \(did.consumer) consumed \(did.event)")
        } else if let none = event.as(NoConsumerEvent.self) {
            output.writeLine("[Logger] no one consumed \(none.event)")
        }
    }

    /// `Logger`.
    public var description: String { "Logger" }
}
