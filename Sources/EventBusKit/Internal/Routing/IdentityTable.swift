/// A hash table keyed by type identity (metadata addresses), with Fibonacci hashing (see
/// ``FibonacciHashing``).
typealias IdentityTable<Value> = AddressTable<Value, FibonacciHashing>

/// A hash table keyed by object identity (heap addresses), which mixes the address's bits
/// before picking a slot (see ``MixedHashing``): the registry's recipients by consumer.
typealias ObjectTable<Value> = AddressTable<Value, MixedHashing>

/// How an ``AddressTable`` picks the first slot of a key from its address.
protocol AddressHashing {
    /// The top bits (`64 - shift` of them) of the hash of `key`.
    static func firstSlot(_ key: UInt, shift: Int) -> Int
}

/// The top bits of the key times 2⁶⁴/φ: one multiply, enough for metadata addresses, which
/// are aligned, few and close together (the route table, looked up on every dispatch).
enum FibonacciHashing: AddressHashing {
    @inline(__always)
    static func firstSlot(_ key: UInt, shift: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt(shift))
    }
}

/// The top bits of the key's bits mixed (a xor-shift, a multiply, a xor-shift, a multiply):
/// heap objects come and go in thousands, and addresses that the allocator hands out in
/// order, one size class apart, made long runs of occupied slots with one multiply alone
/// (a removal walks the run after it: the 10k churn rows spent about 400 instructions a
/// removal there).
enum MixedHashing: AddressHashing {
    @inline(__always)
    static func firstSlot(_ key: UInt, shift: Int) -> Int {
        var mixed = key ^ (key >> 29)
        mixed &*= 0xBF58_476D_1CE4_E5B9
        mixed ^= mixed >> 32
        mixed &*= 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> UInt(shift))
    }
}

/// A hash table keyed by object or type identity, found in a few loads.
///
/// Open addressing keyed by the identity's address: `Hashing` picks the first
/// slot, linear probing resolves collisions, removal shifts later entries back (no
/// tombstones), and the table doubles before it is half full. A `Dictionary` would hash each
/// key with SipHash (about 130 instructions); registration looks keys up several times.
struct AddressTable<Value, Hashing: AddressHashing> {
    /// Each slot's key: the identity's address, or 0 for an empty slot. (Plain integers
    /// compare in one instruction; a key is never turned back into an identity.)
    private var keys: [UInt] = []
    /// Each slot's value; `nil` exactly where `keys` is.
    private var values: [Value?] = []
    /// `64 - log2(keys.count)`: the hash's top bits index the slots.
    private var shift = 64
    /// The number of entries.
    private(set) var count = 0
    /// Changed by every change of which slots hold keys: a ``Vacancy`` found before it is stale.
    private var layout = 0

    /// Where a key the table lacks would go, as the look-up that found it missing saw it
    /// (``probe(_:)``): good until the table next changes which slots hold keys.
    struct Vacancy {
        fileprivate let slot: Int
        fileprivate let layout: Int
    }

    /// What a look-up found: the slot holding the key, or, for a key the table lacks, where it
    /// would go (`nil` when the table must grow first).
    enum Probe {
        case found(slot: Int)
        case missing(Vacancy?)
    }

    /// The value for `key`, if any.
    ///
    /// - Complexity: O(1) expected.
    @inline(__always)
    subscript(key: ObjectIdentifier) -> Value? {
        read(key) { $0 }
    }

    /// The value at `slot`, which ``slot(of:)`` found since the table last changed.
    subscript(slot slot: Int) -> Value {
        values[slot].unsafelyUnwrapped
    }

    /// The value for the address `address` (not 0), if any: for keys that are addresses of
    /// storage rather than of objects or types (see ``ListsCache``).
    subscript(address address: UInt) -> Value? {
        guard let slot = slot(of: address) else { return nil }
        return values[slot].unsafelyUnwrapped
    }

    /// Sets the value for the address `address` (not 0), replacing any.
    mutating func set(_ value: Value, forAddress address: UInt) {
        set(value, forKey: address)
    }

    /// What `body` reads from the value for `key`, if any, without copying the value.
    ///
    /// - Complexity: O(1) expected.
    @inline(__always)
    func read<Part>(_ key: ObjectIdentifier, _ body: (Value) -> Part) -> Part? {
        guard let slot = slot(of: key) else { return nil }
        return body(values[slot].unsafelyUnwrapped)
    }

    /// Calls `body` on the value for `key`, if any, letting it change the value.
    ///
    /// - Complexity: O(1) expected.
    @inline(__always)
    mutating func update(_ key: ObjectIdentifier, _ body: (inout Value) -> Void) {
        guard let slot = slot(of: key) else { return }
        body(&values[slot]!)
    }

    /// The slot holding `key`, if any: valid until the table next changes.
    @inline(__always)
    func slot(of key: ObjectIdentifier) -> Int? {
        slot(of: UInt(bitPattern: key))
    }

    /// The slot holding the key `wanted`, if any.
    @inline(__always)
    private func slot(of wanted: UInt) -> Int? {
        guard count > 0 else { return nil }
        var slot = Self.firstSlot(wanted, shift: shift)
        while true {
            let found = keys[slot]
            if found == wanted { return slot }
            if found == 0 { return nil }
            slot = (slot &+ 1) & (keys.count &- 1)
        }
    }

