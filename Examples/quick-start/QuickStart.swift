import EventBusKit

/// Where the app can navigate.
enum Screen: String { case one, two, three }

/// Asks the app to show a screen.
struct NavigationEvent: Event { let destination: Screen }

/// Owns navigation: the only object that reacts to `NavigationEvent`.
final class FlowController: EventConsumer {
    private(set) var stack: [Screen] = [.one]
    var willConsume: [any Event.Type] { [NavigationEvent.self] }
    func consume(_ event: any Event) {
        guard let navigation = event.as(NavigationEvent.self) else { return }
        stack.append(navigation.destination)
    }
}

/// Prints every consumption the bus announces.
final class Logger: EventConsumer {
    var willConsume: [any Event.Type] { [DidConsumeEvent.self] }
    func consume(_ event: any Event) {
        guard let did = event.as(DidConsumeEvent.self) else { return }
        print("[Logger] \(type(of: did.consumer)) consumed \(did.event)")
    }
}

/// The README's quick start, runnable: `swift run quick-start`. The closure path first, then
/// the consumer path, with a logger that traces each consumption.
@main
struct QuickStart {
    static func main() {
        let bus = EventBus()
        let token = bus.subscribe(to: NavigationEvent.self) { navigation in
            print("go to", navigation.destination.rawValue)
        }
        bus.dispatch(NavigationEvent(destination: .two))  // prints "go to two"
        token.cancel()

        let flowController = FlowController()
        bus.register(flowController)  // at startup
        bus.register(Logger())  // the bus may be its only owner
        let report = bus.dispatch(NavigationEvent(destination: .three))
        print("stack: \(flowController.stack.map(\.rawValue)), report: \(report)")
    }
}
