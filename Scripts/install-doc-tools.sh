#!/usr/bin/env bash
# Installs what the documentation checks need, when it is missing: Debian's chromium and
# chromium-driver (apt-get, as root) and selenium (pip). Scripts/check-mermaid.py fetches
# mermaid.min.js itself (pip download of the artoo-mermaid wheel). CI runs this on a fresh
# machine; on yours, install the same by hand if you prefer.
set -euo pipefail
if ! command -v chromium > /dev/null || ! command -v chromedriver > /dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    # An install from stale lists fails: update them first when it does.
    apt-get install -y -qq chromium chromium-driver > /dev/null 2>&1 \
        || { apt-get update -qq && apt-get install -y -qq chromium chromium-driver > /dev/null; }
fi
python3 -c 'import selenium' 2> /dev/null || python3 -m pip install --quiet selenium
echo "doc tools: $(chromium --version 2> /dev/null | head -n 1), selenium $(python3 -c 'import selenium; print(selenium.__version__)')"
