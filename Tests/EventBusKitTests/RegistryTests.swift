import Testing

@testable import EventBusKit

/// A registry and the consumers it was given, with the calls the bus makes, each followed
/// by the registry's invariant checks (debug builds).
private struct Subject {
    var registry = Registry()
    /// Consumers by name; a test drops one to end its weak recipient.
    var consumers: [String: ListConsumer] = [:]

    /// Adds a consumer named `name` with `lists`; returns the new recipient, or `nil` when
    /// the consumer was already registered.
    @discardableResult
    mutating func add(
        _ name: String, _ lists: [any Event.Type] = [Num.self], priority: Int = 0,
        weakly: Bool = false
    ) -> Recipient? {
        let consumer = consumers[name] ?? ListConsumer(name, lists)
        consumers[name] = consumer
        let (recipient, released) = registry.add(
            consumer, lists: MatchList(of: consumer), weakly: weakly, priority: priority)
        #expect(released == nil)
        check()
        return recipient
    }

    /// ``add(_:_:priority:weakly:)`` for a consumer not yet registered: the new recipient.
    mutating func addNew(
        _ name: String, _ lists: [any Event.Type] = [Num.self], priority: Int = 0,
        weakly: Bool = false
    ) throws -> Recipient {
        let recipient = add(name, lists, priority: priority, weakly: weakly)
        return try #require(recipient)
    }

    /// Builds the route of `value`'s type, deciding categories with `value`.
    mutating func buildRoute<E: Event>(_ value: E) {
        _ = registry.buildRoute(for: EventKind(E.self), deciding: value)
        check()
    }

    /// The names of the recipients on the route of `type`, or `nil` when it is not built.
    func route(_ type: any Event.Type) -> [String]? {
        registry.route(for: ObjectIdentifier(type)).map { names($0.entries) }
    }

    /// The names of the registry's recipients, in order.
    var recipients: [String] { registry.recipients.map(\.name) }

    /// The recipient of the consumer named `name`.
    func recipient(_ name: String) -> Recipient? {
        consumers[name].flatMap { registry.recipient(withID: ObjectIdentifier($0)) }
    }

    /// Stops at the first broken invariant of the registry (debug builds).
    func check() {
        #if DEBUG
            registry.checkInvariants()
        #endif
    }
}

/// Who is registered, in what order, and who each event type's route reaches, with no bus:
/// adding in call order, removing from the list, the identity table and every route, sweeping
/// the recipients that ended, and the listener counts — each change keeping the registry's
/// invariants.
@Suite(.noUnexpectedProblems) struct RegistryTests {
    @Test func addReturnsTheNewRecipientWhichItsConsumersIdentityFinds() throws {
        var subject = Subject()
        let recipient = try subject.addNew("A")
        let consumer = try #require(subject.consumers["A"])
        #expect(recipient.consumer === consumer)
        #expect(subject.registry.recipient(withID: ObjectIdentifier(consumer)) === recipient)
        #expect(recipient.isActive && !recipient.isRemoved)
        #expect(subject.registry.count == 1)
        #expect(subject.registry.identityTableCount == 1)
        #expect(subject.registry.nextRegistration == 1)
    }

    @Test func addingARegisteredConsumerAgainReturnsNilAndKeepsItsPlace() throws {
        var subject = Subject()
        let first = try subject.addNew("A")
        subject.add("B")
        subject.buildRoute(Num(0))
        #expect(subject.add("A", priority: 10) == nil)
        #expect(subject.add("A", weakly: true) == nil)
        #expect(subject.recipients == ["A", "B"])
        #expect(subject.route(Num.self) == ["A", "B"])
        #expect(subject.recipient("A") === first)
        #expect(first.callOrder == CallOrder(priority: 0, registration: 0))
        #expect(subject.registry.nextRegistration == 2)
    }

    /// Whether the route is built before the recipients arrive (each is inserted into it) or
    /// after (it is built from the list), it holds them in call order.
    @Test(arguments: [false, true])
    func priorityPlacesRecipientsInCallOrderInTheListAndInARoute(routeBuiltFirst: Bool) {
        var subject = Subject()
        if routeBuiltFirst { subject.buildRoute(Num(0)) }
        for (name, priority) in [("A", 0), ("B", 5), ("C", 0), ("D", -1), ("E", 5), ("F", 10)] {
            subject.add(name, priority: priority)
        }
        subject.add("G", [Other.self], priority: 7)
        if !routeBuiltFirst { subject.buildRoute(Num(0)) }
        #expect(subject.recipients == ["F", "G", "B", "E", "A", "C", "D"])
        #expect(subject.route(Num.self) == ["F", "B", "E", "A", "C", "D"])
    }

    @Test func removeTakesTheRecipientOutOfTheListTheTableAndEveryRouteAndDeactivatesIt() throws {
        var subject = Subject()
        let a = try subject.addNew("A", [Num.self, Other.self])
        subject.add("B")
        subject.add("C", [Other.self], weakly: true)
        subject.buildRoute(Num(0))
        subject.buildRoute(Other())
        let (removed, released) = subject.registry.remove(a, ending: .released)
        subject.check()
        #expect(removed)
        #expect(released === subject.consumers["A"])
        #expect(a.isRemoved && !a.isActive && a.consumer == nil)
        #expect(subject.recipient("A") == nil)
        #expect(subject.recipients == ["B", "C"])
        #expect(subject.route(Num.self) == ["B"])
        #expect(subject.route(Other.self) == ["C"])
        #expect(subject.registry.identityTableCount == 2)
        // Removing it again finds nothing and releases nothing.
        let again = subject.registry.remove(a, ending: .released)
        #expect(!again.removed && again.released == nil)
        // A weakly held consumer is not the registry's to release.
        let c = try #require(subject.recipient("C"))
        let weak = subject.registry.remove(c, ending: .released)
        subject.check()
        #expect(weak.removed && weak.released == nil && c.isRemoved)
        #expect(subject.recipients == ["B"])
        #expect(subject.route(Other.self) == [])
    }

