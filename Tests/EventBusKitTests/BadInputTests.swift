import Testing

@testable import EventBusKit

/// A stream buffering policy for `Num` streams.
typealias NumBuffering = AsyncStream<Num>.Continuation.BufferingPolicy

#if canImport(Observation)
    /// Observes `type` through generic code: for `AllEvent`, the typed form is the one compiled.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    func observedCount<T: Event>(of type: T.Type, on bus: EventBus) -> Int {
        bus.observe(type).count
    }
#endif

@Suite(.noUnexpectedProblems) struct BadInputTests {
    @Test func anEventWithNoRecipientsIsDeliveredToNoOne() {
        let bus = EventBus()
        #expect(bus.dispatch(Num(1)) == .drained(events: 1))
    }

    @Test(.allowsProblems) func aRecipientWithEmptyListsReceivesNothing() {
        let bus = EventBus()
        let recorder = RecordingConsumer(willConsume: [], excludeList: [])
        bus.register(recorder)
        bus.dispatch(Num(1))
        bus.dispatch(PageViewEvent(page: "one"))
        #expect(recorder.received.isEmpty)
        #expect(bus.isRegistered(recorder))
    }

    @Test func deregisteringAnUnknownConsumerDoesNothing() {
        let bus = EventBus()
        let known = RecordingConsumer(willConsume: [Num.self])
        bus.register(known)
        #expect(!bus.deregister(RecordingConsumer(willConsume: [Num.self])))
        #expect(bus.deregister(known))
        #expect(!bus.deregister(known))
        bus.dispatch(Num(1))
        #expect(known.received.isEmpty)
    }

    @Test func dispatchingFromADeinitDuringDeliveryQueuesTheEvent() {
        final class Farewell {
            let bus: EventBus
            init(bus: EventBus) { self.bus = bus }
            deinit { bus.dispatch(Other()) }
        }
        let bus = EventBus()
        let trace = Trace()
        var farewell: Farewell? = Farewell(bus: bus)
        bus.register(TraceConsumer("A", [Num.self], trace: trace) { _ in farewell = nil })
        bus.register(TraceConsumer("B", [Num.self, Other.self], trace: trace))
        #expect(bus.dispatch(Num(1)) == .drained(events: 2))
        #expect(trace.entries == ["A1", "B1", "Bother"])
        #expect(farewell == nil)
    }

    @Test(
        arguments: ["subscribe(to:)", "events(of:)", "next(_:)", "observe(_:)"] as [StaticString])
    func listeningToNoEventStopsWithAMessageNamingTheCall(_ call: StaticString) {
        #expect(
            EventBus.targetProblem(NoEvent.self, typed: true, call: call)
                == "\(call): NoEvent covers no event, so nothing could ever be delivered; name the event type, AllEvent, or Conforming<P>"
        )
    }

    /// `AllEvent` and categories have their own forms (closures of `any Event` and of `P`);
    /// the form for one type, reached with one through generic code, stops.
    @Test(arguments: [(Entry.all, "AllEvent"), (.analytics, "Conforming<any Analytics>")])
    func aCategoryReachingTheTypedFormStopsWithAMessageNamingTheCall(
        _ entry: Entry, printed: String
    ) {
        #expect(
            EventBus.targetProblem(entry.type, typed: true, call: "observe(_:)")
                == "observe(_:): \(printed) reached the form for one event type through generic code, where it has no instances; write \(printed).self at the call, or make the generic parameter an EventCategory, so the category's form applies"
        )
    }

    #if canImport(Observation)
        @Test func observingAWildcardThroughGenericCodeStopsTheProgram() async {
            await #expect(processExitsWith: .failure) {
                guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
                _ = observedCount(of: AllEvent.self, on: EventBus())
            }
        }
    #endif

    @Test(arguments: [
        (NumBuffering.bufferingNewest(-1), "bufferingNewest(-1)", -1),
        (.bufferingOldest(-5), "bufferingOldest(-5)", -5),
    ])
    func aNegativeStreamBufferStopsWithAMessageNamingTheParameter(
        _ policy: NumBuffering, printed: String, count: Int
    ) {
        #expect(
            EventBus.bufferingProblem(policy)
                == "events(of:bufferingPolicy:): bufferingPolicy \(printed) keeps a negative number of events, got \(count); use 0 or more, or .unbounded"
        )
    }

    @Test func aStreamWithANegativeBufferStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let bus = EventBus()
            _ = bus.events(of: Num.self, bufferingPolicy: .bufferingNewest(-1))
        }
    }

    @Test func streamBuffersOfZeroOrMoreAreAccepted() {
        #expect(EventBus.bufferingProblem(NumBuffering.bufferingNewest(0)) == nil)
        #expect(EventBus.bufferingProblem(NumBuffering.bufferingOldest(3)) == nil)
        #expect(EventBus.bufferingProblem(NumBuffering.unbounded) == nil)
    }

    @Test func aTypeOrACategoryInItsOwnFormIsAccepted() {
        #expect(EventBus.targetProblem(Num.self, typed: true, call: "subscribe(to:)") == nil)
        #expect(
            EventBus.targetProblem(PageViewEvent.self, typed: true, call: "subscribe(to:)") == nil)
        #expect(EventBus.targetProblem(AllEvent.self, typed: false, call: "subscribe(to:)") == nil)
        #expect(
            EventBus.targetProblem(
                Conforming<any Analytics>.self, typed: false, call: "subscribe(to:)") == nil)
    }
}

/// Small API pieces: tokens kept in any collection, reports as dictionary keys.
@Suite(.noUnexpectedProblems) struct ConvenienceTests {
    @Test func aTokenIsKeptInAnArrayToo() {
        let bus = EventBus()
        var calls = 0
        var tokens: [EventSubscription] = []
        bus.subscribe(to: Num.self) { _ in calls += 1 }.store(in: &tokens)
        bus.dispatch(Num(1))
        #expect(tokens.count == 1)
        tokens.removeAll()  // ends the subscription
        bus.dispatch(Num(2))
        #expect(calls == 1)
    }

    @Test func reportsAreHashable() {
        let counts = [DispatchReport.drained(events: 1): 2, .rejectedFull: 1]
        #expect(counts[.drained(events: 1)] == 2)
        #expect(Set([DispatchReport.queued, .queued, .rejectedReentrant]).count == 2)
    }
}
