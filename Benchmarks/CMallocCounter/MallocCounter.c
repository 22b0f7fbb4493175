// See include/CMallocCounter.h for the method.
#include "CMallocCounter.h"

#include <stdlib.h>  // defines __GLIBC__ (through features.h) and declares the functions below

#if defined(__linux__) && defined(__GLIBC__)
#include <errno.h>
#include <malloc.h>
#include <stdatomic.h>

// glibc's allocator entry points, exported by libc.so.6 since GLIBC_2.2.5.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static atomic_long allocations;

static inline void count(void) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
}

void *malloc(size_t size) {
    count();
    return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
    count();
    return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
    count();
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    count();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    count();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL && size != 0) return ENOMEM;
    *result = pointer;
    return 0;
}

long mallocCounterAllocations(void) {
    return atomic_load_explicit(&allocations, memory_order_relaxed);
}

int mallocCounterIsAvailable(void) { return 1; }

#else

long mallocCounterAllocations(void) { return 0; }

int mallocCounterIsAvailable(void) { return 0; }

#endif
