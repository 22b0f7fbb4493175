/// The delivery engine's state: every recipient in registration order and, for each event
/// type seen, its ordered recipient list (its *route*).
///
/// `Registry` is a value type that answers "who receives this event, in what order"
/// without calling anyone; ``EventBus`` runs the passes. Routes are computed once per
/// event type and kept correct as recipients come and go:
/// - adding a recipient appends it to each cached route it matches (it is the newest, so
///   order is kept), or, when its lists name a protocol category (which needs an event
///   *value* to decide), drops the cached routes so they are rebuilt on next use;
/// - removing a recipient removes it from the routes it is in.
///
/// A route's entries (``RouteEntry``) also hold the strongly held consumers, so that a pass,
/// which keeps its route to the end, can call them without retaining each one.
struct Registry {
    /// A cached route: the event type and its recipients in registration order.
    private struct Route {
        let type: any Event.Type
        let isAnnouncement: Bool
        var entries: [RouteEntry]
    }

    /// Every live recipient, in registration order (ascending `order`).
    private(set) var recipients: [Recipient] = []
    /// Registered consumers and subscription stand-ins by identity.
    private var byID: [ObjectIdentifier: Recipient] = [:]
    /// Routes by event type.
    private var routes: [ObjectIdentifier: Route] = [:]
    /// The next registration order number.
    private var nextOrder: UInt64 = 0

    /// The number of live recipients.
    var count: Int { recipients.count }

    /// The recipient registered for `consumer`, if it is still alive.
    func recipient(for consumer: any EventConsumer) -> Recipient? {
        guard let found = byID[ObjectIdentifier(consumer)], found.consumer === consumer else {
            return nil
        }
        return found
    }

    /// Adds `consumer` at the end of registration order, with the lists read from it.
    ///
    /// - Returns: The new recipient, or `nil` when `consumer` is already registered (it
    ///   keeps its place).
    /// - Complexity: O(*r*) for *r* cached routes, or O(1) plus a later rebuild of each
    ///   route when the lists name a category.
    mutating func add(
        _ consumer: any EventConsumer, lists: MatchList, weakly: Bool
    ) -> Recipient? {
        let id = ObjectIdentifier(consumer)
        if let existing = byID[id] {
            if existing.consumer === consumer { return nil }
            // A weakly held consumer died and its address was reused: drop the stale entry.
            remove(existing)
        }
        let recipient = Recipient(consumer, lists: lists, order: nextOrder, weakly: weakly)
        nextOrder &+= 1
        recipients.append(recipient)
        byID[id] = recipient
        if recipient.lists.hasCategories {
            routes.removeAll(keepingCapacity: true)
        } else {
            // Walk the values in place: iterating `routes.keys` would copy the dictionary.
            var index = routes.values.startIndex
            while index != routes.values.endIndex {
                if recipient.lists.matches(routes.values[index].type, value: nil) {
                    routes.values[index].entries.append(RouteEntry(recipient))
                }
                routes.values.formIndex(after: &index)
            }
        }
        refreshTracing()
        return recipient
    }

    /// Removes `recipient` from the registry and every route, and deactivates it.
    ///
    /// - Returns: `false` when it was not registered.
    /// - Complexity: O(*n* + *r*·*k*) for *n* recipients, *r* routes of length *k*.
    @discardableResult
    mutating func remove(_ recipient: Recipient) -> Bool {
        recipient.deactivate()
        guard byID[recipient.id] === recipient else { return false }
        byID[recipient.id] = nil
        recipients.remove(at: Self.index(of: recipient, in: recipients) { $0 }!)
        var index = routes.values.startIndex
        while index != routes.values.endIndex {
            if let position = Self.index(
                of: recipient, in: routes.values[index].entries, { $0.recipient })
            {
                routes.values[index].entries.remove(at: position)
            }
            routes.values.formIndex(after: &index)
        }
        refreshTracing()
        return true
    }

