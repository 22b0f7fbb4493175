#!/usr/bin/env bash
# Checks CONTRACT §14.4 and §14.7 outside the package: each spelling released in 0.2.0 that
# changed compiles with a deprecation whose message gives its new spelling (or, for `throwing:`,
# fails with a message naming it), and nothing else warns; every deprecated declaration of
# Sources/EventBusKit/*+DeprecatedSpellings.swift is one of them; and CHANGELOG's "Upgrading
# from 0.2.0" names each (the last field of a row). And §14.2: a stream or a `next` of a
# composition `Conforming<any Q & Sendable>` does not compile, while one of a protocol that
# refines `SendableEvent` does.
# Usage: bash Scripts/listening-spellings.sh [scratch-path]   (default .build; builds EventBusKit)
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/outside-client.sh "${1:-}"
status=0
checked=0
warned=$(mktemp)
upgrading=$(awk '/^### Upgrading from 0.2.0/{on=1; next} on && /^##/{exit} on' CHANGELOG.md)

# check EXPECT CALL TEXT: compiles `CALL` in an app's code; EXPECT is `warning` (it compiles, with
# exactly one warning, a deprecation containing TEXT), `error` (it fails, an error containing
# TEXT) or `clean` (it compiles with no warning).
check() {
    local expect=$1 call=$2 text=$3 documented=${4:-}
    if [ "$expect" = warning ] && ! grep -qF -- "$documented" <<< "$upgrading"; then
        echo "listening-spellings: CHANGELOG's \"Upgrading from 0.2.0\" does not name \`$call\` (looked for: $documented)" >&2
        status=1
    fi
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
        elif [ "$expect" = warning ]; then
            # The declaration it used, for the check that every deprecation is exercised.
            grep -F "warning:" "$out" | grep -o "'[^']*' is deprecated" | head -1 | cut -d"'" -f2 >> "$warned"
        fi
    elif [ "$expect" != error ] || ! grep -F "error:" "$out" | grep -qF "$text"; then
        cat "$out" >&2
        echo "listening-spellings: \`$call\` failed; expected $expect naming: $text" >&2
        status=1
    fi
}

# The 0.2.0 spellings.
while IFS='|' read -r expect call text documented; do
    check "$expect" "$call" "$text" "$documented"
done <<'CALLS'
warning|bus.subscribe(to: Tap.self, priority: 2) { _ in }|options: .priority(n)|`subscribe(to: T.self, priority: 5) { … }`
warning|bus.subscribe(to: Tap.self, replayingLatest: true) { _ in }|options: .replaysLatest|`subscribe(to: T.self, replayingLatest: true) { … }`
warning|bus.subscribe(to: Tap.self, priority: 2, replayingLatest: true) { _ in }|[.priority(n), .replaysLatest]|`subscribe(to: T.self, priority: 5, replayingLatest: true) { … }`
warning|bus.subscribe(to: Tap.self, owner: screen, priority: 1) { _, _ in }|subscribe(to:owner:options:)|the same with `owner:`
warning|bus.subscribe(to: Tap.self, owner: screen, replayingLatest: true) { _, _ in }|options: .replaysLatest|the same with `owner:`
warning|bus.subscribe(to: AllEvent.self, priority: 1) { (event: any Event) in }|options: .priority(n)|with `AllEvent.self` or `Conforming<P>.self`
warning|bus.subscribe(to: AllEvent.self, replayingLatest: true) { _ in }|options: .replaysLatest|with `AllEvent.self` or `Conforming<P>.self`
warning|bus.subscribe(to: Conforming<any Tracked>.self, priority: 1) { event in _ = event.name }|options: .priority(n)|with `AllEvent.self` or `Conforming<P>.self`
warning|bus.subscribe(to: Conforming<any Tracked>.self, owner: screen, priority: 1) { _, event in _ = event.name }|subscribe(to:owner:options:)|the same with `owner:`
warning|bus.subscribe(to: AllEvent.self, owner: screen, replayingLatest: true) { _, _ in }|options: .replaysLatest|the same with `owner:`
warning|bus.events(of: Tap.self, replayingLatest: true)|events(of:options:) with options: .replaysLatest|`events(of: T.self, replayingLatest: true)`
warning|bus.events(of: Tap.self, bufferingPolicy: .bufferingNewest(1), replayingLatest: true)|options: .replaysLatest|`events(of: T.self, replayingLatest: true)`
warning|[screen].forEach(bus.register)|{ bus.register($0) }|`consumers.forEach(bus.register)`
warning|[screen].forEach(bus.registerWeakly)|{ bus.registerWeakly($0) }|`consumers.forEach(bus.registerWeakly)`
warning|ConsumerFailedEvent(consumer: screen, event: Tap(n: 1), error: CancellationError()).recipient|renamed to 'consumer'|`failure.recipient`
warning|ConsumerFailedEvent(recipient: screen, event: Tap(n: 1), error: CancellationError())|replaced by 'init(consumer:event:error:)'|`ConsumerFailedEvent(recipient:event:error:)`
warning|bus.startTracing().events(of: Tap.self)|renamed to 'delivered(_:)'|`trace.events(of: T.self)`
warning|RecordingConsumer(willConsume: [Tap.self]).events(of: Tap.self)|renamed to 'received(_:)'|`recorder.events(of: T.self)`
warning|RecordingConsumer(willConsume: [Tap.self]).events|renamed to 'received'|`recorder.events`
warning|bus.startTracing().recorded(Tap.self)|renamed to 'delivered(_:)'|`trace.recorded(T.self)`
warning|RecordingConsumer(willConsume: [Tap.self]).recorded(Tap.self)|renamed to 'received(_:)'|`recorder.recorded(T.self)`
warning|bus.latest(Tap.self) as Any|renamed to 'stickyEvent(_:)'|`bus.latest(T.self)`
warning|bus.clearLatest(Tap.self)|renamed to 'removeStickyEvents(_:)'|`bus.clearLatest(T.self)`
warning|bus.maximumPending|renamed to 'maximumQueuedDispatches'|`bus.maximumPending`
warning|bus.maximumPosted|renamed to 'maximumWaitingPosts'|`bus.maximumPosted`
warning|EventBus(maximumPending: 5)|replaced by 'init(maximumQueuedDispatches:maximumEventsPerDrain:reentrancy:maximumWaitingPosts:)'|`EventBus(maximumPending: n)`
warning|EventBus(maximumPending: 5, maximumEventsPerDrain: 9, reentrancy: .reject, maximumPosted: 7)|replaced by 'init(maximumQueuedDispatches:|`EventBus(maximumPending: n)`
warning|EventBus(maximumPosted: 5)|write maximumWaitingPosts: for maximumPosted:|`EventBus(maximumPosted: n)`
warning|EventBus(maximumEventsPerDrain: 9, maximumPosted: 5)|write maximumWaitingPosts:|`EventBus(maximumPosted: n)`
warning|EventBus.Problem.Kind.dispatchRefused|renamed to 'dispatchRejected'|`EventBus.Problem.Kind.dispatchRefused`
warning|EventBus.Problem.Kind.postRefused|renamed to 'postRejected'|`EventBus.Problem.Kind.postRefused`
error|bus.subscribe(to: Tap.self, throwing: { try check($0) })|every handler may throw: drop the throwing: label
error|bus.subscribe(to: AllEvent.self, throwing: { _ in })|every handler may throw: drop the throwing: label
error|bus.subscribe(to: Conforming<any Tracked>.self, priority: 1, throwing: { _ in })|every handler may throw
clean|bus.subscribe(to: Tap.self) { try check($0) }|
clean|bus.register(screen)|
clean|bus.events(of: Tap.self, bufferingPolicy: .bufferingNewest(1))|
clean|try await bus.next(Tap.self) { $0.n > 1 }|
clean|ConsumerFailedEvent(consumer: screen, event: Tap(n: 1), error: CancellationError()).consumer|
clean|bus.startTracing().delivered(Tap.self)|
clean|bus.startTracing().records(of: Tap.self)|
clean|RecordingConsumer(willConsume: [Tap.self]).received(Tap.self)|
clean|RecordingConsumer(willConsume: [Tap.self]).received|
clean|bus.stickyEvent(Tap.self) as Any|
clean|bus.removeStickyEvents(Tap.self)|
clean|bus.maximumQueuedDispatches + bus.maximumWaitingPosts|
clean|EventBus()|
clean|EventBus.Problem.Kind.dispatchRejected|
clean|EventBus.Problem.Kind.postRejected|
clean|EventBus(maximumEventsPerDrain: 9)|
clean|EventBus(maximumQueuedDispatches: 5, maximumEventsPerDrain: 9, reentrancy: .reject, maximumWaitingPosts: 7)|
CALLS

