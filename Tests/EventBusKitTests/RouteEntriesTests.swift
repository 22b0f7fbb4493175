import Testing

@testable import EventBusKit

/// Six recipients and the call order they must end up in: descending priority, then
/// registration. `consumers` keeps the weakly held consumers alive.
private struct Cast {
    /// The consumers, held weakly by their recipients: a test keeps the cast alive to its end
    /// (an optimized build would otherwise release them after the cast's last use).
    let consumers: [ListConsumer]
    /// In registration order: A(0) B(5) C(0) D(-1) E(5) F(10).
    let recipients: [Recipient]
    static let callOrder = ["F", "B", "E", "A", "C", "D"]

    init() {
        let priorities = [0, 5, 0, -1, 5, 10]
        let consumers = ["A", "B", "C", "D", "E", "F"].map { ListConsumer($0, [Num.self]) }
        recipients = consumers.indices.map {
            recipient(of: consumers[$0], priority: priorities[$0], registration: UInt64($0))
        }
        self.consumers = consumers
    }

    /// The recipient named `name`.
    func named(_ name: String) -> Recipient {
        recipients.first { $0.name == name }!
    }

    /// Entries holding the recipients in call order.
    func entries() -> RouteEntries {
        var entries = RouteEntries([])
        for recipient in recipients { insert(RouteEntry(recipient), into: &entries) }
        return entries
    }
}

/// Inserts `entry` as a route does: into a larger copy when `entries` has no room.
private func insert(_ entry: RouteEntry, into entries: inout RouteEntries) {
    if !entries.hasRoom(for: 1) { entries = entries.copy(reserving: 1) }
    entries.insert(entry)
}

/// A route's entries: kept in call order (descending priority, then registration) whatever
/// the order recipients arrive in, one entry per recipient, removals that keep the others'
/// order, and copies that a pass can keep reading while the original changes.
@Suite(.noUnexpectedProblems) struct RouteEntriesTests {
    /// Insertion orders of the six recipients (indices in registration order).
    static let insertionOrders: [[Int]] = [
        [0, 1, 2, 3, 4, 5],
        [5, 4, 3, 2, 1, 0],
        [3, 0, 5, 2, 4, 1],
        [1, 4, 0, 2, 5, 3],
    ]

    @Test(arguments: insertionOrders)
    func insertKeepsEntriesInCallOrderWhateverTheOrderTheyArrive(order: [Int]) {
        let cast = Cast()
        defer { withExtendedLifetime(cast) {} }  // its consumers are held weakly
        var entries = RouteEntries([])
        for index in order { insert(RouteEntry(cast.recipients[index]), into: &entries) }
        #expect(names(entries) == Cast.callOrder)
        #expect(entries.count == 6)
        #expect((0..<entries.count).map { entries[$0].recipient.name } == Cast.callOrder)
        let view = entries.view
        #expect((0..<view.count).map { view[$0].recipient.name } == Cast.callOrder)
    }

    @Test(arguments: ["F", "A", "D"])
    func insertingARecipientThatHasAnEntryKeepsOneEntry(name: String) {
        let cast = Cast()
        defer { withExtendedLifetime(cast) {} }  // its consumers are held weakly
        let entries = cast.entries()
        entries.insert(RouteEntry(cast.named(name)))
        #expect(names(entries) == Cast.callOrder)
        #expect(entries.count == 6)
    }

    @Test(arguments: ["F", "A", "D"])
    func removeTakesOutOneEntryAndKeepsTheOthersOrder(name: String) {
        let cast = Cast()
        defer { withExtendedLifetime(cast) {} }  // its consumers are held weakly
        let entries = cast.entries()
        entries.remove(cast.named(name))
        #expect(names(entries) == Cast.callOrder.filter { $0 != name })
        entries.remove(cast.named(name))  // no entry: nothing changes
        #expect(names(entries) == Cast.callOrder.filter { $0 != name })
    }

    @Test func removingARecipientWithNoEntryChangesNothing() {
        let cast = Cast()
        defer { withExtendedLifetime(cast) {} }  // its consumers are held weakly
        let entries = RouteEntries([])
        for name in ["F", "A", "D"] { entries.insert(RouteEntry(cast.named(name))) }
        for name in ["B", "E", "C"] { entries.remove(cast.named(name)) }
        #expect(names(entries) == ["F", "A", "D"])
    }

