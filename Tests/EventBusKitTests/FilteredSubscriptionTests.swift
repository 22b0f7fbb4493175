import EventBusKit
import Testing

/// Contract §12.1: `where:` on every subscription form. The predicate is asked at the
/// subscription's turn, outside its call; an event it rejects is not a delivery.
@Suite(.noUnexpectedProblems) struct FilteredSubscriptionTests {
    /// A bus with a `DidConsumeEvent` / `NoConsumerEvent` logger appending to `trace`.
    private static func loggedBus(_ trace: Trace) -> EventBus {
        let bus = EventBus()
        bus.register(
            TraceConsumer("L", [DidConsumeEvent.self, NoConsumerEvent.self], trace: trace))
        return bus
    }

    @Test func aRejectedEventIsNotADelivery() {
        let trace = Trace()
        let bus = Self.loggedBus(trace)
        let name = subscriptionName("Num, filtered", line: #line + 1)
        let even = bus.subscribe(to: Num.self, where: { $0.value % 2 == 0 }) {
            trace.entries.append("S\($0)")
        }
        #expect(bus.dispatch(Num(1)) == .drained(events: 2))
        #expect(bus.dispatch(Num(2)) == .drained(events: 2))
        #expect(trace.entries == ["L(nobody got 1)", "S2", "L(\(name) consumed 2)"])
        withExtendedLifetime(even) {}
    }

    @Test func thePredicateIsAskedAtTheSubscriptionsTurnInCallOrder() {
        let bus = EventBus()
        let trace = Trace()
        bus.register(TraceConsumer("A", [Num.self], trace: trace))
        let filtered = bus.subscribe(
            to: Num.self, options: .priority(1),
            where: {
                trace.entries.append("asked \($0)"); return true
            }
        ) { trace.entries.append("S\($0)") }
        bus.register(TraceConsumer("B", [Num.self], trace: trace))
        bus.dispatch(Num(1))
        #expect(trace.entries == ["asked 1", "S1", "A1", "B1"])
        withExtendedLifetime(filtered) {}
    }

    @Test(.allowsProblems) func cancelDeliveryInThePredicateAnswersFalseAndThePassGoesOn() {
        let bus = EventBus()
        let trace = Trace()
        var answers: [Bool] = []
        let filtered = bus.subscribe(
            to: Num.self, options: .priority(1),
            where: { _ in
                answers.append(bus.cancelDelivery()); return false
            }
        ) { trace.entries.append("S\($0)") }
        bus.register(TraceConsumer("A", [Num.self], trace: trace))
        bus.dispatch(Num(1))
        #expect(answers == [false])
        #expect(trace.entries == ["A1"])
        withExtendedLifetime(filtered) {}
    }

    @Test func aPredicateThatEndsItsOwnSubscriptionGetsNoCall() {
        let bus = EventBus()
        let trace = Trace()
        var token: EventSubscription?
        token = bus.subscribe(
            to: Num.self,
            where: { _ in
                token?.cancel(); return true
            }
        ) { trace.entries.append("S\($0)") }
        bus.register(TraceConsumer("A", [Num.self], trace: trace))
        bus.dispatch(Num(1))
        #expect(trace.entries == ["A1"])
        #expect(bus.recipientCount == 1)
    }

    @Test func aPassStoppedBeforeItsTurnDoesNotAskIt() {
        let bus = EventBus()
        let trace = Trace()
        bus.register(TraceConsumer("G", [Num.self], trace: trace) { _ in bus.cancelDelivery() })
        let filtered = bus.subscribe(
            to: Num.self,
            where: {
                trace.entries.append("asked \($0)"); return true
            }
        ) { trace.entries.append("S\($0)") }
        bus.dispatch(Num(1))
        #expect(trace.entries == ["G1"])
        withExtendedLifetime(filtered) {}
    }

    @Test func aRegistryChangeInThePredicateFollowsTheSnapshotRule() {
        let bus = EventBus()
        let trace = Trace()
        let late = TraceConsumer("Late", [Num.self], trace: trace)
        let filtered = bus.subscribe(
            to: Num.self,
            where: { _ in
                bus.register(late); return true
            }
        ) { trace.entries.append("S\($0)") }
        bus.dispatch(Num(1))
        bus.dispatch(Num(2))
        #expect(trace.entries == ["S1", "S2", "Late2"])
        withExtendedLifetime(filtered) {}
    }

    @Test func replaysAreFiltered() {
        let bus = EventBus()
        var seen: [String] = []
        bus.dispatch(Volume(3))
        let quiet = bus.subscribe(
            to: Volume.self, options: .replaysLatest, where: { $0.level < 3 }
        ) { seen.append("quiet \($0)") }
        let loud = bus.subscribe(
            to: Volume.self, options: .replaysLatest, where: { $0.level >= 3 }
        ) { seen.append("loud \($0)") }
        #expect(seen == ["loud volume(3)"])
        withExtendedLifetime((quiet, loud)) {}
    }

    @Test func theOwnerFormsPredicateGetsTheOwner() {
        let bus = EventBus()
        let screen = OwnerBoundScreen(name: "cart")
        screen.badges = [2]
        bus.subscribe(to: Num.self, owner: screen, where: { $0.badges.contains($1.value) }) {
            $0.badges.append($1.value * 10)
        }
        bus.dispatch(Num(1))
        bus.dispatch(Num(2))
        #expect(screen.badges == [2, 20])
    }

    @Test func everyFormFilters() {
        let bus = EventBus()
        var seen: [String] = []
        let tokens = [
            bus.subscribe(to: AllEvent.self, where: { $0 is Num }) { seen.append("all \($0)") },
            bus.subscribe(to: AllEvent.self, where: { $0 is Num }) { (e: any Event) throws in
                seen.append("all! \(e)")
            },
            bus.subscribe(to: Conforming<any Tagged>.self, where: { $0.tag == "b" }) {
                seen.append("tag \($0.tag)")
            },
            bus.subscribe(
                to: Conforming<any Tagged>.self, where: { $0.tag == "b" },
            ) { (e: any Tagged) throws in seen.append("tag! \(e.tag)") },
            bus.subscribe(to: Num.self, where: { $0.value == 2 }) { (n: Num) throws in
                seen.append("num! \(n)")
            },
        ]
        let owner = OwnerBoundScreen(name: "o")
        bus.subscribe(to: AllEvent.self, owner: owner, where: { $1 is Num }) { _, event in
            seen.append("owned all \(event)")
        }
        bus.subscribe(to: Conforming<any Tagged>.self, owner: owner, where: { $1.tag == "b" }) {
            seen.append("owned tag \($1.tag)")
        }
        bus.dispatch(Num(2))
        bus.dispatch(TaggedEvent(tag: "a"))
        bus.dispatch(TaggedEvent(tag: "b"))
        #expect(
            seen == [
                "all 2", "all! 2", "num! 2", "owned all 2", "tag b", "tag! b", "owned tag b",
            ])
        withExtendedLifetime(tokens) {}
    }

