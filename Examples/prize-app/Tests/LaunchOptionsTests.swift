import PrizeApp
import Testing

@Suite struct LaunchOptionsTests {
    @Test func noArgumentsMeansInteractiveWithAnalyticsOnStandardOutput() throws {
        let options = try LaunchOptions(parsing: [])
        #expect(options.mode == .interactive)
        #expect(options.analyticsPath == nil)
        #expect(options.tracePath == nil)
    }

    @Test(arguments: [
        (["--demo"], LaunchOptions.Mode.demo),
        (["--script", "2,3"], .script(Script(steps: [.open(.screenTwo), .open(.screenThree)]))),
        (["--script=claim"], .script(Script(steps: [.claim]))),
        (["--help"], .help),
        (["-h"], .help),
        (["--demo", "--unknown", "--help"], .help),
    ])
    func readsTheMode(arguments: [String], mode: LaunchOptions.Mode) throws {
        #expect(try LaunchOptions(parsing: arguments).mode == mode)
    }

    @Test(arguments: [
        ["--analytics", "hits.jsonl", "--demo"], ["--demo", "--analytics=hits.jsonl"],
    ])
    func readsTheAnalyticsFileInAnyOrder(arguments: [String]) throws {
        let options = try LaunchOptions(parsing: arguments)
        #expect(options.mode == .demo)
        #expect(options.analyticsPath == "hits.jsonl")
    }

    @Test(arguments: [
        ["--trace", "trace.md", "--demo", "--analytics", "hits.jsonl"],
        ["--demo", "--trace=trace.md", "--analytics=hits.jsonl"],
    ])
    func readsTheTraceFileInAnyOrderWithTheOtherOptions(arguments: [String]) throws {
        let options = try LaunchOptions(parsing: arguments)
        #expect(options.mode == .demo)
        #expect(options.tracePath == "trace.md")
        #expect(options.analyticsPath == "hits.jsonl")
    }

    @Test func aTraceFileWorksInEveryMode() throws {
        #expect(try LaunchOptions(parsing: ["--trace", "t.md"]).mode == .interactive)
        #expect(try LaunchOptions(parsing: ["--trace", "t.md"]).tracePath == "t.md")
        #expect(
            try LaunchOptions(parsing: ["--script", "2", "--trace", "t.md"]).tracePath == "t.md")
    }

    @Test(arguments: [
        (["--verbose"], "unknown argument '--verbose'; run prize-app --help for the options"),
        (["2"], "unknown argument '2'; run prize-app --help for the options"),
        (["--script"], "--script needs STEPS, such as --script 2,3,claim"),
        (["--script", "--demo"], "--script needs STEPS, such as --script 2,3,claim"),
        (
            ["--script", "2,x"],
            "--script step 2 'x' is not a command; use 1, 2, 3, claim, back, help or quit"
        ),
        (["--demo", "--script", "2"], "--demo and --script cannot be combined; choose one mode"),
        (["--demo", "--demo"], "--demo and --demo cannot be combined; choose one mode"),
        (["--demo=yes"], "--demo takes no value"),
        (["--analytics"], "--analytics needs FILE"),
        (["--analytics="], "--analytics needs a FILE, not an empty string"),
        (["--analytics", "a", "--analytics", "b"], "--analytics is given twice; give one FILE"),
        (["--trace"], "--trace needs FILE.md"),
        (["--trace", "--demo"], "--trace needs FILE.md"),
        (["--trace="], "--trace needs a FILE.md, not an empty string"),
        (["--trace", "a.md", "--trace=b.md"], "--trace is given twice; give one FILE.md"),
    ])
    func rejectsABadCommandLineWithAMessage(arguments: [String], message: String) {
        #expect(throws: LaunchOptions.UsageError(message)) { try LaunchOptions(parsing: arguments) }
    }
}
