import EventBusKit
import Observation

/// A screen's model that follows a stream of prices for as long as its screen's task runs.
@MainActor
@Observable
final class PriceBoard {
    private(set) var latestCents: Int?
    private(set) var updates = 0

    /// Reads `prices` until the stream ends: task cancelled, or bus gone.
    func follow(_ prices: AsyncStream<PriceChanged>) async {
        for await price in prices {
            latestCents = price.cents
            updates += 1
        }
    }
}
