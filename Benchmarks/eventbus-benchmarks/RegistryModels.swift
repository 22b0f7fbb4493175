import EventBusKit

// Models of a bus's registry, for CONTRACT §18 (a): what coming and going costs with each
// structure, stripped of everything else EventBusKit does on the way (no checks, names,
// options, sweeps, announcements, atomics or pinned route snapshots), counted in this harness
// beside the type-keyed dictionary that row (a) is measured against (`churn-models`).
//
// - objects: EventBusKit's structure. A subscription is an object (its stand-in) that the
//   list, its route and its token hold; a consumer's registration is an object (its
//   recipient) that the list, its route and the identity table hold.
// - values: a subscription's closure and state word are values in the list and in its
//   route, and its token is the only object made; a consumer's registration is values too.
//
// Not EventBusKit's code and not a competitor: a floor for each structure, to size a change
// before making it (Benchmarks/README, "The floor of each structure").

/// State words, 64 to a page, as EventBusKit's `StatePage`: whoever reads a word keeps its
/// page alive.
final class ModelStatePage {
    let words = UnsafeMutablePointer<Int32>.allocate(capacity: 64)
    var taken = 0
    init() { words.initialize(repeating: 0, count: 64) }
    deinit { words.deallocate() }

    /// A word of `page`, which is replaced by a new page once its 64 words are taken.
    static func takeWord(from page: inout ModelStatePage) -> (
        ModelStatePage, UnsafeMutablePointer<Int32>
    ) {
        if page.taken == 64 { page = ModelStatePage() }
        defer { page.taken += 1 }
        return (page, page.words + page.taken)
    }
}

/// The bit a removal sets in a state word, and the one a dropped token sets.
private let removedBit: Int32 = 2
private let endedBit: Int32 = 1

/// Open addressing keyed by an address, 256 slots, removal shifting the run back:
/// EventBusKit's `AddressTable` (mixed hashing) without growth.
struct ModelAddressTable {
    private var keys = [UInt](repeating: 0, count: 256)
    private var values = [Int](repeating: 0, count: 256)

    private static func home(_ key: UInt) -> Int {
        var mixed = key ^ (key >> 29)
        mixed &*= 0xBF58_476D_1CE4_E5B9
        mixed ^= mixed >> 32
        mixed &*= 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 56)
    }

    func value(for key: ObjectIdentifier) -> Int? {
        let wanted = UInt(bitPattern: key)
        var slot = Self.home(wanted)
        while keys[slot] != wanted {
            if keys[slot] == 0 { return nil }
            slot = (slot &+ 1) & 255
        }
        return values[slot]
    }

    mutating func set(_ value: Int, for key: ObjectIdentifier) {
        let wanted = UInt(bitPattern: key)
        var slot = Self.home(wanted)
        while keys[slot] != 0 && keys[slot] != wanted { slot = (slot &+ 1) & 255 }
        keys[slot] = wanted
        values[slot] = value
    }

    mutating func removeValue(for key: ObjectIdentifier) {
        let wanted = UInt(bitPattern: key)
        var slot = Self.home(wanted)
        while keys[slot] != wanted {
            if keys[slot] == 0 { return }
            slot = (slot &+ 1) & 255
        }
        var hole = slot
        var next = (slot &+ 1) & 255
        while keys[next] != 0 {
            let home = Self.home(keys[next])
            if (next &- home) & 255 >= (next &- hole) & 255 {
                keys[hole] = keys[next]
                values[hole] = values[next]
                hole = next
            }
            next = (next &+ 1) & 255
        }
        keys[hole] = 0
    }
}

// MARK: Values

/// One registration as values: a closure or a consumer, and its state word.
struct ModelValueEntry {
    var registration: UInt64
    var key: ObjectIdentifier
    var handler: ((any Event) -> Void)?
    var consumer: (any EventConsumer)?
    var state: UnsafeMutablePointer<Int32>
}

