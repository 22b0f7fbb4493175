import PrizeApp
import Testing

/// The whole `prize-app` command, driven through fake standard input and output.
@MainActor
@Suite struct PrizeAppCommandTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func pipedCommandsProduceTheScriptTranscriptOfTheSameSteps() {
        let piped = CommandRun([], input: ["2", "3", "claim", "quit"])
        let script = CommandRun(["--script", "2,3,claim,quit"])
        #expect(piped.status == 0)
        #expect(piped.errors == [])
        #expect(Array(piped.output) == Array(script.output.dropFirst()))
        #expect(piped.output.last == "Bye.")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func inputThatEndsBeforeQuitIsAnErrorAfterTheAnalyticsAreSent() {
        let run = CommandRun([], input: ["3"])
        #expect(run.status == 1)
        #expect(run.errors == ["prize-app: the input ended before 'quit'; leaving without it."])
        #expect(
            run.output.suffix(2) == [
                #"{"event":"page_view","screen":"screenOne","sequence":1}"#,
                #"{"event":"reward_page_view","screen":"screenThree","sequence":2}"#,
            ])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func anAlreadyClosedInputIsAnError() {
        let run = CommandRun([])
        #expect(run.status == 1)
        #expect(run.errors == ["prize-app: the input ended before 'quit'; leaving without it."])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func anEmptyLineAndAnUnknownWordGetAMessageAndTheLoopGoesOn() {
        let run = CommandRun([], input: ["", "jump", "quit"])
        #expect(run.status == 0)
        let afterLaunch = run.output.drop { $0 != ">" }
        #expect(
            Array(afterLaunch) == [
                ">",
                "Empty command. Type 1, 2, 3, claim, back, help or quit.",
                "> jump",
                "Unknown command 'jump'. Type 1, 2, 3, claim, back, help or quit.",
                "> quit",
                #"{"event":"page_view","screen":"screenOne","sequence":1}"#,
                "Bye.",
            ])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aButtonTheScreenDoesNotShowGetsAMessageAndDispatchesNothing() {
        let run = CommandRun(["--script", "claim,back,1"])
        #expect(run.status == 0)
        #expect(
            run.output.filter { !$0.hasPrefix("|") && !$0.hasPrefix("+") } == [
                "Script: the app opens on Screen One, then claim, back, 1.",
                "[Logger] FlowController consumed NavigationEvent(destination: screenOne)",
                "[Logger] AnalyticsMediator consumed PageViewEvent(screen: screenOne)",
                "> claim",
                "There is no prize to claim right now.",
                "> back",
                "Screen One is the first screen; there is nothing to go back to.",
                "> 1",
                "You are already on Screen One.",
                #"{"event":"page_view","screen":"screenOne","sequence":1}"#,
                "Bye.",
            ])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func helpListsTheCommands() {
        let run = CommandRun([], input: ["help", "quit"])
        let help = run.output.drop { $0 != "> help" }.dropFirst().prefix(6)
        #expect(Array(help) == ["Commands:"] + Command.helpLines)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aTerminalSessionRedrawsTheScreenWithTheEventsAndAPrompt() {
        let run = CommandRun([], input: ["2", "quit"], terminal: true)
        #expect(run.status == 0)
        let frames = run.output.joined(separator: "\n")
            .split(separator: TextRenderer.clearScreen, omittingEmptySubsequences: false)
        #expect(frames.count == 3)  // before the first frame, launch, after `2`
        // A terminal echoes the user's typing and newline; the fake input does not, so what
        // `quit` writes follows the prompt on its line.
        let second = frames[2].split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        let view = ScreenView(stack: [.screenOne, .screenTwo], showsPrize: false)
        #expect(
            second == TextRenderer.render(view) + [
                "",
                "Events:",
                "[Logger] FlowController consumed NavigationEvent(destination: screenTwo)",
                "[Logger] AnalyticsMediator consumed PageViewEvent(screen: screenTwo)",
                "",
                "Type a command (help lists them)",
                #"> {"event":"page_view","screen":"screenOne","sequence":1}"#,
                #"{"event":"page_view","screen":"screenTwo","sequence":2}"#,
                "Bye.",
            ])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aBadScriptStepStopsBeforeAnythingRuns() {
        let run = CommandRun(["--script", "2,clam"])
        #expect(run.status == 2)
        #expect(run.output == [])
        #expect(
            run.errors == [
                "prize-app: --script step 2 'clam' is not a command; use 1, 2, 3, claim, back, help or quit"
            ])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func helpPrintsTheUsageAndSucceeds() {
        let run = CommandRun(["--help"])
        #expect(run.status == 0)
        #expect(run.output == LaunchOptions.usage)
        #expect(run.errors == [])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func analyticsGoToTheNamedFileInsteadOfTheTranscript() {
        let run = CommandRun(["--script", "3", "--analytics", "hits.jsonl"])
        #expect(run.status == 0)
        #expect(
            run.analyticsFile == [
                #"{"event":"page_view","screen":"screenOne","sequence":1}"#,
                #"{"event":"reward_page_view","screen":"screenThree","sequence":2}"#,
            ])
        #expect(run.output.contains { $0.hasPrefix("{") } == false)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func anAnalyticsFileThatCannotBeOpenedIsAnError() {
        let output = TextBuffer()
        let errors = TextBuffer()
        let status = PrizeAppCommand.run(
            arguments: ["--demo", "--analytics", "/no/such/dir/hits.jsonl"], input: LineInput([]),
            inputIsTerminal: false, output: output, errors: errors)
        #expect(status == 1)
        #expect(output.lines == [])
        #expect(
            errors.lines == [
                "prize-app: --analytics: cannot write to '/no/such/dir/hits.jsonl': No such file or directory"
            ])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aTraceFileGetsTheRunsDiagramAndTreeAndTheTranscriptIsUnchanged() {
        let traced = CommandRun(["--script", "help", "--trace", "trace.md"])
        #expect(traced.status == 0)
        #expect(traced.output == CommandRun(["--script", "help"]).output)
        #expect(traced.analyticsFile == nil)
        // The launch: Screen One is shown, its page view counted, and both consumptions
        // logged; each dispatch names its line.
        let application = "PrizeApp/PrizeApplication.swift:58"
        let screen = "PrizeApp/ScreenController.swift:59"
        #expect(
            traced.traceFile == [
                "# What the bus did",
                "",
                "Script: the app opens on Screen One, then help.",
                "",
                "Each arrow is one delivery, labelled with its pass, its event and the line that",
                "dispatched it. A dashed arrow is an announcement, drawn from the consumer it is",
                "about; an arrow with no line is a replay.",
                "",
                "```mermaid",
                "sequenceDiagram",
                "    participant P1 as App",
                "    participant P2 as FlowController",
                "    participant P3 as AnalyticsMediator",
                "    participant P4 as Logger",
                "    P1->>P2: 1. NavigationEvent(destination: screenOne)<br/>at \(application)",
                "    P2->>P3: 2. PageViewEvent(screen: screenOne)<br/>at \(screen)",
                "    P2-->>P4: 3. DidConsumeEvent of pass 1",
                "    P3-->>P4: 4. DidConsumeEvent of pass 2",
                "```",
                "",
                "Which event caused which:",
                "",
                "```text",
                "1. NavigationEvent(destination: screenOne) at \(application) → FlowController",
                "├─ 2. PageViewEvent(screen: screenOne) from FlowController at \(screen) → "
                    + "AnalyticsMediator",
                "│  └─ 4. DidConsumeEvent of pass 2 from AnalyticsMediator → Logger",
                "└─ 3. DidConsumeEvent of pass 1 from FlowController → Logger",
                "```",
            ])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aTraceFileThatCannotBeOpenedIsAnErrorBeforeAnythingRuns() {
        let output = TextBuffer()
        let errors = TextBuffer()
        let status = PrizeAppCommand.run(
            arguments: ["--demo", "--trace", "/no/such/dir/trace.md"], input: LineInput([]),
            inputIsTerminal: false, output: output, errors: errors)
        #expect(status == 1)
        #expect(output.lines == [])
        #expect(
            errors.lines == [
                "prize-app: --trace: cannot write to '/no/such/dir/trace.md': No such file or directory"
            ])
    }
}
