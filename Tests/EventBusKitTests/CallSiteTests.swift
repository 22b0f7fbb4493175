import EventBusKit
import Testing

/// Dispatches for its callers, forwarding their call site as the contract tells a helper to.
private func dispatchForCaller(
    _ event: any Event, on bus: EventBus, fileID: String = #fileID, line: Int = #line
) {
    bus.dispatch(event, fileID: fileID, line: line)
}

/// Dispatches, not forwarding its caller's site: the trace names this line.
private func dispatchHere(_ event: any Event, on bus: EventBus) -> Int {
    bus.dispatch(event)
    return #line - 1
}

/// The origin of a dispatch on `line` of this file.
private func here(_ line: Int) -> EventTrace.Origin {
    EventTrace.Origin(fileID: #fileID, line: line)
}

/// Contract §13.2: each traced pass records the line that dispatched or posted its event.
@Suite(.noUnexpectedProblems) struct CallSiteTests {
    @Test func anOutermostDispatchRecordsItsCallSite() {
        let bus = EventBus()
        let token = bus.subscribe(to: Num.self) { _ in }
        let trace = bus.startTracing()
        bus.dispatch(Num(1))
        let line = #line - 1
        #expect(trace.records.map(\.origin) == [here(line)])
        #expect(
            trace.records[0].origin?.description == "EventBusKitTests/CallSiteTests.swift:\(line)")
        withExtendedLifetime(token) {}
    }

    @Test func aDispatchFromARecipientRecordsItsOwnLineBesideItsCause() {
        let bus = EventBus()
        var nestedLine = 0
        let first = bus.subscribe(to: Num.self) { number in
            if number.value == 1 {
                bus.dispatch(Num(2))
                nestedLine = #line - 1
            }
        }
        let trace = bus.startTracing()
        bus.dispatch(Num(1))
        let outerLine = #line - 1
        #expect(trace.records.map(\.origin) == [here(outerLine), here(nestedLine)])
        #expect(trace.records[1].cause?.sequence == 1)
        withExtendedLifetime(first) {}
    }

    @Test func aHelperThatForwardsItsCallSiteRecordsItsCallersLine() {
        let bus = EventBus()
        let trace = bus.startTracing()
        dispatchForCaller(Num(1), on: bus)
        let callerLine = #line - 1
        let helperLine = dispatchHere(Num(2), on: bus)
        #expect(trace.records.map(\.origin) == [here(callerLine), here(helperLine)])
    }

    @Test func announcementsAndReplaysHaveNoOrigin() {
        let bus = EventBus()
        bus.dispatch(Mood("calm"))  // before the trace: stored, replayed below
        let logger = bus.subscribe(to: DidConsumeEvent.self) { _ in }
        let watchdog = bus.subscribe(to: NoConsumerEvent.self) { _ in }
        let trace = bus.startTracing()
        let late = bus.subscribe(to: Mood.self, options: .replaysLatest) { _ in }
        bus.dispatch(Num(1))  // reaches no one: a NoConsumerEvent
        let line = #line - 1
        #expect(
            trace.records.map { "\(type(of: $0.event))" } == [
                "Mood", "DidConsumeEvent", "Num", "NoConsumerEvent",
            ])
        #expect(trace.records.map(\.origin) == [nil, nil, here(line), nil])
        withExtendedLifetime((logger, watchdog, late)) {}
    }

    @Test func eventsWaitingWhenTheTraceStartsHaveNoOrigin() {
        let bus = EventBus()
        var trace: EventTrace?
        let token = bus.subscribe(to: Num.self) { number in
            guard number.value == 1 else { return }
            bus.dispatch(Num(2))  // queued before the trace starts
            trace = bus.startTracing()
            bus.dispatch(Num(3))
        }
        bus.dispatch(Num(1))
        let thirdLine = #line - 3
        #expect(trace?.records.map { "\($0.event)" } == ["2", "3"])
        #expect(trace?.records.map(\.origin) == [nil, here(thirdLine)])
        withExtendedLifetime(token) {}
    }

    @Test func aPostRecordsWhereItWasPostedWhateverThreadDeliversIt() {
        let bus = EventBus()
        let poster = bus.poster()
        let token = bus.subscribe(to: Num.self) { _ in }
        poster.post(Num(1))
        let postLine = #line - 1
        let trace = bus.startTracing()
        #expect(bus.deliverPosted() == [.drained(events: 1)])
        #expect(trace.records.map(\.origin) == [here(postLine)])
        withExtendedLifetime(token) {}
    }

    @Test func theTreeAndTheDiagramShowEachDispatchedEventsLine() {
        let bus = EventBus()
        final class Screen: EventConsumer, CustomStringConvertible {
            let bus: EventBus
            var nestedLine = 0
            init(bus: EventBus) { self.bus = bus }
            var willConsume: [any Event.Type] { [TapEvent.self] }
            var description: String { "Screen" }
            func consume(_ event: any Event) {
                bus.dispatch(NextEvent(page: 2))
                nestedLine = #line - 1
            }
        }
        let screen = Screen(bus: bus)
        bus.register(screen)
        let trace = bus.startTracing()
        bus.dispatch(TapEvent())
        let line = #line - 1
        let file = "EventBusKitTests/CallSiteTests.swift"
        #expect(
            trace.tree == """
                1. tap at \(file):\(line) → Screen
                └─ 2. next(2) from Screen at \(file):\(screen.nestedLine) → no one

                """)
        #expect(
            trace.mermaid.contains(
                "    P1->>P2: 1. tap<br/>at \(file):\(line)\n"
                    + "    Note over P2: 2. next(2) reached no one<br/>at \(file):\(screen.nestedLine)"
            )
        )
    }
}