/// What a route holds of a registration made of values.
struct ModelValueRouteEntry {
    var handler: ((any Event) -> Void)?
    var consumer: (any EventConsumer)?
    var state: UnsafeMutablePointer<Int32>
}

/// The `values` structure: a subscription's token is the only object it makes.
final class ModelValueBus {
    // Unchecked, as EventBusKit's registry is (`InPlace`): one thread, and no access spans
    // a call that could reach the bus again.
    @exclusivity(unchecked) private var list: [ModelValueEntry] = []
    @exclusivity(unchecked) private var routes: [[ModelValueRouteEntry]] = []
    @exclusivity(unchecked) private var routeIndex = ModelAddressTable()
    @exclusivity(unchecked) private var byConsumer = ModelAddressTable()
    @exclusivity(unchecked) private var nextRegistration: UInt64 = 0
    @exclusivity(unchecked) private var page = ModelStatePage()

    private func add(
        _ key: ObjectIdentifier, _ handler: ((any Event) -> Void)?,
        _ consumer: (any EventConsumer)?, state: UnsafeMutablePointer<Int32>
    ) -> UInt64 {
        let registration = nextRegistration
        nextRegistration += 1
        list.append(
            ModelValueEntry(
                registration: registration, key: key, handler: handler, consumer: consumer,
                state: state))
        if let route = routeIndex.value(for: key) {
            routes[route].append(
                ModelValueRouteEntry(handler: handler, consumer: consumer, state: state))
        }
        return registration
    }

    private func remove(registration: UInt64, key: ObjectIdentifier) {
        // The newest last: found from the end.
        var index = list.count - 1
        while list[index].registration != registration { index -= 1 }
        let state = list[index].state
        list.remove(at: index)
        if let route = routeIndex.value(for: key) {
            var at = routes[route].count - 1
            while routes[route][at].state != state { at -= 1 }
            routes[route].remove(at: at)
        }
    }

    @inline(never)
    func subscribe(_ type: any Event.Type, _ handler: @escaping (any Event) -> Void)
        -> ModelValueToken
    {
        let key = ObjectIdentifier(type)
        let (wordPage, state) = ModelStatePage.takeWord(from: &page)
        let registration = add(key, handler, nil, state: state)
        return ModelValueToken(
            bus: self, page: wordPage, state: state, registration: registration, key: key)
    }

    @inline(never)
    func cancel(_ token: ModelValueToken) {
        guard token.state.pointee & removedBit == 0 else { return }
        token.state.pointee |= removedBit
        remove(registration: token.registration, key: token.key)
    }

    @inline(never)
    func register(_ consumer: any EventConsumer, for type: any Event.Type) {
        let id = ObjectIdentifier(consumer)
        guard byConsumer.value(for: id) == nil else { return }
        let (_, state) = ModelStatePage.takeWord(from: &page)
        let registration = add(ObjectIdentifier(type), nil, consumer, state: state)
        byConsumer.set(Int(registration), for: id)
    }

    @inline(never)
    func deregister(_ consumer: any EventConsumer, for type: any Event.Type) {
        let id = ObjectIdentifier(consumer)
        guard let registration = byConsumer.value(for: id) else { return }
        byConsumer.removeValue(for: id)
        remove(registration: UInt64(registration), key: ObjectIdentifier(type))
    }

    func warm(_ type: any Event.Type) {
        let key = ObjectIdentifier(type)
        routeIndex.set(routes.count, for: key)
        routes.append(
            list.filter { $0.key == key }.map {
                ModelValueRouteEntry(handler: $0.handler, consumer: $0.consumer, state: $0.state)
            })
    }
}

/// The token of a subscription made of values: its word, its page, and how to find it.
final class ModelValueToken {
    // The model's bus outlives every token of its loop.
    unowned(unsafe) let bus: ModelValueBus
    let page: ModelStatePage
    let state: UnsafeMutablePointer<Int32>
    let registration: UInt64
    let key: ObjectIdentifier

