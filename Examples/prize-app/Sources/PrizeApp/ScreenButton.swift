import EventBusKit

/// A button on a screen: the command that taps it, its label, and the event it dispatches.
///
/// Buttons only dispatch events. Navigating, offering and claiming the prize are decided by
/// the consumers that receive them.
public struct ScreenButton: CustomStringConvertible {
    /// The command that taps the button (`2`, `claim`, `back`).
    public let command: Command
    /// The label the text UI shows (`Screen Two`).
    public let label: String
    /// The event a tap dispatches.
    public let event: any Event

    /// Creates a button.
    /// - Parameters:
    ///   - command: The command that taps the button.
    ///   - label: The label the text UI shows.
    ///   - event: The event a tap dispatches.
    public init(command: Command, label: String, event: any Event) {
        self.command = command
        self.label = label
        self.event = event
    }

    /// `[2] Screen Two`.
    public var description: String { "[\(command)] \(label)" }
}
