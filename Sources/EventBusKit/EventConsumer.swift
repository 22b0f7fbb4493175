/// An object that receives events from an ``EventBus``.
///
/// A consumer declares which event types it wants in ``willConsume`` and which it refuses
/// in ``excludeList``, and handles each delivered event in ``consume(_:)``. The bus reads
/// both lists **once**, when the consumer is registered with ``EventBus/register(_:options:)``.
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
/// - `priority` and `replaysLatest` are requirements with defaults, and Swift picks a
///   requirement's implementation where the conformance is declared. Two pitfalls follow:
///   a conforming type that already has an unrelated `var priority: Int` has that
///   priority on the bus (rename it, or implement the requirement explicitly); and a
///   subclass that declares `priority` or `replaysLatest` under a base class that conforms
///   without declaring them is not read — the base class's default is. Declare both in the
///   class that conforms (subclasses may override them there).
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
    /// call order among the event's recipients (descending ``priority``, then registration
    /// order).
    /// - Parameter event: The event, as dispatched (its dynamic type is the one routed).
    func consume(_ event: any Event)

    /// Where this consumer goes among an event's recipients: higher is called earlier;
    /// read once, at registration, unless the registration's options set
    /// ``RecipientOptions/priority(_:)``. Defaults to `0`.
    ///
    /// Recipients of equal priority are called in registration order.
    var priority: Int { get }

    /// Whether this consumer, when registered, first receives the latest stored value of
    /// every ``StickyEvent`` type it matches; read once, at registration, unless the
    /// registration's options set ``RecipientOptions/replaysLatest-type.property``. Defaults
    /// to `false`.
    ///
    /// Each replay is a pass of its own that reaches only this consumer, oldest stored value
    /// first: before ``EventBus/register(_:options:)`` returns on an idle bus; registered during a
    /// pass, as soon as that pass ends.
    var replaysLatest: Bool { get }
}

extension EventConsumer {
    /// No exclusions: the default ``EventConsumer/excludeList``.
    public var excludeList: [any Event.Type] { [] }

    /// Priority `0`: the default ``EventConsumer/priority``.
    public var priority: Int { 0 }

    /// No replay: the default ``EventConsumer/replaysLatest``.
    public var replaysLatest: Bool { false }
}
