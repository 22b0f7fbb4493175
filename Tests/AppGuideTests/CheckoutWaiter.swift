import EventBusKit

/// The app guide's "Wait for one event": the count of the next checkout with items in it, or
/// `EventBus.WaitError.timedOut` after five seconds.
@MainActor func waitForCheckout(on bus: EventBus) async throws -> Int {
    let checkout = try await bus.next(
        CheckoutRequested.self, where: { $0.itemCount > 0 },
        timeout: .seconds(5))
    return checkout.itemCount
}
