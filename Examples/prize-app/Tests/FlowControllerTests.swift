import EventBusKit
import PrizeApp
import Testing

@MainActor
@Suite struct FlowControllerTests {
    /// A flow controller alone on a bus, recording the screens that appear.
    @MainActor
    final class Fixture {
        let bus = EventBus()
        var appeared: [Screen] = []
        private(set) var flow: FlowController!

        init() {
            flow = FlowController { [unowned self] screen in appeared.append(screen) }
            bus.register(flow)
        }

        func go(_ screens: Screen...) {
            for screen in screens { bus.dispatch(NavigationEvent(destination: screen)) }
        }
    }

    @Test func startsWithAnEmptyStackAndNoPrize() {
        let fixture = Fixture()
        #expect(fixture.flow.stack == [])
        #expect(fixture.flow.topScreen == nil)
        #expect(fixture.flow.isShowingPrize == false)
    }

    @Test func navigationToANewScreenPushesIt() {
        let fixture = Fixture()
        fixture.go(.screenOne, .screenThree, .screenTwo)
        #expect(fixture.flow.stack == [.screenOne, .screenThree, .screenTwo])
    }

    @Test func navigationToAScreenOnTheStackPopsBackToIt() {
        let fixture = Fixture()
        fixture.go(.screenOne, .screenTwo, .screenThree, .screenOne)
        #expect(fixture.flow.stack == [.screenOne])
    }

    @Test func eachNewTopScreenIsToldItAppeared() {
        let fixture = Fixture()
        fixture.go(.screenOne, .screenTwo, .screenThree, .screenTwo)
        #expect(fixture.appeared == [.screenOne, .screenTwo, .screenThree, .screenTwo])
    }

    @Test func navigationToTheTopScreenChangesNothing() {
        let fixture = Fixture()
        fixture.go(.screenOne, .screenTwo, .screenTwo)
        #expect(fixture.flow.stack == [.screenOne, .screenTwo])
        #expect(fixture.appeared == [.screenOne, .screenTwo])
    }

    @Test func qualifyingShowsThePrizeAndTheClaimedStateHidesIt() {
        let fixture = Fixture()
        fixture.bus.dispatch(UserQualifiedForRewardEvent())
        #expect(fixture.flow.isShowingPrize == true)
        fixture.bus.dispatch(RewardClaimedStateEvent())
        #expect(fixture.flow.isShowingPrize == false)
    }

    @Test func describesItselfByName() {
        #expect("\(Fixture().flow!)" == "FlowController")
    }
}
