/// A page view of a screen that rewards the user: the model's cue to offer the prize.
///
/// A subclass of ``PageViewEvent``, so analytics counts it like any page view while
/// ``RewardModel`` listens for it alone.
public final class UserRewardPageViewEvent: PageViewEvent {}
