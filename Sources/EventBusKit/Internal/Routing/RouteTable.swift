/// The routes of the event types seen so far, found by the type's identity in a few loads.
///
/// An ``IdentityTable`` keyed by the type's metadata pointer, so finding a route costs a
/// multiply, a shift and a comparison or two, whatever the number of types; a pass reads only
/// the route's ``Route/view`` (no reference counting). Routes are added one at a time and only
/// ever removed all at once.
///
/// While recipients wait to enter the routes (added since the routes were last read: see
/// `Registry.routeLateRecipients()`), the table is *parked*: the look-ups a pass makes
/// (``view(of:)``, ``view(for:)``) find no route, so each takes the way that routes those
/// recipients first, and a pass's own look-up pays nothing for it; every other method reads
/// and changes the routes themselves.
struct RouteTable {
    /// The routes the look-ups of a pass read: every route, or none while parked.
    private var live = IdentityTable<Route>()
    /// While parked, every route; otherwise empty.
    private var parked = IdentityTable<Route>()
    /// Whether recipients wait to enter the routes (see ``park()``).
    private(set) var isParked = false

    /// What `body` reads from every route, parked or not: how every method but a pass's
    /// look-ups reads them.
    @inline(__always)
    private func readRoutes<Result>(_ body: (IdentityTable<Route>) -> Result) -> Result {
        isParked ? body(parked) : body(live)
    }

    /// Runs `change` on every route, parked or not: how every method but a pass's look-ups
    /// changes them. (An accessor that yields either table is a coroutine the optimizer kept
    /// out of line: about 10 instructions a call.)
    @inline(__always)
    private mutating func changeRoutes<Result>(
        _ change: (inout IdentityTable<Route>) -> Result
    ) -> Result {
        isParked ? change(&parked) : change(&live)
    }

    /// Hides the routes from a pass's look-ups until ``unpark()``: a recipient was appended to
    /// the list and is in no route yet. (The tables trade places: nothing is copied.)
    @inline(__always)
    mutating func park() {
        guard !isParked else { return }
        swap(&live, &parked)
        isParked = true
    }

    /// Shows the routes to a pass's look-ups again: no recipient waits to enter them.
    @inline(__always)
    mutating func unpark() {
        guard isParked else { return }
        swap(&live, &parked)
        isParked = false
    }
    /// The keys of the routes of class types, in the order they were added.
    private var classRouteKeys: [ObjectIdentifier] = []
    /// For each class a recipient lists, the class routes it covers (its own and its
    /// subclasses'), found among the first `checked` of ``classRouteKeys``.
    private var coveredClassRoutes = IdentityTable<(checked: Int, keys: [ObjectIdentifier])>()

    /// The route of the type with identity `key`, if it was built.
    ///
    /// - Complexity: O(1) expected.
    func route(for key: ObjectIdentifier) -> Route? {
        readRoutes { $0[key] }
    }

    /// The route of `event`'s dynamic type as a pass reads it, if it was built: one look-up
    /// for a value type or a class instance held as its own class.
    ///
    /// For a value type, the type the existential holds is the event's dynamic type, read
    /// with a load rather than `type(of:)` (a runtime call); for a class, the route found by
    /// the held type serves only when the instance's own class is that type.
    ///
    /// - Complexity: O(1) expected.
    @inline(__always)
    func view(of event: any Event) -> RouteView? {
        let held = Self.heldTypeKey(event)
        guard let view = live.read(held, { $0.view }) else { return nil }
        return view.isValueType || Self.objectTypeKey(event) == held ? view : nil
    }

    /// The route of the type with identity `key` as a pass reads it, if it was built and the
    /// table is not parked (then every caller takes a way that routes the waiting recipients).
    ///
    /// - Complexity: O(1) expected.
    @inline(__always)
    func view(for key: ObjectIdentifier) -> RouteView? {
        live.read(key) { $0.view }
    }

    /// Adds `route`, whose type has no route yet.
    ///
    /// - Complexity: O(1) amortized.
    mutating func insert(_ route: Route) {
        changeRoutes { $0.set(route, for: route.key) }
        if !route.isValueType { classRouteKeys.append(route.key) }
    }

