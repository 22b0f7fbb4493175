import EventBusKit
import PrizeApp
import Testing

@MainActor
@Suite struct FlowControllerTests {
    /// A flow controller alone on a bus, with a recorder of the page views of the screens
    /// that appear.
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

        var appeared: [Screen] { pageViews.events(of: PageViewEvent.self).map(\.screen) }

        func go(_ screens: Screen...) {
            for screen in screens { bus.dispatch(NavigationEvent(destination: screen)) }
        }
    }

    @Test func startsWithAnEmptyStackAndNoScreen() {
        let fixture = Fixture()
        #expect(fixture.flow.stack == [])
        #expect(fixture.flow.topScreen == nil)
        #expect(fixture.flow.visibleScreen == nil)
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

    @Test func eachNewTopScreenAppearsAndDispatchesItsPageView() {
        let fixture = Fixture()
        fixture.go(.screenOne, .screenTwo, .screenThree, .screenTwo)
        #expect(fixture.appeared == [.screenOne, .screenTwo, .screenThree, .screenTwo])
        #expect(fixture.flow.visibleScreen?.screen == .screenTwo)
    }

    @Test func onlyTheScreenOnTopIsOnTheBus() throws {
        let fixture = Fixture()
        fixture.go(.screenOne)
        let first = try #require(fixture.flow.visibleScreen)
        fixture.go(.screenTwo)
        let second = try #require(fixture.flow.visibleScreen)
        #expect(fixture.bus.isRegistered(first) == false)
        #expect(fixture.bus.isRegistered(second) == true)
        #expect(fixture.bus.recipientCount == 3)  // the flow, the recorder, the screen on top
    }

    @Test func navigationToTheTopScreenChangesNothing() {
        let fixture = Fixture()
        fixture.go(.screenOne, .screenTwo, .screenTwo)
        #expect(fixture.flow.stack == [.screenOne, .screenTwo])
        #expect(fixture.appeared == [.screenOne, .screenTwo])
    }

    @Test func describesItselfByName() {
        #expect("\(Fixture().flow)" == "FlowController")
    }
}
