import EventBusKit

/// The screen the user sees: it dispatches its page view when it appears, and shows the
/// prize's call to action while the reward state offers it.
///
/// ``FlowController`` makes one each time a screen comes on top, and tells it when another
/// screen covers it (the text UI's `viewDidAppear` and `viewDidDisappear`). While it is shown
/// it reads the reward state through two `ObservedEvent`s, made by the bus's `observe(_:)` as
/// it appears: the text UI tracks what it drew with `withObservationTracking`, as a SwiftUI
/// view would, and redraws when the state changes. The reward state is sticky, and `observe`
/// replays it: a screen that appears after the user qualified, or claimed, is handed the
/// latest state without ``RewardModel`` sending it again. Covering the screen releases both
/// objects, which ends their subscriptions. It is named by its screen's title.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
public final class ScreenController: nonisolated CustomStringConvertible {
    /// The screen shown.
    public nonisolated let screen: Screen
    /// Where the screen observes the reward state and dispatches its page view.
    private weak var bus: EventBus?
    /// The reward state as the bus last delivered it, while the screen is shown.
    private var reward: RewardState?

    /// The latest of each reward state event; replays included.
    private struct RewardState {
        let qualified: ObservedEvent<UserQualifiedForRewardEvent>
        let claimed: ObservedEvent<RewardClaimedStateEvent>
    }

    /// Creates the controller of `screen`, not yet shown.
    /// - Parameters:
    ///   - screen: The screen shown.
    ///   - bus: The bus it observes and dispatches on when it appears.
    public init(screen: Screen, bus: EventBus) {
        self.screen = screen
        self.bus = bus
    }

    /// Whether the prize's call to action is shown: the user qualified and has not claimed.
    ///
    /// Always `false` while the screen is not shown. Reading it inside
    /// `withObservationTracking` tracks the reward state.
    public var showsPrize: Bool {
        guard let reward else { return false }
        return reward.qualified.latest != nil && reward.claimed.latest == nil
    }

    /// Whether the screen follows the reward state: between ``didAppear()`` and
    /// ``didDisappear()``.
    public var isShown: Bool { reward != nil }

    /// Observes the reward state, which replays its latest value, and dispatches the page
    /// view.
    public func didAppear() {
        guard let bus else { return }
        reward = RewardState(
            qualified: bus.observe(UserQualifiedForRewardEvent.self),
            claimed: bus.observe(RewardClaimedStateEvent.self))
        bus.dispatch(ScreenView.pageView(of: screen))
    }

    /// Stops following the reward state: another screen covers this one.
    public func didDisappear() {
        reward = nil
    }

    /// The screen's title, `Screen Two`.
    public nonisolated var description: String { screen.title }
}
