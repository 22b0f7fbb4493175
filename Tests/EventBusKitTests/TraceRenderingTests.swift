import Testing

@testable import EventBusKit

/// A trace drawn as a Mermaid sequence diagram and as a tree of causes.
@Suite(.noUnexpectedProblems) struct TraceRenderingTests {
    @Test func theMermaidDiagramOfAKnownRunIsExact() {
        let trace = EventTrace(capacity: 100)
        recordScenario(into: trace)
        // The claim's description, escaped, and cut (before it is escaped) to 48 with its mark
        // on an arrow, as a participant's name is, keeping its call site; a note is cut so that
        // its escaped source line is at most 120 characters.
        let claim = "claim(prize: #quot;Grand tour#59; seven #lt;seas#gt; #35;7#quot;, "
        let lost = "lost #quot;#35;1#quot;#59; gone"
        #expect(
            trace.mermaid == """
                sequenceDiagram
                    participant P1 as App
                    participant P2 as Screen
                    participant P3 as Flow
                    participant P4 as Logger
                    participant P5 as Prize
                    participant P6 as Subscription(to: ClaimE…nt, at: …Prize.swift:40)
                    participant P7 as even…ckEvent, bufferi […], at: …Ticker.swift:12)
                    participant P8 as Bus
                    participant P9 as Watchdog
                    participant P10 as Echo
                    P1->>P2: 1. tap<br/>at App/Screen.swift:20
                    P2->>P3: 2. next(2)<br/>at App/Screen.swift:24
                    Note over P3: dispatch of claim(prize: #quot;Grand tour#59; seven #lt; […] by Flow \
                rejected: rejectedFull
                    P2-->>P4: 3. DidConsumeEvent of pass 1
                    P3->>P5: 4. \(claim)[…]<br/>at App/Flow.swift:8
                    P3->>P6: 4. \(claim)[…]<br/>at App/Flow.swift:8
                    Note over P6: Subscription(to: Claim…nt, at: …Prize.swift:40) failed on claim(prize: \
                #quot;Grand […]: soldOut
                    P3-->>P4: 5. DidConsumeEvent of pass 2
                    Note over P5: 6. \(lost) reached no one<br/>at App/Prize.swift:51
                    P5->>P7: 7. tick(1)
                    Note over P7: \(tickStream) dropped tick(0)
                    P8-->>P9: 8. NoConsumerEvent of pass 6
                    P1->>P10: 9. ping(1)<br/>at App/Echo.swift:3
                    P10->>P10: 10. ping(2)
                    Note over P10: 1 waiting event discarded at the drain budget

                """)
    }

    @Test func theTreeOfAKnownRunIsExact() {
        let trace = EventTrace(capacity: 100)
        recordScenario(into: trace)
        let claim = #"claim(prize: "Grand tour; seven <seas> #7", user: 42, coupon: none)"#
        // Lines that would be longer than 120 characters lose their call sites' module folders,
        // then have their names and events cut: the subscription keeps its call site, the
        // claim ends with its mark.
        #expect(
            trace.tree == """
                1. tap at App/Screen.swift:20 → Screen
                ├─ 2. next(2) from Screen at App/Screen.swift:24 → Flow
                │  ├─ ! dispatch of \(claim) by Flow rejected: rejectedFull
                │  ├─ 4. claim(prize: "Grand tour; seven […] from Flow at …Flow.swift:8 → Prize, \
                Subscr…ClaimEvent, at: …Prize.swift:40)
                │  │  ├─ ! Subscription(to: ClaimEvent, at: …Prize.swift:40) failed on claim(prize: \
                "Grand tour; seven < […]: soldOut
                │  │  ├─ 6. lost "#1"; gone from Prize at App/Prize.swift:51 → no one
                │  │  │  └─ 8. NoConsumerEvent of pass 6 from the bus → Watchdog
                │  │  └─ 7. tick(1) from Prize → \(tickStream)
                │  │     └─ ! \(tickStream) dropped tick(0)
                │  └─ 5. DidConsumeEvent of pass 2 from Flow → Logger
                └─ 3. DidConsumeEvent of pass 1 from Screen → Logger
                9. ping(1) at App/Echo.swift:3 → Echo
                └─ 10. ping(2) from Echo → Echo
                   └─ ! 1 waiting event discarded at the drain budget

                """)
    }

    @Test func overwrittenPassesAreCountedAndOrphanedPassesNameTheirCause() {
        let trace = EventTrace(capacity: 2)
        let tap = trace.beginPass(TapEvent(), cause: nil)
        trace.recordDelivery(to: "Screen")
        let next = trace.beginPass(
            NextEvent(page: 2), cause: .init(sequence: tap, recipient: "Screen"))
        trace.recordDelivery(to: "Flow")
        _ = trace.beginPass(
            DidConsumeEvent(consumer: NamedConsumer("Flow"), event: NextEvent(page: 2)),
            cause: .init(sequence: next, recipient: "Flow"))
        trace.recordDelivery(to: "Logger")
        #expect(
            trace.tree == """
                (1 earlier pass overwritten)
                2. next(2) from Screen (in overwritten pass 1) → Flow
                └─ 3. DidConsumeEvent of pass 2 from Flow → Logger

                """)
        #expect(
            trace.mermaid == """
                sequenceDiagram
                    participant P1 as App
                    participant P2 as Screen
                    participant P3 as Flow
                    participant P4 as Logger
                    Note over P1: 1 earlier pass overwritten
                    P2->>P3: 2. next(2)
                    P3-->>P4: 3. DidConsumeEvent of pass 2

                """)
    }

    @Test func aFiftyPassRunHasOneParticipantPerRecipientAndShortLines() {
        let trace = EventTrace(capacity: 100)
        recordFiftyPasses(into: trace)
        let mermaid = trace.mermaid.split(separator: "\n")
        #expect(
            mermaid.filter { $0.contains("participant") } == [
                "    participant P1 as App", "    participant P2 as Screen",
                "    participant P3 as Analytics", "    participant P4 as Flow",
                "    participant P5 as Logger",
            ])
        #expect(mermaid.filter { $0.contains(">>") }.count == 60)  // 10 × (2 + 1 + 3)
        #expect(mermaid.last == "    P4-->>P5: 50. DidConsumeEvent of pass 47")
        #expect(
            mermaid.map(\.count).max() == "    P1->>P2: 46. tap<br/>at App/Screen.swift:20".count)

        let tree = trace.tree.split(separator: "\n")
        #expect(tree.count == 50)
        #expect(
            tree.filter { !$0.hasPrefix("├") && !$0.hasPrefix("│") && !$0.hasPrefix("└") }.count
                == 10)
        #expect(
            tree.suffix(5) == [
                "46. tap at App/Screen.swift:20 → Screen, Analytics",
                "├─ 47. next(10) from Screen → Flow",
                "│  └─ 50. DidConsumeEvent of pass 47 from Flow → Logger",
                "├─ 48. DidConsumeEvent of pass 46 from Screen → Logger",
                "└─ 49. DidConsumeEvent of pass 46 from Analytics → Logger",
            ])
    }

    @Test func aLongChainOfCausesNestsWithoutRecursion() {
        let trace = EventTrace(capacity: 1_000)
        var cause: EventTrace.Cause?
        for value in 1...1_000 {
            let sequence = trace.beginPass(Num(value), cause: cause)
            trace.recordDelivery(to: "Echo")
            cause = .init(sequence: sequence, recipient: "Echo")
        }
        let tree = trace.tree.split(separator: "\n")
        #expect(tree.count == 1_000)
        #expect(tree[2] == "   └─ 3. 3 from Echo → Echo")
    }

    /// A recipient's name and a call site, each long or full of characters Mermaid reads as
    /// syntax (each written as an entity code of up to six characters).
    static let crowdedRuns: [(recipient: String, fileID: String)] = [
        ("Subscription(to: ClaimEvent, once, at: App/Prize.swift:40)", "App/Flow.swift"),
        (
            ##"ledger "#1"; <all> "#2"; <all> "#3"; <all> "#4"; <all> (once, at: App/L.swift:9)"##,
            "App/Flow.swift"
        ),
        (
            "Subscription(to: ClaimEvent, limit 3, filtered, at: "
                + "CheckoutFeature/CheckoutConfirmationViewWithALongName.swift:1042)",
            "CheckoutFeature/CheckoutConfirmationViewWithAnEvenLongerName.swift"
        ),
        (#"Quoted"Consumer"With"Quotes"Everywhere"In"Its"Name"And"More"Quotes"#, "App/#;.swift"),
    ]

    @Test(arguments: crowdedRuns)
    func everyLineOfTheMermaidSourceIsAtMost120Characters(recipient: String, fileID: String) {
        let trace = EventTrace(capacity: 10)
        let claim = trace.beginPass(
            ClaimEvent(), cause: nil, origin: .init(fileID: fileID, line: 8))
        trace.recordDelivery(to: recipient)
        trace.recordNote(
            .failed(event: ClaimEvent(), recipient: recipient, error: ##"sold "out"; <#1>"##),
            inPass: claim)
        trace.recordNote(
            .refused(event: ClaimEvent(), report: .rejectedFull, recipient: recipient),
            inPass: claim)
        _ = trace.beginPass(
            LostEvent(), cause: .init(sequence: claim, recipient: recipient),
            origin: .init(fileID: fileID, line: 51))
        let lines = trace.mermaid.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 120 })
        // Cut before it is escaped: no entity code is cut.
        #expect(lines.allSatisfy(Self.hasWholeEntityCodes))
        // An arrow's or a note's call site keeps its line.
        #expect(lines.filter { $0.contains(".swift:8") }.count == 1)
        #expect(lines.filter { $0.contains(".swift:51") }.count == 1)
    }

    /// Whether every `#` in `line` starts an entity code that ends with `;` (`#quot;`, `#35;`).
    static func hasWholeEntityCodes(_ line: Substring) -> Bool {
        var rest = line[...]
        while let hash = rest.firstIndex(of: "#") {
            let code = rest[rest.index(after: hash)...].prefix { $0.isLetter || $0.isNumber }
            guard !code.isEmpty, code.endIndex < rest.endIndex, rest[code.endIndex] == ";" else {
                return false
            }
            rest = rest[code.endIndex...]
        }
        return true
    }

    @Test func mermaidSyntaxCharactersAreWrittenAsEntityCodes() {
        #expect(mermaidEscaped(#"a#b;c"d<e>f"#) == "a#35;b#59;c#quot;d#lt;e#gt;f")
        #expect(mermaidEscaped("plain: text (1)") == "plain: text (1)")
    }
}
