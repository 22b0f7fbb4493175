import EventBusKit
import PrizeApp

/// A prize app wired to in-memory sinks: what a test reads instead of a terminal.
@MainActor
struct Harness {
    let app: PrizeApplication
    let log: TextBuffer
    let analytics: RecordingAnalyticsSink

    init() {
        log = TextBuffer()
        analytics = RecordingAnalyticsSink()
        app = PrizeApplication(analyticsSink: analytics, log: log)
    }
}

/// What one run of the `prize-app` command wrote, and its exit status.
struct CommandRun {
    let status: Int32
    let output: [String]
    let errors: [String]
    /// The lines the `--analytics` file received, when the run opened one.
    let analyticsFile: [String]?
    /// The lines the `--trace` file received, when the run opened one.
    let traceFile: [String]?

    /// Runs `prize-app arguments` with `input` as its standard input.
    @MainActor
    init(_ arguments: [String], input: [String] = [], terminal: Bool = false) {
        let output = TextBuffer()
        let errors = TextBuffer()
        var file: TextBuffer?
        var trace: TextBuffer?
        status = PrizeAppCommand.run(
            arguments: arguments, input: LineInput(input), inputIsTerminal: terminal,
            output: output, errors: errors,
            openAnalyticsFile: { _ in
                let opened = TextBuffer()
                file = opened
                return opened
            },
            openTraceFile: { _ in
                let opened = TextBuffer()
                trace = opened
                return opened
            })
        self.output = output.lines
        self.errors = errors.lines
        analyticsFile = file?.lines
        traceFile = trace?.lines
    }
}

/// An event the prize app has no consumer for.
struct Ping: Event, CustomStringConvertible {
    var description: String { "Ping()" }
}
