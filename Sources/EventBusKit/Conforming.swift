/// A list entry that names a protocol as an event category.
///
/// `Conforming<any Analytics>.self` in ``EventConsumer/willConsume`` covers every event
/// whose dynamic type conforms to `Analytics`; in ``EventConsumer/excludeList`` it
/// excludes them. A category covers an event exactly when `event is P` holds.
///
/// ```swift
/// protocol Analytics: Event {}
/// struct PageViewEvent: Analytics { let page: String }
///
/// final class AnalyticsMediator: EventConsumer {
///     var willConsume: [any Event.Type] { [Conforming<any Analytics>.self] }
///     func consume(_ event: any Event) { print(event) }
/// }
/// ```
///
/// > Note: Pass an existential (`any Analytics`) for `P`. A concrete type works too, under
/// > the same rule: `Conforming<Tick>` covers `Tick` and its subclasses. That differs from
/// > listing the type in two ways: a category never includes the bus's announcements
/// > (`Conforming<DidConsumeEvent>` receives none; list ``DidConsumeEvent`` itself), and
/// > `Conforming<AllEvent>` or `Conforming<NoEvent>` cover nothing, since no event is one.
/// > Where the value decides `event is P` — an `Optional` or `AnyHashable` declared an
/// > event — each event is decided by its value.
///
/// As a listening form's target (an ``EventCategory``), it hands each event over as a `P`:
/// `bus.subscribe(to: Conforming<any Analytics>.self) { (event: any Analytics) in … }`. A
/// stream or a `next` of a category hands its events to another task, so there `P` is a
/// protocol that refines ``SendableEvent``.
///
/// `Conforming` has no cases, and never will (closed): it can be listed but never
/// instantiated or dispatched.
public enum Conforming<P>: EventCategory {
    /// Each event is handed over as a `P`.
    public typealias Member = P
    /// Not API.
    public static var _busCategory: _BusCategory { _BusCategory() }
}

extension Conforming: _EventCategory {
    static func covers(_ event: any Event) -> Bool { event is P }

    static var coversNothing: Bool {
        P.self == AllEvent.self || P.self == NoEvent.self || P.self is any _BusAnnouncement.Type
    }

    static var entryName: String {
        // A protocol's metatype describes itself as `P.Protocol`; generic arguments print
        // without `any`, so put it back for an existential.
        let isExistential = String(describing: type(of: P.self)).hasSuffix(".Protocol")
        return "Conforming<\(isExistential ? "any " : "")\(P.self)>"
    }
}

/// The internal view of ``Conforming``: a list entry decided by the event's value.
protocol _EventCategory: Event {
    /// Whether the category covers `event` (`event is P`).
    static func covers(_ event: any Event) -> Bool
    /// The entry as a list spells it: `Conforming<any Analytics>`.
    static var entryName: String { get }
    /// Whether no event can be in the category: `Conforming<AllEvent>`,
    /// `Conforming<NoEvent>` (no event is one), or an announcement type (categories do not
    /// cover announcements).
    static var coversNothing: Bool { get }
}

// `Conforming` is not `Sendable`, on purpose: a stream or a `next` of `Conforming<any R>` where
// `R` does not refine `SendableEvent` would otherwise be read as the typed form
// (`T: Event & Sendable`) and fail with "type 'Conforming<any R>' does not conform to the
// 'Sendable' protocol". This unavailable conformance makes that error say what to write.
@available(
    *, unavailable,
    message:
        "the category's protocol must refine SendableEvent: declare `protocol P: SendableEvent`"
)
extension Conforming: Sendable {}
