#!/usr/bin/env bash
# The second README command (and what CI runs): installs what is missing, builds, and runs
# every test, the fuzz targets' regression corpus included.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
# Every import declared in Package.swift, every dependency a lower layer (docs/internals.md).
python3 scripts/check-layers.py
# The layout: swift format lint finds nothing but long lines holding a literal, and no line is
# over 120 characters without one (docs/internals.md, "Layout and format").
python3 scripts/check-format.py
# The fuzz targets' regression corpus (every committed input once), before the tests so
# that swift test's summary is the last line.
bash scripts/fuzz.sh regress
swift build
swift test
