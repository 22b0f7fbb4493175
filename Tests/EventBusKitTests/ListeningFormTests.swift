import Testing

@testable import EventBusKit

/// A category of events a stream or a `next` may take: its protocol refines `SendableEvent`.
protocol Checkout: SendableEvent { var order: Int { get } }

/// A checkout that succeeded.
struct CheckoutSucceeded: Checkout { let order: Int }

/// A checkout that failed.
struct CheckoutFailed: Checkout { let order: Int }

/// Contract §14.1: the options are one value, merged from an array literal.
@Suite struct RecipientOptionsTests {
    @Test func anArrayLiteralMergesItsElementsInOrder() {
        let options: RecipientOptions = [.priority(10), .replaysLatest]
        #expect(options == RecipientOptions(priority: 10, replaysLatest: true))
        let later: RecipientOptions = [.priority(1), .replaysLatest, .priority(2)]
        #expect(later.priority == 2)
        #expect(later.replaysLatest == true)
    }

    @Test func emptyOptionsSetNothingAndEqualityComparesTheOptionals() {
        #expect(([] as RecipientOptions) == RecipientOptions())
        #expect(RecipientOptions().priority == nil)
        #expect(RecipientOptions().replaysLatest == nil)
        // An option set to its default value is set: not the same options as none.
        #expect(RecipientOptions(priority: 0) != [])
        #expect(RecipientOptions(replaysLatest: false) != [])
        #expect(Set([RecipientOptions.replaysLatest, [.replaysLatest], []]).count == 2)
    }

    @Test func anOptionSetByAVarIsReadAsSet() {
        var options = RecipientOptions()
        options.priority = 3
        let bus = EventBus()
        let trace = Trace()
        bus.register(TraceConsumer("A", [Num.self], trace: trace))
        let token = bus.subscribe(to: Num.self, options: options) { trace.entries.append("S\($0)") }
        bus.dispatch(Num(1))
        #expect(trace.entries == ["S1", "A1"])
        withExtendedLifetime(token) {}
    }
}

/// Contract §14.2 and §14.3: every listening form takes `options:` and `where:`, every
/// closure may throw, and one generic form serves each category.
@MainActor @Suite(.noUnexpectedProblems) struct ListeningFormTests {
    @Test func aConsumersOptionsWinOverItsOwnPriorityAndReplay() {
        let bus = EventBus()
        let trace = Trace()
        bus.dispatch(Mood("calm"))
        let high = TraceConsumer("High", [Num.self, Mood.self], trace: trace)
        high.priority = 5
        let low = TraceConsumer("Low", [Num.self, Mood.self], trace: trace)
        low.replaysLatest = true
        bus.register(high, options: .priority(-1))
        bus.register(low, options: [.priority(1), RecipientOptions(replaysLatest: false)])
        bus.dispatch(Num(1))
        #expect(trace.entries == ["Low1", "High1"])  // no replay: the options said false
    }

    @Test func aConsumersOwnPriorityAndReplayStayItsDefaults() {
        let bus = EventBus()
        let trace = Trace()
        bus.dispatch(Mood("calm"))
        let high = TraceConsumer("High", [Num.self, Mood.self], trace: trace)
        high.priority = 5
        high.replaysLatest = true
        let plain = TraceConsumer("Plain", [Num.self], trace: trace)
        bus.registerWeakly(plain)
        bus.registerWeakly(high, options: [])
        bus.dispatch(Num(1))
        #expect(trace.entries == ["Highmood(calm)", "High1", "Plain1"])
        withExtendedLifetime((plain, high)) {}
    }

    @Test func registeringARegisteredConsumerAgainIsANoOpWhateverItsOptions() {
        let bus = EventBus()
        let trace = Trace()
        let first = TraceConsumer("A", [Num.self], trace: trace)
        bus.register(first)
        bus.register(TraceConsumer("B", [Num.self], trace: trace))
        bus.register(first, options: .priority(10))
        bus.dispatch(Num(1))
        #expect(trace.entries == ["A1", "B1"])
        #expect(bus.recipientCount == 2)
    }

