import CEventBusAtomics

/// An unretained reference to a consumer, the way to call it, and its recipient's state
/// word: a plain pointer, a metatype and an address, none of which is reference counted.
///
/// A strongly held consumer is called without a retain and a release (two atomic operations
/// per delivery), through one thunk, and with no result; only stand-ins, marked in their
/// state word, are called through the entry that reports an announcement to make. A pass reads the
/// state word here rather than through the recipient: the words of many recipients share a
/// `StatePage`, so a delivery touches a few cache lines of state instead of one line of each
/// recipient.
struct UnretainedConsumer {
    private let object: UnsafeRawPointer
    private let call: any ConsumerCall.Type
    private let stateWord: UnsafePointer<Int32>

    /// A consumer (or a stand-in, which is its own recipient) called through `call` (see
    /// ``DirectCall`` and ``StandInCall``), whose recipient's state is `state`.
    init(_ consumer: AnyObject, call: any ConsumerCall.Type, state: AtomicWord) {
        object = UnsafeRawPointer(Unmanaged.passUnretained(consumer).toOpaque())
        self.call = call
        stateWord = UnsafePointer(state.address)
    }

    private init(
        object: UnsafeRawPointer, call: any ConsumerCall.Type, stateWord: UnsafePointer<Int32>
    ) {
        self.object = object
        self.call = call
        self.stateWord = stateWord
    }

    /// The reference a route's tombstone holds (see `RouteEntry.tombstone(of:)`): its state
    /// word says removed, for good, so no pass calls it; its object is never read.
    static var tombstone: UnretainedConsumer {
        let word = UnsafePointer<Int32>(bitPattern: tombstoneWord).unsafelyUnwrapped
        return UnretainedConsumer(
            object: UnsafeRawPointer(word), call: TombstoneCall.self, stateWord: word)
    }

    /// The address of ``tombstone``'s state word, which says removed: allocated once, never
    /// freed, never written again (an address, so that it is `Sendable`).
    private static let tombstoneWord: UInt = {
        let word = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        word.initialize(to: Recipient.State.removed.rawValue)
        return UInt(bitPattern: word)
    }()

    /// Whether this is ``tombstone``: told by its call, whose type is known at compile time
    /// (the state word's address is a lazily made global, read through `swift_once`).
    @inline(__always)
    var isTombstone: Bool { call == TombstoneCall.self }

    /// The recipient's state bits, from one relaxed load of its word.
    @inline(__always)
    var state: Recipient.State {
        Recipient.State(rawValue: eventbus_atomic_load_relaxed(stateWord))
    }

    /// Whether a pass may call the consumer through this reference, given its ``state``: it
    /// is exactly ``Recipient/State/plainConsumer`` or ``Recipient/State/standIn`` (not ended, not
    /// removed, no owner can end it).
    @inline(__always)
    static func isCallable(_ state: Recipient.State) -> Bool {
        state == .plainConsumer || state == .standIn
    }

    /// Calls `consume(event)` on a consumer that is not one of the bus's stand-ins.
    ///
    /// Returns nothing: a consumer's call has nothing to report, so the pass branches on the
    /// state word it already loaded rather than on a result of the call.
    ///
    /// - Precondition: The consumer is alive: a ``RouteEntry`` that holds it strongly is
    ///   kept alive across the call.
    @inline(__always)
    func consume(_ event: any Event) {
        call.consume(object, event)
    }

    /// Calls the consumer (a stand-in's ``AnyStandIn/consumeRouted(_:)``, any other's
    /// ``EventConsumer/consume(_:)``) and returns whether the call caused something to
    /// announce (only a stand-in's can).
    ///
    /// - Precondition: As for ``consume(_:)``.
    @inline(__always)
    func consumeReportingAnnouncement(_ event: any Event) -> Bool {
        call.consumeReportingAnnouncement(object, event)
    }

    /// What the last call that returned `true` must announce.
    func takeAnnouncement() -> PendingAnnouncement? {
        call.takeAnnouncement(object)
    }

    /// Whether a filtered subscription's `where:` predicate accepts `event`, which its route
    /// delivered to it: ``StandIn/acceptsRouted(_:)``, read at fixed offsets of the
    /// stand-in rather than through ``StandInCall``.
    ///
    /// - Precondition: As for ``consume(_:)``, and the consumer is a stand-in (its state has
    ///   ``Recipient/State/standIn``).
    @inline(__always)
    func acceptsRouted(_ event: any Event) -> Bool {
        // Sound as in `DirectCall`: a recipient has the `standIn` state only when its consumer
        // is a `StandIn`.
        Unmanaged<StandIn>.fromOpaque(object)._withUnsafeGuaranteedRef {
            $0.acceptsRouted(event)
        }
    }

