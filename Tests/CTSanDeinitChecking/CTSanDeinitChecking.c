#include "CTSanDeinitChecking.h"

// No-ops in place of TSan's "ignore this thread" calls (see the header).
void __wrap___tsan_ignore_thread_begin(void) {}
void __wrap___tsan_ignore_thread_end(void) {}
