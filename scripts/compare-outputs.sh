#!/usr/bin/env bash
# Byte-for-byte comparison of two builds of report-batch on the demo: every command a user
# runs (demo, families, check, report, each export with filters and sorts, run of a job with
# its lists and e-mails written as .eml, import), on SQLite and, with PG=1, on a PostgreSQL
# server this script starts as the postgres user and stops by its pid. For a refactor: the
# outputs of the commit before and after must be the same files, the same stdout and stderr,
# the same exit codes.
#
#   scripts/compare-outputs.sh OLD_BINARY NEW_BINARY
#
# Prints one line per command and "identical" or the differing files; exits 1 on a difference.
# Only the summary's "Duration" line (the measured time of the run) is set aside. A change
# meant to change an output names its cases in EXPECTED_DIFFERENT (space-separated, e.g.
# "sqlite-run-preset-and-from pg-run-preset-and-from"): they are shown, and not counted.
#
# PDF_CONTENT=1 compares each pdf by its content rather than its bytes, for a change to how
# the pdfs are written that keeps what they hold (page streams deflated by libdeflate instead
# of zlib, BENCHMARKS.md "One deflate a stream"): a pdf is replaced by its objects as
# `qpdf --qdf` writes them, streams uncompressed and in one order, less the trailer's /ID; a
# manifest's bytes and sha256 of a pdf or of an e-mail, and an .eml file's pdf attachment, are
# set aside (its other parts still count).
set -euo pipefail
[ $# = 2 ] || { echo "usage: scripts/compare-outputs.sh OLD_BINARY NEW_BINARY" >&2; exit 64; }
old=$(realpath "$1"); new=$(realpath "$2")
cd "$(dirname "$0")/.."
repo=$(pwd)
scratch=$(mktemp -d -p "${TMPDIR:-/tmp}" report-batch-compare.XXXXXX)
chmod 755 "$scratch"
pg_pid=""
cleanup() {
  if [ -n "$pg_pid" ]; then kill -INT "$pg_pid" 2>/dev/null || true; while kill -0 "$pg_pid" 2>/dev/null; do sleep 0.1; done; fi
  rm -rf "$scratch"
}
trap cleanup EXIT
now=2026-11-23T12:00:00Z
today=2026-11-22

# PDF_CONTENT=1: each pdf under $1 as its content (see the header), manifests and e-mails
# without what depends on a pdf's bytes.
pdf_content() {
  local pdf
  while IFS= read -r -d '' pdf; do
    # qpdf exits 0, or 3 after warnings; any other status marks the file, which then differs.
    local status=0
    qpdf --qdf --object-streams=disable --stream-data=uncompress "$pdf" "$pdf.qdf" 2>"$pdf.qpdf-errors" || status=$?
    if [ "$status" = 0 ] || [ "$status" = 3 ]; then
      grep -av '^  /ID \[' "$pdf.qdf" >"$pdf.content"
    else
      echo "qpdf failed ($status) on $(basename "$pdf"): $(head -1 "$pdf.qpdf-errors")" >"$pdf.content"
      cat "$pdf" >>"$pdf.content"
    fi
    rm -f "$pdf" "$pdf.qdf" "$pdf.qpdf-errors"
  done < <(find "$1" -name '*.pdf' -print0)
  find "$1" \( -name 'manifest.json' -o -name '*.eml' \) -print0 | xargs -0 -r python3 -c '
import json, re, sys
for path in sys.argv[1:]:
    text = open(path, encoding="utf-8", errors="replace").read()
    if path.endswith(".json"):
        document = json.loads(text)
        for entry in document.get("files", []):
            if entry.get("name", "").endswith((".pdf", ".eml")):
                entry.pop("bytes", None); entry.pop("sha256", None)
        text = json.dumps(document, indent=1, sort_keys=True)
    else:  # a MIME part of a pdf: its base64 body (up to the next boundary) set aside
        text = re.sub(r"(Content-Type: application/pdf.*?\r?\n\r?\n)[A-Za-z0-9+/=\r\n]+", r"\1(pdf)\n", text, flags=re.S)
    open(path, "w", encoding="utf-8").write(text)
'
}

# One command, run by both binaries in folders of their own: $1 names the case, the rest is
# the command line with @OUT@ for the folder it writes into and @DB@ for the database.
compare() {
  local name=$1; shift
  for side in old new; do
    local bin=$old; [ $side = new ] && bin=$new
    local out="$scratch/$side/$name"
    mkdir -p "$out/files"
    local args=()
    for a in "$@"; do a=${a//@OUT@/$out/files}; a=${a//@DB@/$db}; args+=("$a"); done
    set +e
    (cd "$out/files" && "$bin" "${args[@]}" >"$out/stdout" 2>"$out/stderr")
    echo $? >"$out/exit"
    set -e
    sed -i "s#$out/files#OUT#g; /^Duration/d" "$out/stdout" "$out/stderr"
    find "$out/files" -name 'summary.*' -exec sed -i "s#$out/files#OUT#g; /Duration/d" {} +
    [ "${PDF_CONTENT:-0}" = 1 ] && pdf_content "$out/files"
  done
  if diff -r "$scratch/old/$name" "$scratch/new/$name" >"$scratch/diff" 2>&1; then
    printf '%-28s identical (%s files, exit %s)\n' "$name" "$(find "$scratch/new/$name/files" -type f | wc -l)" "$(cat "$scratch/new/$name/exit")"
  else
    if [[ " ${EXPECTED_DIFFERENT:-} " == *" $name "* ]]; then
      printf '%-28s different, as expected\n' "$name"; head -20 "$scratch/diff"
    else
      printf '%-28s DIFFERENT\n' "$name"; head -20 "$scratch/diff"; differences=1
    fi
  fi
}

job="$scratch/job.yaml"
cat >"$job" <<'YAML'
database: unused.db
families: all
bad_rows: skip
range:
  preset: previous-week
output:
  root: out
  folder: "{family_slug}/{to}"
outputs:
  - report:
    formats: [pdf, xlsx, csv, json]
  - export: schools
    formats: [pdf, csv]
    sort: name
  - export: coaches
    formats: [xlsx, csv, pdf]
    sort: last-contacted
    filters: {role: head}
  - export: interactions
    formats: [xlsx, csv, pdf]
    range: job
  - export: schools
    name: interested
    formats: [csv]
    filters: {status: [researching, contacted], division: D1, fit-min: 40}
deliver:
  email:
    from: "The Recruiting Compass <reports@example.com>"
    to: members
    attach: [report.pdf]
    via: none
YAML

# A job whose filters are wrong: the messages name the job's keys, not the options.
badjob="$scratch/bad-job.yaml"
sed 's/fit-min: 40/fit-min: 120/' "$job" >"$badjob"
badjob2="$scratch/bad-job2.yaml"
sed 's/role: head/role: janitor/' "$job" >"$badjob2"
badjob3="$scratch/bad-job3.yaml"
sed 's/division: D1, fit-min: 40/state: Texas/' "$job" >"$badjob3"
badjob4="$scratch/bad-job4.yaml"
sed 's/    range: job/    range: job\n    filters: {days: 7}/' "$job" >"$badjob4"
badjob5="$scratch/bad-job5.yaml"
sed 's/  preset: previous-week/  preset: previous-week\n  from: 2026-01-01/' "$job" >"$badjob5"

suite() {
  local tag=$1
  compare "$tag-families" families --db @DB@
  compare "$tag-check" check --db @DB@
  family=$("$new" families --db "$db" --format csv 2>/dev/null | sed -n 2p | cut -d, -f1 || true)
  [ -n "$family" ] || family=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select id from family_units order by id limit 1').fetchone()[0])" "$scratch/demo.db")
  compare "$tag-report" report --db @DB@ --family "$family" --now $now --today $today --out @OUT@
  compare "$tag-report-json-stdout" report --db @DB@ --family "$family" --now $now --today $today --format json --out -
  compare "$tag-coaches" export coaches --db @DB@ --family "$family" --now $now --sort name --format csv,xlsx,pdf --out @OUT@
  compare "$tag-coaches-filtered" export coaches --db @DB@ --family "$family" --now $now --role head --responsiveness high --last-contact-days 30 --format csv --out @OUT@
  compare "$tag-schools" export schools --db @DB@ --family "$family" --now $now --format csv,xlsx,pdf --out @OUT@
  compare "$tag-schools-filtered" export schools --db @DB@ --family "$family" --now $now --status researching --status contacted --division D1 --fit-min 30 --fit-max 95 --state ma --tier A --sort name --format csv --out @OUT@
  compare "$tag-interactions" export interactions --db @DB@ --family "$family" --now $now --format csv,xlsx,pdf --out @OUT@
  compare "$tag-interactions-filtered" export interactions --db @DB@ --family "$family" --now $now --type email --direction inbound --preset last-90-days --format csv --out @OUT@
  compare "$tag-bad-filter" export schools --db @DB@ --family "$family" --now $now --fit-min 120 --format csv --out @OUT@
  compare "$tag-run" run "$job" --db @DB@ --out @OUT@/weekly --now $now --workers 1
  compare "$tag-run-bad-filter" run "$badjob" --db @DB@ --out @OUT@/weekly --now $now --workers 1
  compare "$tag-run-bad-role" run "$badjob2" --db @DB@ --out @OUT@/weekly --now $now --workers 1
  compare "$tag-run-bad-state" run "$badjob3" --db @DB@ --out @OUT@/weekly --now $now --workers 1
  compare "$tag-run-days-and-range" run "$badjob4" --db @DB@ --out @OUT@/weekly --now $now --workers 1
  compare "$tag-run-preset-and-from" run "$badjob5" --db @DB@ --out @OUT@/weekly --now $now --workers 1
  compare "$tag-bad-state" export schools --db @DB@ --family "$family" --now $now --state Texas --format csv --out @OUT@
  compare "$tag-days-and-preset" export interactions --db @DB@ --family "$family" --now $now --days 7 --preset last-30-days --format csv --out @OUT@
  compare "$tag-run-shipped" run "$repo/weekly.yaml" --db @DB@ --out @OUT@/weekly --now $now --workers 1
}

differences=0
"$old" demo --out "$scratch/demo.db" --families 6 --today $today --quiet
db="$scratch/demo.db"
compare demo demo --out @OUT@/demo.db --families 6 --today $today
for command in run summarize report "export coaches" "export schools" "export interactions" demo families check import; do
  # shellcheck disable=SC2086
  compare "help-${command// /-}" $command --help
done
suite sqlite

if [ "${PG:-0}" = 1 ]; then
  pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
  [ "$(id -u)" = 0 ] && chown postgres "$scratch"
  as_pg "$pg_bin/initdb" -D "$scratch/pg" -U postgres --auth=trust -E UTF8 --locale=C >/dev/null
  port=$(python3 -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
  as_pg "$pg_bin/pg_ctl" -D "$scratch/pg" -o "-p $port -k $scratch -c listen_addresses=127.0.0.1 -c fsync=off" \
    -l "$scratch/pg.log" -w start >/dev/null
  pg_pid=$(head -1 "$scratch/pg/postmaster.pid")
  psql -X -q -h 127.0.0.1 -p "$port" -U postgres -d postgres -c "CREATE DATABASE demo"
  db="postgresql://postgres@127.0.0.1:$port/demo"
  "$old" demo --out "$db" --families 6 --today $today --quiet
  compare pg-import import @DB@ --out @OUT@/snapshot.db
  suite pg
fi
[ $differences = 0 ] && echo "every output identical" || { echo "outputs differ" >&2; exit 1; }
