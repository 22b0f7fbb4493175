import CEventBusAtomics

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#else
    #error("LockedState needs a platform with POSIX threads")
#endif

/// A value guarded by a POSIX mutex, shared between threads.
///
/// EventBusKit's only lock. It guards the state that other threads and tasks reach — the
/// inbox of posts and sweep requests — and never the delivery path, which runs on
/// the bus's own isolation without locks. (`Synchronization.Mutex` would do, but needs
/// iOS 18 / macOS 15; this works on iOS 16 / macOS 13 and Linux.)
final class LockedState<State: Sendable>: @unchecked Sendable {
    // Why `@unchecked Sendable` is sound: `state` is read and written only inside
    // `withLock`, between `pthread_mutex_lock` and `pthread_mutex_unlock` of `mutex`, so
    // no two threads ever touch it at once, and the mutex orders each access after the
    // previous one (happens-before). `mutex` is allocated and initialized once in `init`,
    // never reassigned, and destroyed in `deinit`, when no other thread holds a reference.
    // `State: Sendable` makes whatever a caller moves in or out safe to use on its thread.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// The state, in an ``InPlace`` cell: read and changed in place, with no run-time
    /// exclusivity check of a class's stored `var` on every locked step. The lock is the
    /// exclusivity: no two accesses overlap, since each runs inside `withLock`, and a body
    /// never calls `withLock` on the same state (the mutex is not recursive: it would
    /// deadlock, not overlap).
    private let state: InPlace<State>

    init(_ state: State) {
        self.state = InPlace(state)
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the state.
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state.value)
    }
}

/// A count that any thread changes and reads without a lock: how many posted events the inbox
/// holds, and the bus has taken but not delivered (see `Inbox`).
final class AtomicCount: @unchecked Sendable {
    // Why `@unchecked Sendable` is sound: `count` is allocated and initialized once in `init`,
    // never reassigned, freed in `deinit` when no thread holds the object any more, and read
    // and changed only through the C11 atomics of CEventBusAtomics.
    private let count: UnsafeMutablePointer<Int>

    init() {
        count = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        count.initialize(to: 0)
    }

    deinit {
        count.deinitialize(count: 1)
        count.deallocate()
    }

    /// The count, with what the thread that last changed it wrote before.
    var value: Int { eventbus_atomic_load_acquire_long(count) }

    /// The count, with no ordering: a hint, for a reader that decides again under a lock
    /// what the count says.
    var hint: Int { eventbus_atomic_load_relaxed_long(count) }

    /// Adds `delta` (negative to take away) to the count.
    func add(_ delta: Int) {
        eventbus_atomic_add_long(count, delta)
    }
}

/// The inbox's words that other threads read and change without its lock: a recipient a
/// dropped token handed over, when a hand-over must lock after all, whether a drain's take
/// must lock, and whether the bus's `add` has ended recipients to remove first.
///
/// The rules:
/// - A token released on any thread puts its recipient in the slot when it is empty
///   (``put(_:)``); the bus takes it with the others ended (`Inbox.State.takeEnded()`), or in
///   a take that finds the inbox quiet. The lock is needed only to schedule a drain, once the
///   bus has a drainer, or to let the recipient go, once the inbox is closed:
///   ``mustTakeLock`` says so, and the thread that set either flag reads the slot after it,
///   so one of the two sees the other (both sequentially consistent). A second recipient,
///   while the slot is full, takes the locked path (`Inbox.requestSweep(of:)`).
/// - Every locked step of the inbox ends by storing what the bus may read without the lock
///   (``publish(quiet:ownerDeliversByHand:endedListed:)``): whether its state is quiet
///   (nothing but ended recipients may wait for the bus), and whether it lists recipients
///   tokens ended. A drain that reads it quiet takes the slot alone, with no lock (its take is
///   ordered before any post it did not see, which waits for the next drain); an `add` that
///   reads the slot full, or the list, takes them first (``mayHoldEnded``).
///
/// Locked, the hand-over and the take of a dropped token's recipient cost four lock
/// operations, a list's append and a locked step's closures (about 150 instructions a unit,
/// CONTRACT §18 (d)).
final class InboxWords: @unchecked Sendable {
    // Why `@unchecked Sendable` is sound: `words` is allocated and initialized once in `init`,
    // never reassigned, freed in `deinit` when no thread holds the object any more, and read
    // and changed only through the C11 atomics of CEventBusAtomics, sequentially consistent
    // where a decision rests on it. Word 0 holds a recipient's address with a retain the slot
    // owns (`Unmanaged.passRetained`), given up exactly once: by the one exchange that reads
    // it (``take()``), or by `deinit`. Recipients are not `Sendable`, but a put only moves the
    // reference (reference counts are atomic), after the recipient's state word was set with
    // an atomic read-modify-write; the bus touches it only once it has taken it, on its own
    // isolation, as for the locked list (see `EndedRecipients`).
    private let words: UnsafeMutablePointer<Int>

