/// An event type with the two facts matching asks of it, found once per type (each is a
/// run-time conformance or cast check).
struct EventKind {
    /// The event type.
    let type: any Event.Type
    /// Whether the type is one of the bus's announcements, which produce no announcements
    /// and which ``AllEvent`` and categories do not cover.
    let isAnnouncement: Bool
    /// Whether the type is a value type: then the type an existential holds is the event's
    /// dynamic type, and only an entry naming the type itself covers it.
    let isValueType: Bool
    /// Whether the type is a ``StickyEvent``: the bus keeps the latest value of it.
    let isSticky: Bool

    init(_ type: any Event.Type) {
        self.type = type
        isAnnouncement = type is any _BusAnnouncement.Type
        isValueType = !(type is AnyObject.Type)
        isSticky = type is any StickyEvent.Type
    }

    /// The kind of a sticky event type whose route said whether it is a value type: known
    /// without a check (the bus's announcements are not sticky).
    init(sticky type: any Event.Type, isValueType: Bool) {
        self.type = type
        isAnnouncement = false
        self.isValueType = isValueType
        isSticky = true
    }

    /// The kind of one of the bus's announcements (structs), known without a check.
    init<A: Event & _BusAnnouncement>(announcement type: A.Type) {
        self.type = type
        isAnnouncement = true
        isValueType = true
        isSticky = false
    }

    /// Whether the list entry `entry` covers events of this type: `type is Entry.Type`, that
    /// is the same type or a subclass of a class entry.
    @inline(__always)
    func isCovered(by entry: any Event.Type) -> Bool {
        if entry == type { return true }
        if isValueType { return false }
        func open<Entry: Event>(_: Entry.Type) -> Bool { type is Entry.Type }
        return open(entry)
    }
}
