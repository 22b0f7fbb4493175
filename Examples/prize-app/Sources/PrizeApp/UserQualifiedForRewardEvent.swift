import EventBusKit

/// The user qualified for the prize: show the call to action.
///
/// ``RewardModel`` dispatches it for a reward page view while the prize is unclaimed, and
/// clears it when the prize is claimed; the ``ScreenController`` on top shows the call to
/// action. It is sticky: a screen that appears later is handed it.
public struct UserQualifiedForRewardEvent: StickyEvent, Equatable, CustomStringConvertible {
    /// Creates the event.
    public init() {}

    /// `UserQualifiedForRewardEvent()`.
    public var description: String { "UserQualifiedForRewardEvent()" }
}
