import EventBusKit
import PrizeApp
import Testing

/// The app's behaviour asserted on a trace of its bus: which events a tap dispatched, who
/// dispatched them and who received them — the way to test code that uses the bus.
@MainActor
@Suite struct TracedRunTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aTraceStartsBeforeTheLaunchAndSeesItsNavigation() throws {
        let app = PrizeApplication(
            analyticsSink: RecordingAnalyticsSink(), log: TextBuffer(), tracing: true)
        let trace = try #require(app.trace)
        #expect(
            trace.delivered(NavigationEvent.self) == [NavigationEvent(destination: .screenOne)])
        let launch = try #require(trace.records(of: NavigationEvent.self).first)
        #expect(launch.cause == nil)
        #expect(launch.recipients == ["FlowController"])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func anUntracedAppHasNoTrace() {
        let app = PrizeApplication(analyticsSink: RecordingAnalyticsSink(), log: TextBuffer())
        #expect(app.trace == nil)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func reachingScreenThreeQualifiesTheUserThroughTheRewardModel() throws {
        let app = PrizeApplication(
            analyticsSink: RecordingAnalyticsSink(), log: TextBuffer(), tracing: true)
        let trace = try #require(app.trace)
        app.perform(.open(.screenThree))
        let pageView = try #require(trace.records(of: UserRewardPageViewEvent.self).first)
        #expect(pageView.recipients == ["RewardModel", "AnalyticsMediator"])
        #expect(pageView.cause?.recipient == "FlowController")
        let qualified = trace.records(of: UserQualifiedForRewardEvent.self)
        #expect(
            qualified.map(\.cause) == [.init(sequence: pageView.sequence, recipient: "RewardModel")]
        )
        #expect(qualified.map(\.recipients) == [[RewardObserver.qualified]])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func claimingDispatchesTheClaimedStateOnceAndNeverQualifiesAgain() throws {
        let app = PrizeApplication(
            analyticsSink: RecordingAnalyticsSink(), log: TextBuffer(), tracing: true)
        let trace = try #require(app.trace)
        for step in Script.demo.steps { app.perform(step) }
        let claim = try #require(trace.records(of: UserClaimRewardEvent.self).first)
        #expect(claim.cause == nil)  // the user tapped it
        let claimed = trace.records(of: RewardClaimedStateEvent.self)
        // Then the two screens that appear are handed it by the bus, each caused by the
        // navigation that made it; the model sends it once.
        #expect(
            claimed.map(\.cause?.recipient) == ["RewardModel", "FlowController", "FlowController"])
        #expect(claimed.first?.cause == .init(sequence: claim.sequence, recipient: "RewardModel"))
        #expect(claimed.map(\.recipients) == Array(repeating: [RewardObserver.claimed], count: 3))
        // Screen Three was reached twice; only the first visit qualified.
        #expect(trace.delivered(UserRewardPageViewEvent.self).count == 2)
        #expect(trace.delivered(UserQualifiedForRewardEvent.self).count == 1)
        #expect(trace.records.allSatisfy { $0.notes.isEmpty })
        #expect(trace.overwrittenCount == 0)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func explainSaysWhoWouldReceiveARewardPageViewAndWhy() {
        let app = PrizeApplication(analyticsSink: RecordingAnalyticsSink(), log: TextBuffer())
        let explanation = app.bus.explain(UserRewardPageViewEvent(screen: .screenThree))
        #expect(explanation.recipients == ["RewardModel", "AnalyticsMediator"])
        #expect(
            explanation.lines == [
                "FlowController does not receive it: no entry covers it",
                "RewardModel receives it: entry UserRewardPageViewEvent of willConsume covers it",
                "AnalyticsMediator receives it: entry PageViewEvent of willConsume covers it",
                "Logger does not receive it: no entry covers it",
                // Lines of 120 characters at most: the call sites lose their module folders,
                // then the names are cut in the middle, keeping `File.swift:line`.
                "Sub…vent, at: …ScreenController.swift:57) does not receive it: it is a "
                    + "subscription to UserQ…nt, which does not cover it",
                "Sub…vent, at: …ScreenController.swift:58) does not receive it: it is a "
                    + "subscription to Rewar…nt, which does not cover it",
            ])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func printingTheBusListsTheAppsConsumersAndRoutes() {
        let app = PrizeApplication(analyticsSink: RecordingAnalyticsSink(), log: TextBuffer())
        #expect(
            "\(app.bus)" == """
                EventBus: 6 recipients
                  1. FlowController  willConsume: [NavigationEvent]  excludeList: []
                  2. RewardModel  willConsume: [UserRewardPageViewEvent, \
                UserClaimRewardEvent]  excludeList: []
                  3. AnalyticsMediator  willConsume: [PageViewEvent]  excludeList: []
                  4. Logger  willConsume: [DidConsumeEvent, NoConsumerEvent]  excludeList: []
                  5. \(RewardObserver.qualified)
                     willConsume: [UserQualifiedForRewardEvent]  excludeList: []
                  6. \(RewardObserver.claimed)
                     willConsume: [RewardClaimedStateEvent]  excludeList: []
                routes built:
                  DidConsumeEvent → Logger
                  NavigationEvent → FlowController
                  PageViewEvent → AnalyticsMediator
                """)
    }
}

// The example of the article "Seeing an event flow", as it is printed there: at file scope,
// with the attributes it needs, so that it compiles as shown outside this suite.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Test func claimingTellsTheScreenThePrizeIsGone() throws {
    let app = PrizeApplication(
        analyticsSink: RecordingAnalyticsSink(), log: TextBuffer(),
        tracing: true)
    let trace = try #require(app.trace)
    app.perform(.open(.screenThree))
    app.perform(.claim)

    let claim = try #require(
        trace.records(of: UserClaimRewardEvent.self).first)
    #expect(claim.cause == nil)  // the user tapped it
    let claimed = trace.records(of: RewardClaimedStateEvent.self)
    #expect(
        claimed.map(\.cause) == [
            .init(sequence: claim.sequence, recipient: "RewardModel")
        ])
    // The screen's observation of the reward state, named by its line
    let screen = "PrizeApp/ScreenController.swift:58"
    #expect(
        claimed.map(\.recipients) == [
            ["Subscription(to: RewardClaimedStateEvent, at: \(screen))"]
        ])
    #expect(trace.delivered(UserQualifiedForRewardEvent.self).count == 1)
}
