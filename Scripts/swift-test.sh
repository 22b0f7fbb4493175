#!/usr/bin/env bash
# Runs a `swift test` command line (the arguments) for CI, printing its output, and exits with
# its status. The command's output is line-buffered (stdbuf), so the log shows each line as it
# is written. Two stalls of the test process, seen on Linux with Swift 6.3 on a 2-core EPYC
# (December 2026) with no thread of it running any code, are told apart from failures:
# - It ran every test and printed its summary, but never exits: its main thread has gone
#   (dispatch_main) and only Swift Testing's exit-test monitor thread is left, waiting. Once the
#   summary is printed the process has 120 s to exit; then it is stopped, and the step passes
#   only if the summary says passed and no XCTest suite failed.
# - Main-actor tests stop making progress: the main queue's jobs are not run, every thread is
#   idle, the log does not grow. After 300 s with no new output once the tests run (the build
#   before them may be silent for longer) the stall is captured in the log: whether the CPU time of the command and of each of its descendants grew over 10 s (a
#   starved pool burns CPU, a lost wake-up burns none); from gdb, the stacks of every thread of
#   the descendants (the test binary, and exit tests' children of it; the command itself when
#   it has none) and their main queue's raw words, or why there are none (gdb missing, or
#   unable to attach); and the log's "Time limit was exceeded" lines. Then gdb enqueues a no-op
#   on those processes' main queues. If output resumes within 30 s, the log says "rescued by a
#   main-queue poke" and the run goes on, judged as usual (a rescue is no failure). If not, the
#   processes are stopped, the tests that never finished are named
#   (Scripts/unfinished-tests.py), and the command is run once more; a second stall fails the
#   step.
# Both are said in the log when they happen. SWIFT_TEST_EXIT_GRACE and SWIFT_TEST_STALL set the
# two limits in seconds (for trying the script).
set -uo pipefail
grace=${SWIFT_TEST_EXIT_GRACE:-120}
stall=${SWIFT_TEST_STALL:-300}
busy=""  # set by capture when a process used CPU in its 10 s

