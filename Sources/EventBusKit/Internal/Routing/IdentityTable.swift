/// A hash table keyed by object or type identity, found in a few loads.
///
/// Open addressing keyed by the identity's address: a multiplicative hash picks the first
/// slot, linear probing resolves collisions, removal shifts later entries back (no
/// tombstones), and the table doubles before it is half full. A `Dictionary` would hash each
/// key with SipHash (about 130 instructions); registration looks keys up several times.
struct IdentityTable<Value> {
    /// Each slot's key, or `nil` for an empty slot.
    private var keys: [ObjectIdentifier?] = []
    /// Each slot's value; `nil` exactly where `keys` is.
    private var values: [Value?] = []
    /// `64 - log2(keys.count)`: the hash's top bits index the slots.
    private var shift = 64
    /// The number of entries.
    private(set) var count = 0

    /// The value for `key`, if any.
    ///
    /// - Complexity: O(1) expected.
    @inline(__always)
    subscript(key: ObjectIdentifier) -> Value? {
        read(key) { $0 }
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
    mutating func update(_ key: ObjectIdentifier, _ body: (inout Value) -> Void) {
        guard let slot = slot(of: key) else { return }
        body(&values[slot]!)
    }

    /// The slot holding `key`, if any.
    @inline(__always)
    private func slot(of key: ObjectIdentifier) -> Int? {
        guard count > 0 else { return nil }
        var slot = Self.firstSlot(key, shift: shift)
        while true {
            guard let found = keys[slot] else { return nil }
            if found == key { return slot }
            slot = (slot &+ 1) & (keys.count &- 1)
        }
    }

    /// Sets the value for `key`, replacing any.
    ///
    /// - Complexity: O(1) amortized.
    mutating func set(_ value: Value, for key: ObjectIdentifier) {
        if (count &+ 1) &* 2 > keys.count { grow() }
        var slot = Self.firstSlot(key, shift: shift)
        while keys[slot] != nil && keys[slot] != key { slot = (slot &+ 1) & (keys.count &- 1) }
        if keys[slot] == nil { count &+= 1 }
        keys[slot] = key
        values[slot] = value
    }

    /// Removes and returns the value for `key`, if any.
    ///
    /// - Complexity: O(1) expected.
    @discardableResult
    mutating func removeValue(for key: ObjectIdentifier) -> Value? {
        guard count > 0 else { return nil }
        let mask = keys.count &- 1
        var slot = Self.firstSlot(key, shift: shift)
        while keys[slot] != key {
            if keys[slot] == nil { return nil }
            slot = (slot &+ 1) & mask
        }
        let removed = values[slot]
        // Shift back every later entry of the run that would no longer be found.
        var hole = slot
        var next = (slot &+ 1) & mask
        while let nextKey = keys[next] {
            let home = Self.firstSlot(nextKey, shift: shift)
            if (next &- home) & mask >= (next &- hole) & mask {
                keys[hole] = keys[next]
                values[hole] = values[next]
                hole = next
            }
            next = (next &+ 1) & mask
        }
        keys[hole] = nil
        values[hole] = nil
        count &-= 1
        return removed
    }

    /// Every value, in no particular order.
    var allValues: [Value] { values.compactMap { $0 } }

    /// Calls `body` on every entry, in no particular order, letting it change the value.
    mutating func updateEach(_ body: (ObjectIdentifier, inout Value) -> Void) {
        for slot in keys.indices {
            if let key = keys[slot] { body(key, &values[slot]!) }
        }
    }

    /// Removes every entry, keeping the storage.
    mutating func removeAll() {
        guard count > 0 else { return }
        for slot in keys.indices {
            keys[slot] = nil
            values[slot] = nil
        }
        count = 0
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        let capacity = max(16, keys.count * 2)
        keys = Array(repeating: nil, count: capacity)
        values = Array(repeating: nil, count: capacity)
        shift = 64 - capacity.trailingZeroBitCount
        count = 0
        for slot in oldKeys.indices {
            if let key = oldKeys[slot] { set(oldValues[slot]!, for: key) }
        }
    }

    /// The top bits of the key times 2⁶⁴/φ (Fibonacci hashing): object and metadata addresses
    /// are aligned and close together, and the multiply spreads them over the slots.
    @inline(__always)
    static func firstSlot(_ key: ObjectIdentifier, shift: Int) -> Int {
        Int(truncatingIfNeeded: (UInt(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> UInt(shift))
    }
}
