import EventBusKit
import Testing

/// A main-actor type conforming with an isolated conformance, as apps write them.
@MainActor
final class MainActorFlowController: @MainActor EventConsumer {
    private(set) var screens: [Int] = []
    var willConsume: [any Event.Type] { [Num.self] }
    func consume(_ event: any Event) {
        if let number = event.as(Num.self) { screens.append(number.value) }
    }
}

/// A service that owns a bus and serves its own consumers, all on the actor.
actor CountingService {
    private let bus = EventBus()
    private let recorder = RecordingConsumer(willConsume: [Num.self])
    private let closureTrace = Trace()
    private var tokens: Set<EventSubscription> = []

    init() {
        bus.register(recorder)
    }

    func handle(_ values: [Int]) -> [Int] {
        let trace = closureTrace
        bus.subscribe(to: Num.self) { trace.entries.append("S\($0)") }.store(in: &tokens)
        for value in values { bus.dispatch(Num(value)) }
        return recorder.received(Num.self).map(\.value)
    }

    var closureEntries: [String] { closureTrace.entries }
}

@Suite(.noUnexpectedProblems) struct IsolationTests {
    @MainActor
    @Test func aMainActorConsumerRegistersAndReceivesOnAMainActorBus() {
        let bus = EventBus()
        let flow = MainActorFlowController()
        bus.register(flow)
        bus.dispatch(Num(2))
        bus.dispatch(Num(3))
        #expect(flow.screens == [2, 3])
    }

    @Test func anActorOwnsABusAndServesItsOwnConsumers() async {
        let service = CountingService()
        #expect(await service.handle([1, 2, 3]) == [1, 2, 3])
        #expect(await service.closureEntries == ["S1", "S2", "S3"])
    }
}
