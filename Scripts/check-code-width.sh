#!/usr/bin/env bash
# Every line of a code block in the DocC articles fits the rendered page's code box: 76
# characters at most (the box is 718 px wide; a line of 77 overflows it, and the reader scrolls).
# The rendered check (check-rendered-docs.py) measures the same in Chromium; this one runs in a
# second, without a browser, and names the file and line.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 - <<'PY'
import glob, sys
limit, bad = 76, 0
for path in sorted(glob.glob("Sources/EventBusKit/EventBusKit.docc/*.md")):
    inside = False
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        if line.lstrip().startswith("```"):
            inside = not inside
            continue
        text = line.rstrip("\n")
        if inside and len(text) > limit:
            print(f"{path}:{number}: a code line of {len(text)} characters (at most {limit}): {text}")
            bad += 1
sys.exit(1 if bad else 0)
PY
echo "check-code-width: every code line in the articles fits its box (76 characters)"
