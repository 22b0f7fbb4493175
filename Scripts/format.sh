#!/usr/bin/env bash
# Formats every Swift file in place with the repo's .swift-format, then lints.
set -euo pipefail
cd "$(dirname "$0")/.."
swift format format --in-place --recursive --configuration .swift-format Package.swift Sources Tests Examples $( [ -d Benchmarks ] && echo Benchmarks )
swift format lint --strict --recursive --configuration .swift-format Package.swift Sources Tests Examples $( [ -d Benchmarks ] && echo Benchmarks )
