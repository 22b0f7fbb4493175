// An `int` that several threads read and write without a lock, for EventBusKit's recipients.
//
// EventBusKit supports iOS 16 / macOS 13 and Linux, where `Synchronization.Atomic` (iOS 18 /
// macOS 15) is not available, and takes no package dependencies, so it reaches C11 atomics
// through these `static inline` functions. The word is a stored property of a Swift class,
// passed as `&property` for the duration of each call (the property is declared
// `@exclusivity(unchecked)` and touched only through these functions). On x86-64 and ARM64 a
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

/// Stores `value`; a thread that loads it with acquire sees what this thread wrote before.
static inline void eventbus_atomic_store_release(int *_Nonnull word, int value) {
    __atomic_store_n(word, value, __ATOMIC_RELEASE);
}

/// Replaces `expected` with `desired`; returns whether the word held `expected`.
static inline int eventbus_atomic_compare_exchange(int *_Nonnull word, int expected, int desired) {
    return __atomic_compare_exchange_n(
        word, &expected, desired, 0, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED);
}

#endif
