@testable import EventBusKit

/// The names of the witnesses released, in order.
final class Released {
    var names: [String] = []
    /// Runs in each release, after the name is recorded.
    var onRelease: (() -> Void)?
}

/// Records its name in `released` when it is deinitialized: what a test captures to watch
/// when, and in what order, the bus lets something go.
final class Witness {
    let name: String
    let released: Released
    init(_ name: String, _ released: Released) {
        self.name = name
        self.released = released
    }
    deinit {
        released.names.append(name)
        released.onRelease?()
    }
}

/// A recipient of a consumer registered on `bus`, for a test to hand to an inbox.
func aRecipient(of bus: EventBus) -> Recipient {
    let consumer = RecordingConsumer(willConsume: [Num.self])
    bus.register(consumer)
    return bus.registeredRecipient(for: consumer)!
}