# Every deprecated declaration of the *+DeprecatedSpellings.swift files was warned about above.
missing=$(python3 - "$warned" Sources/EventBusKit/*+DeprecatedSpellings.swift <<'PY'
import re, sys
from collections import Counter
# How many calls above warned about each name (two types may deprecate the same name: each
# needs a call of its own). A function used as a value is warned about by its base name.
warned = Counter(open(sys.argv[1]).read().split())
declared = Counter()
missing = []
for path in sys.argv[2:]:
    text = open(path).read()
    for match in re.finditer(r"@available\([^)]*deprecated.*?\n\s*(?:@\w+\s*\n\s*)*public\s+(?:convenience\s+|static\s+)?(func|var|init)\s*(\w*)\s*(?:<[^>]*>)?\s*(\([^{]*?\))?\s*(?:->|\{|:)", text, re.S):
        kind, name, params = match.group(1), match.group(2), match.group(3) or ""
        if kind == "var":
            full = name
        else:
            parts, depth, part = [], 0, ""
            for ch in params.strip()[1:-1]:
                depth += ch in "(<[" and 1 or (ch in ")>]" and -1 or 0)
                if ch == "," and depth == 0:
                    parts.append(part)
                    part = ""
                else:
                    part += ch
            parts.append(part)
            labels = [p.strip().split()[0].split(":")[0] for p in parts if p.strip()]
            full = ("init" if kind == "init" else name) + "(" + "".join(l + ":" for l in labels) + ")"
        if kind == "func" and full not in warned and len(labels) == 1:
            full = name  # used as a function value
        declared[full] += 1
        if declared[full] > warned[full]:
            missing.append(f"{path}: {full}")
print("\n".join(missing))
PY
)
if [ -n "$missing" ]; then
    echo "listening-spellings: deprecated declarations no call above exercises:" >&2
    echo "$missing" >&2
    status=1
fi

# Streams and waits of a category: a protocol that refines SendableEvent; not a composition.
while IFS='|' read -r expect call text; do
    check "$expect" "$call" "$text"
done <<'CALLS'
clean|bus.events(of: Conforming<any SendableTracked>.self)|
clean|try await bus.next(Conforming<any SendableTracked>.self)|
error|bus.events(of: Conforming<any Tracked & Sendable>.self)|must refine SendableEvent
error|try await bus.next(Conforming<any Tracked & Sendable>.self)|
error|bus.events(of: AllEvent.self)|does not conform to the 'Sendable' protocol
CALLS

[ "$status" = 0 ] &&
    echo "listening-spellings: $checked calls: 0.2.0's spellings deprecated (or rejected) naming their new spelling, each in CHANGELOG; every deprecation exercised; no stream of a composition with Sendable"
exit "$status"
