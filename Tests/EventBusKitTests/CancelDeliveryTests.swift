import EventBusKit
import Testing

/// Contract §10.3: `cancelDelivery()` answers `true` exactly inside a recipient's call and
/// ends the pass after it; `false` and no effect anywhere else.
@Suite(.noUnexpectedProblems) struct CancelDeliveryTests {
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

    @Test(.allowsProblems) func outsideARecipientsCallItAnswersFalseAndChangesNothing() {
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

    @Test(.allowsProblems) func aDeinitRunByTheBusDuringAPassGetsFalse() {
        final class Token {
            let onDeinit: () -> Void; init(_ f: @escaping () -> Void) { onDeinit = f };
            deinit { onDeinit() }
        }
        let bus = EventBus()
        let trace = Trace()
        var answer: Bool?
        var token: EventSubscription?
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
        let first = bus.subscribe(to: DidConsumeEvent.self, options: .priority(1)) { _ in
            trace.entries.append("first")
            bus.cancelDelivery()
        }
        let second = bus.subscribe(to: DidConsumeEvent.self) { _ in trace.entries.append("second") }
        bus.dispatch(Num(1))
        #expect(trace.entries == ["A1", "first"])
        withExtendedLifetime((first, second)) {}
    }
}

/// What the bus runs after a recipient's call is outside it: each of these once answered
/// `true` and stopped the pass, so the recipients after it missed the event.
@Suite(.noUnexpectedProblems) struct CancelDeliveryAfterTheCallTests {
    @Test(.allowsProblems) func theDeinitOfAWeakConsumerThePassReleasesAfterItsCallGetsFalse() {
        let bus = EventBus()
        let trace = Trace()
        var answers: [Bool] = []
        var held: ProbeConsumer? = ProbeConsumer("W", trace: trace) {
            answers.append(bus.cancelDelivery())
        }
        held!.onConsume = { held = nil }  // the pass now holds the last reference
        bus.registerWeakly(held!)
        bus.register(TraceConsumer("A", [Num.self], trace: trace))
        bus.dispatch(Num(1))
        #expect(answers == [false])
        #expect(trace.entries == ["W1", "A1"])
    }

    @Test(.allowsProblems) func theDeinitOfAWeakConsumerReleasedAfterItsReplayGetsFalse() {
        let bus = EventBus()
        let trace = Trace()
        var answers: [Bool] = []
        bus.dispatch(Volume(1))
        var held: ProbeConsumer? = ProbeConsumer("W", [Volume.self], trace: trace) {
            answers.append(bus.cancelDelivery())
        }
        held!.replaysLatest = true
        held!.onConsume = { held = nil }
        bus.registerWeakly(held!)
        #expect(answers == [false])
        #expect(trace.entries == ["Wvolume(1)"])
    }

    @Test(.allowsProblems) func theDeinitOfAThrownErrorGetsFalse() {
        let bus = EventBus()
        let trace = Trace()
        var answers: [Bool] = []
        let failing = bus.subscribe(to: Num.self, options: .priority(1)) { (_: Num) throws in
            throw ProbeError(CancelProbe(onDeinit: { answers.append(bus.cancelDelivery()) }))
        }
        bus.register(TraceConsumer("A", [Num.self], trace: trace))
        bus.dispatch(Num(1))
        #expect(answers == [false])
        #expect(trace.entries == ["A1"])
        withExtendedLifetime(failing) {}
    }

    @Test(.allowsProblems) func aThrownErrorsDescriptionReadByATraceGetsFalse() {
        let bus = EventBus()
        let trace = Trace()
        var answers: [Bool] = []
        let probe = CancelProbe(onDescription: { answers.append(bus.cancelDelivery()) })
        let failing = bus.subscribe(to: Num.self, options: .priority(1)) { (_: Num) throws in
            throw ProbeError(probe)
        }
        bus.register(TraceConsumer("A", [Num.self], trace: trace))
        // Someone handles failures: only the trace reads the error's description.
        let handled = bus.subscribe(to: ConsumerFailedEvent.self) { _ in }
        bus.startTracing()
        bus.dispatch(Num(1))
        #expect(answers == [false])
        #expect(trace.entries == ["A1"])
        withExtendedLifetime((failing, handled)) {}
    }

    @Test(.allowsProblems) func theDeinitOfAStreamsDroppedEventGetsFalse() {
        let bus = EventBus()
        let trace = Trace()
        var answers: [Bool] = []
        let stream = bus.events(of: ProbeEvent.self, bufferingPolicy: .bufferingNewest(1))
        bus.register(TraceConsumer("A", [ProbeEvent.self], trace: trace))
        // The first event waits in the buffer, which holds its last reference; the second
        // drops it.
        bus.dispatch(ProbeEvent(1, CancelProbe(onDeinit: { answers.append(bus.cancelDelivery()) })))
        bus.dispatch(ProbeEvent(2, CancelProbe()))
        #expect(answers == [false])
        #expect(trace.entries == ["A1", "A2"])
        withExtendedLifetime(stream) {}
    }
}

/// Calls its closures from its `deinit` and its `description`: app code the bus may run.
///
/// `@unchecked Sendable` is sound: each test makes, uses and releases it on one thread; it is
/// `Sendable` only so that an `Error` or a stream's element can hold it.
final class CancelProbe: @unchecked Sendable, CustomStringConvertible {
    let onDeinit: () -> Void
    let onDescription: () -> Void
    init(onDeinit: @escaping () -> Void = {}, onDescription: @escaping () -> Void = {}) {
        self.onDeinit = onDeinit
        self.onDescription = onDescription
    }
    deinit { onDeinit() }
    var description: String {
        onDescription()
        return "probe"
    }
}

/// An error whose deinit and description run a ``CancelProbe``'s closures.
struct ProbeError: Error, CustomStringConvertible {
    let probe: CancelProbe
    init(_ probe: CancelProbe) { self.probe = probe }
    var description: String { "ProbeError(\(probe))" }
}

/// A class event holding a ``CancelProbe``.
final class ProbeEvent: Event, Sendable, CustomStringConvertible {
    let value: Int
    let probe: CancelProbe
    init(_ value: Int, _ probe: CancelProbe) {
        self.value = value
        self.probe = probe
    }
    var description: String { "\(value)" }
}

/// A consumer that records `name` and the event in `trace`, runs `onConsume`, and runs
/// `onDeinit` when it is deallocated.
final class ProbeConsumer: EventConsumer, CustomStringConvertible {
    let name: String
    let willConsume: [any Event.Type]
    let trace: Trace
    var replaysLatest = false
    var onConsume: () -> Void = {}
    let onDeinit: () -> Void
    init(
        _ name: String, _ lists: [any Event.Type] = [Num.self], trace: Trace,
        onDeinit: @escaping () -> Void
    ) {
        self.name = name
        self.willConsume = lists
        self.trace = trace
        self.onDeinit = onDeinit
    }
    deinit { onDeinit() }
    func consume(_ event: any Event) {
        trace.entries.append("\(name)\(event)")
        onConsume()
    }
    var description: String { name }
}
