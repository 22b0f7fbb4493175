import EventBusKit

// Events shared by the contract suites. Each has a short label so traces read like the
// contract's examples ("A1", "B2", "L(A consumed 1)").

/// A numbered event: the label is its number.
struct Num: Event, Sendable, CustomStringConvertible {
    let value: Int
    init(_ value: Int) { self.value = value }
    var description: String { "\(value)" }
}

/// A second, unrelated struct event.
struct Other: Event, Sendable, CustomStringConvertible {
    var description: String { "other" }
}

/// The root of a class hierarchy of events.
class PageViewEvent: Event, CustomStringConvertible {
    let page: String
    init(page: String) { self.page = page }
    var description: String { "page(\(page))" }
}

/// A subclass: covered by a `PageViewEvent` entry.
final class UserRewardPageViewEvent: PageViewEvent {
    override var description: String { "rewardPage(\(page))" }
}

/// A protocol used as an event category.
protocol Analytics: Event {}

/// A struct in the `Analytics` category.
struct Tap: Analytics, CustomStringConvertible {
    var description: String { "tap" }
}

/// A class hierarchy member that is also in the `Analytics` category.
final class TrackedPageViewEvent: PageViewEvent, Analytics {
    override var description: String { "trackedPage(\(page))" }
}

/// A generic event: each specialization is its own routing key.
struct Loaded<Model>: Event, CustomStringConvertible {
    var description: String { "loaded(\(Model.self))" }
}

struct User {}
struct Order {}

/// The shared, ordered log of what every traced recipient received.
final class Trace {
    var entries: [String] = []
}

/// How an event reads in a trace.
func label(_ event: any Event) -> String {
    if let did = event as? DidConsumeEvent {
        return "(\(did.consumer) consumed \(label(did.event)))"
    }
    if let none = event as? NoConsumerEvent {
        return "(nobody got \(label(none.event)))"
    }
    return "\(event)"
}

/// A consumer that appends `name + label` to a trace, then runs an optional action.
final class TraceConsumer: EventConsumer, CustomStringConvertible {
    let name: String
    let willConsume: [any Event.Type]
    let excludeList: [any Event.Type]
    let trace: Trace
    /// Runs after the consumption is traced: dispatch, cancel, register from here.
    var onConsume: ((any Event) -> Void)?
    /// Read at registration: where the consumer goes in call order.
    var priority = 0
    /// Read at registration: whether it first receives the stored sticky values.
    var replaysLatest = false

    init(
        _ name: String,
        _ willConsume: [any Event.Type],
        excluding excludeList: [any Event.Type] = [],
        trace: Trace,
        onConsume: ((any Event) -> Void)? = nil
    ) {
        self.name = name
        self.willConsume = willConsume
        self.excludeList = excludeList
        self.trace = trace
        self.onConsume = onConsume
    }

    func consume(_ event: any Event) {
        trace.entries.append(name + label(event))
        onConsume?(event)
    }

    var description: String { name }
}

/// A consumer whose computed `willConsume` can change after registration.
final class MutableListConsumer: EventConsumer {
    var current: [any Event.Type]
    var received: [String] = []
    init(_ current: [any Event.Type]) { self.current = current }
    var willConsume: [any Event.Type] { current }
    func consume(_ event: any Event) { received.append(label(event)) }
}

/// A sticky struct event: the bus keeps its latest value.
struct Mood: StickyEvent, Sendable, CustomStringConvertible {
    let value: String
    init(_ value: String) { self.value = value }
    var description: String { "mood(\(value))" }
}

/// A second sticky struct event.
struct Volume: StickyEvent, Sendable, CustomStringConvertible {
    let level: Int
    init(_ level: Int) { self.level = level }
    var description: String { "volume(\(level))" }
}

/// The root of a sticky class hierarchy.
class Weather: StickyEvent, CustomStringConvertible {
    var description: String { "weather" }
}

/// A sticky subclass, stored apart from its superclass.
final class Rain: Weather {
    override var description: String { "rain" }
}
