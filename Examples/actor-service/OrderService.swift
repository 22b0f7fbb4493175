import EventBusKit

/// A server-style actor that owns an `EventBus` and its consumers.
///
/// `EventBus` is not `Sendable`, and neither are `Inventory` and `ReceiptDesk`: they are
/// created in `init` and never leave the actor, so the compiler accepts them with no locks
/// and no `@unchecked Sendable`. Callers in any task `await` a method and get a `Sendable`
/// `Receipt` back; the actor runs one call at a time, so each order's events are delivered
/// completely before the next order starts.
actor OrderService {
    private let bus: EventBus
    private let inventory: Inventory
    private let desk: ReceiptDesk

    init(stock: [String: Int]) {
        let bus = EventBus()
        let inventory = Inventory(stock: stock, bus: bus)
        let desk = ReceiptDesk()
        bus.register(inventory)
        bus.register(desk)
        self.bus = bus
        self.inventory = inventory
        self.desk = desk
    }

    /// Places `order` and returns its receipt once every event it caused was delivered.
    func place(_ order: Order) -> Receipt {
        bus.dispatch(OrderPlaced(order: order))
        return desk.take(order.id)
    }

    /// The stock left, sorted by item.
    func stockReport() -> String {
        inventory.stock.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            .joined(separator: ", ")
    }

    /// How many outcomes the service recorded.
    func outcomeCount() -> Int { desk.trail.count }
}