    /// The ``DirectCall`` of consumers of `consumer`'s class. Finding it looks up generic
    /// metadata (about 330 instructions), so the registry keeps it per class.
    static func directCall(of consumer: any EventConsumer) -> any ConsumerCall.Type {
        func open<C: EventConsumer>(_: C) -> any ConsumerCall.Type { DirectCall<C>.self }
        return open(consumer)
    }
}

/// The call of ``UnretainedConsumer/tombstone``, which no pass makes (its state says removed).
private enum TombstoneCall: ConsumerCall {
    static func consume(_ object: UnsafeRawPointer, _ event: any Event) {
        preconditionFailure("a route's tombstone was called")
    }

    static func consumeReportingAnnouncement(_ object: UnsafeRawPointer, _ event: any Event) -> Bool
    {
        preconditionFailure("a route's tombstone was called")
    }

    static func takeAnnouncement(_ object: UnsafeRawPointer) -> PendingAnnouncement? { nil }
}

/// Calls a consumer of a known class through an unretained pointer.
protocol ConsumerCall {
    /// Calls `consume(event)` on the consumer at `object`, which must be alive.
    static func consume(_ object: UnsafeRawPointer, _ event: any Event)
    /// Calls the consumer at `object`, which must be alive, and returns whether it caused
    /// something to announce.
    static func consumeReportingAnnouncement(_ object: UnsafeRawPointer, _ event: any Event) -> Bool
    /// What the consumer at `object` must announce.
    static func takeAnnouncement(_ object: UnsafeRawPointer) -> PendingAnnouncement?
}

/// How the bus calls a registered consumer of class `C`: its ``EventConsumer/consume(_:)``.
enum DirectCall<C: EventConsumer>: ConsumerCall {
    @inline(__always)  // into the conformance's thunk: one call, not two, per delivery
    static func consume(_ object: UnsafeRawPointer, _ event: any Event) {
        // Sound: `object` came from `Unmanaged.passUnretained` on a `C`, and the caller keeps
        // that object alive for the whole call (see `RouteEntry`), which is exactly what
        // `_withUnsafeGuaranteedRef` asks of its caller.
        Unmanaged<C>.fromOpaque(object)._withUnsafeGuaranteedRef { $0.consume(event) }
    }

    static func consumeReportingAnnouncement(_ object: UnsafeRawPointer, _ event: any Event) -> Bool
    {
        consume(object, event)
        return false
    }

    static func takeAnnouncement(_ object: UnsafeRawPointer) -> PendingAnnouncement? { nil }
}

/// How the bus calls a stand-in of class `S` (a ``StandIn``): its
/// ``AnyStandIn/consumeRouted(_:)``, which may skip the checks the route already made.
///
/// Generic over the stand-in's class rather than its event type, so a call reaches the
/// stand-in through its witness table with no generic metadata to look up.
enum StandInCall<S: AnyStandIn>: ConsumerCall {
    static func consume(_ object: UnsafeRawPointer, _ event: any Event) {
        // No pass calls a stand-in here (its state is never `plainConsumer`); a caller that
        // did must not leave its announcement in the bus's one slot for the next call to find.
        if consumeReportingAnnouncement(object, event) { _ = takeAnnouncement(object) }
    }

    @inline(__always)  // into the conformance's thunk: one call, not two, per delivery
    static func consumeReportingAnnouncement(_ object: UnsafeRawPointer, _ event: any Event) -> Bool
    {
        // Sound as in `DirectCall`; and only the bus calls through here, with an event its
        // route delivered to this stand-in.
        Unmanaged<S>.fromOpaque(object)._withUnsafeGuaranteedRef { $0.consumeRouted(event) }
    }

    static func takeAnnouncement(_ object: UnsafeRawPointer) -> PendingAnnouncement? {
        Unmanaged<S>.fromOpaque(object)._withUnsafeGuaranteedRef { $0.takeAnnouncement() }
    }
}

/// A registered consumer's recipient as the identity table (``Registry/byID``) names it:
/// unretained, since the list holds it.
///
/// Sound because the table names only recipients the list holds: its entries are exactly the
/// list's active consumers (``Registry/checkInvariants(leaving:)`` checks it after every change
/// in debug builds), a recipient enters the table while its registering caller holds it and
/// then the list, and every removal takes it out of the table (`forget(_:)`, the sweep, the
/// teardown) before the list lets it go. Held strongly, a registration and its removal cost a
/// retain and a release more (CONTRACT §18 (a)).
struct ListedRecipient {
    unowned(unsafe) let recipient: Recipient

    init(_ recipient: Recipient) {
        self.recipient = recipient
    }
}
