import EventBusKit
import Testing

/// A consumer whose `description` runs an action the first time the bus asks for it (a trace
/// names a recipient once), and whose `consume` runs another.
private final class Describer: EventConsumer, CustomStringConvertible {
    let name: String
    let willConsume: [any Event.Type]
    var onFirstDescription: (() -> Void)?
    var onConsume: (() -> Void)?
    private(set) var calls = 0

    init(_ name: String, _ willConsume: [any Event.Type]) {
        self.name = name
        self.willConsume = willConsume
    }

    var description: String {
        let action = onFirstDescription
        onFirstDescription = nil
        action?()
        return name
    }

    func consume(_ event: any Event) {
        calls += 1
        onConsume?()
    }
}

/// A consumer whose `willConsume` getter runs an action when the bus reads it.
private final class ListReader: EventConsumer {
    let action: () -> Void
    init(_ action: @escaping () -> Void) { self.action = action }
    var willConsume: [any Event.Type] {
        action()
        return [Other.self]
    }
    func consume(_ event: any Event) {}
}

/// A class event that runs an action when it is released.
private final class Parting: Event, CustomStringConvertible {
    let action: () -> Void
    init(_ action: @escaping () -> Void) { self.action = action }
    deinit { action() }
    var description: String { "parting" }
}

/// The records of `trace` with each event named by its type: announcements' descriptions
/// would describe their consumer again.
private func shapes(_ trace: EventTrace?) -> [TracedPass] {
    (trace?.records ?? []).map {
        TracedPass($0.sequence, "\(type(of: $0.event))", $0.recipients, $0.cause)
    }
}

/// App code that the bus runs while a trace runs — a recipient's `description`, a list
/// getter, `consume`, an event's `deinit` — may dispatch, stop the
/// trace or start another. Each test pins what the traces then hold: a trace that was
/// stopped or replaced during a pass records nothing more, and a new trace records only
/// causes it saw.
@Suite(.noUnexpectedProblems) struct TracingAppCodeTests {
    // MARK: A recipient's description, read when a trace first names it

    @Test func aDescriptionThatStartsATraceBeforeItsConsumerDispatchesLeavesTheNewTraceACleanRoot()
    {
        let bus = EventBus()
        let first = bus.startTracing()
        var second: EventTrace?
        bus.register(TraceConsumer("A", [Num.self], trace: Trace()))
        let restarter = Describer("Restarter", [Num.self])
        restarter.onFirstDescription = { second = bus.startTracing() }
        restarter.onConsume = { bus.dispatch(Other()) }
        bus.register(restarter)
        bus.register(TraceConsumer("B", [Num.self, Other.self], trace: Trace()))
        #expect(bus.dispatch(Num(1)) == .drained(events: 2))
        #expect(restarter.calls == 1)
        #expect(shapes(first) == [TracedPass(1, "Num", ["A"], nil)])
        #expect(shapes(second) == [TracedPass(1, "Other", ["B"], nil)])
    }

    @Test
    func aDescriptionThatStartsATraceBeforeItsConsumptionIsAnnouncedLeavesTheNewTraceACleanRoot() {
        let bus = EventBus()
        let first = bus.startTracing()
        var second: EventTrace?
        let restarter = Describer("Restarter", [Num.self])
        restarter.onFirstDescription = { second = bus.startTracing() }
        bus.register(restarter)
        bus.register(TraceConsumer("Logger", [DidConsumeEvent.self], trace: Trace()))
        #expect(bus.dispatch(Num(1)) == .drained(events: 2))
        #expect(shapes(first) == [TracedPass(1, "Num", [], nil)])
        #expect(shapes(second) == [TracedPass(1, "DidConsumeEvent", ["Logger"], nil)])
    }

    @Test func aDescriptionThatStopsTheTraceLeavesItsDeliveryUnrecorded() {
        let bus = EventBus()
        let trace = bus.startTracing()
        bus.register(TraceConsumer("A", [Num.self], trace: Trace()))
        let stopper = Describer("Stopper", [Num.self])
        stopper.onFirstDescription = { bus.stopTracing() }
        stopper.onConsume = { bus.dispatch(Other()) }
        bus.register(stopper)
        bus.register(TraceConsumer("Logger", [DidConsumeEvent.self], trace: Trace()))
        bus.register(TraceConsumer("B", [Num.self, Other.self], trace: Trace()))
        #expect(bus.dispatch(Num(1)) == .drained(events: 6))
        #expect(stopper.calls == 1)
        #expect(shapes(trace) == [TracedPass(1, "Num", ["A"], nil)])
    }

