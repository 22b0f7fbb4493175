import EventBusKit

/// A price update: `Sendable`, because the stream hands it to another task.
struct PriceChanged: Event, Sendable, CustomStringConvertible {
    let symbol: String
    let cents: Int

    var description: String { "PriceChanged(\(symbol) \(cents))" }
}

/// Another event on the same bus; a stream of `PriceChanged` never sees it.
struct MarketOpened: Event, Sendable, CustomStringConvertible {
    var description: String { "MarketOpened()" }
}

/// `swift run async-stream`: a consumer task reads `bus.events(of:)` while the app, on the
/// main actor, dispatches.
@main
struct AsyncStreamExample {
    static func main() async {
        for line in await transcript() { print(line) }
    }

    /// What the example prints; deterministic, so CI compares it with a golden file.
    ///
    /// The app and the reader run concurrently, so each keeps its own lines and the
    /// transcript shows the app's, then the reader's: the order within each is guaranteed.
    @MainActor
    static func transcript() async -> [String] {
        var lines = ["The app dispatches on the main actor; a detached task reads a stream."]
        let reader: Task<[String], Never>
        do {
            let bus = EventBus()
            // The stream is registered here, before the reader starts: no event slips past.
            let prices = bus.events(of: PriceChanged.self)
            reader = Task.detached {
                var seen: [String] = []
                var total = 0
                for await change in prices {
                    total += change.cents
                    seen.append("reader: \(change), average so far \(total / (seen.count + 1))")
                }
                seen.append("reader: the stream ended because the bus is gone")
                return seen
            }
            let events: [any Event & Sendable] = [
                MarketOpened(), PriceChanged(symbol: "ACME", cents: 1_000),
                PriceChanged(symbol: "ACME", cents: 1_200),
                PriceChanged(symbol: "ACME", cents: 1_100),
            ]
            for event in events {
                lines.append("app: dispatch(\(event)) -> \(bus.dispatch(event))")
            }
            lines.append("app: releasing the bus")
        }  // The bus is released here, which finishes every stream it feeds.
        lines += await reader.value
        return lines
    }
}
