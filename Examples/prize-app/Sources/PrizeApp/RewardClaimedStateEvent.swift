import EventBusKit

/// The prize is now claimed: hide the call to action for good.
///
/// ``RewardModel`` dispatches it once the claim is recorded; the ``ScreenController`` on top
/// hides the call to action. It is sticky: a screen that appears later is handed it.
public struct RewardClaimedStateEvent: StickyEvent, Equatable, CustomStringConvertible {
    /// Creates the event.
    public init() {}

    /// `RewardClaimedStateEvent()`.
    public var description: String { "RewardClaimedStateEvent()" }
}
