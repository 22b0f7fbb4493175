import PrizeApp
import Testing

@Suite struct ScriptTests {
    @Test func readsCommaSeparatedStepsIgnoringSpacesAndCase() throws {
        let script = try Script(parsing: " 2, 3 ,CLAIM,back,1")
        #expect(
            script.steps == [
                .open(.screenTwo), .open(.screenThree), .claim, .back, .open(.screenOne),
            ])
        #expect(script.words == ["2", "3", "claim", "back", "1"])
    }

    @Test func acceptsQuitAsTheLastStep() throws {
        #expect(try Script(parsing: "2,quit").steps == [.open(.screenTwo), .quit])
    }

    @Test(arguments: [
        ("", Script.ParseError.empty),
        ("  ", .empty),
        ("2,,3", .blankStep(position: 2)),
        ("2,3,", .blankStep(position: 3)),
        (",2", .blankStep(position: 1)),
        ("2,clam,3", .unknownStep(position: 2, word: "clam")),
        ("4", .unknownStep(position: 1, word: "4")),
        ("2;3", .unknownStep(position: 1, word: "2;3")),
        ("2,quit,3", .stepsAfterQuit(position: 2)),
    ])
    func rejectsABadScriptNamingTheFirstBadStep(text: String, error: Script.ParseError) {
        #expect(throws: error) { try Script(parsing: text) }
    }

    @Test func errorMessagesNameTheStepAndTheFix() {
        #expect(
            "\(Script.ParseError.unknownStep(position: 2, word: "clam"))"
                == "--script step 2 'clam' is not a command; use 1, 2, 3, claim, back, help or quit"
        )
        #expect(
            "\(Script.ParseError.blankStep(position: 3))"
                == "--script step 3 is empty; separate steps with single commas, such as 2,3,claim")
        #expect(
            "\(Script.ParseError.stepsAfterQuit(position: 1))"
                == "--script step 1 is 'quit' but more steps follow; 'quit' can only be the last step"
        )
        #expect(
            "\(Script.ParseError.empty)"
                == "--script needs at least one step, such as --script 2,3,claim")
    }

    @Test(arguments: [
        ("1", Command.open(.screenOne)), ("2", .open(.screenTwo)), ("3", .open(.screenThree)),
        ("claim", .claim), ("Back", .back), (" help ", .help), ("QUIT", .quit),
    ])
    func readsEachCommandWord(word: String, command: Command) {
        #expect(Command(word: word) == command)
    }

    @Test(arguments: ["", " ", "0", "33", "claim!", "go 2"])
    func readsNothingFromAWordThatIsNotACommand(word: String) {
        #expect(Command(word: word) == nil)
    }
}