# Runs the command once. Status 0/1 as the tests say; 75 when it stalled before its summary.
run_once() {
    local log pid printer quiet=0 size=-1 now
    log=$(mktemp)
    # Line-buffered: into a pipe or a file, the test binary would hold its output in 4 KB blocks,
    # so the log would show neither its progress nor, when it is stopped, the tests it was in.
    # (stdbuf execs the command: $pid is the command's.)
    if command -v stdbuf > /dev/null; then
        stdbuf -oL -eL "$@" > "$log" 2>&1 &
    else
        "$@" > "$log" 2>&1 &
    fi
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
        # Silence counts only once the tests run: a build that compiles one large module prints
        # nothing for minutes on a loaded machine (a release build of the tests, 5 min and more).
        if ! grep -qE '^Build complete!|^. Test |^Test Suite ' "$log"; then quiet=0; fi
        if [ "$quiet" -ge "$stall" ]; then
            echo "swift-test.sh: no output for $stall s and no summary (the second stall this"
            echo "  script's header describes): what the processes are doing, before stopping them"
            capture "$pid" "$log"
            if [ "$(stat -c %s "$log")" -ne "$size" ]; then
                echo "swift-test.sh: output resumed during the capture: the run goes on"
                quiet=0
                continue
            fi
            if poke "$pid" "$log"; then
                quiet=0
                continue
            fi
            stop "$pid" "$printer"
            echo "swift-test.sh: still no output and no summary: stopped"
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

# The process $1 and its descendants, one id a line, parents first.
family() {
    local child
    echo "$1"
    for child in $(pgrep -P "$1"); do family "$child"; done
}

# The CPU time (user + system, in clock ticks) process $1 has used; nothing when it is gone.
cpu_ticks() {
    local stat fields
    stat=$(cat "/proc/$1/stat" 2> /dev/null) || return 0
    # Its fields after "pid (name) ", which may hold spaces: state is the 1st, utime the 12th.
    read -ra fields <<< "${stat##*) }"
    echo $((fields[11] + fields[12]))
}

# The processes whose threads are captured and whose main queue is poked: the command's
# descendants (`swift test` runs the test binary, and its exit tests run children of it), or
# the command ($1) itself when it has none.
targets() {
    local descendants
    descendants=$(family "$1" | tail -n +2)
    echo "${descendants:-$1}"
}

# gdb's output ($1) for the log: indented, without its lines per thread found and per debug
# record it could not read.
gdb_lines() {
    grep -vE '^\[New LWP [0-9]+\]$|^During symbol reading' <<< "$1" | sed 's/^/    /'
}

# What the stalled command's processes ($1 and its descendants) are doing, into the log: CPU
# time over 10 s, every thread's stack, and the log's time-limit lines ($2 is the log).
capture() {
    local pids=() before=() i p ticks name verdict hz out
    hz=$(getconf CLK_TCK)
    busy=""
    mapfile -t pids < <(family "$1")
    for p in "${pids[@]}"; do before+=("$(cpu_ticks "$p")"); done
    sleep 10
    for i in "${!pids[@]}"; do
        p=${pids[i]}
        name=$(tr '\0' ' ' < "/proc/$p/cmdline" 2> /dev/null | cut -c 1-100 | sed 's/ *$//')
        ticks=$(cpu_ticks "$p")
        if [ -z "$ticks" ] || [ -z "${before[i]}" ]; then
            echo "swift-test.sh: process $p: gone"
            continue
        fi
        ticks=$((ticks - before[i]))
        if [ $((ticks * 10)) -ge "$hz" ]; then  # 0.1 s or more
            verdict="running (a starved pool burns CPU)"
            busy=" (it was using CPU, so it may have been slow rather than stalled)"
        else
            verdict="idle (a lost wake-up burns none)"
        fi
        printf 'swift-test.sh: process %s (%s): CPU time grew %d.%02d s in 10 s: %s\n' \
            "$p" "$name" $((ticks / hz)) $((ticks * 100 / hz % 100)) "$verdict"
    done
    if ! command -v gdb > /dev/null; then
        echo "swift-test.sh: no stacks: gdb is not installed"
    else
        for p in $(targets "$1"); do
            echo "swift-test.sh: the threads of process $p (gdb):"
            # Then libdispatch's main queue, raw: with Swift 6.3 on Linux its item tail and head
            # are the words at +48 and +104, both zero when no job waits on it.
            out=$(timeout 180 gdb -nx -batch -ex 'set language c' -ex 'info threads' \
                -ex 'thread apply all bt 30' -ex 'x/16gx (void*)&_dispatch_main_q' -p "$p" 2>&1)
            gdb_lines "$out"
            grep -qE '^Thread [0-9]+ ' <<< "$out" \
                || echo "swift-test.sh: gdb could not attach to process $p (its output is above)"
        done
    fi
    if grep -q 'Time limit was exceeded' "$2"; then
        echo "swift-test.sh: the log's \"Time limit was exceeded\" lines:"
        grep 'Time limit was exceeded' "$2" | sed 's/^/    /'
    else
        echo "swift-test.sh: no \"Time limit was exceeded\" line in the log"
    fi
}

# Enqueues a no-op on the main queue of the stalled command's test processes (`targets`) with
# gdb, and waits up to 30 s for output in the log ($2). Status 0 when output resumed (or the
# command ended) and the run goes on; 1 when it is still stalled.
poke() {
    local size p out
    local call='call (void)dispatch_async_f((void*)&_dispatch_main_q, (void*)0, (void(*)(void*))free)'
    if ! command -v gdb > /dev/null; then
        echo "swift-test.sh: no main-queue poke: gdb is not installed"
        return 1
    fi
    size=$(stat -c %s "$2")
    for p in $(targets "$1"); do
        echo "swift-test.sh: enqueuing a no-op on the main queue of process $p (gdb)"
        out=$(timeout 60 gdb -nx -batch -ex 'set language c' -ex "$call" -p "$p" 2>&1)
        if ! grep -qE '^\[Inferior [0-9]+ \(process [0-9]+\) detached\]' <<< "$out" \
            || grep -qiE '^(no symbol|cannot|could not)' <<< "$out"; then
            echo "swift-test.sh: gdb could not call dispatch_async_f in process $p:"
            gdb_lines "$out"
        fi
    done
    for _ in $(seq 30); do
        if [ "$(stat -c %s "$2")" -ne "$size" ]; then
            echo "swift-test.sh: output resumed after the poke: rescued by a main-queue poke;"
            echo "  the run goes on (not a failure, no rerun)$busy"
            return 0
        fi
        if ! kill -0 "$1" 2> /dev/null; then
            echo "swift-test.sh: the command ended after the poke, with no output: judged by its status"
            return 0
        fi
        sleep 1
    done
    echo "swift-test.sh: no output in the 30 s after the poke"
    return 1
}

# Stops the test command and its descendants, and the printer of its output.
stop() {
    # shellcheck disable=SC2046  # one id a word
    kill -KILL $(family "$1") 2> /dev/null
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
