import CEventBusAtomics

/// The recipients of one event type, in registration order: who a pass of such an event
/// calls.
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
    /// Whether the type is one of the bus's announcements, which produce no announcements.
    var isAnnouncement: Bool { kind.isAnnouncement }
    /// Whether the type is a value type: then the type an existential holds is the event's
    /// dynamic type, and finding the route needs no look at the instance.
    var isValueType: Bool { kind.isValueType }
    /// The recipients whose lists match the type, in registration order.
    private(set) var entries: RouteEntries
    /// What a pass reads of the route.
    @inline(__always)
    var view: RouteView { RouteView(entries: entries, kind: kind) }

    init(kind: EventKind, entries: RouteEntries) {
        self.kind = kind
        self.entries = entries
    }

    /// Changes the entries, first copying them when they are shared (a running pass reads
    /// them).
    mutating func changeEntries(_ change: (RouteEntries) -> Void) {
        if !isKnownUniquelyReferenced(&entries) { entries = entries.copy() }
        change(entries)
    }
}

/// One recipient on a route, holding the recipient's consumer when the recipient holds it
/// strongly, and what a pass needs to call it.
///
/// The entry's strong reference is what lets a pass call the consumer unretained (see
/// `UnretainedConsumer`): the pass's entries stay alive and unchanged to its end. The call
/// and the address of the state word are copied here from the recipient, so that a pass
/// over callable recipients does not touch them (see `FastPath.swift`).
struct RouteEntry {
    /// The recipient.
    let recipient: Recipient
    /// The consumer when the recipient holds it strongly; `nil` when it is held weakly.
    let consumer: (any EventConsumer)?
    /// The recipient's ``Recipient/unretained``: set when ``consumer`` is.
    let unretained: UnretainedConsumer?
    /// The recipient's state word, which ``recipient`` keeps alive.
    private let stateWord: UnsafePointer<Int32>

    init(_ recipient: Recipient) {
        self.recipient = recipient
        consumer = recipient.strong
        unretained = recipient.unretained
        stateWord = UnsafePointer(recipient.state.address)
    }

    /// The recipient's state bits, from one relaxed load of its word.
    @inline(__always)
    var state: Recipient.State {
        Recipient.State(rawValue: eventbus_atomic_load_relaxed(stateWord))
    }

    /// Whether a pass may call the consumer unretained, given its ``state``: it is exactly
    /// ``Recipient/State/active`` or ``Recipient/State/standIn`` (not ended, not removed,
    /// no lifetime object can end it), and this entry holds the consumer.
    @inline(__always)
    static func isCallableUnretained(_ state: Recipient.State) -> Bool {
        state == .active || state == .standIn
    }

    /// Whether the recipient can still be called, answered without a retain when it is
    /// callable unretained.
    @inline(__always)
    var isLive: Bool {
        (unretained != nil && Self.isCallableUnretained(state)) || recipient.consumer != nil
    }
}
