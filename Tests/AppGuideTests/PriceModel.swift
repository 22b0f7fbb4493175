import EventBusKit
import Observation

/// The latest price, for a view to show: an object the bus keeps up to date.
@available(iOS 17, macOS 14, *)
@MainActor
final class PriceModel {
    let price: ObservedEvent<PriceChanged>

    init(bus: EventBus) {
        price = bus.observe(PriceChanged.self)
    }
}

/// Observes the price without SwiftUI, as the article shows for tests and Linux.
@available(iOS 17, macOS 14, *)
@MainActor
func watchPrice(on bus: EventBus) -> ObservedEvent<PriceChanged> {
    let price = bus.observe(PriceChanged.self)
    withObservationTracking {
        _ = price.latest
    } onChange: {
        print("the price changes")
    }
    return price
}
