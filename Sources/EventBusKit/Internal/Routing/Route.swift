/// The recipients of one event type, in call order: who a pass of such an event calls.
///
/// The route is fixed when a pass begins: a registry change during the pass copies the
/// entries it changes and leaves the pass's alone (the snapshot rule; see ``RouteEntries``).
struct Route {
    /// The event type and what matching asks of it.
    let kind: EventKind
    /// The identity of the event type (its metadata pointer): the route table's key.
    var key: ObjectIdentifier { ObjectIdentifier(kind.type) }
    /// The event type.
    var type: any Event.Type { kind.type }
    /// Whether the type is a value type: then the type an existential holds is the event's
    /// dynamic type, and finding the route needs no look at the instance.
    var isValueType: Bool { kind.isValueType }
    /// The recipients whose lists match the type, in call order.
    private(set) var entries: RouteEntries
    /// What a pass reads of the route.
    @inline(__always)
    var view: RouteView { RouteView(entries: entries, kind: kind) }

    init(kind: EventKind, entries: RouteEntries) {
        self.kind = kind
        self.entries = entries
    }

    /// Changes the entries, first copying them when they are shared (a running pass reads
    /// them) or have no room for `extra` more, even without their tombstones.
    mutating func changeEntries(reserving extra: Int = 0, _ change: (RouteEntries) -> Void) {
        // Uniqueness first: entries a pass reads are never compacted in place.
        if !isKnownUniquelyReferenced(&entries) || !entries.makeRoom(for: extra) {
            entries = entries.copy(reserving: extra)
        }
        change(entries)
    }
}
