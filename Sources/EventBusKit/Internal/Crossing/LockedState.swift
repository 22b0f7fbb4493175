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
