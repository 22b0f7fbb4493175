#!/usr/bin/env bash
# Sourced by count-surface.sh and check-name-collisions.sh: builds EventBusKit in .build-surface
# with its symbol graph and its module interface, and sets
#   graphs     the symbol graph folder (every public declaration the package wrote, with its
#              availability; the compiler leaves out those unavailable everywhere),
#   interface  the module interface (every public declaration, those included),
#   client_flags  the swiftc flags that find the module, and `work`, a scratch folder removed
#              on exit.
# The module interface is printed from a build without library evolution: the compiler warns
# that only library evolution supports interfaces (this build is not shipped; its log, in
# .build-surface/build.log, is printed only if it fails); the interface still lists every public
# declaration.
scratch=.build-surface
graphs=$scratch/symbol-graphs
mkdir -p "$graphs"
if ! swift build --target EventBusKit --scratch-path "$scratch" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
    -Xswiftc -emit-module-interface > "$scratch/build.log" 2>&1; then
    cat "$scratch/build.log" >&2
    echo "the build of EventBusKit for its symbol graph and interface failed" >&2
    exit 1
fi
bin="$(swift build --scratch-path "$scratch" --show-bin-path)"
# Beside the object files (the driver's choice; not the .private or .package interface).
interface=$(find "$bin" -name EventBusKit.swiftinterface | head -1)
test -n "$interface" || { echo "the build wrote no EventBusKit.swiftinterface under $bin" >&2; exit 1; }
client_flags=(-I "$bin/Modules" -Xcc -fmodule-map-file="$bin/CEventBusAtomics.build/module.modulemap")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
