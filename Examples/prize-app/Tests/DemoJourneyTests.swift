import EventBusKit
import PrizeApp
import Testing

/// The canonical journey — the app opens on Screen One, then 2, 3, claim, 2, 3 — pinned
/// step by step: the prize appears on reaching Screen Three and never again after the claim.
@MainActor
@Suite struct DemoJourneyTests {
    /// What the user can see after a step.
    struct Snapshot: Equatable {
        let stack: [Screen]
        let showsPrize: Bool
    }

    /// Runs the demo's steps on `harness`, returning the snapshot after launch and each step.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    func walk(_ harness: Harness) -> [Snapshot] {
        var snapshots = [
            Snapshot(stack: harness.app.flow.stack, showsPrize: harness.app.currentView.showsPrize)
        ]
        for step in Script.demo.steps {
            #expect(harness.app.perform(step) == nil, "step \(step) has a button")
            snapshots.append(
                Snapshot(
                    stack: harness.app.flow.stack, showsPrize: harness.app.currentView.showsPrize))
        }
        return snapshots
    }

    @Test func theDemoIsTwoThreeClaimTwoThreeAfterLaunch() {
        #expect(Script.demo.words == ["2", "3", "claim", "2", "3"])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func navigationStacksAndThePrizeFollowTheJourney() {
        let snapshots = walk(Harness())
        #expect(
            snapshots == [
                Snapshot(stack: [.screenOne], showsPrize: false),
                Snapshot(stack: [.screenOne, .screenTwo], showsPrize: false),
                Snapshot(stack: [.screenOne, .screenTwo, .screenThree], showsPrize: true),
                Snapshot(stack: [.screenOne, .screenTwo, .screenThree], showsPrize: false),
                Snapshot(stack: [.screenOne, .screenTwo], showsPrize: false),
                Snapshot(stack: [.screenOne, .screenTwo, .screenThree], showsPrize: false),
            ])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func theClaimButtonIsShownExactlyWhileThePrizeIsOffered() {
        let harness = Harness()
        var claimable = [harness.app.currentView.button(for: .claim) != nil]
        for step in Script.demo.steps {
            harness.app.perform(step)
            claimable.append(harness.app.currentView.button(for: .claim) != nil)
        }
        #expect(claimable == [false, false, true, false, false, false])
        #expect(harness.app.model.isClaimed == true)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func analyticsReceivesEveryPageViewInOrder() {
        let harness = Harness()
        _ = walk(harness)
        harness.app.finish()
        #expect(
            harness.analytics.records == [
                AnalyticsRecord(sequence: 1, event: "page_view", screen: "screenOne"),
                AnalyticsRecord(sequence: 2, event: "page_view", screen: "screenTwo"),
                AnalyticsRecord(sequence: 3, event: "reward_page_view", screen: "screenThree"),
                AnalyticsRecord(sequence: 4, event: "page_view", screen: "screenTwo"),
                AnalyticsRecord(sequence: 5, event: "reward_page_view", screen: "screenThree"),
            ])
        #expect(harness.analytics.flushCount == 1)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func theLoggerTracesEveryConsumptionBreadthFirst() {
        let harness = Harness()
        _ = walk(harness)
        #expect(
            harness.log.lines == [
                // launch
                "[Logger] FlowController consumed NavigationEvent(destination: screenOne)",
                "[Logger] AnalyticsMediator consumed PageViewEvent(screen: screenOne)",
                // 2
                "[Logger] FlowController consumed NavigationEvent(destination: screenTwo)",
                "[Logger] AnalyticsMediator consumed PageViewEvent(screen: screenTwo)",
                // 3: the page view and the qualification are queued behind the navigation
                "[Logger] FlowController consumed NavigationEvent(destination: screenThree)",
                "[Logger] RewardModel consumed UserRewardPageViewEvent(screen: screenThree)",
                "[Logger] AnalyticsMediator consumed UserRewardPageViewEvent(screen: screenThree)",
                "[Logger] \(RewardObserver.qualified) consumed UserQualifiedForRewardEvent()",
                // claim
                "[Logger] RewardModel consumed UserClaimRewardEvent()",
                "[Logger] \(RewardObserver.claimed) consumed RewardClaimedStateEvent()",
                // 2: popping back to Screen Two shows it again; the bus hands the new screen's
                // observation the latest reward state before its page view
                "[Logger] FlowController consumed NavigationEvent(destination: screenTwo)",
                "[Logger] \(RewardObserver.claimed) consumed RewardClaimedStateEvent()",
                "[Logger] AnalyticsMediator consumed PageViewEvent(screen: screenTwo)",
                // 3: the model sees the reward page view but, claimed, offers nothing
                "[Logger] FlowController consumed NavigationEvent(destination: screenThree)",
                "[Logger] \(RewardObserver.claimed) consumed RewardClaimedStateEvent()",
                "[Logger] RewardModel consumed UserRewardPageViewEvent(screen: screenThree)",
                "[Logger] AnalyticsMediator consumed UserRewardPageViewEvent(screen: screenThree)",
            ])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func theDemoTranscriptIsTheScriptTranscriptOfTheSameSteps() {
        let demo = CommandRun(["--demo"])
        let script = CommandRun(["--script", "2,3,claim,2,3"])
        #expect(demo.status == 0)
        #expect(demo.output.first == "Demo: the app opens on Screen One, then 2, 3, claim, 2, 3.")
        #expect(
            script.output.first == "Script: the app opens on Screen One, then 2, 3, claim, 2, 3.")
        #expect(demo.output.dropFirst() == script.output.dropFirst())
        #expect(demo.output.filter { $0.contains("qualified for a prize") }.count == 1)
    }
}