    @Test func aTraceDoesNotListARejectingSubscription() {
        let bus = EventBus()
        let name = subscriptionName("Num, filtered", line: #line + 1)
        let filtered = bus.subscribe(to: Num.self, where: { $0.value > 1 }) { _ in }
        let recording = bus.startTracing()
        bus.dispatch(Num(1))
        bus.dispatch(Num(2))
        #expect(recording.records.map(\.recipients) == [[], [name]])
        withExtendedLifetime(filtered) {}
    }

    @Test func hasRecipientsCountsAFilteredSubscription() {
        let bus = EventBus()
        let filtered = bus.subscribe(to: Num.self, where: { _ in false }) { _ in }
        #expect(bus.hasRecipients(for: Num.self))
        withExtendedLifetime(filtered) {}
    }

    @Test func printAndExplainSayItIsFilteredWithoutAskingThePredicate() {
        let bus = EventBus()
        var asked = 0
        let line = #line + 2
        let name = subscriptionName("Num, filtered", line: line)
        let filtered = bus.subscribe(
            to: Num.self,
            where: { _ in
                asked += 1; return true
            }
        ) {
            _ in
        }
        // Too long for one line of 120 characters: the lists go under the name.
        #expect(
            String(describing: bus).contains("1. \(name)\n     willConsume: [Num]  excludeList: []")
        )
        let explanation = bus.explain(Num(1))
        #expect(explanation.recipients == [name])
        // Cut to fit: its module folder first, then its type part; it keeps `filtered` and
        // its call site's line, the middle of the file's name cut last.
        #expect(
            explanation.lines == [
                "S…um, filtered, at: FilteredSubsc…nTests.swift:\(line)) receives it if its "
                    + "predicate accepts it: it is a subscription to Num"
            ])
        #expect(asked == 0)
        withExtendedLifetime(filtered) {}
    }
}

/// How a subscription made at `line` of this file, listing `listing` (and the form's words),
/// is named.
func subscriptionName(
    _ listing: String, line: Int, fileID: String = #fileID, once: Bool = false
) -> String {
    "Subscription(to: \(listing), \(once ? "once, " : "")at: \(fileID):\(line))"
}

/// `explain(_:)` names a closure subscription or a stream as what it is.
@Suite(.noUnexpectedProblems) struct ExplainingSubscriptionsTests {
    @Test func aSubscriptionOrAStreamThatDoesNotReceiveItSaysWhatItIsTo() {
        let bus = EventBus()
        let line = #line + 1
        let stream = bus.events(of: Other.self)
        #expect(
            bus.explain(Num(1)).lines == [
                "e…er, […], at: FilteredSubs…Tests.swift:\(line)) does not receive it: it is a "
                    + "subscription to Other, which does not cover it"
            ])
        withExtendedLifetime(stream) {}
    }
}

/// A category for the `Conforming` forms of `where:`.
protocol Tagged: Event { var tag: String { get } }

/// An event of the `Tagged` category.
struct TaggedEvent: Tagged, Sendable {
    let tag: String
}
