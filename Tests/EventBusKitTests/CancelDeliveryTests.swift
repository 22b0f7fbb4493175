import EventBusKit
import Testing

/// Contract §10.3: `cancelDelivery()` answers `true` exactly inside a recipient's call and
/// ends the pass after it; `false` and no effect anywhere else.
@Suite struct CancelDeliveryTests {
    @Test func aRecipientThatCancelsEndsThePassAfterItself() {
        let bus = EventBus()
        let trace = Trace()
        var answers: [Bool] = []
        let gate = TraceConsumer("G", [Num.self], trace: trace) { _ in
            answers.append(bus.cancelDelivery())
            answers.append(bus.cancelDelivery())  // twice: still true
        }
        gate.priority = 1
        bus.register(gate)
        bus.register(TraceConsumer("A", [Num.self], trace: trace))
        bus.register(
            TraceConsumer("L", [DidConsumeEvent.self, NoConsumerEvent.self], trace: trace))
        let report = bus.dispatch(Num(1))
        #expect(trace.entries == ["G1", "L(G consumed 1)"])
        #expect(answers == [true, true])
        #expect(report == .drained(events: 2))
    }

    @Test func cancellingNeverAffectsQueuedEvents() {
        let bus = EventBus()
        let trace = Trace()
        let gate = TraceConsumer("G", [Num.self], trace: trace) { event in
            if (event as? Num)?.value == 1 {
                bus.dispatch(Num(2))
                bus.cancelDelivery()
            }
        }
        bus.register(gate)
        bus.register(TraceConsumer("A", [Num.self], trace: trace))
        bus.dispatch(Num(1))
        #expect(trace.entries == ["G1", "G2", "A2"])
    }

    @Test func outsideARecipientsCallItAnswersFalseAndChangesNothing() {
        let bus = EventBus()
        #expect(bus.cancelDelivery() == false)  // no pass
        let trace = Trace()
        final class Described: EventConsumer, CustomStringConvertible {
            let bus: EventBus
            var answered: [Bool] = []
            init(bus: EventBus) { self.bus = bus }
            var willConsume: [any Event.Type] {
                answered.append(bus.cancelDelivery())  // a list getter
                return [Num.self]
            }
            func consume(_ event: any Event) {}
            var description: String {
                answered.append(bus.cancelDelivery())  // a description a trace reads
                return "D"
            }
        }
        let described = Described(bus: bus)
        let registering = TraceConsumer("R", [Num.self], trace: trace) { _ in
            bus.register(described)
        }
        bus.register(registering)
        bus.register(TraceConsumer("A", [Num.self], trace: trace))
        bus.startTracing()
        bus.dispatch(Num(1))
        bus.dispatch(Num(2))
        #expect(described.answered == [false, false])
        #expect(trace.entries == ["R1", "A1", "R2", "A2"])
    }

    @Test func aDeinitRunByTheBusDuringAPassGetsFalse() {
        final class Token {
            let onDeinit: () -> Void; init(_ f: @escaping () -> Void) { onDeinit = f };
            deinit { onDeinit() }
        }
        let bus = EventBus()
        let trace = Trace()
        var answer: Bool?
        var token: Subscription?
        do {
            let captured = Token { answer = bus.cancelDelivery() }
            token = bus.subscribe(to: Other.self) { _ in withExtendedLifetime(captured) {} }
        }
        let canceller = TraceConsumer("C", [Num.self], trace: trace) { _ in
            token?.cancel()  // releases the closure: its deinit runs inside `cancel`
            token = nil
        }
        bus.register(canceller)
        bus.register(TraceConsumer("A", [Num.self], trace: trace))
        bus.dispatch(Num(1))
        #expect(answer == false)
        #expect(trace.entries == ["C1", "A1"])
    }

    @Test func aStoppedPassIsNotedInTheTraceWithWhoStoppedIt() throws {
        let bus = EventBus()
        let trace = Trace()
        bus.register(TraceConsumer("G", [Num.self], trace: trace) { _ in bus.cancelDelivery() })
        bus.register(TraceConsumer("A", [Num.self], trace: trace))
        let recording = bus.startTracing()
        bus.dispatch(Num(1))
        let record = try #require(recording.records.first)
        #expect(record.recipients == ["G"])
        #expect(record.notes.map(\.description) == ["G stopped the delivery"])
    }

    @Test func aClosureCanStopAnAnnouncementsPass() {
        let bus = EventBus()
        let trace = Trace()
        bus.register(TraceConsumer("A", [Num.self], trace: trace))
        let first = bus.subscribe(to: DidConsumeEvent.self, priority: 1) { _ in
            trace.entries.append("first")
            bus.cancelDelivery()
        }
        let second = bus.subscribe(to: DidConsumeEvent.self) { _ in trace.entries.append("second") }
        bus.dispatch(Num(1))
        #expect(trace.entries == ["A1", "first"])
        withExtendedLifetime((first, second)) {}
    }
}
