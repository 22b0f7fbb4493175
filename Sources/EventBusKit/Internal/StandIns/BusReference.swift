/// The one reference to a bus that its stand-ins share: made with the bus's first
/// stand-in, held strongly by every state page the bus makes from then on, and so by each
/// stand-in through the page of its state word (``StatePage/busReference``).
///
/// The rule: a stand-in reaches its bus only through this object, never by a reference of its
/// own. A reference made per stand-in costs its initialization and its destruction on every
/// subscribe and cancel; a strong reference to this object from each stand-in cost a retain
/// and a release; the page's, one for 64 recipients.
/// Written once, in `init`; the bus is found only while it lives (from the moment it begins to
/// deinitialize, every stand-in finds none), and the reference is not `weak` (a
/// ``LiveReference``): a weak reference gives the bus a side table, which made every retain
/// and release of the bus slow.
final class BusReference {
    /// The bus, unless it is deinitializing or gone.
    private let liveBus: LiveReference<EventBus>
    /// The bus, retained; `nil` once it has begun to deinitialize.
    var bus: EventBus? { liveBus.object }
    /// What the last routed call of one of the bus's stand-ins must announce (a failure, a
    /// drop), until the bus takes it (``StandIn/takeAnnouncement()``).
    ///
    /// The rule: one slot for the bus, not one per stand-in. A routed call sets it as it
    /// returns, and the pass that made the call takes it next, before it calls anyone else, so
    /// no two announcements ever wait at once. Kept in each stand-in, the empty slot was
    /// destroyed through the runtime's value witnesses at every stand-in's deallocation (about
    /// 35 instructions a subscription, CONTRACT §18). Read and written on the bus's isolation.
    var pending: PendingAnnouncement?

    /// The bus's inbox, where a token deinitialized on any thread hands its stand-in for the
    /// bus to remove (``Inbox/requestSweep(of:)``): one per bus, so held here rather than in
    /// every token. Never reassigned, so read from any thread.
    let inbox: Inbox

    init(_ bus: EventBus, inbox: Inbox) {
        liveBus = LiveReference(bus)
        self.inbox = inbox
    }
}
