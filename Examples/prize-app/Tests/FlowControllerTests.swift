import EventBusKit
import PrizeApp
import Testing

@MainActor
@Suite struct FlowControllerTests {
    /// A flow controller alone on a bus, with a recorder of the page views of the screens
    /// that appear.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    final class Fixture {
        let bus = EventBus()
        let flow: FlowController
        let pageViews = RecordingConsumer(willConsume: [PageViewEvent.self])

        init() {
            flow = FlowController(bus: bus)
            bus.register(flow)
            bus.register(pageViews)
        }

        var appeared: [Screen] { pageViews.received(PageViewEvent.self).map(\.screen) }

        func go(_ screens: Screen...) {
            for screen in screens { bus.dispatch(NavigationEvent(destination: screen)) }
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func startsWithAnEmptyStackAndNoScreen() {
        let fixture = Fixture()
        #expect(fixture.flow.stack == [])
        #expect(fixture.flow.topScreen == nil)
        #expect(fixture.flow.visibleScreen == nil)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func navigationToANewScreenPushesIt() {
        let fixture = Fixture()
        fixture.go(.screenOne, .screenThree, .screenTwo)
        #expect(fixture.flow.stack == [.screenOne, .screenThree, .screenTwo])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func navigationToAScreenOnTheStackPopsBackToIt() {
        let fixture = Fixture()
        fixture.go(.screenOne, .screenTwo, .screenThree, .screenOne)
        #expect(fixture.flow.stack == [.screenOne])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func eachNewTopScreenAppearsAndDispatchesItsPageView() {
        let fixture = Fixture()
        fixture.go(.screenOne, .screenTwo, .screenThree, .screenTwo)
        #expect(fixture.appeared == [.screenOne, .screenTwo, .screenThree, .screenTwo])
        #expect(fixture.flow.visibleScreen?.screen == .screenTwo)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func onlyTheScreenOnTopFollowsTheRewardState() throws {
        let fixture = Fixture()
        fixture.go(.screenOne)
        let first = try #require(fixture.flow.visibleScreen)
        fixture.go(.screenTwo)
        let second = try #require(fixture.flow.visibleScreen)
        #expect(first.isShown == false)
        #expect(second.isShown == true)
        // The covered screen released its observations, which ended their subscriptions.
        let explanation = fixture.bus.explain(UserQualifiedForRewardEvent())
        #expect(explanation.recipients == [RewardObserver.qualified])
        fixture.bus.dispatch(UserQualifiedForRewardEvent())
        #expect(second.showsPrize == true)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func navigationToTheTopScreenChangesNothing() {
        let fixture = Fixture()
        fixture.go(.screenOne, .screenTwo, .screenTwo)
        #expect(fixture.flow.stack == [.screenOne, .screenTwo])
        #expect(fixture.appeared == [.screenOne, .screenTwo])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func describesItselfByName() {
        #expect("\(Fixture().flow)" == "FlowController")
    }
}
