#!/usr/bin/env bash
# Checks CONTRACT §11.6: each call people bring from other buses (greenrobot, Guava, otto,
# Foundation) fails to compile, and the compiler's message names the EventBusKit call to use.
# Usage: bash Scripts/other-bus-names.sh [scratch-path]   (default .build; builds EventBusKit)
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/outside-client.sh "${1:-}"
status=0
# Each line: the call, then the text its error must contain.
while IFS='|' read -r call expected; do
    cat > "$work/Call.swift" <<SWIFT
import EventBusKit
struct Tap: StickyEvent {}
final class Screen: EventConsumer {
    var willConsume: [any Event.Type] { [Tap.self] }
    func consume(_ event: any Event) {}
}
func use(_ bus: EventBus, _ screen: Screen) {
    _ = $call
}
SWIFT
    if swiftc -typecheck -swift-version 6 "${client_flags[@]}" \
        "$work/Call.swift" > "$work/out.txt" 2>&1; then
        echo "other-bus-names: \`$call\` compiled; it must not" >&2
        status=1
    elif ! grep -F "error:" "$work/out.txt" | grep -qF "$expected"; then
        cat "$work/out.txt" >&2
        echo "other-bus-names: the error for \`$call\` does not name $expected" >&2
        status=1
    fi
done <<'CALLS'
bus.post(Tap())|dispatch(_:)
bus.postSticky(Tap())|StickyEvent and dispatch(_:)
bus.unregister(screen)|deregister(_:)
bus.getStickyEvent(Tap.self)|stickyEvent(_:)
bus.removeStickyEvent(Tap.self)|removeStickyEvents(_:)
bus.removeAllStickyEvents()|removeStickyEvents((any StickyEvent).self)
bus.cancelEventDelivery(Tap())|cancelDelivery()
bus.hasSubscriberForEvent(Tap.self)|hasRecipients(for:)
CALLS
[ "$status" = 0 ] && echo "other-bus-names: 8 names from other buses fail to compile, each naming its EventBusKit call"
exit "$status"
