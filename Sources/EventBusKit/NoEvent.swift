/// The wildcard that stands for no event at all.
///
/// In ``EventConsumer/willConsume`` it beats every other entry, `AllEvent` included: the
/// consumer receives nothing (a way to mute a consumer without removing it). In
/// ``EventConsumer/excludeList`` it is a placeholder that excludes nothing; in a debug build,
/// registering a consumer that lists it there, without ``AllEvent`` in `willConsume`, writes
/// a warning to standard error once per consumer type (see
/// <doc:MigratingFromSwiftEventBus>).
///
/// `NoEvent` has no cases, and never will (closed): it can be listed but never instantiated
/// or dispatched.
public enum NoEvent: Event {}
