#!/usr/bin/env bash
# Counts EventBusKit's public declarations by kind (types, initializers, methods, properties,
# enum cases, ...) and availability (available / deprecated / unavailable), from the symbol
# graph and the module interface the compiler writes for the library; lists the top-level
# names, every deprecated or unavailable declaration, and the listening functions (EventBus's
# subscribe, register, registerWeakly, events, next and observe that are not deprecated).
# It prints; it checks nothing. Usage: bash Scripts/count-surface.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/surface-build.sh
python3 Scripts/surface.py count "$graphs" "$interface"
