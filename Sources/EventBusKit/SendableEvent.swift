/// An event whose type is `Sendable`, checked by Swift: refine it in a protocol that names a
/// category of events a stream or a `next` hands to another task.
///
/// A stream of a category, `events(of: Conforming<any P>.self)`, and `next(Conforming<any
/// P>.self)` hand each event to another task as a `P`, so every type that conforms to `P` must
/// be `Sendable`. Declaring `P` as refining `SendableEvent` makes Swift check that of each of
/// them:
///
/// ```swift
/// protocol Analytics: SendableEvent { var name: String { get } }
/// struct PageViewed: Analytics { let name: String }
///
/// for await event in bus.events(of: Conforming<any Analytics>.self) {
///     print(event.name)
/// }
/// ```
///
/// A composition such as `Conforming<any Q & Sendable>` does not compile there: whether an
/// event is `Sendable` cannot be checked at run time, so the stream could not keep out an event
/// of `Q` that is not. A type of one event, `events(of: PageViewed.self)`, only needs to be
/// `Event & Sendable`.
public protocol SendableEvent: Event, Sendable, _SendableEventMarker {}

/// What Swift checks, at compile time, of a category that a stream or a `next` takes: its
/// protocol refines ``SendableEvent``. A marker protocol, so the existential of a protocol that
/// refines it satisfies it and a composition with `Sendable` does not. Not API.
@_marker public protocol _SendableEventMarker: Sendable {}
