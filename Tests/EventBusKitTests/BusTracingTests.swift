import EventBusKit
import Testing

/// Contract §9 on a real bus: what a running trace records for every kind of pass, how it
/// names recipients, how it starts and stops, and what `explain` and `description` say.
@Suite(.noUnexpectedProblems) struct BusTracingTests {
    // MARK: §9.2 Records and causes

    @Test func aNestedChainThreeLevelsDeepRecordsEachPassWithTheRecipientThatDispatchedIt() {
        let bus = EventBus()
        let log = Trace()
        bus.register(
            TraceConsumer("A", [TapEvent.self], trace: log) { _ in
                bus.dispatch(NextEvent(page: 2))
            })
        bus.register(
            TraceConsumer("B", [NextEvent.self], trace: log) { _ in
                bus.dispatch(TickEvent(count: 3))
            })
        bus.register(TraceConsumer("C", [TickEvent.self], trace: log))
        let trace = bus.startTracing()
        #expect(bus.dispatch(TapEvent()) == .drained(events: 3))
        #expect(
            trace.passes == [
                TracedPass(1, "tap", ["A"], nil),
                TracedPass(2, "next(2)", ["B"], cause(1, "A")),
                TracedPass(3, "tick(3)", ["C"], cause(2, "B")),
            ])
        #expect(trace.overwrittenCount == 0)
    }

    @Test func passesAreRecordedBreadthFirstInDeliveryOrder() {
        // A1 B1 A2 B2 A3 B3: both dispatch while handling 1; their events wait their turn.
        let bus = EventBus()
        let log = Trace()
        bus.register(
            TraceConsumer("A", [Num.self], trace: log) { event in
                if (event as? Num)?.value == 1 { bus.dispatch(Num(2)) }
            })
        bus.register(
            TraceConsumer("B", [Num.self], trace: log) { event in
                if (event as? Num)?.value == 1 { bus.dispatch(Num(3)) }
            })
        let trace = bus.startTracing()
        bus.dispatch(Num(1))
        #expect(log.entries == ["A1", "B1", "A2", "B2", "A3", "B3"])
        #expect(
            trace.passes == [
                TracedPass(1, "1", ["A", "B"], nil),
                TracedPass(2, "2", ["A", "B"], cause(1, "A")),
                TracedPass(3, "3", ["A", "B"], cause(1, "B")),
            ])
    }

    @Test func aDidConsumeEventIsAPassCausedByTheConsumerItAnnounces() {
        let bus = EventBus()
        let log = Trace()
        bus.register(
            TraceConsumer("A", [Num.self], trace: log) { event in
                if (event as? Num)?.value == 1 { bus.dispatch(Num(2)) }
            })
        bus.register(TraceConsumer("B", [Num.self], trace: log))
        bus.register(TraceConsumer("Logger", [DidConsumeEvent.self], trace: log))
        let trace = bus.startTracing()
        #expect(bus.dispatch(Num(1)) == .drained(events: 6))
        #expect(
            trace.passes.map { TracedPass($0.sequence, "", $0.recipients, $0.cause) } == [
                TracedPass(1, "", ["A", "B"], nil),
                // A's dispatch is queued during its call, before its consumption's announcement.
                TracedPass(2, "", ["A", "B"], cause(1, "A")),
                TracedPass(3, "", ["Logger"], cause(1, "A")),
                TracedPass(4, "", ["Logger"], cause(1, "B")),
                TracedPass(5, "", ["Logger"], cause(2, "A")),
                TracedPass(6, "", ["Logger"], cause(2, "B")),
            ])
        let announced = trace.delivered(DidConsumeEvent.self)
        #expect(announced.map { "\($0.consumer)" } == ["A", "B", "A", "B"])
        #expect(announced.compactMap { $0.event.as(Num.self)?.value } == [1, 1, 2, 2])
        #expect(trace.delivered(Num.self).map(\.value) == [1, 2])
        #expect(trace.records(of: DidConsumeEvent.self).map(\.sequence) == [3, 4, 5, 6])
    }

    @Test func aNoConsumerEventIsAPassCausedByTheBusInThePassThatReachedNoOne() {
        let bus = EventBus()
        let log = Trace()
        bus.register(TraceConsumer("Watchdog", [NoConsumerEvent.self], trace: log))
        bus.register(
            TraceConsumer("A", [Num.self], trace: log) { _ in bus.dispatch(Other()) })
        let trace = bus.startTracing()
        bus.dispatch(Other())
        bus.dispatch(Num(1))
        #expect(
            trace.passes == [
                TracedPass(1, "other", [], nil),
                TracedPass(2, "\(NoConsumerEvent(event: Other()))", ["Watchdog"], cause(1, nil)),
                TracedPass(3, "1", ["A"], nil),
                TracedPass(4, "other", [], cause(3, "A")),
                TracedPass(5, "\(NoConsumerEvent(event: Other()))", ["Watchdog"], cause(4, nil)),
            ])
        #expect(trace.delivered(NoConsumerEvent.self).map { "\($0.event)" } == ["other", "other"])
    }

    @Test func aStreamsDropIsANoteOfThePassAndItsAnnouncementNamesTheStream() {
        let bus = EventBus()
        let log = Trace()
        bus.register(TraceConsumer("Drops", [DroppedEvent.self], trace: log))
        let (stream, line) = (
            bus.events(of: TickEvent.self, bufferingPolicy: .bufferingNewest(1)), #line
        )
        let name =
            "events(of: TickEvent, bufferingPolicy: bufferingNewest(1),"
            + " at: EventBusKitTests/BusTracingTests.swift:\(line))"
        let trace = bus.startTracing()
        bus.dispatch(TickEvent(count: 1))
        bus.dispatch(TickEvent(count: 2))  // the unread buffer drops tick(1)
        #expect(
            trace.passes == [
                TracedPass(1, "tick(1)", [name], nil),
                TracedPass(
                    2, "tick(2)", [name], nil,
                    notes: [
                        "events(of: TickEvent, bufferingPolicy: bufferingNewest(1), at: "
                            + "…BusTracingTests.swift:\(line)) dropped tick(1)"
                    ]),
                TracedPass(3, "\(trace.records[2].event)", ["Drops"], cause(2, name)),
            ])
        guard case .dropped(let event, let dropper) = trace.records[1].notes.first else {
            Issue.record("pass 2 has no drop")
            return
        }
        #expect((event as? TickEvent)?.count == 1)
        #expect(dropper == name)
        #expect(trace.delivered(DroppedEvent.self).map { "\($0.event)" } == ["tick(1)"])
        withExtendedLifetime(stream) {}
    }

    @Test func aThrowingSubscriptionsFailureIsANoteAndItsAnnouncementNamesTheSubscription() {
        let bus = EventBus()
        let log = Trace()
        bus.register(TraceConsumer("Alarm", [ConsumerFailedEvent.self], trace: log))
        let (token, line) = (
            bus.subscribe(to: Num.self) { _ in throw SoldOut() }, #line
        )
        bus.register(TraceConsumer("After", [Num.self], trace: log))
        let name =
            "Subscription(to: Num, at: EventBusKitTests/BusTracingTests.swift:\(line))"
        let trace = bus.startTracing()
        bus.dispatch(Num(1))
        #expect(
            trace.passes == [
                TracedPass(
                    1, "1", [name, "After"], nil,
                    notes: ["\(name) failed on 1: sold out"]
                ),
                TracedPass(2, "\(trace.records[1].event)", ["Alarm"], cause(1, name)),
            ])
        guard case .failed(let event, let recipient, let error) = trace.records[0].notes.first
        else {
            Issue.record("pass 1 has no failure")
            return
        }
        #expect((event as? Num)?.value == 1)
        #expect(recipient == name)
        #expect(error == "sold out")
        withExtendedLifetime(token) {}
    }

    @Test func aSubscriptionCalledDirectlyIsNamedInItsFailureAndOutsideAPassCausesNothing() {
        // A subscription's stand-in reaches users through `DidConsumeEvent.consumer`; calling
        // it is not a pass of the bus. Its failure is noted in the pass that runs (if any),
        // under the subscription's name, not the caller's.
        let bus = EventBus()
        var standIn: (any EventConsumer)?
        bus.register(
            TraceConsumer("Keeper", [DidConsumeEvent.self], trace: Trace()) { event in
                standIn = (event as? DidConsumeEvent)?.consumer
            })
        bus.register(TraceConsumer("Alarm", [ConsumerFailedEvent.self], trace: Trace()))
        let (token, line) = (
            bus.subscribe(to: Num.self) { if $0.value > 1 { throw SoldOut() } }, #line
        )
        let name =
            "Subscription(to: Num, at: EventBusKitTests/BusTracingTests.swift:\(line))"
        bus.register(
            TraceConsumer("Caller", [Other.self], trace: Trace()) { _ in
                standIn?.consume(Num(2))
            })
        bus.dispatch(Num(1))
        let trace = bus.startTracing()
        standIn?.consume(Num(3))
        bus.dispatch(Other())
        let failed = ConsumerFailedEvent.self
        #expect(
            trace.passes.map {
                TracedPass($0.sequence, "", $0.recipients, $0.cause, notes: $0.notes)
            }
                == [
                    TracedPass(1, "", ["Alarm"], nil),
                    TracedPass(
                        2, "", ["Caller"], nil,
                        notes: ["\(name) failed on 2: sold out"]),
                    TracedPass(3, "", ["Alarm"], cause(2, name)),
                    TracedPass(4, "", ["Keeper"], cause(2, "Caller")),
                ])
        #expect(trace.delivered(failed).map { "\($0.event)" } == ["3", "2"])
        withExtendedLifetime(token) {}
    }

    @Test(.allowsProblems) func aDispatchRejectedBecauseTheQueueIsFullIsANoteNamingItsDispatcher() {
        let bus = EventBus(maximumQueuedDispatches: 1)
        var reports: [DispatchReport] = []
        bus.register(
            TraceConsumer("A", [Num.self], trace: Trace()) { event in
                guard (event as? Num)?.value == 1 else { return }
                reports.append(bus.dispatch(Num(2)))
                reports.append(bus.dispatch(Num(3)))
            })
        let trace = bus.startTracing()
        bus.dispatch(Num(1))
        #expect(reports == [.queued, .rejectedFull])
        #expect(
            trace.passes == [
                TracedPass(
                    1, "1", ["A"], nil, notes: ["dispatch of 3 by A rejected: rejectedFull"]),
                TracedPass(2, "2", ["A"], cause(1, "A")),
            ])
        guard case .refused(let event, let report, let recipient) = trace.records[0].notes.first
        else {
            Issue.record("pass 1 has no refusal")
            return
        }
        #expect((event as? Num)?.value == 3)
        #expect(report == .rejectedFull)
        #expect(recipient == "A")
    }

    @Test(.allowsProblems) func aDispatchRejectedUnderTheRejectPolicyIsANoteNamingItsDispatcher() {
        let bus = EventBus(reentrancy: .reject)
        bus.register(
            TraceConsumer("A", [Num.self], trace: Trace()) { _ in bus.dispatch(Num(2)) })
        bus.register(TraceConsumer("B", [Num.self], trace: Trace()))
        let trace = bus.startTracing()
        #expect(bus.dispatch(Num(1)) == .drained(events: 1))
        #expect(
            trace.passes == [
                TracedPass(
                    1, "1", ["A", "B"], nil,
                    notes: ["dispatch of 2 by A rejected: rejectedReentrant"])
            ])
    }

    @Test(.allowsProblems) func theDrainBudgetsDiscardsAreANoteOfTheLastPass() {
        let bus = EventBus(maximumEventsPerDrain: 3)
        bus.register(
            TraceConsumer("Echo", [PingEvent.self], trace: Trace()) { event in
                bus.dispatch(PingEvent(count: (event as! PingEvent).count + 1))
                if (event as! PingEvent).count == 3 { bus.dispatch(PingEvent(count: 9)) }
            })
        let trace = bus.startTracing()
        #expect(bus.dispatch(PingEvent(count: 1)) == .limitReached(processed: 3, discarded: 2))
        #expect(
            trace.passes == [
                TracedPass(1, "ping(1)", ["Echo"], nil),
                TracedPass(2, "ping(2)", ["Echo"], cause(1, "Echo")),
                TracedPass(
                    3, "ping(3)", ["Echo"], cause(2, "Echo"),
                    notes: ["2 waiting events discarded at the drain budget"]),
            ])
    }

    // MARK: §9.1 The trace's bound and its lifetime

    @Test func aTraceKeepsTheNewestPassesUpToItsCapacityAndCountsTheOverwritten() {
        let bus = EventBus()
        bus.register(TraceConsumer("A", [Num.self], trace: Trace()))
        let trace = bus.startTracing(capacity: 2)
        for value in 1...5 { bus.dispatch(Num(value)) }
        #expect(trace.capacity == 2)
        #expect(
            trace.passes == [
                TracedPass(4, "4", ["A"], nil),
                TracedPass(5, "5", ["A"], nil),
            ])
        #expect(trace.overwrittenCount == 3)
        #expect(trace.delivered(Num.self).map(\.value) == [4, 5])
    }

    @Test func aTracesDefaultCapacityIsAThousandPasses() {
        #expect(EventBus().startTracing().capacity == 1_000)
    }

    @Test func restartingReplacesTheTraceAndTheOldOneKeepsItsRecords() {
        let bus = EventBus()
        bus.register(TraceConsumer("A", [Num.self], trace: Trace()))
        let first = bus.startTracing()
        bus.dispatch(Num(1))
        let second = bus.startTracing()
        bus.dispatch(Num(2))
        #expect(first.passes == [TracedPass(1, "1", ["A"], nil)])
        // A new trace numbers its passes from 1.
        #expect(second.passes == [TracedPass(1, "2", ["A"], nil)])
    }

    @Test func nothingIsRecordedAfterStoppingAndTheTraceKeepsWhatItHas() {
        let bus = EventBus()
        bus.register(TraceConsumer("A", [Num.self], trace: Trace()))
        bus.stopTracing()  // nothing to stop: does nothing
        bus.dispatch(Num(0))
        let trace = bus.startTracing()
        bus.dispatch(Num(1))
        bus.stopTracing()
        bus.dispatch(Num(2))
        bus.stopTracing()
        #expect(trace.passes == [TracedPass(1, "1", ["A"], nil)])
        let next = bus.startTracing()
        bus.dispatch(Num(3))
        #expect(next.passes == [TracedPass(1, "3", ["A"], nil)])
        #expect(trace.passes == [TracedPass(1, "1", ["A"], nil)])
    }

    @Test func stoppingDuringAPassRecordsNothingMoreOfThatPass() {
        let bus = EventBus()
        bus.register(
            TraceConsumer("Stopper", [Num.self], trace: Trace()) { _ in
                bus.stopTracing()
                bus.dispatch(Other())
            })
        bus.register(TraceConsumer("After", [Num.self, Other.self], trace: Trace()))
        let trace = bus.startTracing()
        bus.dispatch(Num(1))
        #expect(trace.passes == [TracedPass(1, "1", ["Stopper"], nil)])
    }

    @Test func aTraceStartedDuringAPassRecordsTheLaterPassesWithoutACauseItDidNotSee() {
        let bus = EventBus()
        var started: EventTrace?
        bus.register(
            TraceConsumer("Starter", [Num.self], trace: Trace()) { event in
                guard (event as? Num)?.value == 1 else { return }
                started = bus.startTracing()
                bus.dispatch(Num(2))
            })
        bus.register(TraceConsumer("After", [Num.self], trace: Trace()))
        bus.dispatch(Num(1))
        // Pass 1 began untraced; the trace sees Num(2)'s pass, caused by a pass it never
        // recorded: it is a root.
        #expect(started?.passes == [TracedPass(1, "2", ["Starter", "After"], nil)])
    }

    // MARK: §9.3 Names

    @Test func aConsumerIsNamedByItsDescriptionOrElseByItsTypeName() {
        let bus = EventBus()
        bus.register(TraceConsumer("Described", [Num.self], trace: Trace()))
        bus.register(UnnamedConsumer())
        bus.register(GenericConsumer<User>())
        bus.register(RecordingConsumer(willConsume: [Num.self]))
        bus.register(RecordingConsumer(name: "Recorder", willConsume: [Num.self]))
        let trace = bus.startTracing()
        bus.dispatch(Num(1))
        #expect(
            trace.records.first?.recipients == [
                "Described", "UnnamedConsumer", "GenericConsumer<User>", "RecordingConsumer",
                "Recorder",
            ])
        #expect(bus.explain(Num(1)).recipients == trace.records.first?.recipients)
    }

    @Test func subscriptionsAreNamedByTheirEventTypeAndWhereTheyWereMade() {
        let bus = EventBus()
        let owner = SubscriptionOwner()
        let file = "EventBusKitTests/BusTracingTests.swift"
        let (plain, plainLine) = (bus.subscribe(to: Num.self) { _ in }, #line)
        let (throwing, throwingLine) = (bus.subscribe(to: Num.self) { (_: Num) throws in }, #line)
        let ownedLine = #line + 1
        bus.subscribe(to: Num.self, owner: owner) { _, _ in }
        let trace = bus.startTracing()
        bus.dispatch(Num(1))
        #expect(
            trace.records.first?.recipients == [
                "Subscription(to: Num, at: \(file):\(plainLine))",
                "Subscription(to: Num, at: \(file):\(throwingLine))",
                "Subscription(to: Num, at: \(file):\(ownedLine), owner: SubscriptionOwner)",
            ])
        withExtendedLifetime((plain, throwing, owner)) {}
    }

    @Test func streamsAreNamedByTheirEventTypeBufferingPolicyAndWhereTheyWereMade() {
        let bus = EventBus()
        let file = "EventBusKitTests/BusTracingTests.swift"
        let (ticks, ticksLine) = (bus.events(of: TickEvent.self), #line)
        let categoryLine = #line + 1
        let category = bus.events(
            of: Conforming<any StreamAnalytics>.self, bufferingPolicy: .bufferingOldest(3))
        let trace = bus.startTracing()
        bus.dispatch(TickEvent(count: 1))
        bus.dispatch(StreamTap(name: "buy"))
        #expect(
            trace.passes.map(\.recipients) == [
                ["events(of: TickEvent, bufferingPolicy: unbounded, at: \(file):\(ticksLine))"],
                [
                    "events(of: Conforming<any StreamAnalytics>, bufferingPolicy:"
                        + " bufferingOldest(3), at: \(file):\(categoryLine))"
                ],
            ])
        withExtendedLifetime((ticks, category)) {}
    }

    // MARK: §9.5 Routing, explained

    @Test(.allowsProblems, arguments: RoutingExplanationTests.table)
    func explainOnABusNamesTheRuleAndEntryThatDecideEachRowAndDeliversNothing(
        _ explained: ExplainedRow
    ) {
        let row = explained.row
        let bus = EventBus()
        let log = Trace()
        bus.register(
            TraceConsumer(
                "R", row.willConsume.map(\.type), excluding: row.excludeList.map(\.type),
                trace: log))
        let trace = bus.startTracing()
        let explanation = bus.explain(row.event.event)
        let verdict = row.delivered ? "receives it" : "does not receive it"
        #expect(explanation.description == "R \(verdict): \(explained.reason)")
        #expect(explanation.lines == ["R \(verdict): \(explained.reason)"])
        #expect(explanation.recipients == (row.delivered ? ["R"] : []))
        // Nothing was delivered, recorded or routed.
        #expect(log.entries.isEmpty)
        #expect(trace.records.isEmpty)
        #expect("\(bus)".hasSuffix("routes built: none"))
        // And the explanation agrees with a real dispatch.
        bus.dispatch(row.event.event)
        #expect(trace.records.first?.recipients == explanation.recipients)
    }

    @Test func explainListsEveryLiveRecipientInRegistrationOrder() {
        let bus = EventBus()
        let gone = TraceConsumer("Gone", [Num.self], trace: Trace())
        bus.register(TraceConsumer("Pages", [PageViewEvent.self], trace: Trace()))
        bus.register(gone)
        bus.register(
            TraceConsumer(
                "Logger", [AllEvent.self], excluding: [PageViewEvent.self], trace: Trace()))
        let line = #line + 1
        let token = bus.subscribe(to: UserRewardPageViewEvent.self) { _ in }
        bus.deregister(gone)
        let explanation = bus.explain(UserRewardPageViewEvent(page: "three"))
        let subscription =
            "Subscription(to: UserRewardPageViewEvent, at: EventBusKitTests/BusTracingTests.swift:\(line))"
        #expect(explanation.recipients == ["Pages", subscription])
        #expect(
            explanation.lines == [
                "Pages receives it: entry PageViewEvent of willConsume covers it",
                "Logger does not receive it: entry PageViewEvent of excludeList covers it",
                "Subscription(to: UserRe…nt, at: …BusTracingTests.swift:\(line)) receives it: it is "
                    + "a subscription to UserRewardPageViewEvent",
            ])
        #expect(EventBus().explain(Num(1)).description == "no recipients are registered")
        withExtendedLifetime(token) {}
    }

    @Test func printingTheBusListsItsRecipientsWithTheirListsAndTheRoutesBuilt() {
        let bus = EventBus()
        #expect(
            "\(bus)" == """
                EventBus: 0 recipients
                routes built: none
                """)
        bus.register(TraceConsumer("Flow", [NextEvent.self, TapEvent.self], trace: Trace()))
        bus.register(
            TraceConsumer(
                "Logger", [DidConsumeEvent.self], excluding: [Conforming<any Analytics>.self],
                trace: Trace()))
        bus.register(UnnamedConsumer())
        #expect(
            "\(bus)" == """
                EventBus: 3 recipients
                  1. Flow  willConsume: [NextEvent, TapEvent]  excludeList: []
                  2. Logger  willConsume: [DidConsumeEvent]  excludeList: [Conforming<any Analytics>]
                  3. UnnamedConsumer  willConsume: [Num]  excludeList: []
                routes built: none
                """)
        bus.dispatch(TapEvent())
        bus.dispatch(Other())
        #expect(
            "\(bus)" == """
                EventBus: 3 recipients
                  1. Flow  willConsume: [NextEvent, TapEvent]  excludeList: []
                  2. Logger  willConsume: [DidConsumeEvent]  excludeList: [Conforming<any Analytics>]
                  3. UnnamedConsumer  willConsume: [Num]  excludeList: []
                routes built:
                  DidConsumeEvent → Logger
                  NoConsumerEvent → no one
                  Other → no one
                  TapEvent → Flow
                """)
    }

    @Test func aBusWithOneRecipientSaysSoInTheSingular() {
        let bus = EventBus()
        bus.register(UnnamedConsumer())
        bus.dispatch(Num(1))
        #expect(
            "\(bus)" == """
                EventBus: 1 recipient
                  1. UnnamedConsumer  willConsume: [Num]  excludeList: []
                routes built:
                  Num → UnnamedConsumer
                """)
    }
}
