import EventBusKit
import Testing

/// Contract §10.1: the bus keeps the latest value of each sticky type, stored when its pass
/// begins, and replays the stored values to a recipient that asks, each in a pass of its own.
@Suite(.noUnexpectedProblems) struct StickyEventTests {
    @Test func theLatestValueIsStoredWhenItsPassBeginsEvenIfItReachesNoOne() {
        let bus = EventBus()
        #expect(bus.stickyEvent(Mood.self) == nil)
        bus.dispatch(Mood("calm"))
        #expect(bus.stickyEvent(Mood.self)?.value == "calm")
        bus.dispatch(Mood("busy"))
        #expect(bus.stickyEvent(Mood.self)?.value == "busy")
        #expect(bus.stickyEvent(Volume.self) == nil)
    }

    @Test(.allowsProblems) func aStickyEventStillQueuedRejectedOrDiscardedIsNotTheLatest() {
        let bus = EventBus(maximumQueuedDispatches: 1, maximumEventsPerDrain: 2)
        var seenLatest: [String?] = []
        let trace = Trace()
        bus.register(
            TraceConsumer("A", [Num.self], trace: trace) { _ in
                bus.dispatch(Mood("queued"))
                seenLatest.append(bus.stickyEvent(Mood.self)?.value)
                bus.dispatch(Mood("rejected"))  // maximumQueuedDispatches: 1
                bus.dispatch(Num(0))
            })
        bus.dispatch(Num(1))  // passes: 1, mood(queued); then Num(0) is discarded
        #expect(seenLatest == [nil])
        #expect(bus.stickyEvent(Mood.self)?.value == "queued")
    }

    @Test func aStoppedPassStillStoresItsValue() {
        let bus = EventBus()
        let stopper = bus.subscribe(to: Mood.self) { _ in bus.cancelDelivery() }
        bus.dispatch(Mood("stopped"))
        #expect(bus.stickyEvent(Mood.self)?.value == "stopped")
        withExtendedLifetime(stopper) {}
    }

    @Test func aClassHierarchyIsStoredPerDynamicTypeAndReadThroughItsBase() {
        let bus = EventBus()
        let rain = Rain()
        let weather = Weather()
        bus.dispatch(rain)
        bus.dispatch(weather)
        #expect(bus.stickyEvent(Weather.self) === weather)
        #expect(bus.stickyEvent(Rain.self) === rain)
        bus.dispatch(rain)  // stored again: the newest
        #expect(bus.stickyEvent(Weather.self) === rain)
        #expect(bus.stickyEvent((any StickyEvent).self) is Rain)
        #expect(bus.stickyEvent(Conforming<any StickyEvent>.self) == nil)
    }

    @Test func removeStickyEventsForgetsEveryStoredValueThatIsAT() {
        let bus = EventBus()
        bus.dispatch(Weather())
        bus.dispatch(Rain())
        bus.dispatch(Mood("calm"))
        bus.removeStickyEvents(Weather.self)
        #expect(bus.stickyEvent(Weather.self) == nil)
        #expect(bus.stickyEvent(Mood.self)?.value == "calm")
        bus.dispatch(Volume(3))
        bus.removeStickyEvents((any StickyEvent).self)
        #expect(bus.stickyEvent(Mood.self) == nil)
        #expect(bus.stickyEvent(Volume.self) == nil)
    }

