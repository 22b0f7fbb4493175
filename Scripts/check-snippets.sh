#!/usr/bin/env bash
# Compiles every Swift code block of the documentation: README.md, CONTRIBUTING.md,
# ARCHITECTURE.md (when present), the DocC articles, and the examples in the `///` comments of
# Sources/EventBusKit. Scripts/snippets.py writes them into a scratch package that depends on
# this one (.build-snippets/package, one target per page), with the fixtures of
# Scripts/snippet-prelude.swift that each page uses; a page's test blocks (`@Test`, `@Suite`,
# `import Testing`) go in a test target of their own, with only the imports they show (an
# import of the reader's app names the page's target). One `swift build --build-tests`
# compiles them all.
# Fails on any error, and on any warning except a wrapped block's unused local; the messages
# name the page and line of the block. Blocks marked `<!-- snippet: partial -->` or
# `<!-- snippet: apple-sdk -->` are skipped; `<!-- snippet: from PATH -->` blocks must be
# excerpts of PATH. CONTRIBUTING.md ("Code in the documentation") describes the markers.
set -euo pipefail
cd "$(dirname "$0")/.."
package=.build-snippets/package
mkdir -p "$package/Sources"
python3 Scripts/snippets.py extract . "$package"
# The EventBusKit build in .build-snippets is kept between runs; only the pages are compiled
# again. Touch them so their warnings are printed again even when they did not change.
touch "$package"/Sources/*/*.swift
status=0
if swift build --build-tests --package-path "$package" --scratch-path .build-snippets/build \
    > .build-snippets/build.log 2>&1; then
    python3 Scripts/snippets.py judge . .build-snippets/build.log || status=1
else
    status=1
    # The build stops at the first page that fails: build each page alone to list them all.
    for target in "$package"/Sources/*/; do
        target=$(basename "$target")
        built=0
        touch "$package/Sources/$target"/*.swift  # compiled again, so its warnings print again
        swift build --package-path "$package" --scratch-path .build-snippets/build \
            --target "$target" > ".build-snippets/$target.log" 2>&1 || built=$?
        if ! python3 Scripts/snippets.py judge . ".build-snippets/$target.log"; then
            echo "  (in $target)"
        elif [ "$built" -ne 0 ]; then
            tail -n 20 ".build-snippets/$target.log"
        fi
    done
fi
if [ "$status" -ne 0 ]; then
    echo "snippets: a documentation code block does not compile cleanly (above)" >&2
    exit 1
fi
echo "snippets: every compiled block builds without warnings"
