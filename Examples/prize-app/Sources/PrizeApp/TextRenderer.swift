/// Draws a ``ScreenView`` as a small text UI.
///
/// The screen is a box: the title, the navigation stack, the buttons as numbered choices and,
/// while the prize is offered, the call to action with its `claim` button. Lines longer than
/// the box are never cut; the box is only a frame.
///
/// ```
/// +----------------------------------------------+
/// | Screen Three                                 |
/// | stack: screenOne > screenTwo > screenThree   |
/// |                                              |
/// |   [1] Screen One                             |
/// |   [2] Screen Two                             |
/// |   [back] Back to Screen Two                  |
/// |                                              |
/// |   *** You qualified for a prize! ***         |
/// |   [claim] Claim your prize                   |
/// +----------------------------------------------+
/// ```
public enum TextRenderer {
    /// The width of the text between the box's borders.
    public static let innerWidth = 44

    /// The terminal escape that clears the screen and moves the cursor home.
    public static let clearScreen = "\u{1B}[2J\u{1B}[H"

    /// The lines of `view`, without newlines.
    /// - Parameter view: The screen to draw.
    /// - Returns: The box, line by line.
    public static func render(_ view: ScreenView) -> [String] {
        let border = "+" + String(repeating: "-", count: innerWidth + 2) + "+"
        var body = [
            view.screen.title,
            "stack: " + view.stack.map(\.description).joined(separator: " > "),
            "",
        ]
        let buttons = view.buttons
        body += buttons.filter { $0.command != .claim }.map { "  \($0)" }
        if let claim = buttons.first(where: { $0.command == .claim }) {
            body += ["", "  *** You qualified for a prize! ***", "  \(claim)"]
        }
        return [border] + body.map(boxed) + [border]
    }

    /// `| text |`, padded to the box's width.
    private static func boxed(_ text: String) -> String {
        let padding = String(repeating: " ", count: max(0, innerWidth - text.count))
        return "| " + text + padding + " |"
    }
}
