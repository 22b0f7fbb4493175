#!/usr/bin/env bash
# Checks CONTRACT §14.6 outside the package: the enums that grow (`EventTrace.Note`,
# `PostReport`) keep an app's released code compiling.
# - An exhaustive `switch` with no `@unknown default` (an app written before they were marked
#   growing) compiles, with one warning per switch asking for `@unknown default`.
# - A `switch` that lists every case and `@unknown default` compiles with no warning.
# - A `switch` with `@unknown default` written before a case was added (it lists fewer cases
#   than the enum has now) compiles, with a warning naming the new case; `if case` compiles
#   with no warning.
# - The closed enums (`DispatchReport`, `EventBus.Reentrancy`, `EventBus.WaitError`) are
#   exhaustive: a `switch` over all their cases compiles with no warning.
# Usage: bash Scripts/growing-enums.sh [scratch-path]   (default .build; builds EventBusKit)
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/outside-client.sh "${1:-}"
status=0

# compile NAME EXPECTED_WARNINGS [TEXT]: type-checks $work/NAME.swift as an app's code and
# checks that it compiles with exactly EXPECTED_WARNINGS warnings, each containing TEXT.
compile() {
    local name=$1 expected=$2 text=${3:-may have additional unknown values} out=$work/$1.txt
    if ! swiftc -typecheck -swift-version 6 "${client_flags[@]}" "$work/$name.swift" > "$out" 2>&1; then
        cat "$out" >&2
        echo "growing-enums: $name does not compile" >&2
        status=1
        return
    fi
    local warnings unknown
    warnings=$(grep -c "$name.swift:[0-9]*:[0-9]*: warning:" "$out" || true)
    unknown=$(grep "$name.swift:[0-9]*:[0-9]*: warning:" "$out" | grep -cF "$text" || true)
    if [ "$warnings" != "$expected" ] || [ "$unknown" != "$expected" ]; then
        cat "$out" >&2
        echo "growing-enums: $name gave $warnings warnings ($unknown saying \"$text\"); expected $expected" >&2
        status=1
    fi
}

# An app's exhaustive switches, written with no `@unknown default`.
cat > "$work/Exhaustive.swift" <<'SWIFT'
import EventBusKit
func describe(_ report: PostReport) -> String {
    switch report {
    case .accepted: "accepted"
    case .awaitingDeliverPosted: "waits"
    case .rejectedFull: "full"
    case .busGone: "gone"
    }
}
func describe(_ note: EventTrace.Note) -> String {
    switch note {
    case .refused: "refused"
    case .dropped: "dropped"
    case .failed: "failed"
    case .discarded: "discarded"
    case .stopped: "stopped"
    }
}
SWIFT
compile Exhaustive 2

# An app that lists every case and `@unknown default`.
cat > "$work/Ready.swift" <<'SWIFT'
import EventBusKit
func describe(_ report: PostReport) -> String {
    switch report {
    case .accepted: "accepted"
    case .awaitingDeliverPosted: "waits"
    case .rejectedFull: "full"
    case .busGone: "gone"
    @unknown default: "something newer"
    }
}
func describe(_ note: EventTrace.Note) -> String {
    switch note {
    case .refused: "refused"
    case .dropped: "dropped"
    case .failed: "failed"
    case .discarded: "discarded"
    case .stopped: "stopped"
    @unknown default: "something newer"
    }
}
SWIFT
compile Ready 0

# An app written before `rejectedFull` and `stopped` were added, with `@unknown default`: it
# compiles, and Swift names the case it does not handle yet.
cat > "$work/Older.swift" <<'SWIFT'
import EventBusKit
func describe(_ report: PostReport) -> String {
    switch report {
    case .accepted: "accepted"
    case .awaitingDeliverPosted: "waits"
    case .busGone: "gone"
    @unknown default: "something newer"
    }
}
func describe(_ note: EventTrace.Note) -> String {
    switch note {
    case .refused: "refused"
    case .dropped: "dropped"
    case .failed: "failed"
    case .discarded: "discarded"
    @unknown default: "something newer"
    }
}
func isFull(_ report: PostReport) -> Bool {
    if case .rejectedFull = report { return true }
    return false
}
SWIFT
compile Older 2 "switch must be exhaustive"

# The closed enums: exhaustive with no default, and no warning.
cat > "$work/Closed.swift" <<'SWIFT'
import EventBusKit
func describe(_ report: DispatchReport) -> String {
    switch report {
    case .queued: "queued"
    case .drained: "drained"
    case .limitReached: "limit"
    case .rejectedFull: "full"
    case .rejectedReentrant: "reentrant"
    }
}
func describe(_ reentrancy: EventBus.Reentrancy) -> String {
    switch reentrancy {
    case .queue: "queue"
    case .reject: "reject"
    }
}
func describe(_ error: EventBus.WaitError) -> String {
    switch error {
    case .timedOut: "timed out"
    case .busDeallocated: "gone"
    }
}
SWIFT
compile Closed 0

if [ "$status" = 0 ]; then
    echo "growing-enums: Note and PostReport keep released switches compiling; the closed enums stay exhaustive"
fi
exit "$status"