    @Test func removeAllWhereRemovesTheSelectedEntriesAndKeepsTheOthersOrder() {
        let cast = Cast()
        defer { withExtendedLifetime(cast) {} }  // its consumers are held weakly
        let entries = cast.entries()
        entries.removeAll { ["F", "E", "C"].contains($0.recipient.name) }
        #expect(names(entries) == ["B", "A", "D"])
        entries.removeAll { _ in false }
        #expect(names(entries) == ["B", "A", "D"])
        entries.removeAll { _ in true }
        #expect(names(entries) == [])
        #expect(entries.count == 0)
    }

    @Test func aCopyAndItsOriginalChangeIndependently() {
        let cast = Cast()
        defer { withExtendedLifetime(cast) {} }  // its consumers are held weakly
        let original = RouteEntries([])
        for name in ["F", "B", "A"] { original.insert(RouteEntry(cast.named(name))) }
        let copy = original.copy(reserving: 1)
        copy.insert(RouteEntry(cast.named("E")))
        copy.remove(cast.named("F"))
        original.remove(cast.named("A"))
        original.insert(RouteEntry(cast.named("D")))
        #expect(names(copy) == ["B", "E", "A"])
        #expect(names(original) == ["F", "B", "D"])
    }

    @Test func entriesMadeFromACollectionKeepItsOrder() {
        let cast = Cast()
        defer { withExtendedLifetime(cast) {} }  // its consumers are held weakly
        let entries = RouteEntries(cast.entries().all)
        #expect(names(entries) == Cast.callOrder)
        entries.insert(RouteEntry(cast.named("A")))
        #expect(names(entries) == Cast.callOrder)
    }

    @Test(arguments: [1, 2] as [UInt64])
    func growingPastTheStorageKeepsCallOrder(seed: UInt64) {
        var random = ModelRandom(seed: seed)
        let consumers = (0..<100).map { ListConsumer("R\($0)", [Num.self]) }
        let recipients = consumers.indices.map {
            recipient(
                of: consumers[$0], priority: random.within(-2...2), registration: UInt64($0))
        }
        var order = Array(recipients.indices)
        for index in order.indices.reversed() { order.swapAt(index, random.below(index + 1)) }
        var entries = RouteEntries([])  // room for 4: copied into double the room five times
        for index in order { insert(RouteEntry(recipients[index]), into: &entries) }
        let expected = recipients.sorted { $0.callOrder < $1.callOrder }.map(\.name)
        #expect(names(entries) == expected)
        #expect(entries.count == 100)
    }

    /// The oldest entries go at once, leaving their slots empty in front, and a pass reads
    /// from the first left; a full route makes room in place once the empty slots in front and
    /// the tombstones are a quarter of its storage, and with less is copied (so that a full
    /// route is not moved whole for each entry added).
    @Test func aFullRouteMakesRoomInPlaceOnceAQuarterOfItCanBeTakenOut() {
        let consumers = (0..<40).map { ListConsumer("R\($0)", [Num.self]) }
        defer { withExtendedLifetime(consumers) {} }  // held weakly by their recipients
        let recipients = consumers.indices.map {
            recipient(of: consumers[$0], priority: 0, registration: UInt64($0))
        }
        let entries = RouteEntries(recipients.map { RouteEntry($0) })  // room for 40 exactly
        #expect(!entries.makeRoom(for: 1))
        entries.remove(recipients[0])
        entries.remove(recipients[1])
        #expect(entries.count == 38)  // no tombstone: gone at once
        #expect(names(entries) == recipients.dropFirst(2).map(\.name))
        #expect(entries.view.count == 38 && entries.view[0].recipient === recipients[2])
        #expect(!entries.makeRoom(for: 1))  // 2 of 40: copied instead
        // Eight more from the middle, far from the end: each leaves a tombstone.
        for index in 10..<18 { entries.remove(recipients[index]) }
        #expect(entries.count == 38)  // tombstones included
        #expect(entries.makeRoom(for: 1))  // 2 in front and 8 tombstones: a quarter
        #expect(entries.count == 30)
        #expect(
            names(entries)
                == (recipients[2..<10] + recipients[18...]).map(\.name))
        #expect(entries.view[0].recipient === recipients[2])
        // An entry that goes first takes an empty slot in front.
        entries.remove(recipients[2])
        entries.insert(RouteEntry(recipients[2]))
        #expect(names(entries).first == "R2" && entries.count == 30)
    }
}
