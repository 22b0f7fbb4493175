import EventBusKit

/// Asks the app to show a screen.
///
/// Screens dispatch it; only ``FlowController`` consumes it. It pushes `destination`, or pops
/// back to it when it is already on the navigation stack.
public struct NavigationEvent: Event, Equatable, CustomStringConvertible {
    /// The screen to show.
    public let destination: Screen

    /// Creates a request to show `destination`.
    /// - Parameter destination: The screen to show.
    public init(destination: Screen) {
        self.destination = destination
    }

    /// `NavigationEvent(destination: screenTwo)`.
    public var description: String { "NavigationEvent(destination: \(destination))" }
}
