import Testing

@testable import EventBusKit

/// A screen described by its identity, as apps describe their view models: every screen has a
/// name of its own.
private final class Screen: EventConsumer, CustomStringConvertible {
    let id: Int
    let willConsume: [any Event.Type] = [Num.self]
    var onConsume: (() -> Void)?
    init(_ id: Int) { self.id = id }
    func consume(_ event: any Event) { onConsume?() }
    var description: String { "Screen(id: \(id))" }
}

/// A trace keeps the names of the recipients its records reached, and forgets the names no
/// record holds any more: its memory follows its capacity, not every recipient it has met.
@Suite(.noUnexpectedProblems) struct TraceNameTableTests {
    @Test func aTraceForgetsTheNamesItsRecordsNoLongerHold() {
        let trace = EventTrace(capacity: 3)
        var largest = 0
        for index in 0..<1_000 {
            _ = trace.beginPass(Num(index), cause: nil)
            trace.recordDelivery(to: "N\(index)")
            trace.recordDelivery(to: "Shared")
            largest = max(largest, trace.nameTableCount.names)
        }
        #expect(largest <= EventTrace.minimumNameTable)
        #expect(trace.nameTableCount.names == trace.nameTableCount.indices)
        #expect(
            trace.records.map(\.recipients) == [
                ["N997", "Shared"], ["N998", "Shared"], ["N999", "Shared"],
            ])
    }

    @Test func aTraceOfScreensThatComeAndGoKeepsItsNamesBoundedAndItsRecordsNamedRight() async {
        let bus = EventBus()
        bus.register(TraceConsumer("Steady", [Num.self], trace: Trace()))
        let trace = bus.startTracing(capacity: 10)
        var largest = 0
        for id in 0..<5_000 {
            let screen = Screen(id)
            bus.register(screen)
            bus.dispatch(Num(id))
            bus.deregister(screen)
            largest = max(largest, trace.nameTableCount.names)
            if id % 1_000 == 999 { await Task.yield() }  // see `onAThreadOfItsOwn`
        }
        #expect(largest <= EventTrace.minimumNameTable)
        #expect(trace.nameTableCount.names == trace.nameTableCount.indices)
        // "Steady" was named before most compactions: it is looked up again after each.
        #expect(
            trace.records.map(\.recipients)
                == (4_990..<5_000).map { ["Steady", "Screen(id: \($0))"] })
    }

    @Test func namesCompactedDuringAPassKeepItsDeliveriesAndTheCausesNamedRight() {
        // 60 screens come and go, each in a pass of its own, then Sink is named (the 61st
        // name). Then 150 screens new to the trace receive one pass: the names are compacted
        // during it (at 64 names, dropping the gone screens', which renumbers Sink's; and at
        // 128), and the pass's earlier deliveries are renumbered. Screen 10, named before
        // the compactions, and screen 100, named after them, dispatch to Sink.
        let bus = EventBus()
        let trace = bus.startTracing(capacity: 3)
        for id in 1_000..<1_060 {
            let gone = Screen(id)
            bus.register(gone)
            bus.dispatch(Num(id))
            bus.deregister(gone)
        }
        bus.register(TraceConsumer("Sink", [Other.self], trace: Trace()))
        bus.dispatch(Other())
        let screens = (0..<150).map(Screen.init)
        for screen in screens { bus.register(screen) }
        screens[10].onConsume = { bus.dispatch(Other()) }
        screens[100].onConsume = { bus.dispatch(Other()) }
        let everyone = screens.map(\.description)
        bus.dispatch(Num(1))
        #expect(
            trace.passes == [
                TracedPass(62, "1", everyone, nil),
                TracedPass(63, "other", ["Sink"], cause(62, "Screen(id: 10)")),
                TracedPass(64, "other", ["Sink"], cause(62, "Screen(id: 100)")),
            ])
        // Every recipient remembered its index in an earlier numbering: each looks it up again.
        bus.dispatch(Num(2))
        #expect(
            trace.passes == [
                TracedPass(65, "2", everyone, nil),
                TracedPass(66, "other", ["Sink"], cause(65, "Screen(id: 10)")),
                TracedPass(67, "other", ["Sink"], cause(65, "Screen(id: 100)")),
            ])
        #expect(trace.nameTableCount.names <= 2 * 151)
        withExtendedLifetime(screens) {}
    }
}
