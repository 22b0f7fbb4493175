#!/usr/bin/env bash
# Checks that code using SwiftEventBus's `DidConsumeEvent` names compiles against EventBusKit
# in the Swift 5 language mode, that each name warns with a fix-it to its new name, and that
# nothing else warns (every other warning is an error here).
# Usage: bash Scripts/migration-fixits.sh [scratch-path]   (default .build; builds EventBusKit)
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/outside-client.sh "${1:-}"

cat > "$work/Migrated.swift" <<'SWIFT'
import EventBusKit
import Foundation

final class Logger: NSObject, EventConsumer {
    var willConsume: [Event.Type] { return [DidConsumeEvent.self] }
    func consume(_ event: Event) {
        guard let did = event as? DidConsumeEvent else { return }
        print("\(did.sourceConsumer) consumed \(did.sourceEvent)")
    }
}

func announcement(of consumer: EventConsumer, consuming event: Event) -> DidConsumeEvent {
    return DidConsumeEvent(sourceConsumer: consumer, sourceEvent: event)
}
SWIFT

# -Wwarning after -warnings-as-errors: deprecations stay warnings, anything else fails.
swiftc -typecheck -swift-version 5 -warnings-as-errors -Wwarning DeprecatedDeclaration \
    "${client_flags[@]}" \
    "$work/Migrated.swift" > "$work/out.txt" 2>&1 || {
    cat "$work/out.txt"
    echo "migration-fixits: the SwiftEventBus-style code did not compile" >&2
    exit 1
}
status=0
for fixit in "use 'consumer' instead" "use 'event' instead" "use 'init(consumer:event:)' instead"; do
    if ! grep -qF "note: $fixit" "$work/out.txt"; then
        echo "migration-fixits: missing fix-it: $fixit" >&2
        status=1
    fi
done
warnings=$(grep -c "^$work/Migrated.swift:[0-9]*:[0-9]*: warning:" "$work/out.txt" || true)
if [ "$warnings" != 3 ]; then
    cat "$work/out.txt"
    echo "migration-fixits: expected 3 deprecation warnings, got $warnings" >&2
    status=1
fi
[ "$status" = 0 ] && echo "migration-fixits: 3 deprecations, each with its rename fix-it; no other warning"
exit "$status"
