/// What a pass reads of a route: its entries, in place and without a retain, and its flags.
///
/// A route makes its view again each time its entries change; a pass reads the view it
/// found when it began, whose entries stay alive and unchanged to its end (see
/// ``RouteEntries``).
struct RouteView {
    /// The entries' owner, unretained: what the bus pins when the registry changes during
    /// the pass.
    let owner: UnretainedEntries
    /// The entries, in call order.
    let entries: SlotView<RouteEntry>
    /// Whether the route's type is one of the bus's announcements, which produce no
    /// announcements.
    let isAnnouncement: Bool
    /// Whether the route's type is a value type (see ``Route/isValueType``).
    let isValueType: Bool

    /// The view of `entries`, which the route holding them keeps alive.
    init(entries: RouteEntries, kind: EventKind) {
        owner = UnretainedEntries(object: .passUnretained(entries))
        self.entries = entries.view
        isAnnouncement = kind.isAnnouncement
        isValueType = kind.isValueType
    }
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
}