    /// A drainer is installed: a hand-over schedules a drain (under the lock).
    static let drainerInstalled = 1
    /// The inbox is closed: a hand-over lets its recipient go.
    static let closed = 2

    /// Word 2: the locked state has nothing but ended recipients for the bus.
    private static let quiet = 1
    /// Word 2: the owner called `deliverPosted()` (`Inbox.ownerDeliversByHand()`).
    private static let toldByHand = 2
    /// Word 2: the locked state lists recipients tokens ended (`Inbox.State.endedByTokens`).
    private static let endedListed = 4

    init() {
        words = .allocate(capacity: 3)
        words.initialize(repeating: 0, count: 3)
        words[2] = Self.quiet
    }

    deinit {
        _ = take()
        words.deinitialize(count: 3)
        words.deallocate()
    }

    /// Puts `recipient` in the slot, retained, if it is empty; returns whether it did.
    func put(_ recipient: Recipient) -> Bool {
        guard eventbus_atomic_load_relaxed_long(words) == 0 else { return false }
        let object = Unmanaged.passRetained(recipient)
        let address = Int(bitPattern: object.toOpaque())
        if eventbus_atomic_compare_exchange_long(words, 0, address) { return true }
        object.release()
        return false
    }

    /// Takes the recipient the slot holds, leaving it empty.
    ///
    /// Always the exchange, sequentially consistent, never a relaxed look first: `close()` sets
    /// its flag and then takes, and a relaxed load after that flag may miss a recipient put by
    /// a thread that missed the flag (the store-buffering case that only sequential consistency
    /// on both sides rules out, on ARM64 as on x86-64).
    func take() -> Recipient? {
        let address = eventbus_atomic_exchange_long(words, 0)
        guard let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
        return Unmanaged<Recipient>.fromOpaque(pointer).takeRetainedValue()
    }

    /// Whether the slot is empty (sequentially consistent: see the type's rules).
    var isEmpty: Bool { eventbus_atomic_load_long(words) == 0 }

    /// Whether the slot may hold a recipient: a hint, for a reader that takes it under the
    /// lock.
    var mayHoldOne: Bool { eventbus_atomic_load_relaxed_long(words) != 0 }

    /// Whether the inbox may hold recipients tokens ended, in the slot or listed: a hint, for
    /// the bus's `add`, which takes them under the lock.
    var mayHoldEnded: Bool {
        mayHoldOne || eventbus_atomic_load_relaxed_long(words + 2) & Self.endedListed != 0
    }

    /// Sets `flag` (``drainerInstalled`` or ``closed``); then read the slot.
    func set(_ flag: Int) {
        eventbus_atomic_fetch_or_long(words + 1, flag)
    }

    /// Whether a hand-over must take the lock: a flag is set.
    var mustTakeLock: Bool { eventbus_atomic_load_long(words + 1) != 0 }

    /// Stores what a locked step left: whether the state is `quiet`, whether the owner
    /// delivers by hand, and whether it lists recipients tokens ended. Under the lock only.
    @inline(__always)
    func publish(quiet: Bool, ownerDeliversByHand: Bool, endedListed: Bool) {
        let word =
            (quiet ? Self.quiet : 0) | (ownerDeliversByHand ? Self.toldByHand : 0)
            | (endedListed ? Self.endedListed : 0)
        if eventbus_atomic_load_relaxed_long(words + 2) != word {
            eventbus_atomic_store_long(words + 2, word)
        }
    }

    /// Whether a take (the owner's `deliverPosted()` when `byHand`) finds nothing under the
    /// lock to take or to tell: the state is quiet, and the owner was told already.
    @inline(__always)
    func isQuiet(byHand: Bool) -> Bool {
        let word = eventbus_atomic_load_long(words + 2)
        return word == Self.quiet | Self.toldByHand || (!byHand && word == Self.quiet)
    }
}
