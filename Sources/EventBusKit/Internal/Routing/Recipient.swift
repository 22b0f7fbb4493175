import CEventBusAtomics

/// One entry of the registry: a consumer (held strongly or weakly) or a subscription's
/// stand-in consumer, with its lists and its place in registration order.
final class Recipient {
    // The two fields every pass reads come first, to share a cache line.
    /// Where the recipient is in its life (a ``State`` raw value): the one field another
    /// thread may write. Read and written only through the C11 atomics of
    /// `CEventBusAtomics`, with `&state` (its storage, for the duration of each call);
    /// `@exclusivity(unchecked)` because those calls are the synchronization, and a run-time
    /// exclusivity check would cost more than the load.
    @exclusivity(unchecked) private var state = State.active.rawValue

    /// Whether ``lifetime`` bounds this recipient: an owner-bound subscription (its owner)
    /// or a stream (a lifeline that only the stream's termination handler keeps alive).
    private(set) var isLifetimeBound = false
    /// Registration order: larger is later.
    let order: UInt64
    /// The consumer's identity, for `register` / `deregister` look-ups.
    let id: ObjectIdentifier
    /// The lists, read once at registration.
    let lists: MatchList
    /// Whether the lists match ``DidConsumeEvent``.
    let listensForConsumption: Bool
    /// The consumer when held strongly; `nil` once removed.
    private(set) var strong: (any EventConsumer)?
    /// The consumer held strongly, as an unretained reference for a pass to call while a
    /// ``RouteEntry`` (or a local reference) keeps it alive; `nil` when held weakly. Made
    /// once, at registration. Every call the bus makes goes through it when it exists.
    let unretained: UnretainedConsumer?
    /// The consumer when held weakly.
    private(set) weak var weak: (any EventConsumer)?
    /// The name traces and explanations give it (see `recipientName(of:)`), read from the
    /// consumer the first time a trace needs it.
    private(set) lazy var name: String = consumer.map(recipientName(of:)) ?? "ended recipient"
    // For a running trace: the index of this recipient's name in the trace's names, valid
    // while `traceGeneration` is the trace's (see `EventBus.traceDelivery`). Read and
    // written only by the trace, in single statements that call nothing that could reach this
    // recipient again: no access can overlap another, so none is checked at run time.
    @exclusivity(unchecked) private(set) var traceNameIndex = 0
    @exclusivity(unchecked) private(set) var traceGeneration = -1

    /// Remembers the index of this recipient's name in the trace numbered `generation`.
    func rememberTraceName(_ index: Int, generation: Int) {
        traceNameIndex = index
        traceGeneration = generation
    }

    /// The life of a recipient. Only ``markEnded()`` runs off the bus's isolation.
    enum State: Int32 {
        /// Called by passes.
        case active = 0
        /// Its token was released (on any thread): never called again; the bus removes it
        /// from the registry on its own isolation.
        case ended = 1
        /// Removed from the registry (or the bus is gone).
        case removed = 2
    }

    /// `false` once deregistered, cancelled or ended by its token: a pass skips it from then
    /// on. A relaxed atomic load: a plain load on x86-64 and ARM64.
    @inline(__always)
    var isActive: Bool { eventbus_atomic_load_relaxed(&state) == State.active.rawValue }

    /// Whether the registry no longer holds this recipient (``deactivate()`` ran).
    var isRemoved: Bool { eventbus_atomic_load_relaxed(&state) == State.removed.rawValue }

    /// The object whose deallocation ends this recipient, when ``isLifetimeBound``.
    ///
    /// It may be deallocated on another thread (a stream's termination handler runs
    /// anywhere): that is sound, because the runtime zeroes weak references atomically and
    /// this variable itself is written only on the bus's isolation.
    private(set) weak var lifetime: AnyObject?

    /// - Parameter routed: The consumer again, when it is one of the bus's stand-ins.
    init(
        _ consumer: any EventConsumer, lists: MatchList, order: UInt64, weakly: Bool,
        routed: (any RoutedConsumer)? = nil
    ) {
        self.order = order
        self.id = ObjectIdentifier(consumer)
        self.lists = lists
        self.listensForConsumption = lists.matches(
            EventKind(announcement: DidConsumeEvent.self),
            value: lists.excludedCategories.isEmpty ? nil : DidConsumeEvent.probe)
        if weakly {
            self.weak = consumer
            self.unretained = nil
        } else {
            self.strong = consumer
            self.unretained =
                routed.map(UnretainedConsumer.init(routed:)) ?? UnretainedConsumer(consumer)
        }
    }

    /// The consumer to call, or `nil` when it was removed, (held weakly) deallocated, or
    /// its lifetime object is gone.
    @inline(__always)
    var consumer: (any EventConsumer)? {
        guard isActive else { return nil }
        if isLifetimeBound && lifetime == nil { return nil }
        return strong ?? weak
    }

    /// Ends this recipient when `object` is deallocated; call right after registering.
    func bindLifetime(to object: AnyObject) {
        lifetime = object
        isLifetimeBound = true
    }

    /// Ends this recipient from any thread: no pass calls it from now on. Touches nothing
    /// else: the bus removes it (and releases its consumer) on its own isolation, when a
    /// pass meets it or a sweep runs.
    func markEnded() {
        _ = eventbus_atomic_compare_exchange(&state, State.active.rawValue, State.ended.rawValue)
    }

    /// Removes this recipient: it is never called again. On the bus's isolation only.
    ///
    /// - Returns: The consumer it held strongly, for the caller to release after its access
    ///   to the registry ends (a release runs deinits, which may call the bus).
    func deactivate() -> (any EventConsumer)? {
        eventbus_atomic_store_release(&state, State.removed.rawValue)
        weak = nil
        lifetime = nil
        var released: (any EventConsumer)? = nil
        swap(&released, &strong)
        return released
    }
}
