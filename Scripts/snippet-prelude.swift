// Fixtures for the documentation's code blocks (see Scripts/snippets.py).
//
// Each fixture stands for something the reader's app already has, declared as small as the
// blocks allow. A page gets a fixture only when one of its blocks uses a name on the fixture's
// `// fixture:` line and no block of the page declares that name. The app-side vocabulary is the
// prize app's (Examples/prize-app): screens `screenOne` … `screenThree`, `NavigationEvent`,
// `PageViewEvent(screen:)`. Never add a fixture that completes a block's own declaration: a
// block that declares a type must declare all of it.

// fixture: Foundation NSObject
import Foundation

// fixture: Observable
import Observation

// fixture: Test expect require Suite
import Testing

// fixture: Screen
enum Screen: Sendable { case screenOne, screenTwo, screenThree }

// fixture: NavigationEvent
struct NavigationEvent: Event, Equatable, Sendable { let destination: Screen }

// fixture: PageViewEvent UserRewardPageViewEvent
class PageViewEvent: Event {
    let screen: Screen
    init(screen: Screen) { self.screen = screen }
}
final class UserRewardPageViewEvent: PageViewEvent {}

// fixture: FlowController
final class FlowController: EventConsumer {
    var willConsume: [any Event.Type] { [NavigationEvent.self] }
    func consume(_ event: any Event) {}
}

// fixture: Logger
final class Logger: EventConsumer {
    var willConsume: [any Event.Type] { [DidConsumeEvent.self] }
    func consume(_ event: any Event) {}
}

// fixture: push
func push(_ screen: Screen) {}

// fixture: bus
@MainActor let bus = EventBus()

// fixture: flowController
@MainActor let flowController = FlowController()

// fixture: tokens
@MainActor var tokens: Set<EventSubscription> = []

// fixture: poster
@MainActor let poster = bus.poster(deliveringOn: MainActor.shared)

// fixture: trace
@MainActor let trace = bus.startTracing()

// fixture: record
@MainActor let record = trace.records[0]

// fixture: log
/// The app's log.
struct Log: Sendable {
    func warning(_ message: String) {}
    func error(_ message: String) {}
}
let log = Log()

// fixture: Tick
struct Tick: Event, Sendable { let count: Int }

// fixture: Tap tap
struct Tap: Event, Sendable {}
let tap = Tap()

// fixture: Num
struct Num: Event, Sendable { let value: Int }

// fixture: Saved
struct Saved: Event, Sendable { var id = 1 }

// fixture: Progress
struct Progress: Event, Sendable { let fraction: Double }

// fixture: ItemAdded
struct ItemAdded: Event, Sendable { let quantity: Int }

// fixture: PriceChanged
struct PriceChanged: Event, Sendable { let cents: Int }

// fixture: ItemsLoaded
struct ItemsLoaded: Event, Sendable { let count: Int }

// fixture: DownloadFinished
struct DownloadFinished: Event, Sendable { let size: Int }

// fixture: SaveRequested
struct SaveRequested: Event { let document: String }

// fixture: event
@MainActor let event: any Event & Sendable = Tap()

// fixture: expected
@MainActor let expected = NSObject()

// fixture: did
@MainActor let did = DidConsumeEvent(consumer: Logger(), event: Tap())

// fixture: logger
/// A consumer that keeps what it logs.
final class LineLogger: EventConsumer {
    private(set) var lines: [String] = []
    var willConsume: [any Event.Type] { [DidConsumeEvent.self] }
    func consume(_ event: any Event) { lines.append("\(event)") }
}
@MainActor let logger = LineLogger()

// fixture: consumer
@MainActor let consumer: any EventConsumer = Logger()

// fixture: screen
/// A screen whose "next" button dispatches a `NavigationEvent`.
@MainActor struct ScreenModel {
    func tapNext() { bus.dispatch(NavigationEvent(destination: .screenTwo)) }
}
@MainActor let screen = ScreenModel()

// fixture: chart
@MainActor final class Chart {
    func plot(_ price: PriceChanged) async {}
}
@MainActor let chart = Chart()

// fixture: api
struct API: Sendable {
    func fetchItems() async -> [String] { [] }
}
let api = API()

// fixture: download
func download() async -> [UInt8] { [] }

// fixture: worker running
/// Background work that reports through a poster.
struct Worker {
    func start(reportingTo poster: EventPoster) {}
}
let worker = Worker()
@MainActor var running = true

// fixture: tracker
struct Tracker: Sendable {
    func send(_ event: any Sendable) {}
}
let tracker = Tracker()

// fixture: analytics
struct AnalyticsClient: Sendable {
    func track(_ screen: Screen) {}
}
let analytics = AnalyticsClient()

// fixture: ledger
struct Ledger: Sendable {
    func record(_ amount: Int) throws {}
}
let ledger = Ledger()

// fixture: store
struct Store: Sendable {
    func save(_ document: String) throws {}
}
let store = Store()