    @Test func everySubscriptionFormTakesOptionsAndAFilter() {
        let bus = EventBus()
        let trace = Trace()
        let owner = OwnerBoundScreen(name: "o")
        bus.register(TraceConsumer("A", [AllEvent.self], trace: trace))
        let tokens = [
            bus.subscribe(to: Num.self, options: .priority(1), where: { $0.value == 2 }) {
                trace.entries.append("typed \($0)")
            },
            bus.subscribe(
                to: Num.self, owner: owner, options: .priority(1), where: { _, _ in true }
            ) { owner, number in trace.entries.append("\(owner.name) \(number)") },
            bus.subscribe(to: AllEvent.self, options: .priority(1), where: { $0 is Num }) {
                trace.entries.append("all \($0)")
            },
            bus.subscribe(
                to: Conforming<any Tagged>.self, owner: owner, options: .priority(1),
                where: { $1.tag == "b" }
            ) { owner, event in trace.entries.append("\(owner.name) tag \(event.tag)") },
        ]
        bus.dispatch(Num(1))
        bus.dispatch(Num(2))
        bus.dispatch(TaggedEvent(tag: "a"))
        bus.dispatch(TaggedEvent(tag: "b"))
        #expect(
            trace.entries == [
                "o 1", "all 1", "A1",
                "typed 2", "o 2", "all 2", "A2",
                "ATaggedEvent(tag: \"a\")",
                "o tag b", "ATaggedEvent(tag: \"b\")",
            ])
        withExtendedLifetime((tokens, owner)) {}
    }

    /// Contract §14.3: an owner-bound closure may throw; its error is announced.
    @Test func anOwnerBoundClosureMayThrow() {
        let bus = EventBus()
        let owner = OwnerBoundScreen(name: "cart")
        var failures: [String] = []
        let listener = bus.subscribe(to: ConsumerFailedEvent.self) {
            failures.append("\($0.error) on \($0.event)")
        }
        bus.subscribe(to: Num.self, owner: owner) { _, number in
            if number.value > 1 { throw HandlerError(code: number.value) }
        }
        bus.subscribe(to: AllEvent.self, owner: owner) { _, event in
            if event is Other { throw HandlerError(code: -1) }
        }
        bus.dispatch(Num(1))
        bus.dispatch(Num(2))
        bus.dispatch(Other())
        #expect(failures == ["HandlerError(code: 2) on 2", "HandlerError(code: -1) on other"])
        withExtendedLifetime((listener, owner)) {}
    }

    @Test func aStreamTakesOptionsAndAFilter() async {
        var bus: EventBus? = EventBus()
        bus!.dispatch(Mood("calm"))
        let moods = bus!.events(of: Mood.self, options: .replaysLatest, where: { $0.value != "x" })
        let checkouts = bus!.events(of: Conforming<any Checkout>.self, where: { $0.order > 1 })
        bus!.dispatch(Mood("x"))
        bus!.dispatch(Mood("bright"))
        bus!.dispatch(CheckoutSucceeded(order: 1))
        bus!.dispatch(CheckoutFailed(order: 2))
        bus = nil
        #expect(await collect(moods).map(\.value) == ["calm", "bright"])
        #expect(
            await collect(checkouts).map { "\(type(of: $0)) \($0.order)" } == ["CheckoutFailed 2"])
    }

    /// Contract §14.2: `next` with `.replaysLatest` is "the current value or the next".
    @Test func nextWithReplayReturnsTheCurrentValueAtOnce() async throws {
        let bus = EventBus()
        bus.dispatch(Mood("calm"))
        let current = try await bus.next(Mood.self, options: .replaysLatest)
        #expect(current.value == "calm")
        #expect(bus.recipientCount == 0)
    }

    @Test func nextWithReplayWaitsWhenTheCurrentValueIsRejected() async throws {
        let bus = EventBus()
        bus.dispatch(Mood("calm"))
        let waiting = Task {
            try await bus.next(Mood.self, options: .replaysLatest, where: { $0.value != "calm" })
        }
        while bus.recipientCount < 1 { await Task.yield() }
        bus.dispatch(Mood("bright"))
        #expect(try await waiting.value.value == "bright")
    }

    @Test func nextOfACategoryReturnsTheFirstEventOfIt() async throws {
        let bus = EventBus()
        let waiting = Task {
            try await bus.next(Conforming<any Checkout>.self, where: { $0.order > 1 })
        }
        while bus.recipientCount < 1 { await Task.yield() }
        bus.dispatch(Num(1))
        bus.dispatch(CheckoutSucceeded(order: 1))
        bus.dispatch(CheckoutFailed(order: 2))
        let outcome = try await waiting.value
        #expect(outcome is CheckoutFailed)
        #expect(outcome.order == 2)
        #expect(bus.recipientCount == 0)
    }

    #if canImport(Observation)
        @Test func observeTakesOptionsAndAFilter() {
            guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
            let bus = EventBus()
            bus.dispatch(Mood("calm"))
            let odd = bus.observe(Num.self, where: { $0.value % 2 == 1 })
            let noReplay = bus.observe(Mood.self, options: RecipientOptions(replaysLatest: false))
            let tagged = bus.observe(Conforming<any Tagged>.self, where: { $0.tag != "skip" })
            #expect(noReplay.count == 0)
            for value in 1...4 { bus.dispatch(Num(value)) }
            bus.dispatch(TaggedEvent(tag: "a"))
            bus.dispatch(TaggedEvent(tag: "skip"))
            #expect(odd.latest?.value == 3)
            #expect(odd.count == 2)
            #expect(tagged.latest?.tag == "a")
            #expect(tagged.count == 1)
        }
    #endif

    /// A generic function over `C: EventCategory` reaches the category's form.
    @Test func genericCodeOverACategoryReachesTheCategoryForm() {
        func count<C: EventCategory>(_ category: C.Type, on bus: EventBus) -> () -> Int {
            var seen = 0
            let token = bus.subscribe(to: category) { _ in seen += 1 }
            return { withExtendedLifetime(token) { seen } }
        }
        let bus = EventBus()
        let all = count(AllEvent.self, on: bus)
        let tagged = count(Conforming<any Tagged>.self, on: bus)
        bus.dispatch(Num(1))
        bus.dispatch(TaggedEvent(tag: "a"))
        #expect(all() == 2)
        #expect(tagged() == 1)
    }
}

