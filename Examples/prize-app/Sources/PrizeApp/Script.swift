/// A list of commands to run without a user: the argument of `--script`.
///
/// Steps are separated by commas (`2,3,claim,1`); spaces around a step are ignored. Every
/// step is checked before anything runs, so a bad script changes nothing. The run ends after
/// the last step, as if the user typed `quit`; a `quit` step may end it earlier, but only as
/// the last step.
///
/// ```swift
/// let script = try Script(parsing: "2,3,claim,1")
/// script.steps   // [.open(.screenTwo), .open(.screenThree), .claim, .open(.screenOne)]
/// ```
public struct Script: Equatable, Sendable {
    /// Why a script could not be read. The description names the step and says what to do.
    public enum ParseError: Error, Equatable, CustomStringConvertible {
        /// The script has no steps at all.
        case empty
        /// Step `position` (from 1) is blank, as in `2,,3` or a trailing comma.
        case blankStep(position: Int)
        /// Step `position` (from 1) is not a command word.
        case unknownStep(position: Int, word: String)
        /// A `quit` at `position` is followed by steps that would never run.
        case stepsAfterQuit(position: Int)

        /// The message the app prints, naming the step.
        public var description: String {
            switch self {
            case .empty:
                "--script needs at least one step, such as --script 2,3,claim"
            case .blankStep(let position):
                "--script step \(position) is empty; separate steps with single commas, such as 2,3,claim"
            case .unknownStep(let position, let word):
                "--script step \(position) '\(word)' is not a command; use \(Command.wordList)"
            case .stepsAfterQuit(let position):
                "--script step \(position) is 'quit' but more steps follow; 'quit' can only be the last step"
            }
        }
    }

    /// The commands, in order.
    public let steps: [Command]

    /// The canonical journey of `--demo`: the app opens on Screen One, then 2, 3, claim, 2, 3.
    ///
    /// The prize appears on reaching Screen Three and never again after the claim.
    public static let demo = Script(steps: [
        .open(.screenTwo), .open(.screenThree), .claim, .open(.screenTwo), .open(.screenThree),
    ])

    /// Creates a script from commands.
    /// - Parameter steps: The commands, in order.
    public init(steps: [Command]) {
        self.steps = steps
    }

    /// Reads a comma-separated script.
    /// - Parameter text: The steps, such as `2,3,claim,1`.
    /// - Throws: ``ParseError`` for the first bad step.
    public init(parsing text: String) throws(ParseError) {
        guard !text.trimmingSpaces().isEmpty else { throw .empty }
        let words = text.split(separator: ",", omittingEmptySubsequences: false)
        var steps: [Command] = []
        for (index, word) in words.enumerated() {
            let position = index + 1
            let trimmed = String(word).trimmingSpaces()
            guard !trimmed.isEmpty else { throw .blankStep(position: position) }
            guard let command = Command(word: trimmed) else {
                throw .unknownStep(position: position, word: trimmed)
            }
            if command == .quit && position < words.count {
                throw .stepsAfterQuit(position: position)
            }
            steps.append(command)
        }
        self.steps = steps
    }

    /// The steps as the words a user would type.
    public var words: [String] { steps.map(\.description) }
}
