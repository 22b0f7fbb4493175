#!/usr/bin/env bash
# Checks CONTRACT §14.4 outside the package: each listening spelling released in 0.2.0
# compiles with a deprecation whose message gives its new spelling (or, for `throwing:`, fails
# with a message naming it), and nothing else warns; and §14.2: a stream or a `next` of a
# composition `Conforming<any Q & Sendable>` does not compile, while one of a protocol that
# refines `SendableEvent` does.
# Usage: bash Scripts/listening-spellings.sh [scratch-path]   (default .build; builds EventBusKit)
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/outside-client.sh "${1:-}"
status=0
checked=0

# check EXPECT CALL TEXT: compiles `CALL` in an app's code; EXPECT is `warning` (it compiles, with
# exactly one warning, a deprecation containing TEXT), `error` (it fails, an error containing
# TEXT) or `clean` (it compiles with no warning).
check() {
    local expect=$1 call=$2 text=$3
    cat > "$work/Call.swift" <<SWIFT
import EventBusKit
struct Tap: StickyEvent, Sendable { let n: Int }
protocol Tracked: Event { var name: String { get } }
protocol SendableTracked: SendableEvent { var name: String { get } }
final class NotSendable: Tracked { let name = "x" }
final class Screen: EventConsumer {
    var willConsume: [any Event.Type] { [Tap.self] }
    func consume(_ event: any Event) {}
}
func check(_ error: Tap) throws {}
@MainActor func use(_ bus: EventBus, _ screen: Screen) async throws {
    let result: Any = $call
    _ = result
}
SWIFT
    local out=$work/out.txt
    checked=$((checked + 1))
    if swiftc -typecheck -swift-version 6 "${client_flags[@]}" \
        "$work/Call.swift" > "$out" 2>&1; then
        local warnings
        warnings=$(grep -c "Call.swift:[0-9]*:[0-9]*: warning:" "$out" || true)
        if [ "$expect" = error ]; then
            echo "listening-spellings: \`$call\` compiled; it must not" >&2
            status=1
        elif [ "$expect" = clean ] && [ "$warnings" != 0 ]; then
            cat "$out" >&2
            echo "listening-spellings: \`$call\` warns; it must not" >&2
            status=1
        elif [ "$expect" = warning ] && { [ "$warnings" != 1 ] ||
            ! grep -F "warning:" "$out" | grep -F "is deprecated" | grep -qF "$text"; }; then
            cat "$out" >&2
            echo "listening-spellings: \`$call\` must warn once, a deprecation naming: $text" >&2
            status=1
        fi
    elif [ "$expect" != error ] || ! grep -F "error:" "$out" | grep -qF "$text"; then
        cat "$out" >&2
        echo "listening-spellings: \`$call\` failed; expected $expect naming: $text" >&2
        status=1
    fi
}

# The 0.2.0 spellings.
while IFS='|' read -r expect call text; do
    check "$expect" "$call" "$text"
done <<'CALLS'
warning|bus.subscribe(to: Tap.self, priority: 2) { _ in }|options: .priority(n)
warning|bus.subscribe(to: Tap.self, replayingLatest: true) { _ in }|options: .replaysLatest
warning|bus.subscribe(to: Tap.self, priority: 2, replayingLatest: true) { _ in }|[.priority(n), .replaysLatest]
warning|bus.subscribe(to: Tap.self, owner: screen, priority: 1) { _, _ in }|subscribe(to:owner:options:)
warning|bus.subscribe(to: Tap.self, owner: screen, replayingLatest: true) { _, _ in }|options: .replaysLatest
warning|bus.subscribe(to: AllEvent.self, priority: 1) { (event: any Event) in }|options: .priority(n)
warning|bus.subscribe(to: AllEvent.self, replayingLatest: true) { _ in }|options: .replaysLatest
warning|bus.subscribe(to: Conforming<any Tracked>.self, priority: 1) { event in _ = event.name }|options: .priority(n)
warning|bus.subscribe(to: Conforming<any Tracked>.self, owner: screen, priority: 1) { _, event in _ = event.name }|subscribe(to:owner:options:)
warning|bus.subscribe(to: AllEvent.self, owner: screen, replayingLatest: true) { _, _ in }|options: .replaysLatest
warning|bus.events(of: Tap.self, replayingLatest: true)|events(of:options:) with options: .replaysLatest
warning|bus.events(of: Tap.self, bufferingPolicy: .bufferingNewest(1), replayingLatest: true)|options: .replaysLatest
warning|[screen].forEach(bus.register)|{ bus.register($0) }
warning|[screen].forEach(bus.registerWeakly)|{ bus.registerWeakly($0) }
error|bus.subscribe(to: Tap.self, throwing: { try check($0) })|every handler may throw: drop the throwing: label
error|bus.subscribe(to: AllEvent.self, throwing: { _ in })|every handler may throw: drop the throwing: label
error|bus.subscribe(to: Conforming<any Tracked>.self, priority: 1, throwing: { _ in })|every handler may throw
clean|bus.subscribe(to: Tap.self) { try check($0) }|
clean|bus.register(screen)|
clean|bus.events(of: Tap.self, bufferingPolicy: .bufferingNewest(1))|
clean|try await bus.next(Tap.self) { $0.n > 1 }|
CALLS

# Streams and waits of a category: a protocol that refines SendableEvent; not a composition.
while IFS='|' read -r expect call text; do
    check "$expect" "$call" "$text"
done <<'CALLS'
clean|bus.events(of: Conforming<any SendableTracked>.self)|
clean|try await bus.next(Conforming<any SendableTracked>.self)|
error|bus.events(of: Conforming<any Tracked & Sendable>.self)|does not conform to the 'Sendable' protocol
error|try await bus.next(Conforming<any Tracked & Sendable>.self)|
error|bus.events(of: AllEvent.self)|does not conform to the 'Sendable' protocol
CALLS

[ "$status" = 0 ] &&
    echo "listening-spellings: $checked calls: 0.2.0's spellings deprecated (or refused) naming their new spelling; no stream of a composition with Sendable"
exit "$status"