    init(
        bus: ModelValueBus, page: ModelStatePage, state: UnsafeMutablePointer<Int32>,
        registration: UInt64, key: ObjectIdentifier
    ) {
        self.bus = bus
        self.page = page
        self.state = state
        self.registration = registration
        self.key = key
    }

    deinit { if state.pointee & removedBit == 0 { state.pointee |= endedBit } }

    func cancel() { bus.cancel(self) }
}

// MARK: Objects

/// One registration as an object: a stand-in (a closure) or a recipient (a consumer).
final class ModelRegistration {
    let handler: ((any Event) -> Void)?
    let consumer: (any EventConsumer)?
    let page: ModelStatePage
    let state: UnsafeMutablePointer<Int32>
    let key: ObjectIdentifier
    var slot = 0

    init(
        handler: ((any Event) -> Void)?, consumer: (any EventConsumer)?, page: ModelStatePage,
        state: UnsafeMutablePointer<Int32>, key: ObjectIdentifier
    ) {
        self.handler = handler
        self.consumer = consumer
        self.page = page
        self.state = state
        self.key = key
    }
}

/// The `objects` structure: the list, the route and the token hold the registration's object.
final class ModelObjectBus {
    // Unchecked, as EventBusKit's registry is (`InPlace`): one thread, and no access spans
    // a call that could reach the bus again.
    @exclusivity(unchecked) private var list: [ModelRegistration?] = []
    @exclusivity(unchecked) private var routes: [[ModelRegistration]] = []
    @exclusivity(unchecked) private var routeIndex = ModelAddressTable()
    @exclusivity(unchecked) private var byConsumer = ModelAddressTable()
    @exclusivity(unchecked) private var page = ModelStatePage()

    private func add(
        _ type: any Event.Type, _ handler: ((any Event) -> Void)?,
        _ consumer: (any EventConsumer)?
    ) -> ModelRegistration {
        let (wordPage, state) = ModelStatePage.takeWord(from: &page)
        let key = ObjectIdentifier(type)
        let registration = ModelRegistration(
            handler: handler, consumer: consumer, page: wordPage, state: state, key: key)
        registration.slot = list.count
        list.append(registration)
        if let route = routeIndex.value(for: key) { routes[route].append(registration) }
        return registration
    }

    private func remove(_ registration: ModelRegistration) {
        registration.state.pointee |= removedBit
        // The newest last, in every row here.
        precondition(registration.slot == list.count - 1)
        list.removeLast()
        if let route = routeIndex.value(for: registration.key) {
            var at = routes[route].count - 1
            while routes[route][at] !== registration { at -= 1 }
            routes[route].remove(at: at)
        }
    }

    @inline(never)
    func subscribe(_ type: any Event.Type, _ handler: @escaping (any Event) -> Void)
        -> ModelObjectToken
    {
        ModelObjectToken(bus: self, registration: add(type, handler, nil))
    }

    @inline(never)
    func cancel(_ token: ModelObjectToken) {
        guard token.registration.state.pointee & removedBit == 0 else { return }
        remove(token.registration)
    }

    @inline(never)
    func register(_ consumer: any EventConsumer, for type: any Event.Type) {
        let id = ObjectIdentifier(consumer)
        guard byConsumer.value(for: id) == nil else { return }
        byConsumer.set(add(type, nil, consumer).slot, for: id)
    }

    @inline(never)
    func deregister(_ consumer: any EventConsumer, for type: any Event.Type) {
        let id = ObjectIdentifier(consumer)
        guard let slot = byConsumer.value(for: id), let registration = list[slot] else { return }
        byConsumer.removeValue(for: id)
        remove(registration)
    }

    func warm(_ type: any Event.Type) {
        let key = ObjectIdentifier(type)
        routeIndex.set(routes.count, for: key)
        routes.append(list.compactMap { $0 }.filter { $0.key == key })
    }
}

