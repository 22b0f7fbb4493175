#!/usr/bin/env bash
# Runs the token-release stress test under ThreadSanitizer with checking switched on inside
# `deinit` (stock TSan ignores every deinit, so it cannot see a token released on another
# thread racing with delivery). Reuses the scratch path of CI's full TSan run.
#
#   Scripts/tsan-deinit-stress.sh [SCRATCH-PATH]        (default .build-tsan)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${1:-.build-tsan}
mkdir -p "$scratch"
clang -c -fPIC -O1 Tests/TSanDeinitChecking/tsan-deinit-checking.c -o "$scratch/tsan-deinit-checking.o"
# EVENTBUS_STRESS=1: the suite is a stress suite, which `swift test` skips without it (and
# would pass having run nothing).
EVENTBUS_STRESS=1 TSAN_OPTIONS="halt_on_error=1 ${TSAN_OPTIONS:-}" \
    swift test --sanitize=thread --scratch-path "$scratch" \
    -Xlinker --wrap=__tsan_ignore_thread_begin -Xlinker --wrap=__tsan_ignore_thread_end \
    -Xlinker "$scratch/tsan-deinit-checking.o" \
    --filter TokenReleaseStressTests
