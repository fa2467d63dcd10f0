#!/usr/bin/env bash
# The first README command: installs what is missing, builds report-batch, makes the demo
# database and runs the main job (weekly.yaml) on it, then says where the files are.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
echo "==> building report-batch (release)" >&2
swift build -c release --product report-batch 2>&1 | grep -v "^\[" >&2 || true
bin="$(swift build -c release --show-bin-path)/report-batch"
[ -x "$bin" ] || { echo "quickstart: the build did not produce $bin" >&2; exit 1; }

mkdir -p out
echo "==> making the demo database out/demo.db" >&2
"$bin" demo --out out/demo.db

echo "==> checking every row" >&2
"$bin" check --db out/demo.db

echo "==> running the weekly job (weekly.yaml) for every family" >&2
status=0
"$bin" run weekly.yaml --db out/demo.db --out out/weekly || status=$?

echo >&2
echo "report-batch is at $bin" >&2
echo "the demo database is out/demo.db; the weekly files are under out/weekly/ (one folder per family," >&2
echo "each with a manifest.json), with the summary in out/weekly/summary.txt and summary.html" >&2
exit "$status"
