import EventBusKit
import Testing

/// A category of the excluded-category tests.
private protocol Stamped: Event {}

/// The one value type the recipients below list, a member of `Stamped`.
private struct Stamp: Stamped {
    let number: Int
}

/// A consumer of `Stamp` that may exclude `Conforming<any Stamped>`, keeping the numbers it
/// received.
private final class StampConsumer: EventConsumer {
    let willConsume: [any Event.Type] = [Stamp.self]
    let excludeList: [any Event.Type]
    var received: [Int] = []
    init(excludingStamped: Bool) {
        excludeList = excludingStamped ? [Conforming<any Stamped>.self] : []
    }
    func consume(_ event: any Event) {
        if let stamp = event as? Stamp { received.append(stamp.number) }
    }
}

/// A recipient whose lists name one value type and exclude a category: the category decides,
/// whenever the type's route was built.
@Suite(.noUnexpectedProblems) struct ExcludedCategoryTests {
    /// The rule: excluding a category its only listed type belongs to, a consumer receives
    /// none of that type's events, whether the type's route was built before it registered
    /// (its registration then drops the routes, which are rebuilt from each event's value) or
    /// after.
    @Test(arguments: [true, false])
    func aConsumerExcludingACategoryOfItsOnlyTypeReceivesNoneOfItsEvents(routeBuiltFirst: Bool) {
        let bus = EventBus()
        let plain = StampConsumer(excludingStamped: false)
        bus.register(plain)
        if routeBuiltFirst { bus.dispatch(Stamp(number: 1)) }
        let excluding = StampConsumer(excludingStamped: true)
        bus.register(excluding)
        bus.dispatch(Stamp(number: 2))
        #expect(plain.received == (routeBuiltFirst ? [1, 2] : [2]))
        #expect(excluding.received == [])
    }
}