    /// The slot holding `key`, or where it would go: the look-up of a caller that may then
    /// insert it (``setUnlessPresent(_:for:at:)``) without probing again.
    ///
    /// - Complexity: O(1) expected.
    @inline(__always)
    func probe(_ key: ObjectIdentifier) -> Probe {
        let wanted = UInt(bitPattern: key)
        guard count > 0 else { return .missing(nil) }
        var slot = Self.firstSlot(wanted, shift: shift)
        while true {
            let found = keys[slot]
            if found == wanted { return .found(slot: slot) }
            if found == 0 { break }
            slot = (slot &+ 1) & (keys.count &- 1)
        }
        let hasRoom = (count &+ 1) &* 2 <= keys.count
        return .missing(hasRoom ? Vacancy(slot: slot, layout: layout) : nil)
    }

    /// Sets the value for `key`, replacing any.
    ///
    /// - Complexity: O(1) amortized.
    mutating func set(_ value: Value, for key: ObjectIdentifier) {
        set(value, forKey: UInt(bitPattern: key))
    }

    private mutating func set(_ value: Value, forKey wanted: UInt) {
        if (count &+ 1) &* 2 > keys.count { grow() }
        var slot = Self.firstSlot(wanted, shift: shift)
        while keys[slot] != 0 && keys[slot] != wanted { slot = (slot &+ 1) & (keys.count &- 1) }
        if keys[slot] == 0 {
            count &+= 1
            layout &+= 1
        }
        keys[slot] = wanted
        values[slot] = value
    }

    /// Sets the value for `key` unless the table holds one: found in the same probe that finds
    /// the empty slot, where a look-up and then ``set(_:for:)`` probed twice.
    ///
    /// A caller whose ``probe(_:)`` found `key` missing passes the `vacancy` it saw: while the
    /// table has not changed since, `value` goes there with no probe.
    ///
    /// - Returns: The value the table holds for `key` (then it is unchanged), or `nil` when
    ///   `value` was set.
    /// - Complexity: O(1) amortized.
    mutating func setUnlessPresent(
        _ value: Value, for key: ObjectIdentifier, at vacancy: Vacancy? = nil
    ) -> Value? {
        let wanted = UInt(bitPattern: key)
        var slot: Int
        if let vacancy, vacancy.layout == layout {
            slot = vacancy.slot
        } else {
            if (count &+ 1) &* 2 > keys.count { grow() }
            slot = Self.firstSlot(wanted, shift: shift)
            while true {
                let found = keys[slot]
                if found == wanted { return values[slot] }
                if found == 0 { break }
                slot = (slot &+ 1) & (keys.count &- 1)
            }
        }
        count &+= 1
        layout &+= 1
        keys[slot] = wanted
        values[slot] = value
        return nil
    }

    /// Removes and returns the value for `key`, if any.
    ///
    /// - Complexity: O(1) expected.
    @discardableResult
    mutating func removeValue(for key: ObjectIdentifier) -> Value? {
        guard let slot = slot(of: key) else { return nil }
        return removeValue(atSlot: slot)
    }

    /// Removes and returns the value at `slot`, which ``slot(of:)`` found since the table last
    /// changed: what a caller that looked its key up already saves a second probe with.
    ///
    /// - Complexity: O(1) expected.
    @discardableResult
    mutating func removeValue(atSlot slot: Int) -> Value? {
        assert(keys[slot] != 0, "an occupied slot")
        let mask = keys.count &- 1
        // Taken out, and the entries shifted back swapped with the empty slot: copied, each
        // value was retained and released once more.
        var removed: Value? = nil
        swap(&removed, &values[slot])
        // Shift back every later entry of the run that would no longer be found.
        var hole = slot
        var next = (slot &+ 1) & mask
        while keys[next] != 0 {
            let home = Self.firstSlot(keys[next], shift: shift)
            if (next &- home) & mask >= (next &- hole) & mask {
                keys[hole] = keys[next]
                values.swapAt(hole, next)
                hole = next
            }
            next = (next &+ 1) & mask
        }
        keys[hole] = 0
        count &-= 1
        layout &+= 1
        return removed
    }

    /// Every value, in no particular order.
    var allValues: [Value] { values.compactMap { $0 } }

    /// Calls `body` on every value, in no particular order, letting it change the value.
    mutating func updateEach(_ body: (inout Value) -> Void) {
        for slot in keys.indices where keys[slot] != 0 { body(&values[slot]!) }
    }

    /// Removes every entry, keeping the storage.
    mutating func removeAll() {
        guard count > 0 else { return }
        for slot in keys.indices {
            keys[slot] = 0
            values[slot] = nil
        }
        count = 0
        layout &+= 1
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        let capacity = max(16, keys.count * 2)
        keys = Array(repeating: 0, count: capacity)
        values = Array(repeating: nil, count: capacity)
        shift = 64 - capacity.trailingZeroBitCount
        count = 0
        for slot in oldKeys.indices where oldKeys[slot] != 0 {
            set(oldValues[slot]!, forKey: oldKeys[slot])
        }
    }

    /// The first slot of `key` in a table of `64 - shift` index bits (see ``AddressHashing``).
    @inline(__always)
    static func firstSlot(_ key: UInt, shift: Int) -> Int {
        Hashing.firstSlot(key, shift: shift)
    }
}
