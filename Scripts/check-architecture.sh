#!/usr/bin/env bash
# Keeps ARCHITECTURE.md true of the code: every backticked `Name.swift` is a file in
# Sources/EventBusKit, every backticked `name(` is a function declared there, and a backticked
# full selector (`name(label:label:)`, `init(_:)`) is one declared there with exactly those
# labels (Scripts/declared_selectors.py lists them), at least 12
# functions are named, the dispatch path names at most 6 files, and the files that use unsafe
# constructs are exactly the ones the "Unsafe code" table lists (at most 6).
set -euo pipefail
cd "$(dirname "$0")/.."
doc=ARCHITECTURE.md
src=Sources/EventBusKit
status=0
fail() { echo "check-architecture: $*" >&2; status=1; }

mapfile -t ticks < <(grep -o '`[^`]*`' "$doc" | tr -d '`' | sort -u)
declared=$(python3 Scripts/declared_selectors.py "$src")
functions=0
for tick in "${ticks[@]}"; do
    if [[ $tick =~ ^[A-Za-z0-9+_-]+\.swift$ ]]; then
        [[ -n $(find "$src" -name "$tick" -print -quit) ]] || fail "no file $tick in $src"
    elif [[ $tick != [.@]* && $tick =~ ([A-Za-z_][A-Za-z0-9_]*)\( ]]; then
        name=${BASH_REMATCH[1]}
        if [[ $tick =~ ^[A-Za-z_][A-Za-z0-9_]*\(([A-Za-z_]+:)+\)$ || $tick =~ ^[A-Za-z_][A-Za-z0-9_]*\(\)$ ]]; then
            grep -qxF "$tick" <<<"$declared" || fail "no declaration $tick in $src"
        fi
        [[ $name == init ]] && continue
        if grep -rqE "func $name[(<]" "$src"; then
            functions=$((functions + 1))
        else
            fail "no func $name in $src (named as \`$tick\`)"
        fi
    fi
done
[[ $functions -ge 12 ]] || fail "names $functions functions; at least 12 expected"

path_files=$(sed -n '/^## The dispatch path/,/^## /p' "$doc" | grep -o '`[A-Za-z0-9+_-]*\.swift`' | sort -u | wc -l)
[[ $path_files -le 6 ]] || fail "the dispatch path names $path_files files; at most 6"

listed=$(sed -n '/^## Unsafe code/,/^## /p' "$doc" | grep -oE '^\| `[A-Za-z0-9+_-]+\.swift`' | tr -d '|` ' | sort -u)
using=$(grep -rlE 'unsafeBitCast|Unmanaged|Unsafe[A-Za-z]*Pointer|_withUnsafeGuaranteedRef|unsafeAddress|@exclusivity\(unchecked\)' "$src" |
    xargs -n1 basename | sort -u)
[[ $(wc -l <<<"$listed") -le 6 ]] || fail "the Unsafe code table lists more than 6 files"
if [[ "$listed" != "$using" ]]; then
    fail "files using unsafe constructs differ from the Unsafe code table:"
    diff <(echo "$listed") <(echo "$using") >&2 || true
fi
[[ $status -eq 0 ]] && echo "check-architecture: ARCHITECTURE.md agrees with $src ($functions functions named, $path_files files on the dispatch path)"
exit $status
