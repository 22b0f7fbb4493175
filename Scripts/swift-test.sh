#!/usr/bin/env bash
# Runs a `swift test` command line (the arguments) for CI, printing its output, and exits with
# its status. Two stalls of the test process, seen on Linux with Swift 6.3 on a 2-core EPYC
# (December 2026) with no thread of it running any code, are told apart from failures:
# - It ran every test and printed its summary, but never exits: its main thread has gone
#   (dispatch_main) and only Swift Testing's exit-test monitor thread is left, waiting. Once the
#   summary is printed the process has 120 s to exit; then it is stopped, and the step passes
#   only if the summary says passed and no XCTest suite failed.
# - Main-actor tests stop making progress: the main queue's jobs are not run, every thread is
#   idle, the log does not grow. After 300 s with no new output the process is stopped, the
#   tests that never finished are named (Scripts/unfinished-tests.py), and the command is run
#   once more; a second stall fails the step.
# Both are said in the log when they happen. SWIFT_TEST_EXIT_GRACE and SWIFT_TEST_STALL set the
# two limits in seconds (for trying the script).
set -uo pipefail
grace=${SWIFT_TEST_EXIT_GRACE:-120}
stall=${SWIFT_TEST_STALL:-300}

# Runs the command once. Status 0/1 as the tests say; 75 when it stalled before its summary.
run_once() {
    local log pid printer quiet=0 size=-1 now
    log=$(mktemp)
    "$@" > "$log" 2>&1 &
    pid=$!
    tail -n +1 -f --pid="$pid" "$log" &
    printer=$!
    while kill -0 "$pid" 2> /dev/null; do
        if grep -qE '^. Test run with [0-9]+ tests?' "$log"; then
            for _ in $(seq "$grace"); do
                kill -0 "$pid" 2> /dev/null || break
                sleep 1
            done
            if kill -0 "$pid" 2> /dev/null; then
                stop "$pid" "$printer"
                echo "swift-test.sh: the tests printed their summary, and their process did not"
                echo "  exit in $grace s (the first stall this script's header describes): stopped"
                if grep -qE '^✔ Test run with' "$log" \
                    && ! grep -qE "^✘ Test run with|Test Suite '.*' failed" "$log"; then
                    echo "swift-test.sh: the summary says every test passed"
                    return 0
                fi
                echo "swift-test.sh: the summary does not say every test passed" >&2
                return 1
            fi
            break
        fi
        now=$(stat -c %s "$log")
        if [ "$now" -eq "$size" ]; then quiet=$((quiet + 1)); else quiet=0 size=$now; fi
        if [ "$quiet" -ge "$stall" ]; then
            stop "$pid" "$printer"
            echo "swift-test.sh: no output for $stall s and no summary (the second stall this"
            echo "  script's header describes): stopped"
            python3 "$(dirname "$0")/unfinished-tests.py" "$log"
            return 75
        fi
        sleep 1
    done
    wait "$pid"
    local status=$?
    wait "$printer" 2> /dev/null
    if [ "$status" -ne 0 ] && ! grep -qE '^. Test run with' "$log"; then
        python3 "$(dirname "$0")/unfinished-tests.py" "$log"
    fi
    return "$status"
}

# Stops the test command and its children, and the printer of its output.
stop() {
    pkill -KILL -P "$1" 2> /dev/null
    kill -KILL "$1" 2> /dev/null
    wait "$1" 2> /dev/null
    wait "$2" 2> /dev/null
}

run_once "$@"
status=$?
if [ "$status" -eq 75 ]; then
    echo "swift-test.sh: running the same command once more"
    run_once "$@"
    status=$?
    [ "$status" -eq 75 ] && echo "swift-test.sh: it stalled again: failing the step" >&2
fi
exit "$status"
