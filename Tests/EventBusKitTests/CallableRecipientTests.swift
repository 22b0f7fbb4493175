import Testing

@testable import EventBusKit

/// A recipient's `isCallable`, which a sweep asks of every recipient without taking its
/// consumer, answers what `consumer != nil` answers, in every state a recipient can be in.
@Suite struct CallableRecipientTests {
    @Test func isCallableAnswersWhatItsConsumerAnswersInEveryState() {
        let bus = EventBus()
        let trace = Trace()
        let strong = TraceConsumer("strong", [Num.self], trace: trace)
        bus.register(strong)
        let weakAlive = TraceConsumer("weakAlive", [Num.self], trace: trace)
        bus.registerWeakly(weakAlive)
        do { bus.registerWeakly(TraceConsumer("weakGone", [Num.self], trace: trace)) }
        let owner = OwnerBoundScreen(name: "alive")
        bus.subscribe(to: Num.self, owner: owner, options: .named("ownerAlive")) { _, _ in }
        do {
            let gone = OwnerBoundScreen(name: "gone")
            bus.subscribe(to: Num.self, owner: gone, options: .named("ownerGone")) { _, _ in }
        }
        let kept = bus.subscribe(to: Num.self, options: .named("kept")) { _ in }
        // Its token released: ended at once, removed at the bus's next call.
        do { _ = bus.subscribe(to: Num.self, options: .named("dropped")) { _ in } }

        let recipients = bus.registry.value.recipients
        #expect(recipients.count == 7)
        for recipient in recipients {
            #expect(recipient.isCallable == (recipient.consumer != nil), "\(recipient.name)")
        }
        let callable = recipients.filter(\.isCallable).map { $0.name.prefix { $0 != " " } }
        #expect(callable == ["strong", "weakAlive", "ownerAlive", "kept"])
        withExtendedLifetime((strong, weakAlive, owner, kept)) {}
    }
}
