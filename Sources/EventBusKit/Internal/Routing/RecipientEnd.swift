/// Why a recipient ended: one fact, stored in its state word by whoever claimed the end, and
/// read from there by every view of that end (contract §17.1).
///
/// A recipient ends once. Each party that can end it claims the end with
/// ``RecipientEnding/claim(_:)``: the first claim writes its reason, atomically with the
/// `ended` bit that stops passes from calling it; a later claim writes nothing and learns it
/// came too late. Who claimed decides what the app sees: a `next` returns the event a pass
/// claimed its last call for, throws ``EventBus/WaitError/timedOut`` when its timer claimed,
/// `CancellationError` when its task's cancellation did, ``EventBus/WaitError/busDeallocated``
/// when the bus's teardown did; a trace names the recipient a pass claimed the last call of,
/// and a ``DidConsumeEvent`` announces that call.
enum RecipientEnd: Int32, CaseIterable, Sendable {
    /// A pass claimed its last call (the last of a limit, the event a `next` returns), which
    /// the pass then makes. The only end that does not set `ended`: the pass removes the
    /// recipient before the call, and until then the recipient is the pass's to call.
    case lastCall = 1
    /// A `next`'s timer fired.
    case timedOut
    /// The task of a `next` was cancelled.
    case taskCancelled
    /// Its token was cancelled or released, or its consumer deregistered.
    case released
    /// The consumer of its stream stopped.
    case streamTerminated
    /// Its owner, or its weakly held consumer, was deallocated: found by a pass or a sweep.
    case ownerGone
    /// The bus went: its teardown claims the end of every recipient still registered.
    case busGone

    /// Where the reason sits in the state word: three bits, clear while no end was claimed.
    static let shift: Int32 = 16
    /// The state word's bits that hold the reason.
    static let mask: Int32 = 7 << shift

    /// The state bits a claim of this end sets: the reason and, unless a pass claims a last
    /// call, ``Recipient/State/ended``.
    var claimedBits: Int32 {
        rawValue << Self.shift | (self == .lastCall ? 0 : Recipient.State.ended.rawValue)
    }

    /// The end a state word records, or `nil` while none was claimed.
    init?(word bits: Int32) {
        self.init(rawValue: (bits & Self.mask) >> Self.shift)
    }
}

/// Claims one recipient's end from any thread, and reads why it ended (see ``RecipientEnd``).
struct RecipientEnding: @unchecked Sendable {
    // Why `@unchecked Sendable` is sound: it reads the recipient's state word with an atomic
    // load and changes it with a C11 atomic compare-and-exchange, which is how every thread
    // writes that word, and a pass reads it with an atomic load. `word.page` keeps the word's
    // memory alive (its reference count is atomic); nothing else of the page is touched here:
    // its count of words handed out is read and written on the bus's isolation only, and its
    // deinit, which may run on the thread that drops the last holder, only frees the words.
    private let word: StateWord

    init(_ word: StateWord) {
        self.word = word
    }

    /// Ends the recipient for `end`, unless its end was claimed already (or it was removed):
    /// returns whether this claim ended it. The reason and the `ended` bit are written in
    /// one atomic step, so of two claims made at once exactly one wins, and the one that
    /// loses writes nothing.
    @discardableResult
    func claim(_ end: RecipientEnd) -> Bool {
        var seen = word.bits
        while true {
            let state = Recipient.State(rawValue: seen)
            guard state.isDisjoint(with: [.endClaimed, .removed]) else { return false }
            if word.replace(&seen, with: seen | end.claimedBits) { return true }
        }
    }

    /// Why the recipient ended, as the claim that ended it recorded; `nil` while no end was
    /// claimed.
    var end: RecipientEnd? { RecipientEnd(word: word.bits) }
}
