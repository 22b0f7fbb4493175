import EventBusKit

/// The screen the user sees: it dispatches its page view when it appears, and shows the
/// prize's call to action while the reward state offers it.
///
/// ``FlowController`` makes one each time a screen comes on top, and removes it from the bus
/// when another screen covers it (the text UI's `viewDidAppear` and `viewDidDisappear`). The
/// reward state is sticky, and a screen asks for a replay (``replaysLatest``): a screen that
/// appears after the user qualified, or claimed, is handed the latest state as it registers,
/// without ``RewardModel`` sending it again. It is named by its screen's title, so the log
/// reads `[Logger] Screen Two consumed RewardClaimedStateEvent()`.
@MainActor
public final class ScreenController: EventConsumer, nonisolated CustomStringConvertible {
    /// The screen shown.
    public nonisolated let screen: Screen
    /// Whether the prize's call to action is shown.
    public private(set) var showsPrize = false
    /// Where the screen registers and dispatches its page view.
    private weak var bus: EventBus?

    /// Creates the controller of `screen`, not yet shown.
    /// - Parameters:
    ///   - screen: The screen shown.
    ///   - bus: The bus it registers on when it appears.
    public init(screen: Screen, bus: EventBus) {
        self.screen = screen
        self.bus = bus
    }

    /// The reward state.
    public var willConsume: [any Event.Type] {
        [RewardClaimedStateEvent.self, UserQualifiedForRewardEvent.self]
    }

    /// `true`: a screen that appears late is handed the latest reward state.
    public var replaysLatest: Bool { true }

    /// Shows or hides the call to action.
    /// - Parameter event: The reward state, live or replayed.
    public func consume(_ event: any Event) {
        showsPrize = event.as(UserQualifiedForRewardEvent.self) != nil
    }

    /// Registers, which replays the latest reward state, and dispatches the page view.
    public func didAppear() {
        bus?.register(self)
        bus?.dispatch(ScreenView.pageView(of: screen))
    }

    /// Stops following the reward state: another screen covers this one.
    public func didDisappear() {
        bus?.deregister(self)
    }

    /// The screen's title, `Screen Two`.
    public nonisolated var description: String { screen.title }
}
