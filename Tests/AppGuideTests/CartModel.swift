import EventBusKit
import Observation

/// A cart screen's state: it follows the bus through owner-bound subscriptions, and tells the
/// rest of the app what the user did by dispatching.
@MainActor
@Observable
final class CartModel {
    private(set) var itemCount = 0
    private(set) var lastAdded: String?
    private let bus: EventBus

    init(bus: EventBus) {
        self.bus = bus
        // Owner-bound: held weakly, ended with the model.
        bus.subscribe(to: ItemAdded.self, owner: self) { model, added in
            model.itemCount += added.quantity
            model.lastAdded = added.name
        }
        bus.subscribe(to: CartCleared.self, owner: self) { model, _ in
            model.itemCount = 0
            model.lastAdded = nil
        }
    }

    func checkOut() {
        bus.dispatch(CheckoutRequested(itemCount: itemCount))
    }
}
