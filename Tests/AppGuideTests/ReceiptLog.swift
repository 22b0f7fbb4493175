import EventBusKit

/// An object that keeps its own tokens, and ends them itself, on the main actor.
@MainActor
final class ReceiptLog {
    private(set) var lines: [String] = []
    private var tokens: Set<EventSubscription> = []

    func start(on bus: EventBus) {
        bus.subscribe(to: CheckoutRequested.self) { [weak self] request in
            self?.lines.append("checkout of \(request.itemCount) items")
        }
        .store(in: &tokens)
    }

    /// Ends the subscriptions now, on the bus's actor.
    func stop() {
        for token in tokens { token.cancel() }
        tokens.removeAll()
    }
}
