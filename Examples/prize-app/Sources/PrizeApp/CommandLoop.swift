import Observation

/// Reads commands, taps the app's buttons, and shows what happened.
///
/// Each line of input is one command. A button command (`1`, `2`, `3`, `claim`, `back`) is
/// performed by ``PrizeApplication/perform(_:)``; `help` lists the commands; `quit` sends the
/// analytics still held and ends the run with status 0. An empty line, an unknown word or a
/// button the screen does not show gets a message, and the loop goes on.
///
/// When the input ends without `quit`, the loop also sends the held analytics and then either
/// ends with status 0 (``EndOfInput/quits``, for scripts) or writes an error and ends with
/// status 1 (``EndOfInput/isAnError``, for a user's input that closed early).
///
/// The screen is drawn inside `withObservationTracking`, as a SwiftUI view's body runs: the
/// reward state it reads (``ScreenController/showsPrize``, through `ObservedEvent`s) is
/// tracked, and a change of it marks the drawn screen out of date, whatever caused it.
///
/// The two styles show the same events:
/// - ``Style/transcript`` echoes each command as `> 2` (an empty line as `>`), then the log
///   lines and analytics it caused, any message, and the screen when a button was tapped or
///   the reward state it showed changed: a reproducible record.
/// - ``Style/terminal`` clears the terminal and redraws the screen after every command, with
///   the events and message below it and a prompt.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
public final class CommandLoop {
    /// How the loop shows the app.
    public enum Style: Equatable, Sendable {
        /// Clear and redraw after each command, with a prompt: for a person at a terminal.
        case terminal
        /// Echo each command and append what followed: for scripts, pipes and golden files.
        case transcript
    }

    /// What the end of the input means.
    public enum EndOfInput: Equatable, Sendable {
        /// The input ending is an implied `quit` (a script's last step).
        case quits
        /// The input ending before `quit` is an error (the user's input closed).
        case isAnError
    }

    /// The app being driven.
    public let app: PrizeApplication
    /// Where the app's logger and (by default) analytics write during a command.
    private let activity: TextBuffer
    /// Where the screen, the echo and the messages go.
    private let output: any OutputSink
    /// Where an error that ends the run goes.
    private let errors: any OutputSink
    /// How the app is shown.
    private let style: Style
    /// Set when the reward state the drawn screen showed changes.
    private let screenChanged = ScreenChangeFlag()

    /// Creates a loop that drives `app`.
    /// - Parameters:
    ///   - app: The app, already launched.
    ///   - activity: The buffer the app's logger writes to; the loop shows its lines after
    ///     each command.
    ///   - output: Where the screen, the echo and the messages go.
    ///   - errors: Where an error that ends the run goes.
    ///   - style: How the app is shown.
    public init(
        app: PrizeApplication, activity: TextBuffer, output: any OutputSink,
        errors: any OutputSink, style: Style
    ) {
        self.app = app
        self.activity = activity
        self.output = output
        self.errors = errors
        self.style = style
    }

    /// Runs commands from `input` until `quit` or the end of the input.
    /// - Parameters:
    ///   - input: Where commands come from, one per line.
    ///   - endOfInput: What the input ending without `quit` means.
    /// - Returns: The exit status: 0, or 1 when the input ended early and that is an error.
    public func run(_ input: any InputSource, endOfInput: EndOfInput) -> Int32 {
        show(message: nil, redraw: true)
        while let line = input.nextLine() {
            if style == .transcript { output.writeLine(("> " + line).trimmingTrailingSpaces()) }
            let word = line.trimmingSpaces()
            guard !word.isEmpty else {
                show(message: "Empty command. Type \(Command.wordList).", redraw: false)
                continue
            }
            guard let command = Command(word: word) else {
                show(message: "Unknown command '\(word)'. Type \(Command.wordList).", redraw: false)
                continue
            }
            switch command {
            case .quit:
                finish()
                output.writeLine("Bye.")
                return 0
            case .help:
                show(
                    message: (["Commands:"] + Command.helpLines).joined(separator: "\n"),
                    redraw: false)
            case .open, .back, .claim:
                let message = app.perform(command)
                show(message: message, redraw: message == nil)
            }
        }
        if style == .terminal { output.write("\n") }  // end the prompt's line
        finish()
        switch endOfInput {
        case .quits:
            output.writeLine("Bye.")
            return 0
        case .isAnError:
            errors.writeLine("prize-app: the input ended before 'quit'; leaving without it.")
            return 1
        }
    }

    /// Shows the events of the last command, `message`, and the screen.
    ///
    /// A transcript shows the screen only when `redraw` is set (a button was tapped) or the
    /// reward state it showed changed since it was drawn; a terminal always redraws it.
    private func show(message: String?, redraw: Bool) {
        let events = activity.takeLines()
        switch style {
        case .transcript:
            events.forEach(output.writeLine)
            if let message { output.writeLine(message) }
            if screenChanged.take() || redraw { drawScreen().forEach(output.writeLine) }
        case .terminal:
            output.write(TextRenderer.clearScreen)
            drawScreen().forEach(output.writeLine)
            if !events.isEmpty { (["", "Events:"] + events).forEach(output.writeLine) }
            if let message { (["", message]).forEach(output.writeLine) }
            output.write("\nType a command (help lists them)\n> ")
        }
    }

    /// The current screen's lines, drawn while Observation tracks what they read: a change
    /// of it sets ``screenChanged``.
    private func drawScreen() -> [String] {
        withObservationTracking {
            TextRenderer.render(app.currentView)
        } onChange: { [screenChanged] in
            screenChanged.set()
        }
    }

    /// Sends the analytics still held, and shows any lines that produced.
    private func finish() {
        app.finish()
        activity.takeLines().forEach(output.writeLine)
    }
}
