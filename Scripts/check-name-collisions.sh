#!/usr/bin/env bash
# Checks CONTRACT §19.1: no public top-level name of EventBusKit that is not deprecated is also a
# public name of Combine, SwiftUI, Observation or Foundation, so an app's file that imports them
# and EventBusKit can use each name unqualified (`var tokens: Set<Subscription>` was ambiguous
# beside `import SwiftUI`, which re-exports Combine's `Subscription`).
#
# It generates a client from the library's public top-level declarations (the module
# interface, so names starting with `_` too; deprecated and unavailable ones left out) that
# names each one unqualified, in a type lookup (`extension Name {}`) and, for a type that is
# not generic, in an expression (`_ = Name.self`), and type-checks it beside `import
# Foundation`, `import Observation`, `import Combine` and `import SwiftUI`:
# - on Linux, Foundation and Observation are the toolchain's own; Combine and SwiftUI, which
#   only Apple's SDKs have, are stand-in modules built from the lists of their public names in
#   Scripts/apple-framework-names (each file says where its names come from), the SwiftUI
#   stand-in re-exporting the Combine one (`@_exported import Combine`) as SwiftUI does;
# - with `--apple` (the macOS job of .github/workflows/ci.yml), the SDK's real frameworks.
# A name two modules declare fails the type check ("'Name' is ambiguous for type lookup").
# Usage: bash Scripts/check-name-collisions.sh [--apple]
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/surface-build.sh
python3 Scripts/surface.py client "$graphs" "$interface" > "$work/Client.swift"
flags=("${client_flags[@]}")
if [ "${1:-}" = --apple ]; then
    frameworks="the SDK's Foundation, Observation, Combine and SwiftUI"
else
    frameworks="Foundation and Observation, and Combine and SwiftUI stand-ins from Scripts/apple-framework-names"
    mkdir -p "$work/stand-ins"
    python3 Scripts/surface.py stand-in Scripts/apple-framework-names/Combine.txt > "$work/Combine.swift"
    python3 Scripts/surface.py stand-in Scripts/apple-framework-names/SwiftUI.txt Combine > "$work/SwiftUI.swift"
    # The stand-ins declare macros with no implementation (never expanded): that warning is off.
    swiftc -emit-module -parse-as-library -suppress-warnings -module-name Combine \
        -o "$work/stand-ins/Combine.swiftmodule" "$work/Combine.swift"
    swiftc -emit-module -parse-as-library -suppress-warnings -module-name SwiftUI \
        -I "$work/stand-ins" -o "$work/stand-ins/SwiftUI.swiftmodule" "$work/SwiftUI.swift"
    flags+=(-I "$work/stand-ins")
fi
names=$(grep -c '^extension ' "$work/Client.swift")
if swiftc -typecheck -swift-version 6 "${flags[@]}" "$work/Client.swift" > "$work/out.txt" 2>&1 &&
    ! grep -q 'warning:' "$work/out.txt"; then
    echo "names: EventBusKit's $names public top-level names compile unqualified beside $frameworks"
    exit 0
fi
sed "s|$work/||g" "$work/out.txt" >&2
clashes=$(grep -o "'[^']*' is ambiguous" "$work/out.txt" | cut -d"'" -f2 | sort -u | paste -sd, - || true)
if [ -n "$clashes" ]; then
    echo "names: EventBusKit's $clashes: ambiguous beside $frameworks (each note above names a" \
        "module that declares it). Rename it, keeping the old name as a deprecated typealias" >&2
else
    echo "names: the generated client does not compile cleanly beside $frameworks (above)" >&2
fi
exit 1
