#!/usr/bin/env bash
# User docs state rules and today's figures, never the project's history: how the engine got
# here belongs in commit messages. Fails, printing the lines, when the README, the CHANGELOG,
# Benchmarks/README.md or the DocC catalog name an issue, a commit, a replaced or old engine,
# an earlier build, or a scratch path under /tmp.
set -euo pipefail
cd "$(dirname "$0")/.."
words='issue[- ]?[0-9]|chosen rule|left open|commit `?[0-9a-f]{7}|replaced engine|engine this one replaced|old[- ]engine|engine rewrite|before the last clean-ups|/tmp/'
if grep -rniE "$words" README.md CHANGELOG.md Benchmarks/README.md Sources/EventBusKit/EventBusKit.docc; then
    echo "history: the lines above tell the project's history in user docs; state rules and today's figures" >&2
    exit 1
fi
echo "history: none in the user docs"
