/// The wildcard that stands for every event the app dispatches.
///
/// In ``EventConsumer/willConsume`` it makes the consumer receive every event, except the
/// ones its ``EventConsumer/excludeList`` covers and except the bus's own announcements
/// (``DidConsumeEvent``, ``NoConsumerEvent``), which reach only recipients that name them.
/// In ``EventConsumer/excludeList`` it excludes everything.
///
/// As a listening form's target (an ``EventCategory``), it hands each event over as
/// `any Event`: `bus.subscribe(to: AllEvent.self) { (event: any Event) in … }`.
///
/// `AllEvent` has no cases, and never will (closed): it can be listed but never instantiated
/// or dispatched.
///
/// ```swift
/// var willConsume: [any Event.Type] { [AllEvent.self] }
/// ```
public enum AllEvent: EventCategory {
    /// Every event is handed over as it came.
    public typealias Member = any Event
    /// Not API.
    public static var _busCategory: _BusCategory { _BusCategory() }
}