    /// Removes, in one pass over the registry and its routes, every recipient that has ended
    /// without being removed: weakly held consumers that died, owner-bound subscriptions whose
    /// owner died, streams whose consumer stopped.
    ///
    /// - Returns: The consumers the ended recipients held strongly. The caller releases them
    ///   after this access ends: a release runs deinits, which may call the bus.
    /// - Complexity: O(*n* + *r*·*k*) for *n* recipients and *r* routes of length *k*.
    mutating func removeEnded() -> [any EventConsumer] {
        var released: [any EventConsumer] = []
        var ended = false
        for recipient in recipients where recipient.consumer == nil {
            ended = true
            if let strong = recipient.strong { released.append(strong) }
            recipient.deactivate()
            if byID[recipient.id] === recipient { byID[recipient.id] = nil }
        }
        guard ended else { return [] }
        recipients.removeAll { !$0.isActive }
        var index = routes.values.startIndex
        while index != routes.values.endIndex {
            routes.values[index].entries.removeAll { !$0.recipient.isActive }
            routes.values.formIndex(after: &index)
        }
        refreshTracing()
        return released
    }

    /// Removes every recipient and deactivates each (the bus is going away).
    ///
    /// - Returns: The consumers the recipients held strongly, for the caller to release
    ///   after this access ends.
    mutating func removeAll() -> [any EventConsumer] {
        let released = recipients.compactMap(\.strong)
        for recipient in recipients { recipient.deactivate() }
        recipients.removeAll()
        byID.removeAll()
        routes.removeAll()
        refreshTracing()
        return released
    }

    /// The recipients of `event`, in registration order, and whether it is one of the
    /// bus's announcements; computes its route on first use.
    ///
    /// - Complexity: O(1) for a cached route; O(*n*) to build one.
    /// - Parameters:
    ///   - event: The event, which decides categories when the route is built.
    ///   - key: `ObjectIdentifier(type(of: event))`.
    mutating func route(
        for event: any Event, key: ObjectIdentifier
    ) -> (entries: [RouteEntry], isAnnouncement: Bool) {
        if let route = routes[key] { return (route.entries, route.isAnnouncement) }
        let built = build(type(of: event), key: key, value: event)
        return (built, routes[key]!.isAnnouncement)
    }

    /// Whether a recipient listens for ``DidConsumeEvent``: kept current on every change,
    /// so the delivery loop reads a stored flag.
    private(set) var tracesConsumption = false

    private mutating func refreshTracing() {
        tracesConsumption = hasRecipients(for: DidConsumeEvent.self)
    }

    /// The route of announcement type `type` when it is cached; builds nothing.
    func cachedEntries<A: Event & _BusAnnouncement>(for type: A.Type) -> [RouteEntry]? {
        routes[ObjectIdentifier(type)]?.entries
    }

    /// The route of the event type with identity `key` when it is cached; builds nothing
    /// (and, not being `mutating`, leaves the bus's observers of the registry alone).
    func cachedRoute(for key: ObjectIdentifier) -> (entries: [RouteEntry], isAnnouncement: Bool)? {
        routes[key].map { ($0.entries, $0.isAnnouncement) }
    }

    /// Whether any live recipient matches events of announcement type `type`.
    ///
    /// - Complexity: O(1) once the route is cached.
    mutating func hasRecipients<A: Event & _BusAnnouncement>(for type: A.Type) -> Bool {
        let key = ObjectIdentifier(type)
        if let route = routes[key] {
            // A cached route may still hold a weakly held listener that has died: it listens
            // no more (the answer must not depend on whether the route was cached).
            return route.entries.contains { $0.recipient.consumer != nil }
        }
        // An announcement is a struct: any value of it decides a category like every other.
        return !build(type, key: key, value: A.probe).isEmpty
    }

    private mutating func build(
        _ type: any Event.Type, key: ObjectIdentifier, value: any Event
    ) -> [RouteEntry] {
        let matching = recipients.lazy.filter {
            $0.consumer != nil && $0.lists.matches(type, value: value)
        }
        let entries = Array(matching.map(RouteEntry.init))
        routes[key] = Route(
            type: type, isAnnouncement: type is any _BusAnnouncement.Type, entries: entries)
        return entries
    }

    /// The index of `recipient` in `list`, which is sorted by registration order.
    private static func index<Element>(
        of recipient: Recipient, in list: [Element], _ recipientOf: (Element) -> Recipient
    ) -> Int? {
        var low = 0
        var high = list.count
        while low < high {
            let mid = (low + high) / 2
            if recipientOf(list[mid]).order < recipient.order { low = mid + 1 } else { high = mid }
        }
        return low < list.count && recipientOf(list[low]) === recipient ? low : nil
    }
}