    @Test func aConsumerThatReplaysGetsEachMatchingValueOldestFirstBeforeRegisterReturns() {
        let bus = EventBus()
        let trace = Trace()
        bus.register(TraceConsumer("L", [DidConsumeEvent.self], trace: trace))
        bus.dispatch(Mood("calm"))
        bus.dispatch(Volume(2))
        bus.dispatch(Num(1))
        bus.dispatch(Mood("busy"))  // Mood stored again: now newer than Volume
        let recording = bus.startTracing()
        let late = TraceConsumer("R", [Mood.self, Volume.self, Num.self], trace: trace)
        late.replaysLatest = true
        bus.register(late)
        #expect(
            trace.entries == [
                "Rvolume(2)", "Rmood(busy)", "L(R consumed volume(2))", "L(R consumed mood(busy))",
            ])
        #expect(recording.records.map(\.recipients) == [["R"], ["R"], ["L"], ["L"]])
        #expect(recording.records.prefix(2).allSatisfy { $0.cause == nil })
    }

    @Test func aConsumerThatDoesNotAskGetsNoReplay() {
        let bus = EventBus()
        let trace = Trace()
        bus.dispatch(Mood("calm"))
        bus.register(TraceConsumer("A", [Mood.self], trace: trace))
        #expect(trace.entries == [])
    }

    @Test func replaysToARecipientAddedDuringAPassRunRightAfterItBeforeWaitingEvents() throws {
        let bus = EventBus()
        let trace = Trace()
        bus.dispatch(Mood("calm"))
        let late = TraceConsumer("R", [Mood.self, Num.self], trace: trace)
        late.replaysLatest = true
        bus.register(
            TraceConsumer("A", [Num.self], trace: trace) { event in
                guard (event as? Num)?.value == 1 else { return }
                bus.dispatch(Num(2))
                bus.register(late)
            })
        bus.register(TraceConsumer("B", [Num.self], trace: trace))
        let recording = bus.startTracing()
        bus.dispatch(Num(1))
        #expect(trace.entries == ["A1", "B1", "Rmood(calm)", "A2", "B2", "R2"])
        let replay = try #require(recording.records.first { $0.event is Mood })
        #expect(replay.recipients == ["R"])
        #expect(replay.cause == EventTrace.Cause(sequence: 1, recipient: "A"))
    }

    @Test func aReplayIsSkippedWhenItsValueWasClearedOrItsRecipientIsGone() {
        let bus = EventBus()
        let trace = Trace()
        bus.dispatch(Mood("calm"))
        bus.dispatch(Volume(1))
        let late = TraceConsumer("R", [Mood.self, Volume.self], trace: trace)
        late.replaysLatest = true
        var lateToken: EventSubscription?
        bus.register(
            TraceConsumer("A", [Num.self], trace: trace) { _ in
                bus.register(late)
                bus.removeStickyEvents(Mood.self)
                lateToken = bus.subscribe(to: Volume.self, options: .replaysLatest) {
                    trace.entries.append("S\($0)")
                }
                lateToken?.cancel()
            })
        let report = bus.dispatch(Num(1))
        #expect(trace.entries == ["A1", "Rvolume(1)"])
        #expect(report == .drained(events: 2))
    }

    @Test(.allowsProblems) func replaysAreNotRejectedAndCountInTheDrainBudget() {
        let bus = EventBus(
            maximumQueuedDispatches: 1, maximumEventsPerDrain: 2, reentrancy: .reject)
        let trace = Trace()
        bus.dispatch(Mood("calm"))
        bus.dispatch(Volume(1))
        let late = TraceConsumer("R", [Mood.self, Volume.self], trace: trace)
        late.replaysLatest = true
        bus.register(TraceConsumer("A", [Num.self], trace: trace) { _ in bus.register(late) })
        #expect(bus.dispatch(Num(1)) == .limitReached(processed: 2, discarded: 1))
        #expect(trace.entries == ["A1", "Rmood(calm)"])
    }

    @Test func everySubscriptionFormAndStreamsCanReplay() async {
        final class Owner {}
        let bus = EventBus()
        bus.dispatch(Mood("calm"))
        var seen: [String] = []
        let plain = bus.subscribe(to: Mood.self, options: .replaysLatest) { seen.append("P\($0)") }
        let all = bus.subscribe(to: AllEvent.self, options: .replaysLatest) { (e: any Event) in
            seen.append("A\(e)")
        }
        let owner = Owner()
        bus.subscribe(to: Mood.self, owner: owner, options: .replaysLatest) { _, mood in
            seen.append("O\(mood)")
        }
        var gone: Owner? = Owner()
        let goneOwner = gone!
        gone = nil
        _ = goneOwner
        let stream = bus.events(of: Mood.self, options: .replaysLatest)
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next()?.value == "calm")
        #expect(seen == ["Pmood(calm)", "Amood(calm)", "Omood(calm)"])
        withExtendedLifetime((plain, all, owner)) {}
    }

    @Test func aReplayToAnOwnerBoundSubscriptionWhoseOwnerIsGoneIsSkipped() {
        final class Owner {}
        let bus = EventBus()
        var seen: [String] = []
        bus.dispatch(Mood("calm"))
        let trace = Trace()
        bus.register(
            TraceConsumer("A", [Num.self], trace: trace) { _ in
                var owner: Owner? = Owner()
                bus.subscribe(to: Mood.self, owner: owner!, options: .replaysLatest) { _, mood in
                    seen.append("O\(mood)")
                }
                owner = nil  // gone before the replay's turn
            })
        bus.dispatch(Num(1))
        #expect(seen == [])
    }

    @Test func theBusDescriptionNamesTheStoredValues() {
        let bus = EventBus()
        bus.dispatch(Mood("calm"))
        #expect(bus.description.hasSuffix("latest sticky values:\n  Mood: mood(calm)"))
    }
}
