import EventBusKit
import Testing

/// Vends a poster on the main actor, then hands the bus to a detached task as a `sending`
/// parameter allows, and dispatches there: what Swift 6's checker does not catch.
@MainActor func useABusOffTheActorItLearned() async {
    let bus = EventBus()
    _ = bus.poster()
    await stash(bus)
}

@MainActor func stash(_ bus: sending EventBus) async {
    _ = await Task.detached { bus.dispatch(Num(1)) }.value
}

@Suite struct IsolationCheckTests {
    #if DEBUG
        @Test func aBusUsedOffTheActorItLearnedStopsADebugBuild() async {
            await #expect(processExitsWith: .failure) {
                await useABusOffTheActorItLearned()
            }
        }
    #endif

    @MainActor @Test func aBusUsedOnTheActorItLearnedRunsNormally() {
        let bus = EventBus()
        let recorder = RecordingConsumer(willConsume: [Num.self])
        _ = bus.poster()
        bus.register(recorder)
        #expect(bus.dispatch(Num(1)) == .drained(events: 1))
        #expect(recorder.events.count == 1)
    }
}
