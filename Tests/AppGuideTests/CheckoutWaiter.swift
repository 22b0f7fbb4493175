import EventBusKit

/// The app guide's "Wait for one event": the count of the next checkout with items in it, or
/// `EventBus.WaitError.timedOut` after `timeout` (five seconds unless said).
@MainActor func waitForCheckout(
    on bus: EventBus, timeout: Duration = .seconds(5)
) async throws -> Int {
    let checkout = try await bus.next(
        CheckoutRequested.self, where: { $0.itemCount > 0 },
        timeout: timeout)
    return checkout.itemCount
}
