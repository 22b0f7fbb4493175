/// What a recipient's options mean inside the engine: the one value, built from its
/// ``RecipientOptions`` when it is added, that every part asks — validation at the listening
/// call (``RecipientOptions/problem(in:returnsOneEvent:)``), the state bits that send a pass to
/// its checked path (``gate``), what a pass does with each event it accepted (``count()``), the
/// stored values a replay offers (``replayOffer(_:)``), and the words its name and `explain`
/// use (``shownName``, ``attributes(countsItsLimit:)``, ``verdictOnAMatch``).
///
/// An option's meaning is written here and nowhere else: adding one is a stored property of
/// `RecipientOptions` (its initializer's parameter, a static member, its line in
/// `init(arrayLiteral:)`) and its meaning in this file (ARCHITECTURE.md, "Adding an option").
///
/// A class, so that a recipient holds its rules by one reference; a recipient whose options set
/// nothing (most) holds none and follows one of two shared instances
/// (``own(_:isFiltered:)``, ``shared(isFiltered:)``): adding it copies, allocates and retains
/// nothing for its options.
final class ListeningRules {
    /// The options as the app gave them, checked at the listening call.
    let options: RecipientOptions
    /// Whether a `where:` predicate decides each delivery (a closure recipient's).
    let isFiltered: Bool
    /// While ``gate`` has ``Recipient/State/counted``: the calls it may still receive, its
    /// last included. Read and written on the bus's isolation only.
    private var callsLeft: Int

    /// The rules a recipient keeps of its own for `options`, when a `where:` predicate decides
    /// each of its deliveries (`isFiltered`) or not; `nil` when the options set nothing: it
    /// then follows ``shared(isFiltered:)``.
    /// Options that set a limit of 1 and nothing else (every `next`'s) share one of two
    /// instances too (``once``): adding such a recipient allocates nothing for its options.
    ///
    /// Options that set nothing, the common case, are told inline
    /// (``RecipientOptions/setsNothing``): compared with `RecipientOptions()` in a call, they
    /// cost every subscription about 27 instructions (CONTRACT §18).
    @inline(__always)
    static func own(_ options: RecipientOptions, isFiltered: Bool) -> ListeningRules? {
        if options.setsNothing { return nil }
        return ownSetting(options, isFiltered: isFiltered)
    }

    /// ``own(_:isFiltered:)`` for options that set something.
    @inline(never)
    private static func ownSetting(_ options: RecipientOptions, isFiltered: Bool)
        -> ListeningRules
    {
        if options == once.options { return isFiltered ? onceFiltered : once }
        return ListeningRules(options, isFiltered: isFiltered)
    }

    /// The rules of a recipient whose options set nothing.
    static func shared(isFiltered: Bool) -> ListeningRules { isFiltered ? filtered : plain }

    // `nonisolated(unsafe)` is sound for these two: every bus on every thread shares them, and
    // nothing writes them. Their options set no limit, so no recipient holding them has the
    // `counted` bit, and `count()`, the only write, never runs on them (debug builds assert
    // it); everything else they hold is a `let`, and their reference count is atomic.

    /// The rules of options that set nothing; nothing counts in them.
    nonisolated(unsafe) static let plain = ListeningRules(RecipientOptions(), isFiltered: false)
    /// ``plain``, for a recipient with a `where:` predicate.
    nonisolated(unsafe) private static let filtered = ListeningRules(
        RecipientOptions(), isFiltered: true)

    // `nonisolated(unsafe)` is sound for these two as well: every bus on every thread shares
    // them, and nothing writes them. Their `callsLeft` is 1, and `count()` writes nothing when
    // it is 1 (that call is the last); everything else they hold is a `let`.

    /// The rules of options that set a limit of 1 and nothing else (``RecipientOptions/once``).
    nonisolated(unsafe) private static let once = ListeningRules(.once, isFiltered: false)
    /// ``once``, for a recipient with a `where:` predicate (a `next` with one).
    nonisolated(unsafe) private static let onceFiltered = ListeningRules(.once, isFiltered: true)

    private init(_ options: RecipientOptions, isFiltered: Bool) {
        self.options = options
        self.isFiltered = isFiltered
        callsLeft = options.limit ?? 0
    }

    // MARK: Adding the recipient

    /// The place in call order of a recipient whose own rules are `own`: the option's, or
    /// `otherwise` (the form's default; for a consumer its own `priority`, app code read only
    /// when the option leaves it).
    static func priority(_ own: ListeningRules?, otherwise: @autoclosure () -> Int) -> Int {
        own?.options.priority ?? otherwise()
    }

