#!/usr/bin/env bash
# The second README command (and what CI runs): installs what is missing, builds, and runs
# every test.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
swift build
swift test
