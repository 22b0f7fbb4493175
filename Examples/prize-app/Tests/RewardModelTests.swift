import EventBusKit
import PrizeApp
import Testing

@Suite struct RewardModelTests {
    /// A model on a bus with a recorder of the model's decisions.
    final class Fixture {
        let bus = EventBus()
        let model: RewardModel
        let decisions = RecordingConsumer(
            willConsume: [UserQualifiedForRewardEvent.self, RewardClaimedStateEvent.self])

        init() {
            model = RewardModel(bus: bus)
            bus.register(model)
            bus.register(decisions)
        }

        var decisionNames: [String] { decisions.received.map { "\($0)" } }
    }

    @Test func aRewardPageViewWhileUnclaimedQualifiesTheUser() {
        let fixture = Fixture()
        fixture.bus.dispatch(UserRewardPageViewEvent(screen: .screenThree))
        #expect(fixture.decisionNames == ["UserQualifiedForRewardEvent()"])
    }

    @Test func aPlainPageViewNeverQualifies() {
        let fixture = Fixture()
        fixture.bus.dispatch(PageViewEvent(screen: .screenThree))
        #expect(fixture.decisionNames == [])
    }

    @Test func aClaimMarksThePrizeClaimedAndAnnouncesIt() {
        let fixture = Fixture()
        fixture.bus.dispatch(UserClaimRewardEvent())
        #expect(fixture.model.isClaimed == true)
        #expect(fixture.decisionNames == ["RewardClaimedStateEvent()"])
    }

    @Test func aRewardPageViewAfterTheClaimNeverQualifiesAgain() {
        let fixture = Fixture()
        fixture.bus.dispatch(UserRewardPageViewEvent(screen: .screenThree))
        fixture.bus.dispatch(UserClaimRewardEvent())
        fixture.bus.dispatch(UserRewardPageViewEvent(screen: .screenThree))
        #expect(
            fixture.decisionNames == ["UserQualifiedForRewardEvent()", "RewardClaimedStateEvent()"])
    }

    @Test func aSecondClaimChangesNothing() {
        let fixture = Fixture()
        fixture.bus.dispatch(UserClaimRewardEvent())
        fixture.bus.dispatch(UserClaimRewardEvent())
        #expect(fixture.model.isClaimed == true)
        #expect(fixture.decisionNames == ["RewardClaimedStateEvent()"])
    }

    @Test func theBusKeepsTheLatestRewardStateAndTheClaimClearsTheOffer() {
        let fixture = Fixture()
        fixture.bus.dispatch(UserRewardPageViewEvent(screen: .screenThree))
        let bus = fixture.bus
        #expect(bus.stickyEvent(UserQualifiedForRewardEvent.self) == UserQualifiedForRewardEvent())
        #expect(bus.stickyEvent(RewardClaimedStateEvent.self) == nil)
        bus.dispatch(UserClaimRewardEvent())
        #expect(bus.stickyEvent(UserQualifiedForRewardEvent.self) == nil)
        #expect(bus.stickyEvent(RewardClaimedStateEvent.self) == RewardClaimedStateEvent())
    }

    @Test func aModelWhoseBusIsGoneDecidesQuietly() {
        var bus: EventBus? = EventBus()
        let model = RewardModel(bus: bus!)
        bus = nil
        model.consume(UserClaimRewardEvent())
        #expect(model.isClaimed == true)
    }
}