    /// Whether a recipient whose own rules are `own` first receives the stored sticky values
    /// it matches: the option's, or `otherwise` (as for ``priority(_:otherwise:)``).
    static func replaysLatest(_ own: ListeningRules?, otherwise: @autoclosure () -> Bool) -> Bool {
        own?.options.replaysLatest ?? otherwise()
    }

    /// The ``gate`` of a recipient whose own rules are `own` (`nil`: the shared ones, read
    /// without touching them: no retain).
    static func gate(_ own: ListeningRules?, isFiltered: Bool) -> Recipient.State {
        own?.gate ?? gate(of: RecipientOptions(), isFiltered: isFiltered)
    }

    /// The state bits that send a pass to its checked path, where it asks these rules:
    /// ``Recipient/State/filtered`` for a `where:` predicate, ``Recipient/State/counted``
    /// when the options count the events it receives (a limit).
    var gate: Recipient.State { Self.gate(of: options, isFiltered: isFiltered) }

    /// ``gate``, of `options` and `isFiltered`.
    private static func gate(of options: RecipientOptions, isFiltered: Bool) -> Recipient.State {
        var gate: Recipient.State = []
        if isFiltered { gate.insert(.filtered) }
        if options.limit != nil { gate.insert(.counted) }
        return gate
    }

    // MARK: The pass

    /// What a pass does with an event a ``Recipient/State/counted`` recipient accepted.
    enum Turn {
        /// Calls it.
        case call
        /// Calls it for the last time: the pass ends it before the call.
        case lastCall
    }

    /// Counts an event the recipient accepted (its `where:`, if any, did), which the pass is
    /// about to call it with, and says how: a limit of n makes the nth its last call. The last
    /// writes nothing (the recipient ends before it), so the shared ``once`` rules stay as
    /// they are.
    func count() -> Turn {
        assert(self !== Self.plain && self !== Self.filtered, "shared rules count nothing")
        if callsLeft == 1 { return .lastCall }
        callsLeft -= 1
        return .call
    }

    /// Of `stored`, the stored values it matches (oldest first), the ones a replay offers
    /// it: all of them, or with a limit of n the newest n (one-shot: the value `latest(_:)`
    /// returns).
    func replayOffer<Values: BidirectionalCollection>(_ stored: Values) -> Values.SubSequence {
        guard options.limit != nil else { return stored[...] }
        return stored.suffix(callsLeft)
    }

    // MARK: Names and explanations

    /// The name the options give it, made one line; `nil` when they give none.
    var shownName: String? { options.name.map(ProblemLog.oneLine) }

    /// What else a closure recipient is, as its name says after its type part: `once` or
    /// `limit n` (when `countsItsLimit`: a `next` is one-shot by what it is), `filtered`.
    func attributes(countsItsLimit: Bool) -> [String] {
        var attributes: [String] = []
        switch options.limit {
        case let limit? where countsItsLimit:
            attributes.append(limit == 1 ? "once" : "limit \(limit)")
        default: break
        }
        if isFiltered { attributes.append("filtered") }
        return attributes
    }

    /// What `explain` says it does with an event its lists match, and whether it lists it
    /// among the recipients that would receive it: `receives it`, or, when a predicate decides,
    /// `receives it if its predicate accepts it` (listed: an explanation never asks a
    /// predicate).
    var verdictOnAMatch: (receives: Bool, words: String) {
        (true, isFiltered ? "receives it if its predicate accepts it" : "receives it")
    }
}

extension RecipientOptions {
    /// The message a listening form `call` stops with for these options, or `nil` when they
    /// are valid: a limit below 1 (or other than 1 for a form that `returnsOneEvent`, `next`),
    /// an empty name.
    @inline(__always)  // options that set neither cost a registration two tests
    func problem(in call: StaticString, returnsOneEvent: Bool = false) -> String? {
        guard limit != nil || name != nil else { return nil }
        return valueProblem(in: call, returnsOneEvent: returnsOneEvent)
    }

    /// ``problem(in:returnsOneEvent:)`` for options that set a limit or a name.
    @inline(never)
    private func valueProblem(in call: StaticString, returnsOneEvent: Bool) -> String? {
        if let limit, limit < 1 {
            return "\(call): options.limit must be at least 1, got \(limit); "
                + "leave it nil for no limit (.once is a limit of 1)"
        }
        if let name, name.isEmpty {
            return "\(call): options.name is empty; give a short name, or leave it nil"
        }
        if let limit, returnsOneEvent, limit != 1 {
            return "\(call): options.limit must be 1 or nil, got \(limit); next returns one "
                + "event: take \(limit) from events(of:options:) with .limit(\(limit))"
        }
        return nil
    }
}
