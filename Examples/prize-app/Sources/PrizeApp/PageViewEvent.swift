import EventBusKit

/// A screen appeared: the event analytics counts.
///
/// A class, so that ``UserRewardPageViewEvent`` can refine it: a consumer that lists
/// `PageViewEvent` receives both, because an entry covers its subclasses.
public class PageViewEvent: Event, CustomStringConvertible {
    /// The screen that appeared.
    public let screen: Screen

    /// Creates a page view of `screen`.
    /// - Parameter screen: The screen that appeared.
    public init(screen: Screen) {
        self.screen = screen
    }

    /// `PageViewEvent(screen: screenOne)`, named after the dynamic type.
    public var description: String { "\(type(of: self))(screen: \(screen))" }
}
