// Counts heap allocations made by the benchmark process, for "allocations per dispatch".
//
// Method: on Linux with glibc, MallocCounter.c defines malloc, calloc, realloc, memalign,
// posix_memalign and aligned_alloc in the executable. Symbols in the executable take
// precedence over the C library's for every shared object (the Swift runtime included), so
// each allocation in the process goes through these wrappers, which count it and forward to
// glibc's own allocator (__libc_malloc and friends). free is left to glibc: the memory
// comes from the same allocator. Elsewhere the wrappers are not built and
// mallocCounterIsAvailable() returns 0.
#ifndef CMALLOCCOUNTER_H
#define CMALLOCCOUNTER_H

/// The number of allocations made so far by every thread of the process.
long mallocCounterAllocations(void);

/// 1 when allocations are counted on this platform, 0 when they are not.
int mallocCounterIsAvailable(void);

#endif
