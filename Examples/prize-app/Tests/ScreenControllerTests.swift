import EventBusKit
import PrizeApp
import Testing

/// The screen on top and the reward state: live while it is shown, and replayed by the bus to
/// a screen that appears after the state changed.
@MainActor
@Suite struct ScreenControllerTests {
    @Test func followsTheRewardStateLiveWhileShown() {
        let bus = EventBus()
        let screen = ScreenController(screen: .screenThree, bus: bus)
        screen.didAppear()
        #expect(screen.showsPrize == false)
        bus.dispatch(UserQualifiedForRewardEvent())
        #expect(screen.showsPrize == true)
        bus.dispatch(RewardClaimedStateEvent())
        #expect(screen.showsPrize == false)
    }

    @Test func aScreenThatAppearsLateIsHandedTheLatestStateAsItRegisters() {
        let bus = EventBus()
        bus.dispatch(UserQualifiedForRewardEvent())  // before any screen follows it
        let screen = ScreenController(screen: .screenTwo, bus: bus)
        #expect(screen.replaysLatest == true)
        screen.didAppear()
        #expect(screen.showsPrize == true)
    }

    @Test func aCoveredScreenStopsFollowingTheRewardState() {
        let bus = EventBus()
        let screen = ScreenController(screen: .screenTwo, bus: bus)
        screen.didAppear()
        screen.didDisappear()
        bus.dispatch(UserQualifiedForRewardEvent())
        #expect(bus.isRegistered(screen) == false)
        #expect(screen.showsPrize == false)
    }

    @Test func aScreenOpenedAfterQualifyingOffersThePrizeThroughTheReplay() throws {
        let app = PrizeApplication(
            analyticsSink: RecordingAnalyticsSink(), log: TextBuffer(), tracing: true)
        let trace = try #require(app.trace)
        app.perform(.open(.screenThree))
        app.perform(.open(.screenTwo))  // opened late: the model sends nothing again
        #expect(app.currentView.screen == .screenTwo)
        #expect(app.currentView.button(for: .claim) != nil)
        let qualified = trace.records(of: UserQualifiedForRewardEvent.self)
        #expect(qualified.map(\.recipients) == [["Screen Three"], ["Screen Two"]])
        // The second is the bus's replay to the new screen, caused by the navigation that
        // made it; only the first came from the reward model.
        #expect(qualified.map(\.cause?.recipient) == ["RewardModel", "FlowController"])
        #expect(trace.records(of: UserRewardPageViewEvent.self).count == 1)
    }

    @Test func claimingOnALateScreenHidesThePrizeAndLaterScreensGetTheClaimAlone() {
        let harness = Harness()
        harness.app.perform(.open(.screenThree))
        _ = harness.log.takeLines()
        harness.app.perform(.back)  // Screen One again, made anew
        #expect(harness.app.currentView.showsPrize == true)
        #expect(
            harness.log.takeLines() == [
                "[Logger] FlowController consumed NavigationEvent(destination: screenOne)",
                "[Logger] Screen One consumed UserQualifiedForRewardEvent()",
                "[Logger] AnalyticsMediator consumed PageViewEvent(screen: screenOne)",
            ])
        #expect(harness.app.perform(.claim) == nil)
        #expect(harness.app.currentView.showsPrize == false)
        _ = harness.log.takeLines()
        harness.app.perform(.open(.screenTwo))
        #expect(harness.app.currentView.showsPrize == false)
        // The claim cleared the stored qualification: the new screen is handed the claim alone.
        #expect(
            harness.log.takeLines() == [
                "[Logger] FlowController consumed NavigationEvent(destination: screenTwo)",
                "[Logger] Screen Two consumed RewardClaimedStateEvent()",
                "[Logger] AnalyticsMediator consumed PageViewEvent(screen: screenTwo)",
            ])
    }

    @Test func describesItselfByItsScreensTitle() {
        #expect("\(ScreenController(screen: .screenTwo, bus: EventBus()))" == "Screen Two")
    }
}
