#!/usr/bin/env bash
# Checks CONTRACT §19.5: every install pin of EventBusKit in the docs — a `.package(url: "…
# EventBusKit…", from: "x.y.z")` (or `exact:`, `.upToNextMinor(from:)`, …) in README.md,
# CONTRIBUTING.md, the DocC articles or a `///` comment — names the newest released version,
# the first `## [x.y.z]` heading of CHANGELOG.md (`## [Unreleased]` is not a release), so a
# reader who copies it gets the API the page shows. README must have one.
# Usage: bash Scripts/check-install-pin.sh
set -euo pipefail
cd "$(dirname "$0")/.."
python3 - README.md CONTRIBUTING.md \
    $(find Sources Examples -name '*.md' -o -name '*.swift' | sort) <<'PY'
import re, sys

released = re.search(r"^## \[(\d+\.\d+\.\d+)\]", open("CHANGELOG.md").read(), re.M)
if not released:
    sys.exit("install-pin: CHANGELOG.md has no released `## [x.y.z]` heading")
newest = released.group(1)
pins, wrong = [], []
for path in sys.argv[1:]:
    text = open(path).read()
    for start in (m.start() for m in re.finditer(r"\.package\(", text)):
        depth, end = 0, start
        for end in range(start + len(".package"), len(text)):
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            if depth == 0:
                break
        call = text[start:end + 1]
        if not re.search(r'url:\s*"[^"]*EventBusKit', call):
            continue
        line = text.count("\n", 0, start) + 1
        versions = re.findall(r'"(\d+\.\d+\.\d+)"', call)
        if not versions:
            wrong.append(f"{path}:{line}: a pin with no version: {' '.join(call.split())}")
        for version in versions:
            pins.append(path)
            if version != newest:
                wrong.append(f"{path}:{line}: pins {version}; the newest release is {newest}")
if "README.md" not in pins:
    wrong.append("README.md: no install pin (`.package(url: …EventBusKit…, from: \"x.y.z\")`)")
if wrong:
    print("\n".join(wrong), file=sys.stderr)
    sys.exit("install-pin: a pin differs from CHANGELOG.md's newest release heading")
print(f"install-pin: {len(pins)} pins ({', '.join(sorted(set(pins)))}) name {newest}, "
      "CHANGELOG.md's newest release")
PY
