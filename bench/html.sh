#!/usr/bin/env bash
# The html pages' cost beside the pdf's (docs/outputs.md, "html"), each case a whole process:
# a warm-up, then RUNS runs, printing medians of wall time, the process's CPU time (user +
# system), peak memory and the file's size. The report of the demo's Rivera family (40
# schools) and of the family with 1,000 schools, and that family's schools comparison; the
# same list as csv shows what reading the family costs.
# Usage: bash bench/html.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
command -v /usr/bin/time >/dev/null || { echo "bench: /usr/bin/time is missing (apt-get install time)" >&2; exit 1; }

swift build -c release --product report-batch >&2
bin="$(swift build -c release --show-bin-path)/report-batch"
mkdir -p bench/data
demo=bench/data/demo.db                      # the demo: Rivera 40 schools, 518 interactions
typical=bench/data/schools1000-typical.db   # 1,000 schools, about 13 interactions each (bench/pdf.sh's)
[ -f "$demo" ] || "$bin" demo --out "$demo" --today 2026-11-22 --quiet
[ -f "$typical" ] || "$bin" demo --out "$typical" --scale 25 --interaction-scale 1 --today 2026-11-22 --quiet

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
measure() {  # format command... -> "wall cpu MiB KB"
  local format=$1 results=()
  shift
  rm -rf "$out"/*; "$@" --format "$format" --out "$out" --now 2026-11-23T06:00:00Z --quiet >/dev/null
  for _ in $(seq "$runs"); do
    rm -rf "$out"/*
    results+=("$(/usr/bin/time -f "%e %U %S %M" "$@" --format "$format" --out "$out" --now 2026-11-23T06:00:00Z --quiet 2>&1 >/dev/null | tail -1)")
  done
  printf '%s %s %s %s\n' "$(printf '%s\n' "${results[@]}" | awk '{print $1}' | median)" \
    "$(printf '%s\n' "${results[@]}" | awk '{print $2 + $3}' | median)" \
    "$(printf '%s\n' "${results[@]}" | awk '{printf "%.1f\n", $4 / 1024}' | median)" \
    "$(du -k "$out"/*."$format" | awk '{s += $1} END {print s}')"
}

echo "| case | schools | format | wall s | cpu s | peak MiB | file KB |"
echo "|---|---|---|---|---|---|---|"
for db in "$demo" "$typical"; do
  family=$(sqlite3 "$db" "SELECT id FROM family_units WHERE family_name = 'Rivera Family'")
  schools=$(sqlite3 "$db" "SELECT count(*) FROM schools WHERE family_unit_id = '$family'")
  for format in pdf html; do
    read -r wall cpu rss kb <<<"$(measure "$format" "$bin" report --db "$db" --family "$family" --preset previous-week --today 2026-11-22)"
    echo "| the report, previous week | $schools | $format | $wall | $cpu | $rss | $kb |"
  done
done
family=$(sqlite3 "$typical" "SELECT id FROM family_units WHERE family_name = 'Rivera Family'")
for format in pdf html csv; do
  read -r wall cpu rss kb <<<"$(measure "$format" "$bin" export schools --db "$typical" --family "$family" --today 2026-11-22)"
  echo "| the schools comparison | 1000 | $format | $wall | $cpu | $rss | $kb |"
done
