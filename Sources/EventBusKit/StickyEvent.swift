/// An event whose latest value the bus remembers, for recipients that arrive later.
///
/// The bus keeps the latest value of each sticky dynamic type, stored when its pass begins
/// (even if the pass reaches no one or is stopped); a sticky event that is still queued, or
/// was rejected or discarded, is not the latest. Read it with ``EventBus/stickyEvent(_:)``, forget
/// it with ``EventBus/removeStickyEvents(_:)``, and let a new recipient receive it first by asking
/// for a replay: ``EventConsumer/replaysLatest``, or
/// ``RecipientOptions/replaysLatest-type.property`` in the options of any listening form
/// (`observe(_:)` replays unless its options say otherwise).
///
/// ```swift
/// struct RewardState: StickyEvent { let qualified: Bool }
///
/// bus.dispatch(RewardState(qualified: true))
/// let qualified = bus.stickyEvent(RewardState.self)?.qualified  // true
/// let badge = bus.subscribe(to: RewardState.self, options: .replaysLatest) { state in
///     print("reward:", state.qualified)  // at once: reward: true
/// }
/// ```
///
/// Each dynamic type is stored on its own: for a class hierarchy, `stickyEvent(Base.self)` is the
/// newest stored value that is a `Base`, of whichever subclass.
public protocol StickyEvent: Event {}
