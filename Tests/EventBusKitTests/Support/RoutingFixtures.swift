@testable import EventBusKit

// Consumers and recipients for the suites that test the routing types directly
// (`RouteEntriesTests`, `RegistryTests`), with no bus.

/// A consumer with fixed lists, named by its description (as traces and recipients name it).
final class ListConsumer: EventConsumer, CustomStringConvertible {
    let description: String
    let willConsume: [any Event.Type]
    let excludeList: [any Event.Type]

    init(_ name: String, _ willConsume: [any Event.Type], excluding: [any Event.Type] = []) {
        description = name
        self.willConsume = willConsume
        excludeList = excluding
    }

    func consume(_ event: any Event) {}
}

/// A recipient of `consumer` standing at `priority` and `registration` in call order, made
/// without a registry. It holds `consumer` weakly: the caller keeps the consumer alive.
func recipient(of consumer: ListConsumer, priority: Int = 0, registration: UInt64) -> Recipient {
    Recipient(
        consumer, lists: MatchList(of: consumer),
        callOrder: CallOrder(priority: priority, registration: registration),
        state: StatePage().take()!, call: nil)
}

/// The names of the recipients of `entries`, in order.
func names(_ entries: RouteEntries) -> [String] {
    entries.all.map(\.recipient.name)
}
