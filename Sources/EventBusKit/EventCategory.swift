/// A list entry that stands for many event types: ``AllEvent`` (every event the app
/// dispatches) or ``Conforming`` (every event whose type conforms to a protocol).
///
/// Every listening form takes a category where it takes a type — `subscribe(to:)`,
/// `events(of:)`, `next(_:)`, `observe(_:)` — and hands its closure, stream or observed object
/// each event as a ``Member``: `any Event` for ``AllEvent``, `P` for `Conforming<P>`.
///
/// ```swift
/// protocol Analytics { var name: String { get } }
///
/// let everything = bus.subscribe(to: AllEvent.self) { (event: any Event) in print(event) }
/// let tracked = bus.subscribe(to: Conforming<any Analytics>.self) { event in
///     print(event.name)
/// }
/// ```
///
/// Only the bus's own categories conform: a type of the app's cannot satisfy the
/// requirement that seals the protocol, and one that pretends to stops the listening call
/// that receives it, with a message naming the call.
public protocol EventCategory: Event {
    /// What the category's events are handed over as: `any Event` for ``AllEvent``, `P` for
    /// `Conforming<P>`.
    associatedtype Member
    /// Seals the protocol: only EventBusKit can make the value. Not API.
    static var _busCategory: _BusCategory { get }
}

/// What seals ``EventCategory``: only EventBusKit can make one. Not API.
public struct _BusCategory: Sendable {
    init() {}
}