/// The token of a subscription made of an object: it holds the object.
final class ModelObjectToken {
    // The model's bus outlives every token of its loop.
    unowned(unsafe) let bus: ModelObjectBus
    let registration: ModelRegistration

    init(bus: ModelObjectBus, registration: ModelRegistration) {
        self.bus = bus
        self.registration = registration
    }

    deinit {
        let state = registration.state
        if state.pointee & removedBit == 0 { state.pointee |= endedBit }
    }

    func cancel() { bus.cancel(self) }
}

// MARK: The scenario

/// What the scenario asks of a model.
protocol ModelBus: AnyObject {
    associatedtype Token: ModelToken
    init()
    func subscribe(_ type: any Event.Type, _ handler: @escaping (any Event) -> Void) -> Token
    func register(_ consumer: any EventConsumer, for type: any Event.Type)
    func deregister(_ consumer: any EventConsumer, for type: any Event.Type)
    /// Builds the route of `type` from the list.
    func warm(_ type: any Event.Type)
}

/// What the scenario asks of a model's token.
protocol ModelToken: AnyObject {
    func cancel()
}

extension ModelValueBus: ModelBus {}
extension ModelValueToken: ModelToken {}
extension ModelObjectBus: ModelBus {}
extension ModelObjectToken: ModelToken {}

/// The 10 other types of `churn`'s set-up. Made in each case's set-up, not when the scenario
/// is built: what every scenario's construction allocates moves the heap addresses the
/// EventBusKit rows hash (the churn rows moved by up to 29 instructions when this list was
/// made with the scenario).
private func otherTypes() -> [any Event.Type] { (0..<10).map { generatedEventType($0) } }

/// A model `named` (`objects`, `values`), warmed as `churn` warms its bus: its subscribe/cancel
/// and register/deregister cases.
private func modelCases<Bus: ModelBus>(_ named: String, _: Bus.Type) -> [Case] {
    func warmed() -> Bus {
        let bus = Bus()
        let types = otherTypes()
        for index in 0..<100 { bus.register(CountingConsumer(), for: types[index % 10]) }
        bus.warm(Ping.self)
        for type in types { bus.warm(type) }
        return bus
    }
    return [
        Case(name: "\(named) subscribe / cancel", unitsPerIteration: 2) {
            let bus = warmed()
            let consumer = CountingConsumer()
            return .sync { n in
                for _ in 0..<n { bus.subscribe(Ping.self) { _ in consumer.hit() }.cancel() }
            }
        },
        Case(name: "\(named) register / deregister", unitsPerIteration: 2) {
            let bus = warmed()
            let consumers = (0..<50).map { _ in CountingConsumer() }
            return .sync { n in
                for i in 0..<n {
                    bus.register(consumers[i % consumers.count], for: Ping.self)
                    bus.deregister(consumers[i % consumers.count], for: Ping.self)
                }
            }
        },
    ]
}

/// The models' rows beside the dictionary's, with `churn`'s set-up: 100 registrations of 10
/// generated types (their routes and `Ping`'s built); each iteration registers for `Ping` and
/// removes it (2 operations).
func churnModels() -> Scenario {
    Scenario(
        key: "churn-models",
        title:
            "The floor of each structure: registry models beside the dictionary (100 registered)",
        unit: "operation", allocationsPerUnit: true,
        cases: [
            Case(name: "typeKeyedDictionary `on` / `off`", unitsPerIteration: 2) {
                let bus = TypeKeyedBus()
                let types = otherTypes()
                for index in 0..<100 { bus.on(types[index % 10]) { _ in } }
                let consumer = CountingConsumer()
                return .sync { n in
                    for _ in 0..<n { bus.off(Ping.self, bus.on(Ping.self) { _ in consumer.hit() }) }
                }
            }
        ] + modelCases("objects", ModelObjectBus.self) + modelCases("values", ModelValueBus.self))
}