/// A category that is not one of the bus's: it cannot make the seal's value, so it pretends.
enum PretendCategory: EventCategory {
    typealias Member = Int
    static var _busCategory: _BusCategory { preconditionFailure("not a bus category") }
}

/// Subscribes to `category` through generic code, as the app's own helper would.
func subscribeGenerically<C: EventCategory>(to category: C.Type, on bus: EventBus)
    -> EventSubscription
{
    bus.subscribe(to: category) { _ in }
}

/// Subscribes to `type` through generic code: for `AllEvent`, the typed form is the one compiled.
func subscribeGenerically<T: Event>(toType type: T.Type, on bus: EventBus) -> EventSubscription {
    bus.subscribe(to: type) { _ in }
}

/// Contract §14.2: what compiles but cannot work stops at the call, naming it, its parameter and
/// the fix.
@Suite struct ListeningStopTests {
    @Test func aCategoryOfTheAppsOwnStopsWithAMessageNamingTheCall() {
        #expect(
            EventBus.targetProblem(PretendCategory.self, typed: false, call: "subscribe(to:)")
                == "subscribe(to:): PretendCategory is not one of EventBusKit's categories; use AllEvent or Conforming<P>"
        )
    }

    @Test func aCategoryOfTheAppsOwnStopsTheProgram() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = subscribeGenerically(to: PretendCategory.self, on: EventBus())
        }
    }

    @Test func aWildcardReachingTheTypedFormStopsTheProgramNamingTheCall() async throws {
        let result = try await #require(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            _ = subscribeGenerically(toType: AllEvent.self, on: EventBus())
        }
        let printed = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
            printed.contains(
                "EventBusKit: subscribe(to:): AllEvent reached the form for one event type through generic code"
            ))
    }

    @Test func noEventStopsTheProgramNamingTheCall() async throws {
        let result = try await #require(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            _ = EventBus().subscribe(to: NoEvent.self) { _ in }
        }
        let printed = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(printed.contains("EventBusKit: subscribe(to:): NoEvent covers no event"))
    }
}
