// An `int` that several threads read and write without a lock, for EventBusKit's recipients.
//
// EventBusKit supports iOS 16 / macOS 13 and Linux, where `Synchronization.Atomic` (iOS 18 /
// macOS 15) is not available, and takes no package dependencies, so it reaches C11 atomics
// through these `static inline` functions. The words live in memory a Swift class allocates
// and keeps (`StatePage`), and are touched only through these functions. On x86-64 and ARM64 a
// relaxed load is a plain load, so reading the word on the delivery path costs what reading a
// `Bool` does.
#ifndef CEVENTBUSATOMICS_H
#define CEVENTBUSATOMICS_H

/// Loads the word with no ordering: for a flag whose readers need nothing else it guards.
///
/// `pure` (imported into Swift as `@_effects(readonly)`) tells Swift's optimizer the call
/// releases nothing, so it need not retain the word's owner around it.
__attribute__((pure)) static inline int eventbus_atomic_load_relaxed(const int *_Nonnull word) {
    return __atomic_load_n(word, __ATOMIC_RELAXED);
}

/// Sets the bits of `bits` in the word and returns the word as it was; a thread that loads the
/// word with acquire sees what this thread wrote before.
static inline int eventbus_atomic_fetch_or(int *_Nonnull word, int bits) {
    return __atomic_fetch_or(word, bits, __ATOMIC_ACQ_REL);
}

/// Replaces the word with `desired` if it still holds `*expected`, and returns whether it did;
/// otherwise stores the word's value in `*expected`. Of several threads that each want to be
/// the first to change the word from what they saw, exactly one succeeds.
static inline _Bool eventbus_atomic_compare_exchange(int *_Nonnull word, int *_Nonnull expected,
                                                     int desired) {
    return __atomic_compare_exchange_n(word, expected, desired, 0, __ATOMIC_ACQ_REL,
                                       __ATOMIC_ACQUIRE);
}

// A count that several threads read and change without a lock: the posted events a bus holds
// and has not delivered (`AtomicCount` in LockedState.swift).

/// Adds `value` to the count, ordered as `eventbus_atomic_fetch_or`.
static inline void eventbus_atomic_add_long(long *_Nonnull count, long value) {
    (void)__atomic_fetch_add(count, value, __ATOMIC_ACQ_REL);
}

/// Loads the count, ordered after what the thread that last changed it wrote before.
static inline long eventbus_atomic_load_acquire_long(const long *_Nonnull count) {
    return __atomic_load_n(count, __ATOMIC_ACQUIRE);
}

/// Loads the count with no ordering: for a hint whose reader decides again under a lock.
__attribute__((pure)) static inline long eventbus_atomic_load_relaxed_long(
    const long *_Nonnull count) {
    return __atomic_load_n(count, __ATOMIC_RELAXED);
}

// Words of a bus's inbox that other threads read and change without its lock: a recipient's
// address, handed from any thread to the bus, and flags (`InboxWords` in LockedState.swift).
// Sequentially consistent: a thread that puts a recipient and then reads the flags, and one
// that sets a flag and then reads the word, cannot both miss what the other wrote.

/// Replaces the word with `desired` if it still holds `expected`, and returns whether it did.
static inline _Bool eventbus_atomic_compare_exchange_long(long *_Nonnull word, long expected,
                                                          long desired) {
    return __atomic_compare_exchange_n(word, &expected, desired, 0, __ATOMIC_SEQ_CST,
                                       __ATOMIC_SEQ_CST);
}

/// Replaces the word with `value` and returns what it held.
static inline long eventbus_atomic_exchange_long(long *_Nonnull word, long value) {
    return __atomic_exchange_n(word, value, __ATOMIC_SEQ_CST);
}

/// Sets the bits of `bits` in the word.
static inline void eventbus_atomic_fetch_or_long(long *_Nonnull word, long bits) {
    (void)__atomic_fetch_or(word, bits, __ATOMIC_SEQ_CST);
}

/// Stores `value` in the word.
static inline void eventbus_atomic_store_long(long *_Nonnull word, long value) {
    __atomic_store_n(word, value, __ATOMIC_SEQ_CST);
}

/// Loads the word.
static inline long eventbus_atomic_load_long(const long *_Nonnull word) {
    return __atomic_load_n(word, __ATOMIC_SEQ_CST);
}

// A reference that retains its object only while it lives (`LiveReference` in
// Reinterpret.swift).

/// The Swift runtime's try-retain, as its HeapObject.h declares it (`SWIFT_RUNTIME_EXPORT`,
/// part of the stable runtime ABI on Apple's platforms and Linux): retains the native Swift
/// object at `object` and returns it, unless it has begun to deinitialize (then `NULL`, and
/// nothing changes). One atomic step, from any thread. `object`'s memory must be allocated:
/// its holder keeps it with an unowned reference.
extern void *_Nullable swift_tryRetain(void *_Nonnull object);

/// Retains the native Swift object at `object` and returns `true`, unless it has begun to
/// deinitialize (`swift_tryRetain`).
static inline _Bool eventbus_try_retain(void *_Nonnull object) {
    return swift_tryRetain(object) != 0;
}

// Debug checks of where the bus is called from (EventBus+IsolationCheck.swift).

#include <pthread.h>
#include <stdint.h>

/// The calling thread's identity, as an integer: `pthread_self()`.
static inline uintptr_t eventbus_current_thread(void) {
    return (uintptr_t)pthread_self();
}

#endif
