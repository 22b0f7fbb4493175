import EventBusKit

/// The prize is now claimed: hide the call to action for good.
///
/// ``RewardModel`` dispatches it once the claim is recorded; ``FlowController`` hides the
/// call to action.
public struct RewardClaimedStateEvent: Event, Equatable, CustomStringConvertible {
    /// Creates the event.
    public init() {}

    /// `RewardClaimedStateEvent()`.
    public var description: String { "RewardClaimedStateEvent()" }
}
