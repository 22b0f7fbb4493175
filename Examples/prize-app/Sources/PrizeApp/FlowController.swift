import EventBusKit

/// Owns navigation: the navigation stack and whether the prize's call to action is shown.
///
/// The only object that navigates. Screens dispatch ``NavigationEvent``; the flow controller
/// pushes the destination, or pops back to it when it is already on the stack, so a screen is
/// never on the stack twice. When the top screen changes it tells that screen it appeared
/// (the text UI's `viewDidAppear`), and the screen dispatches its page view.
/// ``UserQualifiedForRewardEvent`` shows the call to action and ``RewardClaimedStateEvent``
/// hides it.
///
/// It is main-actor isolated, like a UIKit flow controller, and conforms to
/// `EventConsumer` with an isolated conformance: it registers on a bus that lives on the main
/// actor without `nonisolated` or `assumeIsolated`. Its `CustomStringConvertible` conformance
/// is `nonisolated` (the name is a constant), so a log can describe it from any isolation.
@MainActor
public final class FlowController: EventConsumer, nonisolated CustomStringConvertible {
    /// The screens on the navigation stack, root first; empty until the first navigation.
    public private(set) var stack: [Screen] = []
    /// Whether the prize's call to action is shown.
    public private(set) var isShowingPrize = false
    /// Called with the new top screen each time it changes.
    private let screenDidAppear: (Screen) -> Void

    /// Creates a flow controller with an empty stack.
    /// - Parameter screenDidAppear: Called with the new top screen each time it changes.
    public init(screenDidAppear: @escaping (Screen) -> Void = { _ in }) {
        self.screenDidAppear = screenDidAppear
    }

    /// The screen on top of the stack, or `nil` before the first navigation.
    public var topScreen: Screen? { stack.last }

    /// Navigation and the prize's visibility.
    public var willConsume: [any Event.Type] {
        [NavigationEvent.self, UserQualifiedForRewardEvent.self, RewardClaimedStateEvent.self]
    }

    /// Navigates, or shows or hides the call to action.
    /// - Parameter event: A navigation or reward event.
    public func consume(_ event: any Event) {
        if let navigation = event.as(NavigationEvent.self) {
            navigate(to: navigation.destination)
        } else if event.as(UserQualifiedForRewardEvent.self) != nil {
            isShowingPrize = true
        } else if event.as(RewardClaimedStateEvent.self) != nil {
            isShowingPrize = false
        }
    }

    /// Pushes `screen`, or pops back to it when it is already on the stack.
    private func navigate(to screen: Screen) {
        let previousTop = topScreen
        if let index = stack.firstIndex(of: screen) {
            stack.removeSubrange((index + 1)...)
        } else {
            stack.append(screen)
        }
        if topScreen != previousTop { screenDidAppear(screen) }
    }

    /// `FlowController`.
    public nonisolated var description: String { "FlowController" }
}
