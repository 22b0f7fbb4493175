import EventBusKit
import Testing

/// Contract §10.2: recipients are called in descending priority, registration order among
/// equals; everything else of §3–§4 is unchanged.
@Suite(.noUnexpectedProblems) struct PriorityTests {
    @Test func recipientsAreCalledInDescendingPriorityThenRegistrationOrder() {
        let bus = EventBus()
        let trace = Trace()
        let low = TraceConsumer("L", [Num.self], trace: trace)
        low.priority = -1
        let first = TraceConsumer("A", [Num.self], trace: trace)
        let high = TraceConsumer("H", [Num.self], trace: trace)
        high.priority = 5
        let second = TraceConsumer("B", [Num.self], trace: trace)
        for consumer in [low, first, high, second] { bus.register(consumer) }
        let token = bus.subscribe(to: Num.self, options: .priority(5)) {
            trace.entries.append("S\($0)")
        }
        bus.dispatch(Num(1))
        #expect(trace.entries == ["H1", "S1", "A1", "B1", "L1"])
        withExtendedLifetime(token) {}
    }

    @Test func priorityIsReadOnceAtRegistration() {
        let bus = EventBus()
        let trace = Trace()
        let a = TraceConsumer("A", [Num.self], trace: trace)
        let b = TraceConsumer("B", [Num.self], trace: trace)
        bus.register(a)
        bus.register(b)
        b.priority = 9  // too late: read at registration
        bus.dispatch(Num(1))
        bus.deregister(b)
        bus.register(b)  // registered again: read again
        bus.dispatch(Num(2))
        #expect(trace.entries == ["A1", "B1", "B2", "A2"])
    }

    @Test func aHighPriorityRecipientAddedDuringAPassWaitsForTheNextEvent() {
        let bus = EventBus()
        let trace = Trace()
        let late = TraceConsumer("H", [Num.self], trace: trace)
        late.priority = 10
        let a = TraceConsumer("A", [Num.self], trace: trace) { event in
            if (event as? Num)?.value == 1 {
                bus.register(late)
                bus.dispatch(Num(2))
            }
        }
        bus.register(a)
        bus.dispatch(Num(1))
        #expect(trace.entries == ["A1", "H2", "A2"])
    }

    @Test func descriptionAndExplainListRecipientsInCallOrderNamingPriorities() {
        let bus = EventBus()
        let trace = Trace()
        let a = TraceConsumer("A", [Num.self], trace: trace)
        let h = TraceConsumer("H", [Num.self], trace: trace)
        h.priority = 3
        bus.register(a)
        bus.register(h)
        #expect(bus.explain(Num(1)).recipients == ["H", "A"])
        #expect(
            bus.explain(Num(1)).lines == [
                "H (priority 3) receives it: entry Num of willConsume covers it",
                "A receives it: entry Num of willConsume covers it",
            ])
        #expect(
            String(describing: bus).split(separator: "\n").prefix(3) == [
                "EventBus: 2 recipients",
                "  1. H  priority: 3  willConsume: [Num]  excludeList: []",
                "  2. A  willConsume: [Num]  excludeList: []",
            ])
    }

    /// A conformer with an unrelated `priority` has that priority on the bus (documented
    /// pitfall of a requirement with a default).
    @Test func aConformersOwnPriorityPropertyIsItsPriority() {
        final class Job: EventConsumer {
            let priority = 7  // meant for a job queue, read by the bus too
            var willConsume: [any Event.Type] { [Num.self] }
            func consume(_ event: any Event) {}
        }
        let bus = EventBus()
        bus.register(Job())
        #expect(bus.description.contains("priority: 7"))
    }
}
