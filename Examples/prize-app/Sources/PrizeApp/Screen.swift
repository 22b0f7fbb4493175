/// A screen of the prize app.
///
/// The app has three screens; reaching ``screenThree`` makes an unclaimed user qualify for
/// the prize. A screen is described by its case name (`screenTwo`), which is what the logs
/// print.
public enum Screen: String, CaseIterable, Sendable, CustomStringConvertible {
    /// The first screen, where the app opens.
    case screenOne
    /// The second screen.
    case screenTwo
    /// The third screen: viewing it is a reward page view.
    case screenThree

    /// The screen's title, as the text UI shows it (`Screen Two`).
    public var title: String {
        switch self {
        case .screenOne: "Screen One"
        case .screenTwo: "Screen Two"
        case .screenThree: "Screen Three"
        }
    }

    /// The command that navigates to this screen (`2`).
    public var command: String {
        switch self {
        case .screenOne: "1"
        case .screenTwo: "2"
        case .screenThree: "3"
        }
    }

    /// The case name, as logs print it (`screenTwo`).
    public var description: String { rawValue }
}