    /// A recipient removed from the middle of the list leaves a hole there, not itself: the
    /// registry lets go of it at once (held to the compaction, the removed recipients of a
    /// long list were freed thousands at a time, CONTRACT §18), and a registration with a
    /// higher priority, which searches the list, still finds its place around the hole.
    @Test func aRecipientRemovedFromTheMiddleIsLetGoAtOnceAndCallOrderHoldsAroundItsHole() throws {
        var subject = Subject()
        for name in ["A", "B", "C"] { subject.add(name) }
        subject.buildRoute(Num(0))
        weak var removed: Recipient?
        do {
            let b = try #require(subject.recipient("B"))
            removed = b
            #expect(subject.registry.remove(b, ending: .released).removed)
        }
        subject.check()
        #expect(removed == nil)
        #expect(subject.registry.count == 2)
        #expect(subject.recipients == ["A", "C"])
        subject.add("Z", priority: 5)
        subject.add("D")
        #expect(subject.recipients == ["Z", "A", "C", "D"])
        #expect(subject.route(Num.self) == ["Z", "A", "C", "D"])
    }

    @Test func removeEndedRemovesExactlyTheEndedRecipientsAndReturnsWhatTheyHeld() throws {
        var subject = Subject()
        let listens: [any Event.Type] = [Num.self, DidConsumeEvent.self]
        subject.add("Kept")
        let died = try subject.addNew("Died", weakly: true)
        let ended = try subject.addNew("Ended")
        let listener = try subject.addNew("Listener", listens)
        let endedListener = try subject.addNew("EndedListener", listens)
        subject.buildRoute(Num(0))
        subject.consumers["Died"] = nil  // its only strong reference: the consumer is gone
        ended.claimEnd(.released)
        endedListener.claimEnd(.released)
        #expect(died.consumer == nil && !died.isRemoved)
        let endedConsumer = subject.consumers["Ended"]
        let endedListenerConsumer = subject.consumers["EndedListener"]
        let released = subject.registry.removeEnded()
        subject.check()
        #expect(released.count == 2)
        #expect(released.first === endedConsumer)
        #expect(released.last === endedListenerConsumer)
        #expect(died.isRemoved && ended.isRemoved && endedListener.isRemoved)
        #expect(!listener.isRemoved && listener.isActive)
        #expect(subject.recipients == ["Kept", "Listener"])
        #expect(subject.route(Num.self) == ["Kept", "Listener"])
        #expect(subject.recipient("Ended") == nil && subject.recipient("EndedListener") == nil)
        #expect(subject.registry.identityTableCount == 2)
        #expect(subject.registry.mayAnnounceConsumption)
        // Nothing more has ended: a second sweep finds nothing.
        #expect(subject.registry.removeEnded().isEmpty)
        #expect(subject.recipients == ["Kept", "Listener"])
    }

    @Test func removeAllDeactivatesEveryRecipientAndReturnsTheConsumersItHeldStrongly() throws {
        var subject = Subject()
        let a = try subject.addNew("A")
        let b = try subject.addNew("B", weakly: true)
        let c = try subject.addNew("C", [DidConsumeEvent.self], priority: 1)
        subject.buildRoute(Num(0))
        let released = subject.registry.removeAll()
        subject.check()
        #expect(released.count == 2)
        #expect(released.first === subject.consumers["C"])
        #expect(released.last === subject.consumers["A"])
        #expect(a.isRemoved && b.isRemoved && c.isRemoved)
        #expect(subject.recipients == [])
        #expect(subject.registry.identityTableCount == 0)
        #expect(subject.registry.routes.isEmpty)
        #expect(!subject.registry.mayAnnounceConsumption)
        // The registry takes new recipients afterward, after every earlier one.
        let again = try subject.addNew("A")
        #expect(again !== a)
        #expect(again.callOrder.registration == 3)
        #expect(subject.recipients == ["A"])
    }

    @Test func theRegistryMayAnnounceConsumptionWhileARecipientListensForIt() throws {
        var subject = Subject()
        let listens: [any Event.Type] = [DidConsumeEvent.self]
        subject.add("Plain", [AllEvent.self])
        #expect(!subject.registry.mayAnnounceConsumption)  // AllEvent excludes announcements
        let first = try subject.addNew("First", listens)
        let second = try subject.addNew("Second", listens, weakly: true)
        #expect(subject.registry.mayAnnounceConsumption)
        subject.registry.remove(first, ending: .released)
        subject.check()
        #expect(subject.registry.mayAnnounceConsumption)
        subject.consumers["Second"] = nil
        #expect(second.consumer == nil)
        _ = subject.registry.removeEnded()
        subject.check()
        #expect(!subject.registry.mayAnnounceConsumption)
        subject.add("Third", listens)
        #expect(subject.registry.mayAnnounceConsumption)
        _ = subject.registry.removeAll()
        #expect(!subject.registry.mayAnnounceConsumption)
    }

    @Test func addingARecipientThatNamesACategoryDropsTheBuiltRoutes() {
        var subject = Subject()
        subject.add("A")
        subject.buildRoute(Num(0))
        subject.buildRoute(Other())
        subject.add("B", [Other.self])
        #expect(subject.route(Other.self) == ["B"])
        subject.add("Tracker", [Conforming<any Analytics>.self])
        #expect(subject.registry.routes.isEmpty)
        subject.buildRoute(Tap())
        #expect(subject.route(Tap.self) == ["Tracker"])
    }
}
