import EventBusKit

/// What the app creates once at launch: the bus, on the main actor, and its long-lived
/// consumers, registered at startup.
@MainActor
final class AppServices {
    let bus = EventBus()
    let checkout = CheckoutFlow()

    init() {
        bus.register(checkout)
    }
}

/// A long-lived consumer on the main actor, registered for the app's whole life.
@MainActor
final class CheckoutFlow: @MainActor EventConsumer {
    private(set) var started: [Int] = []

    var willConsume: [any Event.Type] { [CheckoutRequested.self] }

    func consume(_ event: any Event) {
        guard let request = event.as(CheckoutRequested.self) else { return }
        started.append(request.itemCount)
    }
}
