/// What the command line asked for: a mode, where analytics go, and where the trace goes.
///
/// ```
/// prize-app [--demo | --script STEPS] [--analytics FILE] [--trace FILE.md] [--help]
/// ```
/// Options may come in any order; `--script=STEPS`, `--analytics=FILE` and
/// `--trace=FILE.md` work too. A bad command line is reported by ``UsageError`` before
/// anything runs.
public struct LaunchOptions: Equatable, Sendable {
    /// How the app runs.
    public enum Mode: Equatable, Sendable {
        /// Read commands from standard input: redraw in a terminal, echo when piped.
        case interactive
        /// Run ``Script/demo``.
        case demo
        /// Run the given steps.
        case script(Script)
        /// Print the usage and exit.
        case help
    }

    /// A command line the app cannot run; the description says what to type instead.
    public struct UsageError: Error, Equatable, CustomStringConvertible {
        /// What is wrong, and how to fix it.
        public let message: String

        /// Creates an error with `message`.
        /// - Parameter message: What is wrong, and how to fix it.
        public init(_ message: String) {
            self.message = message
        }

        /// The message.
        public var description: String { message }
    }

    /// How the app runs.
    public var mode: Mode = .interactive
    /// The file analytics are written to, or `nil` for standard output.
    public var analyticsPath: String?
    /// The Markdown file the run's trace is written to (see ``TraceFile``), or `nil` for no
    /// trace.
    public var tracePath: String?

    /// Options with the defaults: interactive, analytics to standard output.
    public init() {}

    /// Reads the command line (without the program's name).
    /// - Parameter arguments: The arguments, such as `["--script", "2,3"]`.
    /// - Throws: ``UsageError`` for an unknown option, a missing or repeated value, a bad
    ///   script step, or two modes at once.
    public init(parsing arguments: [String]) throws(UsageError) {
        // Help wins over everything else on the line, as in most tools.
        if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
            mode = .help
            return
        }
        var remaining = arguments[...]
        var modeOption: String?
        while let argument = remaining.popFirst() {
            let (name, inlineValue) = Self.split(argument)
            switch name {
            case "--demo":
                try Self.claimMode(name, after: &modeOption)
                if inlineValue != nil { throw UsageError("--demo takes no value") }
                mode = .demo
            case "--script":
                try Self.claimMode(name, after: &modeOption)
                let steps = try Self.value(of: name, inline: inlineValue, from: &remaining)
                do {
                    mode = .script(try Script(parsing: steps))
                } catch {
                    throw UsageError(error.description)
                }
            case "--analytics":
                if analyticsPath != nil {
                    throw UsageError("--analytics is given twice; give one FILE")
                }
                let path = try Self.value(of: name, inline: inlineValue, from: &remaining)
                guard !path.isEmpty else {
                    throw UsageError("--analytics needs a FILE, not an empty string")
                }
                analyticsPath = path
            case "--trace":
                if tracePath != nil {
                    throw UsageError("--trace is given twice; give one FILE.md")
                }
                let path = try Self.value(of: name, inline: inlineValue, from: &remaining)
                guard !path.isEmpty else {
                    throw UsageError("--trace needs a FILE.md, not an empty string")
                }
                tracePath = path
            default:
                throw UsageError(
                    "unknown argument '\(argument)'; run prize-app --help for the options")
            }
        }
    }

    /// `--name=value` as (`--name`, `value`); anything else as (argument, `nil`).
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
            return (argument, nil)
        }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// Records that `option` picks the mode, or throws when another option already did.
    private static func claimMode(_ option: String, after previous: inout String?)
        throws(UsageError)
    {
        if let previous {
            throw UsageError("\(previous) and \(option) cannot be combined; choose one mode")
        }
        previous = option
    }

    /// The value of `option`: inline (`--script=2,3`) or the next argument (`--script 2,3`).
    private static func value(
        of option: String, inline: String?, from remaining: inout ArraySlice<String>
    ) throws(UsageError) -> String {
        if let inline { return inline }
        guard let next = remaining.first, !next.hasPrefix("--") else {
            let example =
                switch option {
                case "--script": "STEPS, such as --script 2,3,claim"
                case "--trace": "FILE.md"
                default: "FILE"
                }
            throw UsageError("\(option) needs \(example)")
        }
        remaining.removeFirst()
        return next
    }

    /// The text `--help` prints.
    public static let usage =
        [
            "USAGE: prize-app [--demo | --script STEPS] [--analytics FILE] [--trace FILE.md]",
            "",
            "The prize app: three screens, a prize for reaching Screen Three, and the consumers",
            "that route, count and log every event on an EventBus.",
            "",
            "MODES:",
            "  (none)            Interactive. In a terminal the screen is redrawn after each",
            "                    command. With piped input, commands are read one per line and",
            "                    echoed: printf '2\\n3\\nclaim\\nquit\\n' | swift run prize-app",
            "  --demo            The canonical journey: the app opens on Screen One, then",
            "                    2, 3, claim, 2, 3. The prize appears on Screen Three and never",
            "                    returns after the claim.",
            "  --script STEPS    Runs comma-separated steps, such as 2,3,claim,1, and prints a",
            "                    deterministic transcript. The run ends after the last step.",
            "",
            "OPTIONS:",
            "  --analytics FILE  Writes page views to FILE as JSON Lines (default: standard output).",
            "  --trace FILE.md   Writes what the bus did during the run to FILE.md: a Mermaid",
            "                    sequence diagram and a text tree of which event caused which.",
            "  -h, --help        Shows this help.",
            "",
            "COMMANDS:",
        ] + Command.helpLines + [
            "",
            "EXIT STATUS:",
            "  0 on success; 1 when the input ends before 'quit' or a FILE cannot be written;",
            "  2 for a bad option or script step.",
        ]
}