    @Test func aDispatchFromADescriptionIsCausedByThePassAndNoRecipient() {
        // The description runs before its consumer's call: the recipient called before it
        // (A) is not the cause.
        let bus = EventBus()
        let trace = bus.startTracing()
        bus.register(TraceConsumer("A", [Num.self], trace: Trace()))
        let dispatcher = Describer("Dispatcher", [Num.self])
        dispatcher.onFirstDescription = { bus.dispatch(Other()) }
        bus.register(dispatcher)
        bus.register(TraceConsumer("B", [Other.self], trace: Trace()))
        #expect(bus.dispatch(Num(1)) == .drained(events: 2))
        #expect(
            shapes(trace) == [
                TracedPass(1, "Num", ["A", "Dispatcher"], nil),
                TracedPass(2, "Other", ["B"], cause(1, nil)),
            ])
    }

    // MARK: Consume, list getters, deinits

    @Test func aConsumerThatRestartsTheTraceLeavesEarlierQueuedEventsWithoutACause() {
        // A's consumption is announced (queued with its cause in the first trace) before B
        // starts the second trace: the second trace never saw that cause.
        let bus = EventBus()
        let first = bus.startTracing()
        var second: EventTrace?
        bus.register(TraceConsumer("A", [Num.self], trace: Trace()))
        bus.register(
            TraceConsumer("B", [Num.self], trace: Trace()) { _ in second = bus.startTracing() })
        bus.register(TraceConsumer("C", [Num.self], trace: Trace()))
        bus.register(TraceConsumer("Logger", [DidConsumeEvent.self], trace: Trace()))
        #expect(bus.dispatch(Num(1)) == .drained(events: 4))
        #expect(shapes(first) == [TracedPass(1, "Num", ["A", "B"], nil)])
        #expect(
            shapes(second) == [
                TracedPass(1, "DidConsumeEvent", ["Logger"], nil),
                TracedPass(2, "DidConsumeEvent", ["Logger"], nil),
                TracedPass(3, "DidConsumeEvent", ["Logger"], nil),
            ])
    }

    @Test func aListGetterThatRestartsTheTraceDuringAPassLeavesTheNewTraceACleanRoot() {
        let bus = EventBus()
        let first = bus.startTracing()
        var second: EventTrace?
        bus.register(
            TraceConsumer("A", [Num.self], trace: Trace()) { _ in
                bus.register(ListReader { second = bus.startTracing() })
                bus.dispatch(Other())
            })
        bus.register(TraceConsumer("B", [Num.self, Other.self], trace: Trace()))
        #expect(bus.dispatch(Num(1)) == .drained(events: 2))
        #expect(shapes(first) == [TracedPass(1, "Num", ["A"], nil)])
        #expect(shapes(second) == [TracedPass(1, "Other", ["B", "ListReader"], nil)])
    }

    @Test func aListGetterThatDispatchesDuringAPassIsCausedByTheRecipientRegisteringIt() {
        let bus = EventBus()
        let trace = bus.startTracing()
        bus.register(
            TraceConsumer("A", [Num.self], trace: Trace()) { _ in
                bus.register(ListReader { bus.dispatch(Other()) })
            })
        bus.register(TraceConsumer("B", [Other.self], trace: Trace()))
        #expect(bus.dispatch(Num(1)) == .drained(events: 2))
        #expect(
            shapes(trace) == [
                TracedPass(1, "Num", ["A"], nil),
                TracedPass(2, "Other", ["B", "ListReader"], cause(1, "A")),
            ])
    }

    @Test func anOverwrittenEventWhoseDeinitRestartsTheTraceLeavesTheNewTraceACleanRoot() {
        let bus = EventBus()
        let first = bus.startTracing(capacity: 1)
        var second: EventTrace?
        bus.register(
            TraceConsumer("A", [Parting.self, Num.self], trace: Trace()) { event in
                if event is Num { bus.dispatch(Other()) }
            })
        bus.register(TraceConsumer("B", [Other.self], trace: Trace()))
        bus.dispatch(Parting { second = bus.startTracing() })  // the trace holds it alone
        #expect(second == nil)
        bus.dispatch(Num(2))  // overwrites it in the trace: its deinit restarts the trace
        #expect(shapes(first) == [TracedPass(2, "Num", [], nil)])
        #expect(shapes(second) == [TracedPass(1, "Other", ["B"], nil)])
    }
}
