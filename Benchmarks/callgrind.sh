#!/usr/bin/env bash
# Noise-free instruction counts per unit (a delivery, or a register/deregister operation),
# from valgrind's callgrind.
#
#   Benchmarks/callgrind.sh [--annotate] [--portable] [CASE-ID ...]   (ids: eventbus-benchmarks --list)
#
# Each case runs twice under callgrind, with 1,000 and 11,000 iterations of its loop (same
# set-up, same warm-up); the difference in instructions, divided by the extra units, is the
# cost of one unit with the set-up cancelled out. A case with more than 100 units per
# iteration (the many-types scenarios at 50 × 10 or 50 × 100) runs proportionally fewer
# iterations, so that every case adds about the same number of units.
# Swift's hashing runs with a fixed seed (SWIFT_DETERMINISTIC_HASHING), so the dictionary-based
# competitors count the same from run to run.
# --annotate also prints where each unit's instructions go: the inclusive instructions per unit
# of the top functions, from the difference between the two runs. --portable builds with -D EVENTBUSKIT_PORTABLE (the language-guaranteed
# fallbacks of the ABI-dependent tricks; default scratch path .build-portable). SCRATCH_PATH picks
# the build directory (default .build).
set -euo pipefail
cd "$(dirname "$0")/.."
annotate=0
flags=()
scratch=${SCRATCH_PATH:-.build}
while [[ "${1:-}" == --* ]]; do
    case "$1" in
    --annotate) annotate=1 ;;
    --portable) flags=(-Xswiftc -DEVENTBUSKIT_PORTABLE) scratch=${SCRATCH_PATH:-.build-portable} ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
ids=("$@")
if [[ ${#ids[@]} -eq 0 ]]; then
    # The replay-N rows are left out: an iteration replays N values (about 350,000
    # instructions at N = 50), so each takes about a minute; name them to count them.
    ids=(fanout-1/direct fanout-1/eventbuskit-register fanout-1/eventbuskit-subscribe
        fanout-10/direct fanout-10/eventbuskit-register fanout-10/eventbuskit-subscribe
        fanout-100/direct fanout-100/eventbuskit-register fanout-100/eventbuskit-subscribe
        fanout-10/typekeyeddictionary fanout-10/notificationcenter
        one-of-10000/eventbuskit-register-1-of-50 one-of-10000/eventbuskit-register-1-of-10050
        types-e1-n1-class/eventbuskit-register types-e1-n1-class/eventbuskit-subscribe
        types-e50-n1-class/direct types-e50-n1-class/eventbuskit-register
        types-e50-n1-class/eventbuskit-subscribe types-e50-n1-struct/direct
        types-e50-n1-struct/eventbuskit-register types-e50-n1-struct/eventbuskit-subscribe
        churn/eventbuskit-register-deregister churn/typekeyeddictionary-on-off
        churn/eventbuskit-subscribe-cancel churn/eventbuskit-subscribe-drop
        churn-10k-fifo/eventbuskit-subscribe-cancel churn-10k-fifo/eventbuskit-register-deregister
        churn-10k-spread/eventbuskit-subscribe-cancel
        churn-10k-spread/eventbuskit-register-deregister
        churn-class/eventbuskit-subscribe-cancel churn-category/eventbuskit-subscribe-cancel
        viewlife/typekeyeddictionary viewlife/eventbuskit
        come-and-go/asyncstream-and-its-continuation-made-and-finished
        come-and-go/eventbuskit-events-of-made-and-released
        come-and-go/eventbuskit-observe-made-and-released
        sticky-1/eventbuskit-register-plain sticky-1/eventbuskit-register
        sticky-10/eventbuskit-register-plain sticky-10/eventbuskit-register
        sticky-1/eventbuskit-register-class-plain sticky-1/eventbuskit-register-class
        sticky-10/eventbuskit-register-class-plain sticky-10/eventbuskit-register-class
        sticky-1/eventbuskit-register-string-plain sticky-1/eventbuskit-register-string
        priorities-10/eventbuskit-register-equal priorities-10/eventbuskit-register-mixed
        next/direct-a-continuation next/eventbuskit
        posting-single/asyncstream posting-single/eventbuskit-post-deliverposted)
fi
swift build -c release --scratch-path "$scratch" "${flags[@]}" --product eventbus-benchmarks >/dev/null
binary="$scratch/release/eventbus-benchmarks"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# instructions ID ITERATIONS -> total instructions of the run ("Collected" line)
instructions() {
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$out/$2.out" \
        "$binary" --callgrind "$1" --iterations "$2" 2>"$out/log" >"$out/stdout" || true
    grep -o 'Collected : [0-9]*' "$out/log" | grep -o '[0-9]*$' ||
        { echo "callgrind failed on $1 ($2 iterations):" >&2; tail -20 "$out/log" >&2; exit 1; }
}

# profile FILE -> one "instructions<TAB>function" line per function, inclusive
profile() {
    callgrind_annotate --inclusive=yes --threshold=100 --auto=no "$1" 2>/dev/null | awk '
        /^ *[0-9,]+ \(/ {
            count = $1; gsub(",", "", count)
            name = $0; sub(/^ *[0-9,]+ +\([^)]*\) +/, "", name); sub(/ \[[^]]*\]$/, "", name)
            print count "\t" name
        }'
}

# annotate_difference SMALL LARGE EXTRA-ITERATIONS UNITS: the inclusive instructions per unit
# of each function, from the difference between the two runs (set-up and warm-up cancel out),
# without the frames that only wrap the case's loop.
annotate_difference() {
    profile "$1" >"$out/small.tsv"
    profile "$2" >"$out/large.tsv"
    awk -F'\t' -v n="$3" -v u="$4" -v root="$PWD/" '
        NR == FNR { small[$2] = $1; next }
        {
            cost = ($1 - small[$2]) / (n * u)
            if ($2 == "PROGRAM TOTALS") { total = cost; next }
            name = $2; gsub(root, "", name)
            if (cost >= 1 && !(cost > total - 0.05 && name !~ /^Sources\//)) {
                printf "%10.1f  %s\n", cost, name
            }
        }
        END { printf "%10.1f  per unit in all\n", total }' "$out/small.tsv" "$out/large.tsv" |
        sort -rn | swift demangle --simplified | awk '!seen[$0]++ && ++shown <= 40' | cut -c1-200
}

printf '| case | instructions per unit | allocations per unit |\n|---|---:|---:|\n'
for id in "${ids[@]}"; do
    # Units per iteration, from a run without valgrind that does no timed iterations.
    units=$("$binary" --callgrind "$id" --iterations 0 | grep -o 'iterations of [0-9]*' |
        grep -o '[0-9]*$') || { echo "no case $id (see eventbus-benchmarks --list)" >&2; exit 2; }
    small=1000
    if [[ $units -gt 100 ]]; then small=$((100000 / units)); fi
    large=$((small * 11))
    # Heap allocations per unit, from a run without valgrind (its malloc counter).
    allocations=$("$binary" --callgrind "$id" --iterations $small |
        grep -o 'allocations per unit: [0-9.]*' | grep -o '[0-9.]*$') || allocations="n/a"
    small_total=$(instructions "$id" $small)
    large_total=$(instructions "$id" $large)
    awk -v id="$id" -v s="$small_total" -v l="$large_total" -v n="$((large - small))" -v u="$units" \
        -v a="$allocations" 'BEGIN { printf "| %s | %.1f | %s |\n", id, (l - s) / (n * u), a }'
    if [[ $annotate -eq 1 ]]; then
        annotate_difference "$out/$small.out" "$out/$large.out" "$((large - small))" "$units"
    fi
done
