/// The recipients of one event type, in registration order: who a pass of such an event
/// calls.
///
/// A pass copies the route it runs (a retain of `entries`), so the route is fixed when the
/// pass begins: a registry change during the pass gives the registry a new array (copy on
/// write) and leaves the pass's copy alone (the snapshot rule).
struct Route {
    /// The identity of the event type (its metadata pointer): the route table's key.
    let key: ObjectIdentifier
    /// The event type.
    let type: any Event.Type
    /// Whether the type is one of the bus's announcements, which produce no announcements.
    let isAnnouncement: Bool
    /// Whether the type is a value type: then the type an existential holds is the event's
    /// dynamic type, and finding the route needs no look at the instance.
    let isValueType: Bool
    /// The recipients whose lists match the type, in registration order.
    var entries: [RouteEntry]

    init(type: any Event.Type, entries: [RouteEntry]) {
        self.key = ObjectIdentifier(type)
        self.type = type
        self.isAnnouncement = type is any _BusAnnouncement.Type
        self.isValueType = !(type is AnyObject.Type)
        self.entries = entries
    }
}

/// One recipient on a route, holding the recipient's consumer when the recipient holds it
/// strongly.
///
/// The entry's strong reference is what lets a pass call the consumer unretained (see
/// `UnretainedConsumer`): the pass keeps its route, and so this entry, alive to the end.
struct RouteEntry {
    /// The recipient; a pass checks that it is still active before calling.
    let recipient: Recipient
    /// The consumer when the recipient holds it strongly; `nil` when it is held weakly.
    let consumer: (any EventConsumer)?

    init(_ recipient: Recipient) {
        self.recipient = recipient
        consumer = recipient.strong
    }

    /// Whether a pass may call the consumer unretained: the recipient is active, this entry
    /// holds its consumer, and no lifetime object can end it. Loads only.
    @inline(__always)
    var isCallableUnretained: Bool {
        recipient.isActive && !recipient.isLifetimeBound && consumer != nil
    }

    /// Whether the recipient can still be called, answered without a retain when it is
    /// callable unretained.
    @inline(__always)
    var isLive: Bool { isCallableUnretained || recipient.consumer != nil }
}
