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
        #expect(recorder.events.isEmpty)
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
        #expect(known.events.isEmpty)
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

    @Test func subscribingToNoEventStopsWithAMessageNamingTheParameter() {
        #expect(
            EventBus.subscriptionProblem(NoEvent.self)
                == "subscribe(to:): type NoEvent covers no event; a closure for it could never be called"
        )
    }

    /// `AllEvent` and categories have their own forms (closures of `any Event` and of `P`);
    /// only a closure typed with the wildcard itself, which nothing could ever call, stops.
    @Test(arguments: [(Entry.all, "AllEvent"), (.analytics, "Conforming<Analytics>")])
    func aClosureTypedWithAWildcardStopsWithAMessageNamingTheParameter(
        _ entry: Entry, printed: String
    ) {
        #expect(
            EventBus.subscriptionProblem(entry.type)
                == "subscribe(to:): type \(printed) has no instances; write the closure's parameter as `any Event` for AllEvent, or as `P` for Conforming<P>"
        )
    }

    /// `observe(_:)` reached with a wildcard through generic code (`T` is `AllEvent` where
    /// the call is compiled) stops, naming the call and the forms that apply.
    @Test func observingAWildcardThroughGenericCodeStopsWithAMessageNamingTheCall() {
        #expect(
            EventBus.subscriptionProblem(AllEvent.self, call: "observe(_:)")
                == "observe(_:): type AllEvent has no instances; call observe(_:) with AllEvent.self or Conforming<P>.self written out, so their own forms apply"
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

    @Test func subscribingToAConcreteTypeIsAccepted() {
        #expect(EventBus.subscriptionProblem(Num.self) == nil)
        #expect(EventBus.subscriptionProblem(PageViewEvent.self) == nil)
    }
}

/// Small API pieces: tokens kept in any collection, reports as dictionary keys.
@Suite(.noUnexpectedProblems) struct ConvenienceTests {
    @Test func aTokenIsKeptInAnArrayToo() {
        let bus = EventBus()
        var calls = 0
        var tokens: [Subscription] = []
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
