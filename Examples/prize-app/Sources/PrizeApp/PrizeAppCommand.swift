/// The `prize-app` command: reads the command line, assembles the app and runs it.
///
/// Everything the process touches is a parameter, so a test runs the whole command with a
/// fake keyboard and reads exactly what a user would see:
///
/// ```swift
/// let output = TextBuffer(), errors = TextBuffer()
/// let status = PrizeAppCommand.run(
///     arguments: ["--script", "2,3,claim"], input: LineInput([]), inputIsTerminal: false,
///     output: output, errors: errors)
/// ```
///
/// With `--trace FILE.md`, the run is traced from the launch, and when it ends its trace is
/// written to the file (see ``TraceFile``); the transcript is the same as without it.
///
/// Exit status: 0 on success; 1 when the input ends before `quit` or the analytics or trace
/// file cannot be written; 2 for a bad command line (reported before anything runs).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
public enum PrizeAppCommand {
    /// Runs the app as `prize-app` with `arguments`.
    /// - Parameters:
    ///   - arguments: The command line without the program's name.
    ///   - input: Standard input, read in interactive mode only.
    ///   - inputIsTerminal: Whether `input` is a terminal: interactive mode then redraws the
    ///     screen; otherwise it echoes a transcript.
    ///   - output: Standard output.
    ///   - errors: Standard error.
    ///   - openAnalyticsFile: Opens the file of `--analytics FILE`.
    ///   - openTraceFile: Opens the file of `--trace FILE.md`.
    /// - Returns: The exit status.
    public static func run(
        arguments: [String],
        input: any InputSource,
        inputIsTerminal: Bool,
        output: any OutputSink,
        errors: any OutputSink,
        openAnalyticsFile: (String) throws(FileOutput.OpenError) -> any OutputSink = {
            path throws(FileOutput.OpenError) in try FileOutput(path: path)
        },
        openTraceFile: (String) throws(FileOutput.OpenError) -> any OutputSink = {
            path throws(FileOutput.OpenError) in try FileOutput(path: path)
        }
    ) -> Int32 {
        let options: LaunchOptions
        do {
            options = try LaunchOptions(parsing: arguments)
        } catch {
            errors.writeLine("prize-app: \(error)")
            return 2
        }
        if options.mode == .help {
            LaunchOptions.usage.forEach(output.writeLine)
            return 0
        }
        let activity = TextBuffer()
        var analyticsOutput: any OutputSink = activity
        if let path = options.analyticsPath {
            do {
                analyticsOutput = try openAnalyticsFile(path)
            } catch {
                errors.writeLine("prize-app: --analytics: \(error)")
                return 1
            }
        }
        var traceOutput: (any OutputSink)?
        if let path = options.tracePath {
            do {
                traceOutput = try openTraceFile(path)
            } catch {
                errors.writeLine("prize-app: --trace: \(error)")
                return 1
            }
        }
        let app = PrizeApplication(
            analyticsSink: JSONLinesAnalyticsSink(output: analyticsOutput), log: activity,
            tracing: traceOutput != nil)
        let loop = CommandLoop(
            app: app, activity: activity, output: output, errors: errors,
            style: inputIsTerminal && options.mode == .interactive ? .terminal : .transcript)
        let status: Int32
        let run: String
        switch options.mode {
        case .interactive, .help:
            run = "An interactive run."
            status = loop.run(input, endOfInput: .isAnError)
        case .demo, .script:
            var script = Script.demo
            var kind = "Demo"
            if case .script(let steps) = options.mode {
                script = steps
                kind = "Script"
            }
            run =
                "\(kind): the app opens on Screen One, then"
                + " \(script.words.joined(separator: ", "))."
            output.writeLine(run)
            status = loop.run(LineInput(script.words), endOfInput: .quits)
        }
        if let traceOutput, let trace = app.trace {
            traceOutput.write(TraceFile.markdown(of: trace, run: run))
        }
        return status
    }
}
