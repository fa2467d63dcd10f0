#!/usr/bin/env bash
# The benchmark harness (`make bench`): report-batch against what a user would pick instead,
# on the same database in the same run, each case as a whole process: a warm-up, then RUNS
# runs (default 5), printing medians of wall time and peak memory, and the ratio
# report-batch ÷ peer. Every case checks that the peer wrote the same number of rows.
#
#   bash bench/run.sh            datasets M (1,000 families) and X (one family, 1,000 schools, ~500,000 interactions)
#   BENCH_L=1 bash bench/run.sh  also L (10,000 families)
#   RUNS=3 bash bench/run.sh     fewer runs
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
command -v /usr/bin/time >/dev/null || { echo "bench: /usr/bin/time is missing (apt-get install time)" >&2; exit 1; }
python3 -c "import xlsxwriter, reportlab" 2>/dev/null || python3 -m pip install --quiet --disable-pip-version-check XlsxWriter reportlab >&2

swift build -c release --product report-batch >&2
bin="$(swift build -c release --show-bin-path)/report-batch"
data=bench/data
mkdir -p "$data"
now=2026-11-23T12:00:00Z
[ -f "$data/m.db" ] || "$bin" demo --out "$data/m.db" --families 1000 --today 2026-11-22 --quiet
[ -f "$data/x.db" ] || "$bin" demo --out "$data/x.db" --scale 25 --interaction-scale 38 --today 2026-11-22 --quiet
datasets="m"
if [ "${BENCH_L:-0}" = 1 ]; then
  [ -f "$data/l.db" ] || "$bin" demo --out "$data/l.db" --families 10000 --today 2026-11-22 --quiet
  datasets="m l"
fi
xfamily=$(sqlite3 "$data/x.db" "SELECT id FROM family_units WHERE family_name = 'Rivera Family'")

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

# measure NAME COMMAND...: runs it (warm-up + RUNS), prints "median_seconds median_MiB" and keeps its last stdout in $scratch/NAME.out.
measure() {
  local name=$1; shift
  local times=() rss=()
  rm -rf "$scratch/out"; "$@" > "$scratch/$name.out" 2>/dev/null
  for _ in $(seq "$runs"); do
    rm -rf "$scratch/out"
    /usr/bin/time -f "%e %M" -o "$scratch/time" "$@" > "$scratch/$name.out" 2>/dev/null
    local line
    line=$(tail -1 "$scratch/time")
    times+=("${line% *}"); rss+=("${line#* }")
  done
  printf '%s %s\n' "$(printf '%s\n' "${times[@]}" | median)" "$(printf '%s\n' "${rss[@]}" | median | awk '{printf "%.1f", $1 / 1024}')"
}

row() {  # case dataset ours peer-name peer
  local ratio
  ratio=$(awk -v a="${3% *}" -v b="${5% *}" 'BEGIN {printf "%.2f", (b > 0) ? a / b : 0}')
  printf '%-46s %-4s %9s %-22s %9s %6s %9s %9s\n' "$1" "$2" "${3% *}" "$4" "${5% *}" "$ratio" "${3#* }" "${5#* }"
}

printf '%-46s %-4s %9s %-22s %9s %6s %9s %9s\n' case data "ours s" peer "peer s" ratio "ours MiB" "peer MiB"
for d in $datasets; do
  db="$data/$d.db"
  ours=$(measure rb-csv "$bin" run bench/jobs/interactions-csv.yaml --db "$db" --out "$scratch/out" --now "$now" --quiet)
  "$bin" run bench/jobs/interactions-csv.yaml --db "$db" --out "$scratch/out" --now "$now" --quiet >/dev/null
  ours_rows=$(python3 -c "import json,glob,sys; print(sum(f['rows'] for m in glob.glob(sys.argv[1] + '/*/manifest.json') for f in json.load(open(m))['files']))" "$scratch/out")
  peer=$(measure py-csv python3 bench/peers.py interactions-csv "$db" "$scratch/out")
  [ "$(cat "$scratch/py-csv.out")" = "$ours_rows" ] || echo "bench: the csv peer wrote $(cat "$scratch/py-csv.out") rows, report-batch $ours_rows" >&2
  row "interactions list, every family, csv" "$d" "$ours" "Python csv" "$peer"
  peer=$(measure sqlite-csv sqlite3 -csv "$db" "SELECT i.occurred_at, i.type, i.direction, i.sentiment, i.subject, s.name, c.first_name || ' ' || c.last_name, i.logged_by, i.content, i.attachments FROM interactions i LEFT JOIN schools s ON s.id = i.school_id LEFT JOIN coaches c ON c.id = i.coach_id WHERE i.family_unit_id IS NOT NULL ORDER BY i.family_unit_id, i.occurred_at DESC")
  [ "$(wc -l < "$scratch/sqlite-csv.out")" -ge "$ours_rows" ] || echo "bench: sqlite3 wrote fewer lines than report-batch's $ours_rows rows" >&2
  row "interactions list, every family, csv" "$d" "$ours" "sqlite3 -csv (1 file)" "$peer"

  ours=$(measure rb-xlsx "$bin" run bench/jobs/interactions-xlsx.yaml --db "$db" --out "$scratch/out" --now "$now" --quiet)
  peer=$(measure py-xlsx python3 bench/peers.py interactions-xlsx "$db" "$scratch/out")
  [ "$(cat "$scratch/py-xlsx.out")" = "$ours_rows" ] || echo "bench: the xlsx peer wrote $(cat "$scratch/py-xlsx.out") rows, report-batch $ours_rows" >&2
  row "interactions list, every family, xlsx" "$d" "$ours" "Python XlsxWriter" "$peer"

  w1=$(measure rb-w1 "$bin" run weekly.yaml --db "$db" --out "$scratch/out" --now "$now" --workers 1 --quiet)
  w2=$(measure rb-w2 "$bin" run weekly.yaml --db "$db" --out "$scratch/out" --now "$now" --workers 2 --quiet)
  row "weekly.yaml, 2 workers vs 1 worker" "$d" "$w2" "itself, 1 worker" "$w1"
done

x_rows=$(sqlite3 "$data/x.db" "SELECT count(*) FROM interactions WHERE family_unit_id = '$xfamily'")
ours=$(measure rb-big "$bin" export interactions --db "$data/x.db" --family "$xfamily" --format xlsx --out "$scratch/out" --now "$now" --quiet)
peer=$(measure py-big python3 bench/peers.py interactions-big "$data/x.db" "$xfamily" "$scratch/big.xlsx")
[ "$(cat "$scratch/py-big.out")" = "$x_rows" ] || echo "bench: the big xlsx peer wrote $(cat "$scratch/py-big.out") rows of $x_rows" >&2
row "one family's interactions ($x_rows rows), xlsx" x "$ours" "XlsxWriter const_memory" "$peer"

ours=$(measure rb-pdf "$bin" export schools --db "$data/x.db" --family "$xfamily" --format pdf --out "$scratch/out" --now "$now" --quiet)
peer=$(measure py-pdf python3 bench/peers.py schools-pdf "$data/x.db" "$xfamily" "$scratch/schools.pdf")
row "schools comparison pdf ($(cat "$scratch/py-pdf.out") schools)" x "$ours" "ReportLab" "$peer"
