// Switches ThreadSanitizer's checking on inside `deinit`, for the token-release stress test.
//
// Swift emits calls to `__tsan_ignore_thread_begin` / `__tsan_ignore_thread_end` around
// every deinit it compiles under TSan, so stock TSan never reports a race a deinit takes
// part in. `.ci/run` compiles this file and links the TSan test build with
//     -Xlinker --wrap=__tsan_ignore_thread_begin -Xlinker --wrap=__tsan_ignore_thread_end
//     -Xlinker <this file's object>
// which sends those calls to the no-ops below. It is an object on the linker's command line,
// not a package target, because SwiftPM links every product the test build makes (the
// examples the example tests depend on, too) with the same `-Xlinker` flags, and each needs
// the `__wrap_` definitions.
void __wrap___tsan_ignore_thread_begin(void) {}
void __wrap___tsan_ignore_thread_end(void) {}
