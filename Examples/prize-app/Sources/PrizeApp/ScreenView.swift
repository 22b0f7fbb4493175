import EventBusKit

/// What one screen shows: its title, its buttons and, when offered, the prize.
///
/// A screen never navigates. Its buttons carry events — ``NavigationEvent`` to open another
/// screen or go back, ``UserClaimRewardEvent`` to claim — and its page view is dispatched
/// when it appears. Every screen has a button for each other screen; `back` appears when
/// there is a screen to go back to, and `claim` while the prize is offered.
public struct ScreenView {
    /// The screen shown.
    public let screen: Screen
    /// The navigation stack, root first, with ``screen`` on top.
    public let stack: [Screen]
    /// Whether the prize's call to action is shown.
    public let showsPrize: Bool

    /// Creates the view of the top of `stack`.
    /// - Parameters:
    ///   - stack: The navigation stack, root first; its last screen is shown. An empty stack
    ///     (before the app launches) shows the root, Screen One.
    ///   - showsPrize: Whether the prize's call to action is shown.
    public init(stack: [Screen], showsPrize: Bool) {
        self.stack = stack.isEmpty ? [.screenOne] : stack
        self.screen = self.stack[self.stack.count - 1]
        self.showsPrize = showsPrize
    }

    /// The buttons, in the order the text UI lists them.
    public var buttons: [ScreenButton] {
        var buttons = Screen.allCases.filter { $0 != screen }.map { other in
            ScreenButton(
                command: .open(other), label: other.title,
                event: NavigationEvent(destination: other))
        }
        if stack.count > 1 {
            let previous = stack[stack.count - 2]
            buttons.append(
                ScreenButton(
                    command: .back, label: "Back to \(previous.title)",
                    event: NavigationEvent(destination: previous)))
        }
        if showsPrize {
            buttons.append(
                ScreenButton(
                    command: .claim, label: "Claim your prize", event: UserClaimRewardEvent()))
        }
        return buttons
    }

    /// The button that `command` taps, or `nil` when this screen has none.
    /// - Parameter command: A command the user typed.
    /// - Returns: The button, if the screen shows it.
    public func button(for command: Command) -> ScreenButton? {
        buttons.first { $0.command == command }
    }

    /// Why this screen has no button for `command`, for the user.
    /// - Parameter command: A command with no button here.
    /// - Returns: A sentence such as `There is no prize to claim right now.`
    public func noButtonMessage(for command: Command) -> String {
        switch command {
        case .open(let target) where target == screen: "You are already on \(screen.title)."
        case .back: "\(screen.title) is the first screen; there is nothing to go back to."
        case .claim: "There is no prize to claim right now."
        default: "\(screen.title) has no button for '\(command)'."
        }
    }

    /// The page view a screen dispatches when it appears: a reward page view for Screen Three.
    /// - Parameter screen: The screen that appeared.
    /// - Returns: The event to dispatch.
    public static func pageView(of screen: Screen) -> PageViewEvent {
        screen == .screenThree
            ? UserRewardPageViewEvent(screen: screen) : PageViewEvent(screen: screen)
    }
}
