#!/usr/bin/env bash
# Builds the DocC catalog without the docc plugin into a static website, and fails on any
# documentation warning, on any analyzer note, and on any line of a compiled code block of the
# article "Using EventBusKit in an app" that Tests/AppGuideTests does not contain (but for the
# tests' import of the reader's app).
#
# Read the result:  python3 -m http.server --bind 127.0.0.1 --directory .build-docs/site 8000
# then open         http://127.0.0.1:8000/EventBusKit/documentation/eventbuskit/
# The site is built for the base path /EventBusKit (a project site such as GitHub Pages).
set -euo pipefail
cd "$(dirname "$0")/.."
catalog=Sources/EventBusKit/EventBusKit.docc
out=.build-docs
graphs=$out/symbol-graphs
site=$out/site
mkdir -p "$graphs"

swift build --target EventBusKit --scratch-path "$out" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs"

rm -rf "$site"
mkdir -p "$site"
docc convert "$catalog" \
    --additional-symbol-graph-dir "$graphs" \
    --output-path "$site/EventBusKit" \
    --transform-for-static-hosting --hosting-base-path EventBusKit \
    --analyze --warnings-as-errors 2>&1 | tee "$out/docc.log"
# `--warnings-as-errors` fails on warnings; the analyzer's notes only print, so count them.
if grep -qE '^(note|warning|error):' "$out/docc.log"; then
    echo "docs: docc reported notes or warnings (above); fix them" >&2
    exit 1
fi
# The site's root sends a reader to the package's page.
cat > "$site/index.html" <<'HTML'
<!doctype html>
<meta charset="utf-8">
<title>EventBusKit</title>
<meta http-equiv="refresh" content="0; url=EventBusKit/documentation/eventbuskit/">
<a href="EventBusKit/documentation/eventbuskit/">EventBusKit documentation</a>
HTML

# Every line of the article's code blocks, except those after a "**SwiftUI**" marker (they need
# an Apple SDK), must be a line of Tests/AppGuideTests (leading and trailing spaces ignored) —
# but for the tests' `@testable import` of the reader's app: that target holds the app's code.
awk '
    function trim(s) { gsub(/^[ \t]+|[ \t]+$/, "", s); return s }
    FNR == NR { have[trim($0)] = 1; next }
    state == "" && /^\*\*SwiftUI\*\*/ { marked = 1 }
    /^```swift/ { state = marked ? "skip" : "check"; marked = 0; next }
    /^```/ { state = ""; next }
    state == "check" && trim($0) != "" && trim($0) !~ /^@testable import / && !(trim($0) in have) {
        printf "%s:%d: not in Tests/AppGuideTests: %s\n", FILENAME, FNR, $0; missing = 1
    }
    END { exit missing }
' <(cat Tests/AppGuideTests/*.swift) "$catalog/UsingEventBusKitInAnApp.md"

echo "docs: built $site (0 notes); serve it with"
echo "  python3 -m http.server --bind 127.0.0.1 --directory $site 8000"
echo "and open http://127.0.0.1:8000/EventBusKit/documentation/eventbuskit/"
