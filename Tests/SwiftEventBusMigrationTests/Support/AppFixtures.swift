import EventBusKit
import Foundation

// Events and consumers written the way SwiftEventBus apps write them: Swift 5, `NSObject`
// subclasses, `[Event.Type]` lists without `any`, overridden computed lists, `isEqual`.
//
// Uses of SwiftEventBus's `DidConsumeEvent` names sit in declarations marked deprecated.
// Swift does not warn about a deprecated name used inside a deprecated declaration, so this
// target builds warning-free under CI's `-Xswiftc -warnings-as-errors`, where every other
// warning stays an error. (A per-target `.treatWarning("DeprecatedDeclaration", as: .warning)`
// cannot do it: SwiftPM passes it before the command line's `-warnings-as-errors`, which then
// wins.) In an app, each such use warns and the compiler offers the rename, which
// `Scripts/migration-fixits.sh` checks in CI.

// MARK: Events

/// The root of a hierarchy of page views; equal when the same kind of page view has the same
/// name.
class PageViewEvent: NSObject, Event {
    let name: String

    init(name: String) {
        self.name = name
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? PageViewEvent else { return false }
        return type(of: other) == type(of: self) && other.name == name
    }

    override var hash: Int {
        return name.hashValue
    }
}

/// A page view that qualifies the user for a reward: covered by a `PageViewEvent` entry.
final class UserRewardPageViewEvent: PageViewEvent {}

class StubEvent: NSObject, Event {}
class AnotherStubEvent: NSObject, Event {}
class AlternativeStubEvent: NSObject, Event {}

/// How an event reads in a trace: its class name, and a page view's name.
func label(_ event: Event) -> String {
    if let pageView = event as? PageViewEvent {
        return "\(type(of: pageView)) \(pageView.name)"
    }
    return "\(type(of: event))"
}

/// Whether `consumer` last consumed an event equal to `event`, by `isEqual`.
///
/// `Event` does not refine `NSObjectProtocol`, so an `Event` value is cast to `NSObject`
/// before `isEqual` is called on it.
func check(_ event: NSObject, consumedBy consumer: TestableEventConsumer) -> Bool {
    guard let consumed = consumer.consumeCalledWith as? NSObject else { return false }
    return consumed.isEqual(event)
}

// MARK: Consumers

/// The shared, ordered record of what the consumers of one test consumed.
final class Trace {
    var entries: [String] = []
}

/// A consumer that records what it consumes; subclasses override its lists.
class TestableEventConsumer: NSObject, EventConsumer {
    let name: String
    let trace: Trace
    var consumed: [Event] = []
    /// Runs after the consumption is recorded: dispatch from here.
    var onConsume: ((Event) -> Void)?

    init(name: String, trace: Trace = Trace()) {
        self.name = name
        self.trace = trace
    }

    var consumeCalledWith: Event? {
        return consumed.last
    }

    var willConsume: [Event.Type] {
        return []
    }

    var excludeList: [Event.Type] {
        return []
    }

    func consume(_ event: Event) {
        consumed.append(event)
        trace.entries.append("\(name)(\(label(event)))")
        onConsume?(event)
    }

    override var description: String {
        return name
    }
}

class StubEventConsumer: TestableEventConsumer {
    override var willConsume: [Event.Type] {
        return [StubEvent.self, AnotherStubEvent.self]
    }
}

class AnalyticsMediator: TestableEventConsumer {
    override var willConsume: [Event.Type] {
        return [PageViewEvent.self]
    }
}

class RewardWatcher: TestableEventConsumer {
    override var willConsume: [Event.Type] {
        return [UserRewardPageViewEvent.self]
    }
}

/// Page views, except the reward ones.
class PlainPageViewCounter: TestableEventConsumer {
    override var willConsume: [Event.Type] {
        return [PageViewEvent.self]
    }

    override var excludeList: [Event.Type] {
        return [UserRewardPageViewEvent.self]
    }
}

/// SwiftEventBus's own test consumer for `NoEvent` in `excludeList`.
class ExcludeNoneStubEventConsumer: TestableEventConsumer {
    override var willConsume: [Event.Type] {
        return [AnotherStubEvent.self]
    }

    override var excludeList: [Event.Type] {
        return [NoEvent.self, StubEvent.self]
    }
}

class AllEventConsumer: TestableEventConsumer {
    override var willConsume: [Event.Type] {
        return [AllEvent.self]
    }
}

/// A consumer whose list is computed from state that changes.
class SwitchingConsumer: TestableEventConsumer {
    var accepting: [Event.Type] = [StubEvent.self]

    override var willConsume: [Event.Type] {
        return accepting
    }
}

/// Consumers equal by name, as an app might define them.
class NamedConsumer: StubEventConsumer {
    override func isEqual(_ object: Any?) -> Bool {
        return (object as? NamedConsumer)?.name == name
    }

    override var hash: Int {
        return name.hashValue
    }
}

/// A logger on `DidConsumeEvent`, written with SwiftEventBus's property names.
final class Logger: NSObject, EventConsumer {
    let trace: Trace
    var announcements: [DidConsumeEvent] = []

    init(trace: Trace) {
        self.trace = trace
    }

    var willConsume: [Event.Type] {
        return [DidConsumeEvent.self]
    }

    @available(*, deprecated, message: "uses SwiftEventBus's names on purpose")
    func consume(_ event: Event) {
        guard let didConsumeEvent = event as? DidConsumeEvent else { return }
        announcements.append(didConsumeEvent)
        trace.entries.append(
            "Logger(\(didConsumeEvent.sourceConsumer) consumed \(label(didConsumeEvent.sourceEvent)))"
        )
    }
}
