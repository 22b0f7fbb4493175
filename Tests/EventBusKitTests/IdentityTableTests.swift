import Testing

@testable import EventBusKit

/// An object whose identity is a key; the test keeps it alive so the identity stays unique.
private final class Key {}

/// `count` distinct keys, and the objects that keep them unique.
private func makeKeys(_ count: Int) -> (keys: [ObjectIdentifier], objects: [Key]) {
    let objects = (0..<count).map { _ in Key() }
    return (objects.map(ObjectIdentifier.init), objects)
}

/// A new table has 16 slots (shift 60) and holds up to 8 entries before it doubles.
private let newTableShift = 60

/// The keys of `pool` grouped by their first slot in a new table.
private func bySlot(_ pool: [ObjectIdentifier]) -> [Int: [ObjectIdentifier]] {
    Dictionary(grouping: pool) {
        IdentityTable<Int>.firstSlot(UInt(bitPattern: $0), shift: newTableShift)
    }
}

/// Where `table` disagrees with `model`: a key of `pool` whose value differs (`nil` when
/// absent), or a different count; `[]` when they agree.
private func disagreements(
    _ table: IdentityTable<Int>, _ model: [ObjectIdentifier: Int], pool: [ObjectIdentifier]
) -> [String] {
    var found = pool.indices.compactMap { index -> String? in
        let (actual, expected) = (table[pool[index]], model[pool[index]])
        return actual == expected
            ? nil
            : "key \(index): \(String(describing: actual)), expected \(String(describing: expected))"
    }
    if table.count != model.count { found.append("count \(table.count), expected \(model.count)") }
    return found
}

/// The open-addressing table the registry and the route table find things in: set, get,
/// update and remove agree with a `Dictionary`, through growth and through the backward-shift
/// delete that keeps every run of colliding keys findable without tombstones.
@Suite(.noUnexpectedProblems) struct IdentityTableTests {
    @Test func anEmptyTableFindsNothingAndRemovesNothing() {
        var table = IdentityTable<Int>()
        let (keys, objects) = makeKeys(1)
        #expect(table.count == 0)
        #expect(table[keys[0]] == nil)
        #expect(table.removeValue(for: keys[0]) == nil)
        #expect(table.allValues.isEmpty)
        withExtendedLifetime(objects) {}
    }

    @Test func setStoresAValueItsKeyFindsAndReplacesTheValueOfAKeyItHolds() {
        var table = IdentityTable<String>()
        let (keys, objects) = makeKeys(3)
        table.set("a", for: keys[0])
        table.set("b", for: keys[1])
        table.set("A", for: keys[0])
        #expect(table.count == 2)
        #expect(table[keys[0]] == "A")
        #expect(table[keys[1]] == "b")
        #expect(table[keys[2]] == nil)
        #expect(table.read(keys[0]) { $0.count } == 1)
        #expect(table.read(keys[2]) { $0.count } == nil)
        withExtendedLifetime(objects) {}
    }

    /// The rule of `setUnlessPresent`: a key the table lacks gets the value (`nil` returned);
    /// a key it holds keeps its value, which is returned; through growth and along runs of
    /// colliding keys, as `set` does.
    @Test func setUnlessPresentSetsAMissingKeyAndReturnsTheValueOfAKeyItHolds() throws {
        let (pool, objects) = makeKeys(600)
        let run = try #require(bySlot(pool).values.first { $0.count >= 3 }).prefix(3)
        let keys = Array(run) + pool.filter { !run.contains($0) }.prefix(297)
        var table = IdentityTable<Int>()
        var model: [ObjectIdentifier: Int] = [:]
        for (index, key) in keys.enumerated() {
            #expect(table.setUnlessPresent(index, for: key) == nil)
            model[key] = index
            #expect(table.setUnlessPresent(-index, for: key) == index)
            try #require(disagreements(table, model, pool: keys) == [], "after \(index + 1) keys")
        }
        withExtendedLifetime(objects) {}
    }

    @Test func updateChangesTheValueOfAKeyInPlaceAndIgnoresAKeyItLacks() {
        var table = IdentityTable<[Int]>()
        let (keys, objects) = makeKeys(2)
        table.set([1], for: keys[0])
        table.update(keys[0]) { $0.append(2) }
        var called = false
        table.update(keys[1]) { _ in called = true }
        #expect(table[keys[0]] == [1, 2])
        #expect(table[keys[1]] == nil)
        #expect(!called)
        #expect(table.count == 1)
        withExtendedLifetime(objects) {}
    }

    @Test func updateEachVisitsEveryEntryOnceAndAllValuesListsEachValueOnce() {
        var table = IdentityTable<Int>()
        let (keys, objects) = makeKeys(40)
        for (index, key) in keys.enumerated() { table.set(index, for: key) }
        var visited: [Int] = []
        table.updateEach { value in
            visited.append(value)
            value += 1_000
        }
        #expect(visited.sorted() == Array(0..<40))
        #expect(keys.enumerated().allSatisfy { table[$1] == $0 + 1_000 })
        #expect(table.allValues.sorted() == Array(1_000..<1_040))
        withExtendedLifetime(objects) {}
    }

    @Test func removeValueReturnsTheValueAndTheKeyIsGone() {
        var table = IdentityTable<String>()
        let (keys, objects) = makeKeys(2)
        table.set("a", for: keys[0])
        table.set("b", for: keys[1])
        #expect(table.removeValue(for: keys[0]) == "a")
        #expect(table.removeValue(for: keys[0]) == nil)
        #expect(table[keys[0]] == nil)
        #expect(table[keys[1]] == "b")
        #expect(table.count == 1)
        withExtendedLifetime(objects) {}
    }

