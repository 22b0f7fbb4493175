@testable import EventBusKit

// Events for the trace suites: short descriptions, so records and pictures read plainly,
// and two that test the pictures' escaping and shortening.

/// A tap on the screen.
struct TapEvent: Event, CustomStringConvertible {
    var description: String { "tap" }
}

/// A request for the next screen.
struct NextEvent: Event, CustomStringConvertible {
    let page: Int
    var description: String { "next(\(page))" }
}

/// A claim whose description is long and full of characters Mermaid would read as syntax.
struct ClaimEvent: Event, CustomStringConvertible {
    var description: String {
        "claim(prize: \"Grand tour; seven <seas> #7\", user: 42, coupon: none)"
    }
}

/// An event nobody listens for; its description has a quote, `#` and `;`.
struct LostEvent: Event, CustomStringConvertible {
    var description: String { "lost \"#1\"; gone" }
}

/// A clock tick.
struct TickEvent: Event, CustomStringConvertible {
    let count: Int
    var description: String { "tick(\(count))" }
}

/// A ping that its consumer answers with another ping (a feedback loop).
struct PingEvent: Event, CustomStringConvertible {
    let count: Int
    var description: String { "ping(\(count))" }
}

/// A named consumer that does nothing: it stands in an announcement's `consumer`.
final class NamedConsumer: EventConsumer, CustomStringConvertible {
    let description: String
    init(_ name: String) { description = name }
    var willConsume: [any Event.Type] { [] }
    func consume(_ event: any Event) {}
}

/// The names a trace gives the scenario's stream and subscription, as the bus names them.
let tickStream =
    "events(of: TickEvent, bufferingPolicy: bufferingNewest(1), at: App/Ticker.swift:12)"
let claimSubscription = "Subscription(to: ClaimEvent, at: App/Prize.swift:40)"

/// A run of a bus, recorded through the trace's engine-facing calls in the order the bus
/// makes them: a nested chain four passes deep (tap → next → claim → lost → its
/// `NoConsumerEvent`), breadth-first siblings, a `DidConsumeEvent`, an event that reached no
/// one, a rejected dispatch, a failure, a drop, and a feedback loop ended by the drain budget.
///
/// Recipients: Screen [TapEvent], Flow [NextEvent], Prize and a throwing subscription
/// [ClaimEvent], Logger [DidConsumeEvent], Watchdog [NoConsumerEvent], a stream [TickEvent]
/// with a buffer of 1, Echo [PingEvent].
func recordScenario(into trace: EventTrace) {
    // Screen dispatches next(2) while handling tap.
    let tap = trace.beginPass(
        TapEvent(), cause: nil, origin: .init(fileID: "App/Screen.swift", line: 20))
    trace.recordDelivery(to: "Screen")
    // Flow dispatches a claim (queued) and a second one (rejected: the queue is full).
    let next = trace.beginPass(
        NextEvent(page: 2), cause: .init(sequence: tap, recipient: "Screen"),
        origin: .init(fileID: "App/Screen.swift", line: 24))
    trace.recordDelivery(to: "Flow")
    trace.recordNote(
        .refused(event: ClaimEvent(), report: .rejectedFull, recipient: "Flow"), inPass: next)
    _ = trace.beginPass(
        DidConsumeEvent(consumer: NamedConsumer("Screen"), event: TapEvent()),
        cause: .init(sequence: tap, recipient: "Screen"))
    trace.recordDelivery(to: "Logger")
    // The subscription throws; Prize dispatches lost and tick(1).
    let claim = trace.beginPass(
        ClaimEvent(), cause: .init(sequence: next, recipient: "Flow"),
        origin: .init(fileID: "App/Flow.swift", line: 8))
    trace.recordDelivery(to: "Prize")
    trace.recordDelivery(to: claimSubscription)
    trace.recordNote(
        .failed(event: ClaimEvent(), recipient: claimSubscription, error: "soldOut"),
        inPass: claim)
    _ = trace.beginPass(
        DidConsumeEvent(consumer: NamedConsumer("Flow"), event: NextEvent(page: 2)),
        cause: .init(sequence: next, recipient: "Flow"))
    trace.recordDelivery(to: "Logger")
    let lost = trace.beginPass(
        LostEvent(), cause: .init(sequence: claim, recipient: "Prize"),
        origin: .init(fileID: "App/Prize.swift", line: 51))
    // The stream's buffer is full: it drops tick(0) to keep tick(1).
    let tick = trace.beginPass(
        TickEvent(count: 1), cause: .init(sequence: claim, recipient: "Prize"))
    trace.recordDelivery(to: tickStream)
    trace.recordNote(.dropped(event: TickEvent(count: 0), stream: tickStream), inPass: tick)
    _ = trace.beginPass(
        NoConsumerEvent(event: LostEvent()), cause: .init(sequence: lost, recipient: nil))
    trace.recordDelivery(to: "Watchdog")
    // Another outermost dispatch: Echo answers every ping; the drain budget ends the loop.
    let ping = trace.beginPass(
        PingEvent(count: 1), cause: nil, origin: .init(fileID: "App/Echo.swift", line: 3))
    trace.recordDelivery(to: "Echo")
    let echo = trace.beginPass(PingEvent(count: 2), cause: .init(sequence: ping, recipient: "Echo"))
    trace.recordDelivery(to: "Echo")
    trace.recordNote(.discarded(count: 1), inPass: echo)
}

/// Ten rounds of a small app, five passes each: a tap that Screen and Analytics receive,
/// Screen's `next`, and the three `DidConsumeEvent`s a Logger hears.
func recordFiftyPasses(into trace: EventTrace) {
    for round in 1...10 {
        let tap = trace.beginPass(
            TapEvent(), cause: nil, origin: .init(fileID: "App/Screen.swift", line: 20))
        trace.recordDelivery(to: "Screen")
        trace.recordDelivery(to: "Analytics")
        let next = trace.beginPass(
            NextEvent(page: round), cause: .init(sequence: tap, recipient: "Screen"))
        trace.recordDelivery(to: "Flow")
        for (consumer, event, pass) in [
            ("Screen", TapEvent() as any Event, tap), ("Analytics", TapEvent(), tap),
            ("Flow", NextEvent(page: round), next),
        ] {
            _ = trace.beginPass(
                DidConsumeEvent(consumer: NamedConsumer(consumer), event: event),
                cause: .init(sequence: pass, recipient: consumer))
            trace.recordDelivery(to: "Logger")
        }
    }
}
