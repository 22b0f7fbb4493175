import EventBusKit

/// The reward rule: who qualifies for the prize, and when it is claimed.
///
/// A ``UserRewardPageViewEvent`` while the prize is unclaimed dispatches
/// ``UserQualifiedForRewardEvent``; a ``UserClaimRewardEvent`` marks the prize claimed and
/// dispatches ``RewardClaimedStateEvent``. Once claimed, the prize is never offered again, and
/// a second claim changes nothing.
///
/// Both events are the reward state, and sticky: the bus keeps the latest of each and hands it
/// to a screen that appears later. So a claim also clears the stored qualification: a screen
/// that appears after the claim is handed the claimed state alone.
///
/// The model holds its bus weakly: the bus retains its consumers, so a strong reference back
/// would keep both alive forever.
public final class RewardModel: EventConsumer, CustomStringConvertible {
    /// Whether the prize has been claimed.
    public private(set) var isClaimed = false
    /// Where the model dispatches its decisions.
    private weak var bus: EventBus?

    /// Creates an unclaimed model that dispatches on `bus`.
    /// - Parameter bus: The bus the model is registered on.
    public init(bus: EventBus) {
        self.bus = bus
    }

    /// Reward page views and claims.
    public var willConsume: [any Event.Type] {
        [UserRewardPageViewEvent.self, UserClaimRewardEvent.self]
    }

    /// Applies the reward rule to `event`.
    /// - Parameter event: A reward page view or a claim.
    public func consume(_ event: any Event) {
        guard !isClaimed else { return }
        if event.as(UserRewardPageViewEvent.self) != nil {
            bus?.dispatch(UserQualifiedForRewardEvent())
        } else if event.as(UserClaimRewardEvent.self) != nil {
            isClaimed = true
            bus?.removeStickyEvents(UserQualifiedForRewardEvent.self)
            bus?.dispatch(RewardClaimedStateEvent())
        }
    }

    /// `RewardModel`.
    public var description: String { "RewardModel" }
}
