#!/usr/bin/env bash
# A fast run for a contributor (docs/internals.md, "Tests"): the unit test targets without the
# end-to-end and PostgreSQL targets and without any test tagged as needing a server or a reader
# (Tests/TestSupport/Tags.swift). Assumes scripts/install-deps.sh has run once; `scripts/test.sh`
# is the whole suite, and what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."

skip=$(python3 scripts/tagged-tests.py postgres smtp chromium libreOffice pythonReader httpServer)
swift build --build-tests
exec swift test --skip-build --skip "^(EndToEndTests|PostgresTests)[.]|$skip" "$@"
