/// The routes of the two event types dispatched last, so that runs of events of one type,
/// or of two alternating types (an event and its ``DidConsumeEvent``), skip hashing.
///
/// The bus empties it whenever the registry changes. Its mutating methods never release a
/// route inside the access: they hand the routes they drop back to the caller, which releases
/// them after the access (a release may run deinits). With no call inside any access, the
/// compiler needs no run-time exclusivity check for the bus's property that holds the cache.
struct RouteCache {
    private var recent: RecentRoute?
    private var previous: RecentRoute?

    /// The cached route of `event`, or `nil`.
    @inline(__always)
    func route(of event: any Event) -> (entries: [RouteEntry], isAnnouncement: Bool)? {
        if let recent, recent.routes(event) { return (recent.entries, recent.isAnnouncement) }
        if let previous, previous.routes(event) {
            return (previous.entries, previous.isAnnouncement)
        }
        return nil
    }

    /// Keeps `route` as the most recent one.
    /// - Returns: The route it drops, for the caller to release.
    mutating func remember(_ route: RecentRoute) -> RecentRoute? {
        var dropped: RecentRoute? = route
        swap(&recent, &dropped)
        swap(&previous, &dropped)
        return dropped
    }

    /// Empties the cache.
    /// - Returns: The routes it drops, for the caller to release.
    mutating func removeAll() -> [RecentRoute?] {
        var dropped: (RecentRoute?, RecentRoute?) = (nil, nil)
        swap(&recent, &dropped.0)
        swap(&previous, &dropped.1)
        return [dropped.0, dropped.1]
    }
}

/// A route with the event type it is for.
struct RecentRoute {
    /// The identity of the event type.
    let key: ObjectIdentifier
    /// Whether the type is a value type, whose instances are never of a subtype.
    let isValueType: Bool
    let entries: [RouteEntry]
    let isAnnouncement: Bool

    init(type: any Event.Type, entries: [RouteEntry], isAnnouncement: Bool) {
        key = ObjectIdentifier(type)
        isValueType = !(type is AnyObject.Type)
        self.entries = entries
        self.isAnnouncement = isAnnouncement
    }

    /// Whether this is the route of `event`, whose dynamic type decides.
    @inline(__always)
    func routes(_ event: any Event) -> Bool {
        // For a value type, the type an existential holds is the dynamic type: reading it is
        // a load. A class instance may be of a subclass of the type its existential holds,
        // so that takes a look at the instance.
        isValueType ? key == heldTypeID(event) : key == ObjectIdentifier(type(of: event))
    }
}

/// The identity of the type of the value `event` holds.
@inline(__always)
private func heldTypeID(_ event: any Event) -> ObjectIdentifier {
    @inline(__always) func open<E: Event>(_: E) -> ObjectIdentifier { ObjectIdentifier(E.self) }
    return open(event)
}
