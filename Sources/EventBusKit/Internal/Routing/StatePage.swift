import CEventBusAtomics

/// Recipients' state words, side by side: a pass reads the states of a route's recipients
/// from a few cache lines instead of one line of each recipient (see `FastPath.swift`).
///
/// The registry hands out a page's words in order and never reuses one. Each recipient keeps
/// the page of its word alive (it may outlive the bus: its token can still end it, on any
/// thread), so a page's memory is freed when its last recipient is; a page costs its
/// recipients 256 bytes in all.
final class StatePage {
    /// The words a page holds: 256 bytes, four cache lines.
    static let wordCount = 64
    private let words: UnsafeMutablePointer<Int32>
    /// How many words were handed out. Read and written on the bus's isolation only.
    private var taken = 0

    init() {
        words = .allocate(capacity: Self.wordCount)
        words.initialize(repeating: 0, count: Self.wordCount)
    }

    deinit {
        // Any thread: by now no recipient holds one of the words, and the registry no longer
        // holds the page, so nothing reads or writes them.
        words.deallocate()
    }

    /// The next unused word (it reads 0), or `nil` when every word was handed out.
    func take() -> StateWord? {
        guard taken < Self.wordCount else { return nil }
        defer { taken += 1 }
        return StateWord(page: self, address: words + taken)
    }
}

/// A recipient's state word in a ``StatePage``: the bits of ``Recipient/State``, read and
/// written only through the C11 atomics of `CEventBusAtomics`.
struct StateWord {
    /// Keeps the word's memory alive.
    let page: StatePage
    /// The word; valid as long as ``page`` is alive.
    let address: UnsafeMutablePointer<Int32>

    /// The bits, loaded relaxed: a plain load on x86-64 and ARM64.
    @inline(__always)
    var bits: Int32 { eventbus_atomic_load_relaxed(address) }

    /// Sets `bits` (from any thread).
    func set(_ bits: Int32) {
        eventbus_atomic_fetch_or(address, bits)
    }
}