    /// Calls `body` on every route, in no particular order, letting it change the entries.
    mutating func updateEach(_ body: (inout Route) -> Void) {
        changeRoutes { $0.updateEach(body) }
    }

    /// Calls `body` on the route of the type with identity `key`, if it was built, letting it
    /// change the entries: the one route lists naming one value type may deliver on, found
    /// with one look-up by the key the lists keep. Inline with `body`, so the closure needs no
    /// context (no retain of what it captures, which every subscription's add and removal
    /// paid); the caller reads the key from the recipient's lists where it asks (the lists
    /// themselves, passed along, were retained for the call and released after).
    @inline(__always)
    mutating func updateRoute(_ key: ObjectIdentifier, _ body: (inout Route) -> Void) {
        changeRoutes { $0.update(key, body) }
    }

    /// Calls `body` on every route that `lists` may deliver on, letting it change the entries:
    /// with ``AllEvent`` or a category in `willConsume`, every route; otherwise the routes of
    /// the value types `willConsume` names, and the routes of the classes it names and of
    /// their subclasses.
    ///
    /// No route skipped can match: a value type's route is delivered only by an entry that
    /// names the type itself, a class's by an entry that names it or a superclass (see
    /// `EventKind.isCovered(by:)`). Whether a visited route matches is still for `MatchList`
    /// to decide. A type named twice is visited twice.
    ///
    /// The common case, lists that name one value type (``MatchList/soleValueTypeKey``), is the
    /// caller's, with ``updateRoute(_:_:)``: out of line here.
    ///
    /// - Complexity: O(*e* + *c*) for *e* entries and the *c* class routes they cover (the
    ///   routes a class covers are found once, and then only among routes built since),
    ///   against O(*r*) for all *r* routes.
    @inline(never)
    mutating func updateCandidates(for lists: MatchList, _ body: (inout Route) -> Void) {
        if lists.includesAll || !lists.includedCategories.isEmpty { return updateEach(body) }
        for entry in lists.included {
            changeRoutes { routes in
                routes.update(ObjectIdentifier(entry)) { route in
                    if route.isValueType { body(&route) }
                }
            }
        }
        guard !classRouteKeys.isEmpty else { return }
        for entry in lists.includedClasses {
            for key in classRoutes(coveredBy: entry) { changeRoutes { $0.update(key, body) } }
        }
    }

    /// The keys of the class routes `entry`, a class, covers: its own route's and its
    /// subclasses'.
    ///
    /// - Complexity: O(*k*) for the *k* routes it covers, and a check of each class route
    ///   built since the last call for `entry` (a run-time cast).
    private mutating func classRoutes(coveredBy entry: any Event.Type) -> [ObjectIdentifier] {
        let id = ObjectIdentifier(entry)
        var covered = coveredClassRoutes[id] ?? (checked: 0, keys: [])
        guard covered.checked < classRouteKeys.count else { return covered.keys }
        for key in classRouteKeys[covered.checked...]
        where readRoutes({ $0.read(key, { $0.kind.isCovered(by: entry) }) }) == true {
            covered.keys.append(key)
        }
        covered.checked = classRouteKeys.count
        coveredClassRoutes.set(covered, for: id)
        return covered.keys
    }

    /// How many class routes the classes a recipient lists may cover before adding it drops
    /// every class route (each rebuilt on its type's next dispatch, see
    /// ``removeClassRoutes()``) rather than updating each.
    static let coveredClassRoutesLimit = 16

    /// Whether the classes `lists` names cover more than ``coveredClassRoutesLimit`` routes.
    ///
    /// - Complexity: O(1) when no class route was built since the last call for the same
    ///   classes (see ``classRoutes(coveredBy:)``).
    mutating func coversManyClassRoutes(_ lists: MatchList) -> Bool {
        guard !classRouteKeys.isEmpty else { return false }
        var covered = 0
        for entry in lists.includedClasses { covered += classRoutes(coveredBy: entry).count }
        return covered > Self.coveredClassRoutesLimit
    }

    /// Removes every class route; the next event of each class builds its route again from
    /// the registry (in call order, so order across types holds). The removed routes' entries
    /// hold only consumers their recipients hold too: releasing them runs no app code.
    ///
    /// - Complexity: O(*c*) for *c* class routes.
    mutating func removeClassRoutes() {
        for key in classRouteKeys { _ = changeRoutes { $0.removeValue(for: key) } }
        classRouteKeys.removeAll(keepingCapacity: true)
        coveredClassRoutes.removeAll()
    }

