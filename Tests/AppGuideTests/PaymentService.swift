import EventBusKit

/// The payment provider confirmed an order, on a thread of its own.
struct PaymentConfirmed: Event, Sendable {
    let orderNumber: Int
}

/// A background service that tells the app about payments: it makes its poster in `init`,
/// and posts from whatever thread the provider calls it on.
final class PaymentService: Sendable {
    private let poster: EventPoster

    /// On the main actor, where the app's bus lives: the poster states that actor, and the
    /// bus delivers each post there on its own.
    @MainActor
    init(bus: EventBus) {
        poster = bus.poster(deliveringOn: MainActor.shared)
    }

    /// Called by the payment provider, on any thread.
    func providerConfirmed(orderNumber: Int) {
        poster.post(PaymentConfirmed(orderNumber: orderNumber))
    }

    /// Waits until what was posted so far is delivered: for tests and shutdown.
    func waitUntilDelivered() async {
        await poster.waitUntilDelivered()
    }
}
