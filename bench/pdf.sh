#!/usr/bin/env bash
# Times the schools comparison pdf of a family with 1,000 schools, as a whole process: a
# warm-up, then RUNS runs of each case, printing medians of wall time, the process's CPU
# time (user + system) and peak memory. The same list written as csv in the same run shows
# what reading the family costs, so that the pdf's own share is visible.
# Usage: bash bench/pdf.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
command -v /usr/bin/time >/dev/null || { echo "bench: /usr/bin/time is missing (apt-get install time)" >&2; exit 1; }

swift build -c release --product report-batch >&2
bin="$(swift build -c release --show-bin-path)/report-batch"
mkdir -p bench/data
typical=bench/data/schools1000-typical.db   # 1,000 schools, about 13 interactions each
x=bench/data/x-scale25.db                   # 1,000 schools, about 330,000 interactions
[ -f "$typical" ] || "$bin" demo --out "$typical" --scale 25 --interaction-scale 1 --today 2026-11-22 --quiet
[ -f "$x" ] || "$bin" demo --out "$x" --scale 25 --today 2026-11-22 --quiet

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
measure() {  # db family format -> "wall cpu MiB"
  local results=()
  "$bin" export schools --db "$1" --family "$2" --format "$3" --out "$out" --now 2026-11-23T06:00:00Z --quiet >/dev/null
  for _ in $(seq "$runs"); do
    results+=("$(/usr/bin/time -f "%e %U %S %M" "$bin" export schools --db "$1" --family "$2" --format "$3" --out "$out" --now 2026-11-23T06:00:00Z --quiet 2>&1 >/dev/null | tail -1)")
  done
  printf '%s %s %s\n' "$(printf '%s\n' "${results[@]}" | awk '{print $1}' | median)" \
    "$(printf '%s\n' "${results[@]}" | awk '{print $2 + $3}' | median)" "$(printf '%s\n' "${results[@]}" | awk '{printf "%.1f\n", $4 / 1024}' | median)"
}

printf '%-44s %7s %12s %6s %9s %9s %9s\n' "case (median of $runs)" schools interactions pages "wall s" "cpu s" "peak MiB"
for db in "$typical" "$x"; do
  family=$(sqlite3 "$db" "SELECT id FROM family_units WHERE family_name = 'Rivera Family'")
  schools=$(sqlite3 "$db" "SELECT count(*) FROM schools WHERE family_unit_id = '$family'")
  interactions=$(sqlite3 "$db" "SELECT count(*) FROM interactions WHERE family_unit_id = '$family'")
  for format in pdf csv; do
    read -r wall cpu rss <<<"$(measure "$db" "$family" "$format")"
    pages=$([ "$format" = pdf ] && pdfinfo "$out"/*.pdf | awk '/^Pages:/ {print $2}' || echo -)
    printf '%-44s %7s %12s %6s %9s %9s %9s\n' "schools comparison $format ($(basename "$db" .db))" "$schools" "$interactions" "$pages" "$wall" "$cpu" "$rss"
  done
done
