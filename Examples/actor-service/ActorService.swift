/// `swift run actor-service`: an actor that owns a bus, called from concurrent clients.
@main
struct ActorService {
    static func main() async {
        for line in await transcript() { print(line) }
    }

    /// What the example prints; deterministic, so CI compares it with a golden file.
    static func transcript() async -> [String] {
        var lines = ["OrderService is an actor that owns an EventBus and its consumers."]
        let service = OrderService(stock: ["chair": 1, "lamp": 3])
        let concurrent = [
            Order(id: 1, item: "lamp", quantity: 1), Order(id: 2, item: "lamp", quantity: 1),
            Order(id: 3, item: "chair", quantity: 1),
        ]
        // Three clients at once: each call waits for its turn on the actor.
        let receipts = await withTaskGroup(of: (Order, Receipt).self) { group in
            for order in concurrent {
                group.addTask { (order, await service.place(order)) }
            }
            var receipts: [(Order, Receipt)] = []
            for await receipt in group { receipts.append(receipt) }
            return receipts.sorted { $0.0.id < $1.0.id }
        }
        lines.append("3 clients ordered at once; the actor served them one at a time:")
        lines += receipts.map { "  \(line(for: $0.0)) -> \($0.1)" }
        lines.append("then, one after the other:")
        for order in [
            Order(id: 4, item: "lamp", quantity: 5), Order(id: 5, item: "desk", quantity: 1),
            Order(id: 6, item: "lamp", quantity: 0),
        ] {
            lines.append("  \(line(for: order)) -> \(await service.place(order))")
        }
        lines.append("stock left: \(await service.stockReport())")
        lines.append("outcomes recorded: \(await service.outcomeCount())")
        return lines
    }

    private static func line(for order: Order) -> String {
        "#\(order.id) \(order.item) x\(order.quantity)"
    }
}
