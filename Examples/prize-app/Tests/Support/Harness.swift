import EventBusKit
import PrizeApp

/// A prize app wired to in-memory sinks: what a test reads instead of a terminal.
@MainActor
struct Harness {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    let app: PrizeApplication
    let log: TextBuffer
    let analytics: RecordingAnalyticsSink

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
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
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
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

/// How the bus names a shown screen's two reward state observations, in logs, traces and
/// `print(bus)`: by the line of `ScreenController.swift` that made each.
enum RewardObserver {
    static let qualified =
        "Subscription(to: UserQualifiedForRewardEvent, at: PrizeApp/ScreenController.swift:57)"
    static let claimed =
        "Subscription(to: RewardClaimedStateEvent, at: PrizeApp/ScreenController.swift:58)"
}
