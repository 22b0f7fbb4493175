/// Recipients' state words, side by side: a pass reads the states of a route's recipients
/// from a few cache lines instead of one line of each recipient (see ``UnretainedConsumer``).
///
/// The registry hands out a page's words in order and never reuses one. Each recipient keeps
/// the page of its word alive (it may outlive the bus: its token can still end it, on any
/// thread), so a page's memory is freed when its last recipient is; a page costs its
/// recipients 256 bytes in all.
///
/// A page made once the bus has stand-ins holds the bus's ``BusReference``, and a stand-in
/// reaches its bus through its word's page: one hold a stand-in (its page), where holding the
/// bus reference too cost a retain and a release a subscription (CONTRACT §18).
final class StatePage {
    /// The words a page holds: 256 bytes, four cache lines.
    static let wordCount = 64
    /// The reference to the bus that made this page, once the bus has made one for its
    /// stand-ins; `nil` on the pages made before (no stand-in takes a word from them).
    /// Never reassigned, so read from any thread.
    let busReference: BusReference?
    /// The words, each read and written only through ``AtomicWord``'s atomics once handed
    /// out.
    private let words = SlotBuffer<Int32>(capacity: wordCount, repeating: 0)
    /// How many words were handed out. Read and written on the bus's isolation only.
    private var taken = 0

    /// A page whose stand-ins reach their bus through `busReference` (`nil`: a page for an
    /// app's consumers alone, made before the bus's first stand-in).
    init(busReference: BusReference? = nil) {
        self.busReference = busReference
    }

    /// The next unused word, reading `bits`, or `nil` when every word was handed out.
    ///
    /// The bits are written before the word is handed out, with a plain store: no other
    /// thread can know the word yet (its recipient is published to them later, through a
    /// lock or a task's hop, which orders the store before their atomics).
    @inline(__always)
    func take(reading bits: Int32 = 0) -> StateWord? {
        guard taken < Self.wordCount else { return nil }
        defer { taken += 1 }
        words[taken] = bits
        return StateWord(page: self, word: words.atomicWord(taken))
    }
}

/// A recipient's state word in a ``StatePage``: the bits of ``Recipient/State``, read and
/// written only through C11 atomics.
struct StateWord {
    /// Keeps the word's memory alive.
    let page: StatePage
    /// The word; valid as long as ``page`` is alive.
    let word: AtomicWord

    /// The bits, loaded relaxed: a plain load on x86-64 and ARM64.
    @inline(__always)
    var bits: Int32 { word.relaxed }

    /// Sets `bits` (from any thread).
    func set(_ bits: Int32) {
        word.setBits(bits)
    }

    /// Replaces the bits with `desired` (from any thread) if they still are `expected`, and
    /// returns whether it did; otherwise `expected` becomes the bits as they are.
    func replace(_ expected: inout Int32, with desired: Int32) -> Bool {
        word.replace(&expected, with: desired)
    }
}
