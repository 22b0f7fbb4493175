import EventBusKit

/// The user tapped the call to action to claim the prize.
///
/// A screen dispatches it; ``RewardModel`` marks the prize claimed.
public struct UserClaimRewardEvent: Event, Equatable, CustomStringConvertible {
    /// Creates the event.
    public init() {}

    /// `UserClaimRewardEvent()`.
    public var description: String { "UserClaimRewardEvent()" }
}