    @Test func removeAllEmptiesTheTableAndItWorksAfterward() {
        var table = IdentityTable<Int>()
        let (keys, objects) = makeKeys(20)
        for (index, key) in keys.enumerated() { table.set(index, for: key) }
        table.removeAll()
        #expect(table.count == 0)
        #expect(keys.allSatisfy { table[$0] == nil })
        #expect(table.allValues.isEmpty)
        table.set(7, for: keys[3])
        #expect(table[keys[3]] == 7)
        #expect(table.count == 1)
        withExtendedLifetime(objects) {}
    }

    @Test func growingPastHalfFullKeepsEveryEntry() throws {
        var table = IdentityTable<Int>()
        var model: [ObjectIdentifier: Int] = [:]
        let (keys, objects) = makeKeys(300)
        // The table doubles at 8, 16, 32, 64 and 128 entries: each insertion is checked.
        for (index, key) in keys.enumerated() {
            table.set(index, for: key)
            model[key] = index
            try #require(disagreements(table, model, pool: keys) == [], "after \(index + 1) keys")
        }
        withExtendedLifetime(objects) {}
    }

    /// Removing the first of `runLength` keys that share one first slot, or one in the middle
    /// or at the end of the run, leaves every other key of the run findable.
    @Test(arguments: 0..<5)
    func removingAKeyFromARunOfCollidingKeysShiftsTheRestBack(removed: Int) throws {
        let (pool, objects) = makeKeys(600)
        let run = try #require(bySlot(pool).values.first { $0.count >= 5 }).prefix(5)
        var table = IdentityTable<Int>()
        var model: [ObjectIdentifier: Int] = [:]
        for (index, key) in run.enumerated() {
            table.set(index, for: key)
            model[key] = index
        }
        let key = run[run.startIndex + removed]
        #expect(table.removeValue(for: key) == removed)
        model[key] = nil
        #expect(disagreements(table, model, pool: Array(run)) == [])
        withExtendedLifetime(objects) {}
    }

    /// Keys whose first slot is the last one wrap to slot 0, where other keys belong: a
    /// removal must shift the wrapped keys back over the end without moving a key before its
    /// own first slot.
    @Test func removalShiftsRunsBackAcrossTheEndOfTheTable() throws {
        let (pool, objects) = makeKeys(600)
        let groups = bySlot(pool)
        let last = try #require(groups[15]).prefix(3)  // slots 15, 0, 1
        let first = try #require(groups[0]).prefix(2)  // slots 2, 3: home 0
        let second = try #require(groups[1]).prefix(1)  // slot 4: home 1
        let keys = Array(last) + Array(first) + Array(second)
        for removed in keys.indices {
            var table = IdentityTable<Int>()
            var model: [ObjectIdentifier: Int] = [:]
            for (index, key) in keys.enumerated() {
                table.set(index, for: key)
                model[key] = index
            }
            #expect(table.removeValue(for: keys[removed]) == removed)
            model[keys[removed]] = nil
            #expect(disagreements(table, model, pool: keys) == [], "removing key \(removed)")
            // Removing the rest, in order, leaves the table empty and agreeing throughout.
            for (index, key) in keys.enumerated() where index != removed {
                #expect(table.removeValue(for: key) == index)
                model[key] = nil
                try #require(disagreements(table, model, pool: keys) == [])
            }
        }
        withExtendedLifetime(objects) {}
    }

    /// Hundreds of keys removed in a seeded random order; after every removal each remaining
    /// key is found with its value and each removed key is gone.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func keysRemovedInAnyOrderLeaveEveryOtherKeyFindable(seed: UInt64) throws {
        var random = ModelRandom(seed: seed)
        let (keys, objects) = makeKeys(300)
        var table = IdentityTable<Int>()
        var model: [ObjectIdentifier: Int] = [:]
        for (index, key) in keys.enumerated() {
            table.set(index, for: key)
            model[key] = index
        }
        var order = keys
        for index in order.indices.reversed() {
            order.swapAt(index, random.below(index + 1))
        }
        for key in order {
            #expect(table.removeValue(for: key) == model[key])
            model[key] = nil
            try #require(disagreements(table, model, pool: keys) == [], "seed \(seed)")
        }
        #expect(table.count == 0)
        withExtendedLifetime(objects) {}
    }

    /// Sets, replacements, updates and removals mixed at random keep the table equal to a
    /// `Dictionary`, whatever the table's size.
    @Test(arguments: [7, 8, 9] as [UInt64])
    func mixedChangesAgreeWithADictionary(seed: UInt64) async throws {
        var random = ModelRandom(seed: seed)
        let (keys, objects) = makeKeys(200)
        var table = IdentityTable<Int>()
        var model: [ObjectIdentifier: Int] = [:]
        for step in 0..<2_000 {
            let key = random.pick(keys)
            switch random.below(10) {
            case 0..<5:
                table.set(step, for: key)
                model[key] = step
            case 5:
                table.update(key) { $0 = -$0 }
                model[key] = model[key].map { -$0 }
            default:
                #expect(table.removeValue(for: key) == model.removeValue(forKey: key))
            }
            try #require(
                disagreements(table, model, pool: keys) == [], "seed \(seed), step \(step)")
            if step % 500 == 499 { await Task.yield() }  // see `onAThreadOfItsOwn`
        }
        withExtendedLifetime(objects) {}
    }
}
