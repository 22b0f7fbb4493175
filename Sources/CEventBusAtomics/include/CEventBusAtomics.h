// A word that several threads read and write without a lock, for EventBusKit's recipients.
//
// EventBusKit supports iOS 16 / macOS 13 and Linux, where `Synchronization.Atomic` (iOS 18 /
// macOS 15) is not available, and takes no package dependencies, so it reaches C11 atomics
// through these `static inline` functions. On x86-64 and ARM64 a relaxed load is a plain
// load and a release store a plain (x86-64) or store-release (ARM64) instruction, so reading
// the word on the delivery path costs what reading a `Bool` does.
#ifndef CEVENTBUSATOMICS_H
#define CEVENTBUSATOMICS_H

#include <stdlib.h>

/// An `int` read and written only through the functions below.
typedef struct eventbus_atomic_int {
    int value;
} eventbus_atomic_int;

/// Allocates a word holding `value`; release it with `eventbus_atomic_int_destroy`.
static inline eventbus_atomic_int *_Nonnull eventbus_atomic_int_create(int value) {
    eventbus_atomic_int *word = (eventbus_atomic_int *)malloc(sizeof(eventbus_atomic_int));
    if (word == NULL) abort();
    __atomic_store_n(&word->value, value, __ATOMIC_RELAXED);
    return word;
}

static inline void eventbus_atomic_int_destroy(eventbus_atomic_int *_Nonnull word) {
    free(word);
}

/// Loads the word with no ordering: for a flag whose readers need nothing else it guards.
///
/// `pure` (imported into Swift as `@_effects(readonly)`) tells Swift's optimizer the call
/// releases nothing, so it need not retain the word's owner around it.
__attribute__((pure)) static inline int eventbus_atomic_int_load_relaxed(const eventbus_atomic_int *_Nonnull word) {
    return __atomic_load_n(&word->value, __ATOMIC_RELAXED);
}

/// Loads the word; later reads see what the thread that stored it wrote before.
__attribute__((pure)) static inline int eventbus_atomic_int_load_acquire(const eventbus_atomic_int *_Nonnull word) {
    return __atomic_load_n(&word->value, __ATOMIC_ACQUIRE);
}

/// Stores `value`; a thread that loads it with acquire sees what this thread wrote before.
static inline void eventbus_atomic_int_store_release(eventbus_atomic_int *_Nonnull word, int value) {
    __atomic_store_n(&word->value, value, __ATOMIC_RELEASE);
}

/// Replaces `expected` with `desired`; returns whether the word held `expected`.
static inline int eventbus_atomic_int_compare_exchange(
    eventbus_atomic_int *_Nonnull word, int expected, int desired) {
    return __atomic_compare_exchange_n(
        &word->value, &expected, desired, 0, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED);
}

#endif
