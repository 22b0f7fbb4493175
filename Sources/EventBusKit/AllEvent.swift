/// The wildcard that stands for every event the app dispatches.
///
/// In ``EventConsumer/willConsume`` it makes the consumer receive every event, except the
/// ones its ``EventConsumer/excludeList`` covers and except the bus's own announcements
/// (``DidConsumeEvent``, ``NoConsumerEvent``), which reach only recipients that name them.
/// In ``EventConsumer/excludeList`` it excludes everything.
///
/// `AllEvent` has no cases: it can be listed but never instantiated or dispatched.
///
/// ```swift
/// var willConsume: [any Event.Type] { [AllEvent.self] }
/// ```
public enum AllEvent: Event {}
