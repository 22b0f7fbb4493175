import Testing

@testable import EventBusKit

/// A row of the matching table with the line that explains it.
struct ExplainedRow: Sendable, CustomTestStringConvertible {
    let row: MatchRow
    /// The deciding rule, with its entry: what the explanation must say after the verdict.
    let reason: String

    init(_ row: MatchRow, _ reason: String) {
        self.row = row
        self.reason = reason
    }

    var testDescription: String { "\(row.testDescription): \(reason)" }
}

@Suite(.noUnexpectedProblems) struct RoutingExplanationTests {
    private static let noEvent = "NoEvent in willConsume"
    private static let excludesAll = "AllEvent in excludeList"
    private static let includesAll = "AllEvent in willConsume"
    private static let noEntry = "no entry covers it"
    private static let analytics = "Conforming<any Analytics>"

    /// Every row of ``MatchingTests/table``, in its order, with the reason the explanation
    /// must give (the deciding entry named).
    static let table: [ExplainedRow] = zip(
        MatchingTests.table,
        [
            noEvent, noEvent, noEvent, noEvent,
            excludesAll, excludesAll, excludesAll,
            "entry Num of excludeList covers it",
            "entry Num of excludeList covers it",
            "entry PageViewEvent of excludeList covers it",
            "entry PageViewEvent of excludeList covers it",
            "entry \(analytics) of excludeList covers it",
            "entry \(analytics) of excludeList covers it",
            includesAll,
            "entry PageViewEvent of willConsume covers it",
            includesAll, includesAll, includesAll,
            "entry Num of willConsume covers it",
            "entry PageViewEvent of willConsume covers it",
            "entry PageViewEvent of willConsume covers it",
            "entry PageViewEvent of willConsume covers it",
            "entry \(analytics) of willConsume covers it",
            "entry \(analytics) of willConsume covers it",
            "entry Num of willConsume covers it",
            noEntry, noEntry, noEntry, noEntry, noEntry,
        ]
    ).map(ExplainedRow.init)

    @Test func theExplainedTableCoversEveryRowOfTheMatchingTable() {
        #expect(Self.table.count == MatchingTests.table.count)
        #expect(Self.table.count == 30)
    }

    @Test(arguments: table)
    func explanationNamesTheRuleAndEntryThatDecided(_ explained: ExplainedRow) {
        let row = explained.row
        let lists = MatchList(
            willConsume: row.willConsume.map(\.type), excludeList: row.excludeList.map(\.type))
        let explanation = RoutingExplanation(row.event.event, candidates: [("R", lists)])
        let verdict = row.delivered ? "receives it" : "does not receive it"
        #expect(explanation.description == "R \(verdict): \(explained.reason)")
        #expect(explanation.recipients == (row.delivered ? ["R"] : []))
    }

    @Test func allEventAndCategoriesDoNotCoverAnnouncementsAndTheLineSaysSo() {
        let announcement = DidConsumeEvent(
            consumer: RecordingConsumer(willConsume: []), event: Num(1))
        let explanation = RoutingExplanation(
            announcement,
            candidates: [
                ("All", MatchList(willConsume: [AllEvent.self], excludeList: [])),
                ("Category", MatchList(willConsume: [Conforming<any Event>.self], excludeList: [])),
                ("Logger", MatchList(willConsume: [DidConsumeEvent.self], excludeList: [])),
                (
                    "Quiet",
                    MatchList(
                        willConsume: [DidConsumeEvent.self],
                        excludeList: [Conforming<any Event>.self])
                ),
                ("Other", MatchList(willConsume: [Num.self], excludeList: [])),
            ])
        #expect(explanation.recipients == ["Logger"])
        #expect(
            explanation.lines == [
                "All does not receive it: no entry covers it"
                    + " (AllEvent and categories do not cover the bus's announcements)",
                "Category does not receive it: no entry covers it"
                    + " (AllEvent and categories do not cover the bus's announcements)",
                "Logger receives it: entry DidConsumeEvent of willConsume covers it",
                "Quiet does not receive it: entry Conforming<any Event> of excludeList covers it",
                "Other does not receive it: no entry covers it",
            ])
    }

    @Test func recipientsAreInRegistrationOrderWithOneLineEach() {
        let explanation = RoutingExplanation(
            TrackedPageViewEvent(page: "two"),
            candidates: [
                ("Pages", MatchList(willConsume: [PageViewEvent.self], excludeList: [])),
                ("Muted", MatchList(willConsume: [NoEvent.self, AllEvent.self], excludeList: [])),
                (
                    "Analytics",
                    MatchList(willConsume: [Conforming<any Analytics>.self], excludeList: [])
                ),
                ("Everything", MatchList(willConsume: [AllEvent.self], excludeList: [])),
            ])
        #expect(explanation.recipients == ["Pages", "Analytics", "Everything"])
        #expect(explanation.lines.count == 4)
        #expect(
            explanation.description == """
                Pages receives it: entry PageViewEvent of willConsume covers it
                Muted does not receive it: NoEvent in willConsume
                Analytics receives it: entry Conforming<any Analytics> of willConsume covers it
                Everything receives it: AllEvent in willConsume
                """)
    }

    @Test func aCategoryOfAConcreteTypeIsSpelledWithoutAny() {
        let lists = MatchList(willConsume: [Conforming<Num>.self], excludeList: [])
        #expect(
            RoutingExplanation(Num(1), candidates: [("R", lists)]).description
                == "R receives it: entry Conforming<Num> of willConsume covers it")
    }

    @Test func anEmptyRegistryIsExplainedInWords() {
        let explanation = RoutingExplanation(
            Num(1), candidates: [] as [(name: String, lists: MatchList)])
        #expect(explanation.recipients == [])
        #expect(explanation.description == "no recipients are registered")
    }

    @Test func aConsumerIsNamedByItsDescriptionOrElseItsTypeName() {
        #expect(
            recipientName(of: RecordingConsumer(name: "Recorder", willConsume: [])) == "Recorder")
        #expect(recipientName(of: MutableListConsumer([])) == "MutableListConsumer")
        #expect(recipientName(of: TraceConsumer("A", [], trace: Trace())) == "A")
    }
}
