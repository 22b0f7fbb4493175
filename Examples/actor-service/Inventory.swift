import EventBusKit

/// Owns the stock and decides each order: a plain, non-`Sendable` class that the actor keeps
/// to itself.
final class Inventory: EventConsumer {
    private(set) var stock: [String: Int]
    /// Weak: the bus retains this consumer.
    private weak var bus: EventBus?

    init(stock: [String: Int], bus: EventBus) {
        self.stock = stock
        self.bus = bus
    }

    var willConsume: [any Event.Type] { [OrderPlaced.self] }

    func consume(_ event: any Event) {
        guard let order = event.as(OrderPlaced.self)?.order else { return }
        let available = stock[order.item, default: 0]
        if order.quantity <= 0 {
            bus?.dispatch(OrderRejected(orderID: order.id, reason: "quantity must be positive"))
        } else if available >= order.quantity {
            stock[order.item] = available - order.quantity
            bus?.dispatch(OrderAccepted(orderID: order.id))
        } else {
            let reason =
                available == 0
                ? "no \(order.item) in stock" : "only \(available) \(order.item) left"
            bus?.dispatch(OrderRejected(orderID: order.id, reason: reason))
        }
    }
}

/// Keeps the latest outcome of each order until the service hands it back.
final class ReceiptDesk: EventConsumer {
    private var outcomes: [Int: Receipt] = [:]
    /// Every outcome in the order the bus delivered them: the service's audit trail.
    private(set) var trail: [String] = []

    var willConsume: [any Event.Type] { [Conforming<any OrderOutcome>.self] }

    func consume(_ event: any Event) {
        guard let outcome = event.as((any OrderOutcome).self) else { return }
        outcomes[outcome.orderID] = outcome.receipt
        trail.append("#\(outcome.orderID) \(outcome.receipt)")
    }

    /// The outcome of order `id`, forgotten once taken.
    func take(_ id: Int) -> Receipt {
        outcomes.removeValue(forKey: id) ?? .unanswered
    }
}
