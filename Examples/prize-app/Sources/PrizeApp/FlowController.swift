import EventBusKit

/// Owns navigation: the navigation stack and the screen the user sees.
///
/// The only object that navigates. Screens dispatch ``NavigationEvent``; the flow controller
/// pushes the destination, or pops back to it when it is already on the stack, so a screen is
/// never on the stack twice. When the top screen changes it tells the screen it covers that
/// it disappeared and makes a ``ScreenController`` for the new one, which appears: it
/// dispatches its page view and follows the reward state.
///
/// It is main-actor isolated, like a UIKit flow controller, and conforms to
/// `EventConsumer` with an isolated conformance: it registers on a bus that lives on the main
/// actor without `nonisolated` or `assumeIsolated`. Its `CustomStringConvertible` conformance
/// is `nonisolated` (the name is a constant), so a log can describe it from any isolation.
/// It holds its bus weakly: the bus retains its consumers.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
public final class FlowController: EventConsumer, nonisolated CustomStringConvertible {
    /// The screens on the navigation stack, root first; empty until the first navigation.
    public private(set) var stack: [Screen] = []
    /// The screen the user sees, or `nil` before the first navigation.
    public private(set) var visibleScreen: ScreenController?
    /// Where the screens observe the reward state and dispatch their page views.
    private weak var bus: EventBus?

    /// Creates a flow controller with an empty stack.
    /// - Parameter bus: The bus the flow controller is registered on, and its screens use.
    public init(bus: EventBus) {
        self.bus = bus
    }

    /// The screen on top of the stack, or `nil` before the first navigation.
    public var topScreen: Screen? { stack.last }

    /// Navigation.
    public var willConsume: [any Event.Type] { [NavigationEvent.self] }

    /// Navigates.
    /// - Parameter event: A navigation.
    public func consume(_ event: any Event) {
        guard let navigation = event.as(NavigationEvent.self) else { return }
        navigate(to: navigation.destination)
    }

    /// Pushes `screen`, or pops back to it when it is already on the stack.
    private func navigate(to screen: Screen) {
        let previousTop = topScreen
        if let index = stack.firstIndex(of: screen) {
            stack.removeSubrange((index + 1)...)
        } else {
            stack.append(screen)
        }
        guard topScreen != previousTop, let bus else { return }
        visibleScreen?.didDisappear()
        let shown = ScreenController(screen: screen, bus: bus)
        visibleScreen = shown
        shown.didAppear()
    }

    /// `FlowController`.
    public nonisolated var description: String { "FlowController" }
}
