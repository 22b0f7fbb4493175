// Switches ThreadSanitizer's checking on inside `deinit`, for the token-release stress test.
//
// Swift's runtime calls `__tsan_ignore_thread_begin` / `__tsan_ignore_thread_end` around
// every deinit, so stock TSan never sees a race that a deinit takes part in. Linking the
// test build with
//     -Xlinker --wrap=__tsan_ignore_thread_begin -Xlinker --wrap=__tsan_ignore_thread_end
// sends those calls to the no-op `__wrap_` functions of this target instead. Without the
// flags nothing calls them and nothing changes.
#ifndef CTSANDEINITCHECKING_H
#define CTSANDEINITCHECKING_H

void __wrap___tsan_ignore_thread_begin(void);
void __wrap___tsan_ignore_thread_end(void);

#endif
