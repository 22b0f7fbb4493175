import EventBusKit

/// A client's order, as the service receives it.
struct Order: Sendable, Equatable {
    let id: Int
    let item: String
    let quantity: Int
}

/// The service took an order in: the inventory decides.
struct OrderPlaced: Event {
    let order: Order
}

/// What became of an order: the category the receipt desk lists as
/// `Conforming<any OrderOutcome>`.
protocol OrderOutcome: Event {
    var orderID: Int { get }
    var receipt: Receipt { get }
}

/// The inventory reserved the items.
struct OrderAccepted: OrderOutcome {
    let orderID: Int
    var receipt: Receipt { .accepted }
}

/// The inventory could not serve the order.
struct OrderRejected: OrderOutcome {
    let orderID: Int
    let reason: String
    var receipt: Receipt { .rejected(reason) }
}

/// What a caller gets back: a `Sendable` value, never the bus or a consumer.
enum Receipt: Sendable, Equatable, CustomStringConvertible {
    case accepted
    case rejected(String)
    /// No consumer answered (a wiring mistake, reported instead of crashing).
    case unanswered

    var description: String {
        switch self {
        case .accepted: "accepted"
        case .rejected(let reason): "rejected: \(reason)"
        case .unanswered: "unanswered"
        }
    }
}
