import EventBusKit

/// The user qualified for the prize: show the call to action.
///
/// ``RewardModel`` dispatches it for a reward page view while the prize is unclaimed;
/// ``FlowController`` shows the call to action.
public struct UserQualifiedForRewardEvent: Event, Equatable, CustomStringConvertible {
    /// Creates the event.
    public init() {}

    /// `UserQualifiedForRewardEvent()`.
    public var description: String { "UserQualifiedForRewardEvent()" }
}
