#!/usr/bin/env bash
# Sourced by the scripts that compile an app's code against EventBusKit from outside the package
# (migration-fixits.sh, other-bus-names.sh, listening-spellings.sh): builds the library with
# warnings as errors in the scratch path `$1` (default .build), then sets `client_flags`, the
# swiftc flags that find its module, and `work`, a scratch folder removed on exit.
scratch=${1:-.build}
swift build --target EventBusKit --scratch-path "$scratch" -Xswiftc -warnings-as-errors
bin="$(swift build --scratch-path "$scratch" --show-bin-path)"
# EventBusKit imports its C target: hand the client its module map, as SwiftPM would.
client_flags=(-I "$bin/Modules" -Xcc -fmodule-map-file="$bin/CEventBusAtomics.build/module.modulemap")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
