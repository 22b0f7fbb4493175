/// A recording of the passes an ``EventBus`` ran: which event reached which recipients, in
/// what order, and which pass and recipient caused it.
///
/// A trace holds the most recent passes, oldest first, at most ``capacity`` of them; older
/// ones are overwritten and counted in ``overwrittenCount``. Each ``Record`` is one pass:
/// its ``Record/sequence`` (from 1, in delivery order), its ``Record/event``, the
/// ``Record/recipients`` it was delivered to in call order, and its ``Record/cause`` — `nil`
/// for an outermost dispatch, otherwise the pass that was running and the recipient that
/// dispatched (or the consumer an announcement is about). What was not a delivery is in
/// ``Record/notes``: a rejected dispatch, a stream's drop, a subscription's failure, the drain
/// budget's discards. An event that reached no one has empty ``Record/recipients``. Its memory
/// follows what it holds — those records and the names of the recipients they reached —
/// however many recipients have come and gone while it ran.
///
/// A trace is the way to test code that uses the bus: start one, act, and assert on exactly
/// what was dispatched and by whom (see <doc:SeeingAnEventFlow>).
///
/// ```swift
/// let trace = bus.startTracing()
/// screen.tapNext()
/// #expect(trace.delivered(NavigationEvent.self) == [NavigationEvent(destination: .screenTwo)])
/// let navigation = try #require(trace.records(of: NavigationEvent.self).first)
/// #expect(navigation.cause == nil)
/// #expect(navigation.recipients == ["FlowController", "Analytics"])
/// ```
///
/// ``mermaid`` draws the passes as a Mermaid sequence diagram and ``tree`` as an indented
/// text tree of causes.
///
/// A trace belongs to the bus's isolation domain, like the bus: it is not `Sendable`.
public final class EventTrace {
    /// The most passes the trace keeps; older ones are overwritten.
    public var capacity: Int { ring.capacity }

    /// How many passes were overwritten to keep at most ``capacity``: every pass begun
    /// beyond what the ring holds.
    public var overwrittenCount: Int { lastSequence - ring.initialized }

    /// The records, overwritten in place once full.
    private let ring: RecordRing
    /// The sequence of the newest pass; `0` before the first. Read and written only by the
    /// trace's own methods, in single statements that call nothing that could reach the trace
    /// again, so no two accesses can overlap and the optimizer drops their run-time checks.
    private var lastSequence = 0
    /// The names of the recipients the records reached; a record holds indices into it. A
    /// name is added once; the names no record holds any more are dropped from time to time
    /// (see ``compactNames()``), so the table follows the records, not every recipient the
    /// trace has met.
    private(set) var names: [String] = []
    /// The index of each name in ``names``.
    private(set) var nameIndices: [String: Int] = [:]
    /// The size ``names`` may reach before it is compacted.
    private var compactionThreshold = EventTrace.minimumNameTable
    /// Tells this trace apart from the bus's other traces (see `EventBus.startTracing`).
    let generation: Int
    /// Tells this trace's numbering of ``names`` apart from its earlier ones and from the
    /// bus's other traces': a recipient remembers the index of its name for one numbering.
    /// The trace's ``generation`` in the high 32 bits and its compactions in the low ones,
    /// so it is unique per bus. Accessed as `lastSequence` is.
    private(set) var namesGeneration: Int

    /// The smallest size at which ``names`` is compacted.
    static let minimumNameTable = 64

    /// Creates an empty trace that keeps at most `capacity` passes.
    /// - Parameters:
    ///   - capacity: The most passes to keep; must be positive.
    ///   - generation: A number no other trace of the same bus has.
    init(capacity: Int, generation: Int = 0) {
        precondition(capacity > 0, "EventTrace capacity must be positive (got \(capacity))")
        self.generation = generation
        namesGeneration = generation << 32
        ring = RecordRing(capacity: capacity)
    }

    /// The recorded passes, oldest first: at most ``capacity`` of them.
    ///
    /// - Complexity: O(*n*) in the number of records (it copies them out of the ring).
    public var records: [Record] { ring.records(names: names) }

    /// The events the bus delivered in the recorded passes that are `T`s, oldest first: the
    /// events, where ``records(of:)`` gives the passes.
    ///
    /// The rule is `event as? T`: a subclass event is a `T` of its superclass, and a protocol
    /// (`(any Analytics).self`) selects every event that conforms to it. The bus's
    /// announcements are passes too: `delivered(DidConsumeEvent.self)` lists them, and an
    /// event that reached no one is in its pass all the same. (An array of events already
    /// delivered is `delivered(_:)`, a recorder's `received(_:)`; `events(of:)` is the bus's
    /// live stream.)
    ///
    /// ```swift
    /// #expect(trace.delivered(Num.self).map(\.value) == [1, 2])
    /// ```
    /// - Parameter type: The type to keep.
    /// - Returns: The delivered events that are `T`s, in delivery order.
    public func delivered<T>(_ type: T.Type) -> [T] {
        records.compactMap { $0.event.as(T.self) }
    }

