import EventBusKit
import Foundation
import Observation
import PrizeApp
import Testing

/// The screen on top and the reward state, read through `observe(_:)`: live while it is
/// shown, and replayed by the bus to a screen that appears after the state changed.
@MainActor
@Suite struct ScreenControllerTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
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

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aScreenThatAppearsLateIsHandedTheLatestStateAsItAppears() {
        let bus = EventBus()
        bus.dispatch(UserQualifiedForRewardEvent())  // before any screen follows it
        let screen = ScreenController(screen: .screenTwo, bus: bus)
        screen.didAppear()
        #expect(screen.showsPrize == true)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aCoveredScreenStopsFollowingTheRewardState() {
        let bus = EventBus()
        let screen = ScreenController(screen: .screenTwo, bus: bus)
        screen.didAppear()
        #expect(screen.isShown == true)
        screen.didDisappear()
        #expect(screen.isShown == false)
        // Its two observed objects are gone, and their subscriptions with them: nobody takes
        // the reward state.
        let unclaimed = RecordingConsumer(willConsume: [NoConsumerEvent.self])
        bus.register(unclaimed)
        bus.dispatch(UserQualifiedForRewardEvent())
        #expect(unclaimed.received.count == 1)
        #expect(screen.showsPrize == false)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aScreenRedrawsWhenTheRewardStateItShowedChanges() {
        let bus = EventBus()
        let screen = ScreenController(screen: .screenThree, bus: bus)
        screen.didAppear()
        let told = ChangeCount()
        withObservationTracking {
            _ = screen.showsPrize
        } onChange: {
            told.add()
        }
        bus.dispatch(PageViewEvent(screen: .screenOne))  // not the reward state
        #expect(told.count == 0)
        bus.dispatch(UserQualifiedForRewardEvent())
        #expect(told.count == 1)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aScreenOpenedAfterQualifyingOffersThePrizeThroughTheReplay() throws {
        let app = PrizeApplication(
            analyticsSink: RecordingAnalyticsSink(), log: TextBuffer(), tracing: true)
        let trace = try #require(app.trace)
        app.perform(.open(.screenThree))
        app.perform(.open(.screenTwo))  // opened late: the model sends nothing again
        #expect(app.currentView.screen == .screenTwo)
        #expect(app.currentView.button(for: .claim) != nil)
        let qualified = trace.records(of: UserQualifiedForRewardEvent.self)
        #expect(
            qualified.map(\.recipients) == [[RewardObserver.qualified], [RewardObserver.qualified]])
        // The second is the bus's replay to the new screen, caused by the navigation that
        // made it; only the first came from the reward model.
        #expect(qualified.map(\.cause?.recipient) == ["RewardModel", "FlowController"])
        #expect(trace.records(of: UserRewardPageViewEvent.self).count == 1)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func claimingOnALateScreenHidesThePrizeAndLaterScreensGetTheClaimAlone() {
        let harness = Harness()
        harness.app.perform(.open(.screenThree))
        _ = harness.log.takeLines()
        harness.app.perform(.back)  // Screen One again, made anew
        #expect(harness.app.currentView.showsPrize == true)
        #expect(
            harness.log.takeLines() == [
                "[Logger] FlowController consumed NavigationEvent(destination: screenOne)",
                "[Logger] \(RewardObserver.qualified) consumed UserQualifiedForRewardEvent()",
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
                "[Logger] \(RewardObserver.claimed) consumed RewardClaimedStateEvent()",
                "[Logger] AnalyticsMediator consumed PageViewEvent(screen: screenTwo)",
            ])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func describesItselfByItsScreensTitle() {
        #expect("\(ScreenController(screen: .screenTwo, bus: EventBus()))" == "Screen Two")
    }
}

/// Counts the changes Observation announced. Its `onChange` is `@Sendable`, so the count is
/// guarded by a lock; `@unchecked Sendable` is safe because `counted` is touched only while
/// `lock` is held.
final class ChangeCount: @unchecked Sendable {
    private let lock = NSLock()
    private var counted = 0

    func add() {
        lock.lock()
        counted += 1
        lock.unlock()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return counted
    }
}
