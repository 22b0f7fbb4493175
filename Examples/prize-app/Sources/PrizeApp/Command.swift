/// A command the user types, or a step of a script.
///
/// Words are read without surrounding spaces and in any case: `2`, ` CLAIM `, `Back`.
public enum Command: Equatable, Sendable, CustomStringConvertible {
    /// Open a screen: `1`, `2` or `3`.
    case open(Screen)
    /// Claim the prize: `claim`.
    case claim
    /// Go back to the previous screen: `back`.
    case back
    /// List the commands: `help`.
    case help
    /// Leave the app: `quit`.
    case quit

    /// Every word the app understands, in the order the help lists them.
    public static let words = ["1", "2", "3", "claim", "back", "help", "quit"]

    /// Reads one command word.
    /// - Parameter word: What the user typed.
    /// - Returns: The command, or `nil` when `word` is not one of ``words``.
    public init?(word: String) {
        switch word.trimmingSpaces().lowercased() {
        case "1": self = .open(.screenOne)
        case "2": self = .open(.screenTwo)
        case "3": self = .open(.screenThree)
        case "claim": self = .claim
        case "back": self = .back
        case "help": self = .help
        case "quit": self = .quit
        default: return nil
        }
    }

    /// The word that reads as this command (`2`, `claim`).
    public var description: String {
        switch self {
        case .open(let screen): screen.command
        case .claim: "claim"
        case .back: "back"
        case .help: "help"
        case .quit: "quit"
        }
    }

    /// `1, 2, 3, claim, back, help or quit`: the words, for messages.
    static var wordList: String {
        words.dropLast().joined(separator: ", ") + " or " + words.last!
    }

    /// The command list that `help` and `--help` print.
    public static let helpLines = [
        "  1, 2, 3  open Screen One, Two or Three",
        "  claim    claim the prize, once Screen Three has offered it",
        "  back     go back to the previous screen",
        "  help     list the commands",
        "  quit     leave the app",
    ]
}
