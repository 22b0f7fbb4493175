/// One recipient on a route, holding the recipient's consumer when the recipient holds it
/// strongly, and what a pass needs to call it.
///
/// The entry's strong reference is what lets a pass call the consumer unretained (see
/// ``UnretainedConsumer``): the pass's entries stay alive and unchanged to its end. The call
/// and the address of the state word are copied here from the recipient, so that a pass
/// over callable recipients does not touch the recipient.
struct RouteEntry {
    /// The recipient; for a stand-in, also its consumer (a stand-in is its own recipient).
    let recipient: Recipient
    /// An app's consumer that the recipient holds strongly; `nil` when it is held weakly, and
    /// for a stand-in, which ``recipient`` holds already (held twice, it cost a retain and a
    /// release a subscription, CONTRACT §18).
    private let appConsumer: (any EventConsumer)?
    /// The recipient's ``Recipient/unretained``: set when ``consumer`` is.
    let unretained: UnretainedConsumer?

    /// The consumer when the recipient holds it strongly, the stand-in itself for a stand-in;
    /// `nil` when it is held weakly. Out of line: a pass asks it only to announce a
    /// consumption, and inlined into its loop it cost every delivery two instructions.
    var consumer: (any EventConsumer)? {
        @inline(never) get { appConsumer ?? recipient.heldStrongly }
    }

    /// The entry of `recipient`, which is marked as routed (``Recipient/isRouted``).
    init(_ recipient: Recipient) {
        recipient.isRouted = true
        self.recipient = recipient
        appConsumer = recipient.strong
        unretained = recipient.unretained
    }

    private init(tombstoneOf recipient: Recipient) {
        self.recipient = recipient
        appConsumer = nil
        unretained = .tombstone
    }

    /// What the entry of `recipient`, removed from the middle of a long route, leaves there
    /// until the route is compacted: it holds no consumer, and its state word says removed,
    /// so a pass skips it (on its checked path, which finds no consumer). It keeps the
    /// recipient, whose call order the route's binary searches read.
    static func tombstone(of recipient: Recipient) -> RouteEntry {
        RouteEntry(tombstoneOf: recipient)
    }

    /// Whether this is a tombstone (see ``tombstone(of:)``).
    var isTombstone: Bool { unretained?.isTombstone ?? false }

    /// Whether the recipient can still be called, answered without a retain when it is
    /// callable unretained.
    var isLive: Bool {
        if let unretained, UnretainedConsumer.isCallable(unretained.state) { return true }
        return recipient.isCallable
    }
}
