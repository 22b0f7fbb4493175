/// A value that can travel on an ``EventBus``.
///
/// `Event` is a marker protocol with no requirements. Structs, enums, final classes and
/// class hierarchies can all be events. It does not require `Sendable`, so a non-final
/// class hierarchy of events works; only the APIs that cross isolation domains ask for
/// `Event & Sendable`.
///
/// The bus routes an event by its **dynamic type**: a `UserRewardPageViewEvent` that
/// inherits from `PageViewEvent` reaches every recipient that lists either type.
///
/// ```swift
/// struct NavigationEvent: Event { let destination: Screen }
/// class PageViewEvent: Event {
///     let screen: Screen
///     init(screen: Screen) { self.screen = screen }
/// }
/// final class UserRewardPageViewEvent: PageViewEvent {}
/// ```
public protocol Event {}