    /// The recorded passes whose event is a `T`, oldest first: each a ``Record``, with its
    /// recipients, cause and notes (``delivered(_:)`` gives the events alone).
    ///
    /// ```swift
    /// let taps = trace.records(of: Tap.self)
    /// #expect(taps.map(\.recipients) == [["Analytics"]])
    /// ```
    /// - Parameter type: The type to keep.
    /// - Returns: The records whose event is a `T` (`event as? T` succeeds), in delivery order.
    public func records<T>(of type: T.Type) -> [Record] {
        records.filter { $0.event.as(T.self) != nil }
    }
}

// MARK: - Recording (the bus's side)

// The bus records through these three calls, on its isolation, while a trace runs:
//
// - `beginPass(_:cause:)` when a pass begins (its recipient list fixed), before the first
//   delivery. It returns the pass's sequence: the bus keeps it as "the running pass" for
//   the causes of dispatches, announcements, drops and failures made during the pass.
// - `recordDelivery(toNameAt:)` each time the running pass calls a recipient, just before the
//   call. The recipient's name (`Recipient.name`, one text in every view) is read the first
//   time this trace meets it, and the recipient remembers its index in the trace's names.
// - `recordNote(_:inPass:)` for what is not a delivery: a dispatch rejected during a pass
//   (`.queued` is not a rejection), a stream's drop, a subscription's failure, and the drain
//   budget's discards (in the last pass of the drain).
//
// Once the ring is full, recording a pass overwrites the oldest record in place and keeps its
// arrays' storage, so it allocates nothing for an event that fits an existential's inline
// buffer (three words) and no more recipients than that record's storage held; a delivery
// appends an integer and retains nothing.
extension EventTrace {
    /// Starts a new record for a pass of `event`, overwriting the oldest when the trace holds
    /// ``capacity`` records.
    /// - Parameters:
    ///   - event: The event the pass delivers.
    ///   - cause: The running pass and recipient when it was dispatched; `nil` when outermost.
    ///   - origin: The call site that dispatched or posted it, if known.
    /// - Returns: The new pass's sequence.
    @inline(__always)
    func beginPass(_ event: any Event, cause: Cause?, origin: Origin? = nil) -> Int {
        lastSequence += 1
        ring.push(sequence: lastSequence, event: event, cause: cause, origin: origin)
        return lastSequence
    }

    /// Appends the recipient whose name is at `index` of the trace's names to the newest
    /// pass (see ``nameIndex(of:rememberedBy:)``).
    @inline(__always)
    func recordDelivery(toNameAt index: Int) {
        ring.appendRecipient(index)
    }

    /// Appends `name` to the recipients of the newest pass.
    /// - Parameter name: The recipient being called.
    func recordDelivery(to name: String) {
        ring.appendRecipient(index(of: name))
    }

    /// The name at `index` of the trace's names.
    func recipientName(at index: Int) -> String { names[index] }

    /// The index of `name`, `recipient`'s name, in the trace's names; the recipient remembers
    /// it for this numbering of the names, so later deliveries read it from the recipient.
    ///
    /// The caller reads `name` first: reading it may run the app's code (see
    /// `EventBus.traceFirstDelivery(to:in:)`), and this runs none. Adding a name may compact
    /// the names, which renumbers them: the caller must hold no index into them.
    func nameIndex(of name: String, rememberedBy recipient: Recipient) -> Int {
        let index = index(of: name)
        recipient.rememberTraceName(index, generation: namesGeneration)
        return index
    }

    /// The index of `name` in ``names``, added when new.
    private func index(of name: String) -> Int {
        if let index = nameIndices[name] { return index }
        if names.count >= compactionThreshold { compactNames() }
        names.append(name)
        nameIndices[name] = names.count - 1
        return names.count - 1
    }

    /// Keeps only the names the records hold, renumbered in the same order, and renumbers the
    /// records' indices; recipients' remembered indices are invalidated by a new
    /// ``namesGeneration``.
    ///
    /// Runs when a new name finds the table at its threshold: max(64, ``capacity``, twice the
    /// names kept by the last compaction). So the table holds at most that many names, a
    /// bound set by the capacity and the names the records hold, and between two
    /// compactions at least half the threshold's worth of new names are added, which pays
    /// for the walk over the records.
    ///
    /// - Complexity: O(*n* + *c* + *r*) for *n* names, *c* records and the *r* deliveries
    ///   they hold.
    private func compactNames() {
        var held = [Bool](repeating: false, count: names.count)
        ring.forEachRecipient { held[$0] = true }
        var renumbered = [Int](repeating: -1, count: names.count)
        var kept: [String] = []
        for index in names.indices where held[index] {
            renumbered[index] = kept.count
            kept.append(names[index])
        }
        ring.renumberRecipients { renumbered[$0] }
        names = kept
        nameIndices = Dictionary(uniqueKeysWithValues: zip(kept, kept.indices))
        namesGeneration += 1
        compactionThreshold = max(Self.minimumNameTable, capacity, 2 * kept.count)
    }

    /// Attaches `note` to the pass numbered `sequence` if the trace still holds it; otherwise
    /// the note is dropped (its pass was overwritten and is already counted).
    /// - Parameters:
    ///   - note: What happened that was not a delivery.
    ///   - sequence: The pass it happened in.
    func recordNote(_ note: Note, inPass sequence: Int) {
        ring.appendNote(note, age: lastSequence - sequence)
    }
}
