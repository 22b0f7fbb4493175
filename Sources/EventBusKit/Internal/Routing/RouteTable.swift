/// The routes of the event types seen so far, found by the type's identity in a few loads.
///
/// An open-addressed hash table keyed by the type's metadata pointer: a multiplicative hash
/// picks the first slot, linear probing resolves collisions, and the table doubles before it
/// is half full. Finding a route costs a multiply, a shift and a comparison or two, whatever
/// the number of types (a `Dictionary` would hash the key with SipHash). Routes are added one
/// at a time and only ever removed all at once.
struct RouteTable {
    /// Each slot's key: the type's metadata address, or 0 for an empty slot.
    private var keys: [UInt] = []
    /// Each slot's route; `nil` exactly where `keys` is 0.
    private var routes: [Route?] = []
    /// Each slot's route as a pass reads it (no reference counting on the way).
    private var views: [RouteView?] = []
    /// `64 - log2(keys.count)`: the hash's top bits index the slots.
    private var shift = 64
    /// The number of routes.
    private(set) var count = 0

    /// The route of the type with identity `key`, if it was built.
    ///
    /// - Complexity: O(1) expected.
    func route(for key: ObjectIdentifier) -> Route? {
        slot(for: key).flatMap { routes[$0] }
    }

    /// The route of the type with identity `key` as a pass reads it, if it was built.
    ///
    /// - Complexity: O(1) expected.
    @inline(__always)
    func view(for key: ObjectIdentifier) -> RouteView? {
        guard count > 0 else { return nil }
        let wanted = UInt(bitPattern: key)
        var slot = Self.firstSlot(wanted, shift: shift)
        while true {
            let found = keys[slot]
            if found == wanted { return views[slot] }
            if found == 0 { return nil }
            slot = (slot &+ 1) & (keys.count &- 1)
        }
    }

    private func slot(for key: ObjectIdentifier) -> Int? {
        guard count > 0 else { return nil }
        let wanted = UInt(bitPattern: key)
        var slot = Self.firstSlot(wanted, shift: shift)
        while true {
            let found = keys[slot]
            if found == wanted { return slot }
            if found == 0 { return nil }
            slot = (slot &+ 1) & (keys.count &- 1)
        }
    }

    /// Adds `route`, whose type has no route yet.
    ///
    /// - Complexity: O(1) amortized.
    mutating func insert(_ route: Route) {
        if (count &+ 1) &* 2 > keys.count { grow() }
        place(route)
        count &+= 1
    }

    /// Calls `body` on every route, in no particular order, letting it change the entries;
    /// `body` returns whether it did.
    mutating func updateEach(_ body: (inout Route) -> Bool) {
        for slot in keys.indices where keys[slot] != 0 {
            if body(&routes[slot]!) { views[slot] = RouteView(routes[slot]!) }
        }
    }

    /// Every route, in no particular order.
    var all: [Route] { routes.compactMap { $0 } }

    /// Removes every route, keeping the storage.
    mutating func removeAll() {
        guard count > 0 else { return }
        for slot in keys.indices {
            keys[slot] = 0
            routes[slot] = nil
            views[slot] = nil
        }
        count = 0
    }

    private mutating func grow() {
        let old = routes
        let capacity = max(16, keys.count * 2)
        keys = Array(repeating: 0, count: capacity)
        routes = Array(repeating: nil, count: capacity)
        views = Array(repeating: nil, count: capacity)
        shift = 64 - capacity.trailingZeroBitCount
        for case let route? in old { place(route) }
    }

    private mutating func place(_ route: Route) {
        let key = UInt(bitPattern: route.key)
        var slot = Self.firstSlot(key, shift: shift)
        while keys[slot] != 0 { slot = (slot &+ 1) & (keys.count &- 1) }
        keys[slot] = key
        routes[slot] = route
        views[slot] = RouteView(route)
    }

    @inline(__always)
    private static func firstSlot(_ key: UInt, shift: Int) -> Int {
        IdentityTable<Route>.firstSlot(key, shift: shift)
    }

}
