import Testing

@testable import EventBusKit

/// A record's shape, comparable: its sequence, event label, recipients and cause.
private struct Pass: Equatable, CustomStringConvertible {
    let sequence: Int
    let event: String
    let recipients: [String]
    let cause: EventTrace.Cause?

    init(_ sequence: Int, _ event: String, _ recipients: [String], _ cause: EventTrace.Cause?) {
        self.sequence = sequence
        self.event = event
        self.recipients = recipients
        self.cause = cause
    }

    init(_ record: EventTrace.Record) {
        self.init(record.sequence, "\(record.event)", record.recipients, record.cause)
    }

    var description: String {
        "\(sequence) \(event) → \(recipients) (\(cause?.description ?? "outermost"))"
    }
}

/// A note's shape, comparable.
private func text(_ notes: [EventTrace.Note]) -> [String] { notes.map(\.description) }

/// What an `EventTrace` keeps, fed directly through the calls the bus makes: its records and
/// notes, its ring of passes, and typed access to the events.
@Suite(.noUnexpectedProblems) struct TraceRecordingTests {
    @Test func recordsHoldEachPassWithItsRecipientsAndCauseInDeliveryOrder() {
        let trace = EventTrace(capacity: 100)
        recordScenario(into: trace)
        let cause = EventTrace.Cause.init
        #expect(
            trace.records.map(Pass.init) == [
                Pass(1, "tap", ["Screen"], nil),
                Pass(2, "next(2)", ["Flow"], cause(1, "Screen")),
                Pass(3, "\(trace.records[2].event)", ["Logger"], cause(1, "Screen")),
                Pass(4, "\(ClaimEvent())", ["Prize", claimSubscription], cause(2, "Flow")),
                Pass(5, "\(trace.records[4].event)", ["Logger"], cause(2, "Flow")),
                Pass(6, "\(LostEvent())", [], cause(4, "Prize")),
                Pass(7, "tick(1)", [tickStream], cause(4, "Prize")),
                Pass(8, "\(trace.records[7].event)", ["Watchdog"], cause(6, nil)),
                Pass(9, "ping(1)", ["Echo"], nil),
                Pass(10, "ping(2)", ["Echo"], cause(9, "Echo")),
            ])
        #expect(trace.overwrittenCount == 0)
        #expect(trace.capacity == 100)
        #expect(trace.records[2].event.as(DidConsumeEvent.self)?.event is TapEvent)
        #expect(trace.records[7].event.as(NoConsumerEvent.self)?.event is LostEvent)
    }

    @Test func notesAttachToThePassTheyHappenedIn() {
        let trace = EventTrace(capacity: 100)
        recordScenario(into: trace)
        #expect(
            trace.records.map { text($0.notes) } == [
                [],
                [
                    "dispatch of claim(prize: \"Grand tour; seven <seas> #7\", user: 42, coupon: "
                        + "none) by Flow rejected: rejectedFull"
                ],
                [],
                [
                    // 120 characters at most: the call site loses its module folder, the claim
                    // is cut at its end, and marked.
                    "Subscription(to: ClaimEvent, at: …Prize.swift:40) failed on claim(prize: "
                        + "\"Grand tour; seven <seas> #7\", […]: soldOut"
                ],
                [], [],
                ["\(tickStream) dropped tick(0)"],
                [], [],
                ["1 waiting event discarded at the drain budget"],
            ])
        guard case .refused(let event, let report, let recipient) = trace.records[1].notes.first
        else {
            Issue.record("pass 2 has no refusal")
            return
        }
        #expect(event is ClaimEvent)
        #expect(report == .rejectedFull)
        #expect(recipient == "Flow")
    }

    @Test func aRecordAndANoteDescribeThemselvesInOneLine() {
        let trace = EventTrace(capacity: 100)
        recordScenario(into: trace)
        #expect(
            trace.records.prefix(8).map(\.description) == [
                "1. tap → Screen",
                "2. next(2) from Screen in pass 1 → Flow",
                "3. DidConsumeEvent(tap) from Screen in pass 1 → Logger",
                #"4. claim(prize: "Grand tour; seven <seas> […] from Flow in pass 2 → Prize, "#
                    + "Subscription(to: Clai…t, at: …Prize.swift:40)",
                "5. DidConsumeEvent(next(2)) from Flow in pass 2 → Logger",
                "6. lost \"#1\"; gone from Prize in pass 4 → no one",
                "7. tick(1) from Prize in pass 4 → \(tickStream)",
                "8. NoConsumerEvent(lost \"#1\"; gone) from the bus in pass 6 → Watchdog",
            ])
        #expect(
            trace.records.last?.notes.map(\.description) == [
                "1 waiting event discarded at the drain budget"
            ])
    }

    @Test func aFullRingOverwritesTheOldestPassesAndCountsThem() {
        let trace = EventTrace(capacity: 3)
        var sequences: [Int] = []
        for value in 1...7 {
            let cause =
                value == 1 ? nil : EventTrace.Cause(sequence: value - 1, recipient: "R\(value - 1)")
            let sequence = trace.beginPass(Num(value), cause: cause)
            sequences.append(sequence)
            // Pass v reaches v recipients: a reused record must forget the old ones.
            for index in 0..<(value % 3 + 1) { trace.recordDelivery(to: "R\(index)") }
            trace.recordNote(.discarded(count: value), inPass: sequence)
        }
        #expect(sequences == Array(1...7))
        #expect(
            trace.records.map(Pass.init) == [
                Pass(5, "5", ["R0", "R1", "R2"], .init(sequence: 4, recipient: "R4")),
                Pass(6, "6", ["R0"], .init(sequence: 5, recipient: "R5")),
                Pass(7, "7", ["R0", "R1"], .init(sequence: 6, recipient: "R6")),
            ])
        #expect(trace.records.map { text($0.notes) }.map(\.count) == [1, 1, 1])
        #expect(trace.overwrittenCount == 4)

        // A note for a pass still held is attached; one for an overwritten pass is dropped.
        trace.recordNote(.discarded(count: 50), inPass: 5)
        trace.recordNote(.discarded(count: 40), inPass: 4)
        trace.recordNote(.discarded(count: 80), inPass: 8)
        #expect(
            trace.records.map { text($0.notes) } == [
                [
                    "5 waiting events discarded at the drain budget",
                    "50 waiting events discarded at the drain budget",
                ],
                ["6 waiting events discarded at the drain budget"],
                ["7 waiting events discarded at the drain budget"],
            ])
        #expect(trace.overwrittenCount == 4)

        // Wrapping once more keeps the order oldest first.
        _ = trace.beginPass(Num(8), cause: nil)
        #expect(trace.records.map(\.sequence) == [6, 7, 8])
        #expect(trace.records.last?.recipients == [])
        #expect(trace.records.last?.notes.isEmpty == true)
        #expect(trace.overwrittenCount == 5)
    }

    @Test func aTraceReleasesOverwrittenEventsAndEverythingWhenItGoes() {
        weak var overwritten: PageViewEvent?
        weak var held: PageViewEvent?
        do {
            let trace = EventTrace(capacity: 1)
            do {
                let first = PageViewEvent(page: "one")
                let second = PageViewEvent(page: "two")
                overwritten = first
                held = second
                _ = trace.beginPass(first, cause: nil)
                _ = trace.beginPass(second, cause: nil)
            }
            #expect(overwritten == nil)
            #expect(held?.page == "two")
            #expect(trace.delivered(PageViewEvent.self).map(\.page) == ["two"])
        }
        #expect(held == nil)
    }

    @Test func aTraceOfCapacityOneHoldsTheNewestPass() {
        let trace = EventTrace(capacity: 1)
        _ = trace.beginPass(Num(1), cause: nil)
        trace.recordDelivery(to: "A")
        _ = trace.beginPass(Num(2), cause: .init(sequence: 1, recipient: "A"))
        trace.recordDelivery(to: "B")
        #expect(
            trace.records.map(Pass.init) == [
                Pass(2, "2", ["B"], .init(sequence: 1, recipient: "A"))
            ])
        #expect(trace.overwrittenCount == 1)
    }

    @Test func typedAccessSelectsEventsByTypeSubclassAndCategory() {
        let trace = EventTrace(capacity: 10)
        for event: any Event in [
            Num(1), PageViewEvent(page: "one"), Tap(), UserRewardPageViewEvent(page: "two"), Num(2),
            TrackedPageViewEvent(page: "three"),
        ] {
            _ = trace.beginPass(event, cause: nil)
        }
        #expect(trace.delivered(Num.self).map(\.value) == [1, 2])
        #expect(trace.records(of: Num.self).map(\.sequence) == [1, 5])
        #expect(trace.delivered(PageViewEvent.self).map(\.page) == ["one", "two", "three"])
        #expect(trace.delivered(UserRewardPageViewEvent.self).map(\.page) == ["two"])
        #expect(trace.records(of: (any Analytics).self).map(\.sequence) == [3, 6])
        #expect(trace.delivered(Other.self).isEmpty)
    }

    @Test func aNewTraceIsEmpty() {
        let trace = EventTrace(capacity: 5)
        #expect(trace.records.isEmpty)
        #expect(trace.overwrittenCount == 0)
        #expect(trace.delivered(Num.self).isEmpty)
        #expect(trace.tree == "(no passes recorded)\n")
        #expect(
            trace.mermaid == """
                sequenceDiagram
                    participant P1 as App
                    Note over P1: no passes recorded

                """)
    }
}
