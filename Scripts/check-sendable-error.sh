#!/usr/bin/env bash
# Checks CONTRACT §19.7 outside the package: a stream or a `next` of a category whose protocol
# refines `Event, Sendable` but not `SendableEvent` (`protocol R: Event, Sendable`) fails to
# compile, and the first error or note of each spelling names `SendableEvent` (the fix:
# `protocol R: SendableEvent`), not `_SendableEventMarker` or a missing `Sendable` conformance
# of `Conforming`; a composition `Conforming<any Q & Sendable>` too. A category that refines
# `SendableEvent` compiles with no warning. Prints the compiler's output for the first spelling
# (the CHANGELOG quotes it).
# Usage: bash Scripts/check-sendable-error.sh [scratch-path]   (default .build; builds EventBusKit)
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/outside-client.sh "${1:-}"
status=0
checked=0

# check EXPECT BODY: type-checks BODY in an app's async function. EXPECT is `fix` (it fails, and
# the first error or note names SendableEvent) or `clean` (it compiles with no warning).
check() {
    local expect=$1 body=$2 out=$work/out.txt
    cat > "$work/App.swift" <<SWIFT
import EventBusKit
protocol Analytics: Event, Sendable { var name: String { get } }
protocol Tracked: Event { var name: String { get } }
protocol Checkout: SendableEvent { var name: String { get } }
@MainActor func listen(to bus: EventBus) async throws {
    $body
}
SWIFT
    checked=$((checked + 1))
    if swiftc -typecheck -swift-version 6 "${client_flags[@]}" "$work/App.swift" > "$out" 2>&1; then
        if [ "$expect" = fix ]; then
            echo "sendable-error: \`$body\` compiled; it must not" >&2
            status=1
        elif grep -q "warning:" "$out"; then
            cat "$out" >&2
            echo "sendable-error: \`$body\` warns; it must not" >&2
            status=1
        fi
        return
    fi
    # The first diagnostic line that is an error or a note: it must name SendableEvent (the
    # word: `_SendableEventMarker` does not count).
    local first
    first=$(grep -E "(error|note): " "$out" | head -1 | sed "s|$work/||g")
    if [ "$expect" != fix ] || ! grep -qE "(^|[^_[:alnum:]])SendableEvent([^[:alnum:]]|$)" <<< "$first"; then
        sed "s|$work/||g" "$out" >&2
        echo "sendable-error: \`$body\`: expected $expect; the first error or note is: $first" >&2
        status=1
    fi
    if [ "$checked" = 1 ]; then
        echo "sendable-error: the compiler's output for \`$body\`:"
        sed "s|$work/||g; s|$PWD/||g" "$out"
    fi
}

while IFS='|' read -r expect body; do
    check "$expect" "$body"
done <<'CALLS'
fix|for await event in bus.events(of: Conforming<any Analytics>.self) { print(event.name) }
fix|let stream = bus.events(of: Conforming<any Analytics>.self); _ = stream
fix|let stream: AsyncStream<any Analytics> = bus.events(of: Conforming<any Analytics>.self); _ = stream
fix|_ = bus.events(of: Conforming<any Analytics>.self, options: .once, bufferingPolicy: .bufferingNewest(1))
fix|_ = bus.events(of: Conforming<any Tracked & Sendable>.self)
fix|_ = bus.events(of: Conforming<any Tracked>.self)
fix|print(try await bus.next(Conforming<any Analytics>.self).name)
fix|let event: any Analytics = try await bus.next(Conforming<any Analytics>.self); _ = event
fix|try await bus.next(Conforming<any Analytics>.self, timeout: .seconds(1))
clean|for await event in bus.events(of: Conforming<any Checkout>.self) { print(event.name) }
clean|let stream: AsyncStream<any Checkout> = bus.events(of: Conforming<any Checkout>.self); _ = stream
clean|print(try await bus.next(Conforming<any Checkout>.self, timeout: .seconds(1)).name)
CALLS

[ "$status" = 0 ] &&
    echo "sendable-error: $checked spellings: a category that does not refine SendableEvent fails, its first error naming SendableEvent; one that does compiles"
exit "$status"
