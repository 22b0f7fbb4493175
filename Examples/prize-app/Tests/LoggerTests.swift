import EventBusKit
import PrizeApp
import Testing

@Suite struct LoggerTests {
    @Test func logsEachConsumptionWithTheConsumerAndTheEvent() {
        let bus = EventBus()
        let output = TextBuffer()
        bus.register(RecordingConsumer(name: "Screens", willConsume: [NavigationEvent.self]))
        bus.register(Logger(output: output))
        bus.dispatch(NavigationEvent(destination: .screenTwo))
        #expect(
            output.lines == ["[Logger] Screens consumed NavigationEvent(destination: screenTwo)"])
    }

    @Test func logsAnEventThatNoOneConsumed() {
        let bus = EventBus()
        let output = TextBuffer()
        bus.register(Logger(output: output))
        bus.dispatch(Ping())
        #expect(output.lines == ["[Logger] no one consumed Ping()"])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test @MainActor func logsTheAppsConsumersByName() {
        let harness = Harness()
        harness.app.bus.dispatch(Ping())
        #expect(
            harness.log.lines == [
                "[Logger] FlowController consumed NavigationEvent(destination: screenOne)",
                "[Logger] AnalyticsMediator consumed PageViewEvent(screen: screenOne)",
                "[Logger] no one consumed Ping()",
            ])
    }

    @Test func eventsDescribeThemselvesReadably() {
        let events: [any Event] = [
            NavigationEvent(destination: .screenThree), PageViewEvent(screen: .screenOne),
            UserRewardPageViewEvent(screen: .screenThree), UserQualifiedForRewardEvent(),
            UserClaimRewardEvent(), RewardClaimedStateEvent(),
        ]
        #expect(
            events.map { "\($0)" } == [
                "NavigationEvent(destination: screenThree)", "PageViewEvent(screen: screenOne)",
                "UserRewardPageViewEvent(screen: screenThree)", "UserQualifiedForRewardEvent()",
                "UserClaimRewardEvent()", "RewardClaimedStateEvent()",
            ])
    }
}