    /// Every route, in no particular order.
    var all: [Route] { readRoutes { $0.allValues } }

    /// Removes every route, keeping the storage.
    mutating func removeAll() {
        changeRoutes { $0.removeAll() }
        unpark()
        classRouteKeys.removeAll(keepingCapacity: true)
        coveredClassRoutes.removeAll()
    }

    // MARK: Keys

    /// The identity of the type of the value `event` holds: for a value type, its dynamic
    /// type, read from the existential without a runtime call.
    @inline(__always)
    static func heldTypeKey(_ event: any Event) -> ObjectIdentifier {
        @inline(__always) func open<E: Event>(_: E) -> ObjectIdentifier { ObjectIdentifier(E.self) }
        return open(event)
    }

    /// The identity of the dynamic type of the class instance `event` holds.
    ///
    /// Today's ABI: an existential holds a class instance as one reference in the first word
    /// of its buffer, so the class is read from the object without a retain. In the portable
    /// mode (`-D EVENTBUSKIT_PORTABLE`), `type(of:)` answers (a runtime call).
    ///
    /// - Precondition: `event` holds a class instance (its route says it is no value type).
    @inline(__always)
    static func objectTypeKey(_ event: any Event) -> ObjectIdentifier {
        #if EVENTBUSKIT_PORTABLE
            return ObjectIdentifier(type(of: event))
        #else
            return withUnsafePointer(to: event) { container in
                let object = UnsafeRawPointer(container).load(as: UnsafeRawPointer.self)
                return Unmanaged<AnyObject>.fromOpaque(object)._withUnsafeGuaranteedRef {
                    ObjectIdentifier(type(of: $0))
                }
            }
        #endif
    }
}

/// What a pass reads of a route, without a retain: its entries and its flags. The table
/// hands it out (``RouteTable/view(of:)``); a route makes it again each time its entries
/// change.
///
/// A pass reads the view it found when it began, whose entries stay alive and unchanged to
/// its end: the bus pins them before any registry change made during the pass (see
/// ``RouteEntries``).
struct RouteView {
    /// The entries, unretained.
    let owner: UnretainedEntries
    /// Whether the route's type is one of the bus's announcements, which produce no
    /// announcements.
    let isAnnouncement: Bool
    /// Whether the route's type is a value type (see ``Route/isValueType``).
    let isValueType: Bool
    /// For a ``StickyEvent`` type, the slot a pass of it stores its event in, unretained
    /// (the entries hold it).
    private let latest: Unmanaged<LatestSlot>?

    /// The view of `entries`, which the route holding them keeps alive.
    init(entries: RouteEntries, kind: EventKind) {
        owner = UnretainedEntries(object: .passUnretained(entries))
        isAnnouncement = kind.isAnnouncement
        isValueType = kind.isValueType
        latest = entries.latest.map { .passUnretained($0) }
    }

    /// Whether a pass of the route's type stores its event (the type is sticky).
    @inline(__always)
    var isSticky: Bool { latest != nil }

    /// Calls `body` with the slot a pass stores its event in.
    ///
    /// - Precondition: ``isSticky``.
    @inline(__always)
    func withLatest<Result>(_ body: (LatestSlot) -> Result) -> Result {
        latest.unsafelyUnwrapped._withUnsafeGuaranteedRef(body)
    }

    /// The entries, in call order, read in place.
    @inline(__always)
    var entries: SlotView<RouteEntry> { owner.entries }
}

/// A route's entries, referenced without a retain while a pass reads them.
struct UnretainedEntries {
    fileprivate let object: Unmanaged<RouteEntries>

    /// The entries, retained: what a registry change made during the pass pins.
    ///
    /// - Precondition: The entries are alive (the pass that reads them is running).
    func retained() -> RouteEntries {
        object.takeUnretainedValue()
    }

    /// The entries, in call order, read in place.
    ///
    /// - Precondition: The entries are alive (the pass that reads them is running).
    @inline(__always)
    var entries: SlotView<RouteEntry> {
        object._withUnsafeGuaranteedRef { $0.view }
    }
}
