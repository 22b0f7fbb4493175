#!/usr/bin/env bash
# Noise-free instruction counts per delivery, from valgrind's callgrind.
#
#   Benchmarks/callgrind.sh [--annotate] [CASE-ID ...]      (ids: eventbus-benchmarks --list)
#
# Each case runs twice under callgrind, with 1,000 and 11,000 iterations of its loop (same
# set-up, same warm-up); the difference in instructions, divided by the extra deliveries,
# is the cost of one delivery with the set-up cancelled out. --annotate also prints the
# inclusive profile of the larger run of each case (where the instructions go).
# SCRATCH_PATH picks the build directory (default .build).
set -euo pipefail
cd "$(dirname "$0")/.."
annotate=0
if [[ "${1:-}" == "--annotate" ]]; then annotate=1; shift; fi
ids=("$@")
if [[ ${#ids[@]} -eq 0 ]]; then
    ids=(fanout-1/direct fanout-1/eventbuskit-register fanout-1/eventbuskit-subscribe
        fanout-10/direct fanout-10/eventbuskit-register fanout-10/eventbuskit-subscribe
        fanout-100/direct fanout-100/eventbuskit-register fanout-100/eventbuskit-subscribe
        fanout-10/typekeyeddictionary fanout-10/notificationcenter)
fi
scratch=${SCRATCH_PATH:-.build}
swift build -c release --scratch-path "$scratch" --product eventbus-benchmarks >/dev/null
binary="$scratch/release/eventbus-benchmarks"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# instructions ID ITERATIONS -> total instructions of the run ("Collected" line)
instructions() {
    valgrind --tool=callgrind --callgrind-out-file="$out/$2.out" \
        "$binary" --callgrind "$1" --iterations "$2" 2>"$out/log" >"$out/stdout"
    grep -o 'Collected : [0-9]*' "$out/log" | grep -o '[0-9]*$'
}

printf '| case | instructions per delivery |\n|---|---:|\n'
for id in "${ids[@]}"; do
    small=$(instructions "$id" 1000)
    large=$(instructions "$id" 11000)
    units=$(grep -o 'iterations of [0-9]*' "$out/stdout" | grep -o '[0-9]*$')
    awk -v id="$id" -v s="$small" -v l="$large" -v u="$units" \
        'BEGIN { printf "| %s | %.1f |\n", id, (l - s) / (10000 * u) }'
    if [[ $annotate -eq 1 ]]; then
        callgrind_annotate --inclusive=yes "$out/11000.out" 2>/dev/null | head -40 | cut -c1-200
    fi
done
