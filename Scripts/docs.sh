#!/usr/bin/env bash
# Builds the DocC catalog without the docc plugin and fails on any documentation warning.
set -euo pipefail
cd "$(dirname "$0")/.."
graphs=.build-docs/symbol-graphs
mkdir -p "$graphs"
swift build --target EventBusKit --scratch-path .build-docs \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs"
docc convert Sources/EventBusKit/EventBusKit.docc \
    --fallback-display-name EventBusKit --fallback-bundle-identifier org.eventbuskit.EventBusKit \
    --additional-symbol-graph-dir "$graphs" \
    --output-path .build-docs/EventBusKit.doccarchive \
    --analyze --warnings-as-errors
echo "docs: built .build-docs/EventBusKit.doccarchive"
