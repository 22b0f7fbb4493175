/// An object that receives events from an ``EventBus``.
///
/// A consumer declares which event types it wants in ``willConsume`` and which it refuses
/// in ``excludeList``, and handles each delivered event in ``consume(_:)``. The bus reads
/// both lists **once**, when the consumer is registered with ``EventBus/register(_:)``.
///
/// ```swift
/// final class FlowController: EventConsumer {
///     var willConsume: [any Event.Type] { [NavigationEvent.self] }
///     func consume(_ event: any Event) {
///         if let navigation = event.as(NavigationEvent.self) { push(navigation.destination) }
///     }
/// }
/// ```
///
/// ## Implementation requirements
///
/// - Return the lists you mean at registration time. Changing what a computed
///   `willConsume` returns later has no effect until the consumer is registered again;
///   this is what lets the bus route an event in O(1).
/// - `consume(_:)` runs on the bus's isolation, synchronously, inside a dispatch. It may
///   dispatch (the event is queued and delivered after the current one reaches all its
///   recipients), register, deregister and subscribe.
/// - The protocol does not require `Sendable`: a main-actor type conforms with an isolated
///   conformance (`@MainActor final class FlowController: @MainActor EventConsumer`) and
///   registers on a bus that lives on the main actor.
/// - Conformers are classes: the bus identifies a consumer by object identity.
public protocol EventConsumer: AnyObject {
    /// The event types this consumer receives; read once, at registration.
    ///
    /// An entry covers an event when `event is Entry`: the same type, or a subclass of a
    /// class entry. ``AllEvent`` covers every event the app dispatches, ``NoEvent`` mutes
    /// the consumer, and ``Conforming`` names a protocol as a category.
    var willConsume: [any Event.Type] { get }

    /// The event types this consumer refuses even when ``willConsume`` covers them;
    /// read once, at registration. Defaults to `[]`.
    ///
    /// Exclusion beats inclusion. ``AllEvent`` here excludes everything; ``NoEvent`` here
    /// excludes nothing.
    var excludeList: [any Event.Type] { get }

    /// Handles one delivered event.
    ///
    /// Called by the bus, on its isolation, once for each event this consumer matches, in
    /// registration order among the event's recipients.
    /// - Parameter event: The event, as dispatched (its dynamic type is the one routed).
    func consume(_ event: any Event)
}

extension EventConsumer {
    /// No exclusions: the default ``EventConsumer/excludeList``.
    public var excludeList: [any Event.Type] { [] }
}
