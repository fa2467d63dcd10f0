#!/usr/bin/env bash
# The benchmark harness (`make bench`): report-batch against what a user would pick instead,
# on the same database in the same run, each case as a whole process: a warm-up, then RUNS
# runs (default 5), printing medians of wall time and peak memory, and the ratio
# report-batch ÷ peer. Every case checks that the peer produced the same rows or figures.
#
#   bash bench/run.sh            datasets M (1,000 families) and X (one family, 1,000 schools, ~500,000 interactions)
#   BENCH_L=1 bash bench/run.sh  also L (10,000 families): report-batch's cases and the sqlite3 peers, RUNS_L runs
#                                (default 1, no warm-up; the Python peers run on L only with BENCH_L_PEERS=1)
#   BENCH_SETS="l" bash bench/run.sh   only some of the datasets (m, l, x); the memory table then
#                                uses the latest figures of the others, kept in bench/data/results.txt
#   RUNS=3 bash bench/run.sh     fewer runs
#   BENCH_BIN=FILE               time this report-batch binary instead of building one (default:
#                                `swift build -c release`)
#   BENCH_BASE_BIN=FILE          the binary of commit d0c35c6 for the weekly job's yardstick (default:
#                                $BENCH_DATA/report-batch-d0c35c6, built once in a scratch worktree)
#   BENCH_C2698BC_BIN=FILE       the binary of commit c2698bc, issue 50's baseline, likewise
#   BENCH_DATA=DIR               where the datasets and results.txt are (default bench/data)
#
# The yardsticks of issue 45 (each a row; ratio = report-batch ÷ peer, lower is better):
#   - Figures: the json job on M with the season's and app-today.md §6–§7's tables dropped
#     against one sqlite3 script computing report.md's figures: ≤ 1.0. The same on M with every
#     table filled is a figure, not a target (what the season and the next steps cost).
#   - csv: the csv job against one sqlite3 process writing each family's interactions to its
#     own file (`.once FILE` and a SELECT per family): ≤ 1.0. The Python csv peer stays (≤ 0.4).
#   - Schools pdf (X, 1,000 schools): ours, tagged as it is, against ReportLab: ≤ 1.0.
#   - The weekly job: ours against the binary of commit d0c35c6, run in turn on M, one worker,
#     the outputs of today's weekly.yaml but the report's html (bench/jobs/weekly-d0c35c6.yaml):
#     ≤ 0.60. The report's html, where a job writes it, costs ≤ 20 % of its pdf (on M, in turn:
#     the report alone as [json], [pdf], [pdf, html]; how the ratio is made is at that case).
#   - Memory stays flat: L ÷ M ≤ 1.2, X ÷ X50 ≤ 1.2 (the table at the end).
# Issue 50's, beside them:
#   - csv: the sqlite3 peer also checksums every file it wrote (`sha256sum`), as our job's
#     manifest holds each file's SHA-256.
#   - A one-family command on the demo database (`export schools --format csv`, `report
#     --format json`, `families`) against `--version` of c2698bc's binary (the process's own
#     start), each the median of 20 runs in turn: ≤ 2.0, the worst of the three counting.
#   - The weekly job against c2698bc's binary, in turn as against d0c35c6: ≤ 1.0, memory flat.
#   - The schools comparison pdf also on `demo --scale 25 --interaction-scale 10` (X10).
# The other rows (pandas, the xlsx jobs, the big workbook, two workers, the season's tables in
# the weekly job, the schools page) keep the targets of the issues before.
set -euo pipefail
# The overrides' paths are the caller's: made absolute before moving to the repository.
for v in BENCH_BIN BENCH_BASE_BIN BENCH_C2698BC_BIN BENCH_DATA; do
  if [ -n "${!v:-}" ]; then declare "$v=$(realpath -m "${!v}")"; fi
done
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
command -v /usr/bin/time >/dev/null || { echo "bench: /usr/bin/time is missing (apt-get install time)" >&2; exit 1; }
python3 -c "import xlsxwriter, reportlab, pandas" 2>/dev/null \
  || python3 -m pip install --quiet --disable-pip-version-check XlsxWriter reportlab pandas >&2

base_tree=""   # the scratch worktree of build_base, removed on exit
cleanup() {
  if [ -n "${scratch:-}" ]; then rm -rf "$scratch"; fi
  if [ -n "$base_tree" ]; then git worktree remove --force "$base_tree" >&2 || true; fi
}
trap cleanup EXIT

if [ -n "${BENCH_BIN:-}" ]; then
  bin=$BENCH_BIN
else
  swift build -c release --product report-batch >&2
  bin="$(swift build -c release --show-bin-path)/report-batch"
fi
[ -x "$bin" ] || { echo "bench: $bin is not an executable" >&2; exit 1; }
data=${BENCH_DATA:-bench/data}
mkdir -p "$data"
now=2026-11-23T12:00:00Z
sets=${BENCH_SETS:-m x}
[ "${BENCH_L:-0}" = 1 ] && sets="$sets l"
has() { case " $sets " in *" $1 "*) true;; *) false;; esac; }
datasets=$(for d in m l; do if has "$d"; then echo "$d"; fi; done)
if has m; then [ -f "$data/m.db" ] || "$bin" demo --out "$data/m.db" --families 1000 --today 2026-11-22 --quiet; fi
if has l; then [ -f "$data/l.db" ] || "$bin" demo --out "$data/l.db" --families 10000 --today 2026-11-22 --quiet; fi
if has x; then
  [ -f "$data/x.db" ] || "$bin" demo --out "$data/x.db" --scale 25 --interaction-scale 38 --today 2026-11-22 --quiet
  [ -f "$data/x50.db" ] || "$bin" demo --out "$data/x50.db" --scale 25 --interaction-scale 4 --today 2026-11-22 --quiet
  [ -f "$data/x10.db" ] || "$bin" demo --out "$data/x10.db" --scale 25 --interaction-scale 10 --today 2026-11-22 --quiet
fi
if has m; then [ -f "$data/demo.db" ] || "$bin" demo --out "$data/demo.db" --today 2026-11-22 --quiet; fi
rivera() { sqlite3 "$1" "SELECT id FROM family_units WHERE family_name = 'Rivera Family'"; }

# Two yardsticks compare today's binary with an earlier one: the weekly job with that of commit
# d0c35c6 (issue 45's baseline), and the weekly job and the one-family commands with that of
# c2698bc (issue 50's). Unless BENCH_BASE_BIN (d0c35c6) or BENCH_C2698BC_BIN names one, each is
# built once, in a scratch worktree of its commit, with the packages this repository's .build
# already fetched (no network: SwiftPM finds them checked out), and kept as
# $data/report-batch-COMMIT.
build_base() {  # COMMIT: builds $data/report-batch-COMMIT
  local commit=$1
  base_tree=$(mktemp -d "${TMPDIR:-/tmp}/report-batch-$commit.XXXXXX")
  echo "bench: building $commit's report-batch in $base_tree" >&2
  git worktree add --detach "$base_tree" "$commit" >&2
  mkdir -p "$base_tree/.build"
  if [ -d .build/checkouts ]; then
    cp -R .build/checkouts .build/repositories "$base_tree/.build/"
    cp .build/workspace-state.json "$base_tree/.build/"
  fi
  (cd "$base_tree" && swift build -c release --product report-batch >&2)
  cp "$(cd "$base_tree" && swift build -c release --show-bin-path)/report-batch" "$data/report-batch-$commit.tmp"
  mv "$data/report-batch-$commit.tmp" "$data/report-batch-$commit"
  git worktree remove --force "$base_tree" >&2
  base_tree=""
}
base_binary() {  # COMMIT OVERRIDE_VARIABLE: prints the binary of COMMIT, building it when needed
  local commit=$1 override=${!2:-}
  if [ -n "$override" ]; then
    [ -x "$override" ] || { echo "bench: $2=$override is not an executable" >&2; exit 1; }
    echo "$override"; return
  fi
  [ -x "$data/report-batch-$commit" ] || build_base "$commit"
  echo "$data/report-batch-$commit"
}
base_commit=d0c35c6
start_commit=c2698bc
if has m; then
  base_bin=$(base_binary "$base_commit" BENCH_BASE_BIN)
  start_bin=$(base_binary "$start_commit" BENCH_C2698BC_BIN)
fi

# A copy of database $1 at $2 without the tables $3…, which are all optional (AppSchema's
# seasonTables: the tool reads a database without them and leaves out what needs them).
dropped_copy() {
  local source=$1 copy=$2 table statements=""
  shift 2
  for table in "$@"; do statements+="DROP TABLE IF EXISTS $table; "; done
  cp "$source" "$copy"
  sqlite3 "$copy" "$statements"
}
# The season's tables (season.md §1), and the tables of app-today.md §6–§7 (the app's newer
# next steps; schools.questionnaire_completed, §7's optional column, stays).
season_tables=(school_status_history player_profiles profile_tracking_links profile_views events follow_up_reminders
  user_deadlines system_calendar sports)
next_step_tables=(contact_window_rules athlete_messages video_links recommendation_letters)

# The sqlite3 csv peer's script (bench/run.sh's csv case): each family's interactions into a
# file of its own under $2, one `.once FILE` and one SELECT per family, the stored columns with
# the school's and the coach's names joined, newest first; made by sqlite3 itself, outside the
# timing (the peer needs the family ids before it starts, as a user's script would).
csv_peer_script() {
  printf '.mode csv\n.headers off\n'   # no header line: the check counts the rows
  sqlite3 -batch -noheader -list "$1" "SELECT printf('.once \"%s/interactions_%d.csv\"', '$2', row_number() OVER (ORDER BY id))
    || char(10) || printf('SELECT i.occurred_at, i.type, i.direction, i.sentiment, i.subject, s.name, c.first_name || '' '' || c.last_name,
      i.logged_by, i.content, i.attachments FROM interactions i LEFT JOIN schools s ON s.id = i.school_id
      LEFT JOIN coaches c ON c.id = i.coach_id WHERE i.family_unit_id = %Q ORDER BY i.occurred_at DESC;', id)
    FROM family_units ORDER BY id"
}

# Outputs go to a RAM-backed folder (BENCH_OUT, default /dev/shm when there is one): on this
# shared VM, creating thousands of files right after deleting the last run's thousands makes
# ext4 search for free inodes (recently_deleted) for seconds, at random, for both sides alike.
# BENCH_OUT=bench/data measures on disk instead.
out_root=${BENCH_OUT:-$([ -d /dev/shm ] && [ -w /dev/shm ] && echo /dev/shm || echo "${TMPDIR:-/tmp}")}
scratch=$(mktemp -d -p "$out_root" report-batch-bench.XXXXXX)
results=$data/results.txt   # case|dataset|ours MiB, the latest of each, for the memory table
touch "$results"
. bench/lib.sh
remember() {  # case dataset ours: replaces that case's earlier figure
  grep -v -F "$1|$2|" "$results" > "$results.new" || true
  echo "$1|$2|${3#* }" >> "$results.new"
  mv "$results.new" "$results"
}

echo "report-batch benchmarks, $(date -u +%Y-%m-%d), $(nproc) cores, medians of $runs runs after a warm-up (L: ${RUNS_L:-1}, no warm-up), outputs in $out_root"
echo
echo "| case | data | report-batch s | peer | peer s | ratio | target | report-batch MiB | peer MiB |"
echo "|---|---|---|---|---|---|---|---|---|"
for d in $datasets; do
  db="$data/$d.db"; D=${d^^}
  n=$runs; peers=1; warm=1
  if [ "$d" = l ]; then n=${RUNS_L:-1}; peers=${BENCH_L_PEERS:-0}; warm=0; fi

  # Every family's report figures (report.md §2, last 90 days), json only, against one sqlite3
  # script of GROUP BY queries and against pandas; figures.py compare checks every figure. With
  # every table filled, the job also reads the season's and the next steps' tables and computes
  # their parts, which the peers do not: against sqlite3 that row is a figure, not a target.
  ours=$(measure rb-json "$bin" run bench/jobs/report-json.yaml --db "$db" --out "$scratch/out" --now "$now" --quiet)
  remember "report figures, json job" "$D" "$ours"
  python3 bench/figures.py ours "$scratch/out" > "$scratch/ours-figures.csv"
  python3 bench/figures.py sql "$db" "$now" 90 "$scratch/figures.sql"
  peer=$(measure sqlite-figures sh -c "sqlite3 '$db' < '$scratch/figures.sql'")
  python3 bench/figures.py compare "$scratch/ours-figures.csv" "$scratch/sqlite-figures.out" >/dev/null \
    || echo "bench: sqlite3's figures differ from report-batch's" >&2
  row "every family's report figures, json (a job), every table filled" "$D" "$ours" "sqlite3, GROUP BY" "$peer" "– (a figure)"
  if [ "$peers" = 1 ]; then
    peer=$(measure pandas-figures python3 bench/figures.py pandas "$db" "$now" 90)
    python3 bench/figures.py compare "$scratch/ours-figures.csv" "$scratch/pandas-figures.out" >/dev/null \
      || echo "bench: pandas's figures differ from report-batch's" >&2
    row "same" "$D" "$ours" "pandas" "$peer" "≤ 0.3, ≤ 1/10 MiB"
  fi
  # The yardstick: the same job and the same sqlite3 script on a copy of M without the season's
  # and app-today.md §6–§7's tables (all optional: the job must still run, and its figures still
  # equal sqlite3's), so that both sides compute report.md's figures alone. The last row is
  # what those tables cost the job: the job with every table filled against itself without.
  if [ "$d" = m ]; then
    dropped_copy "$db" "$scratch/dropped.db" "${season_tables[@]}" "${next_step_tables[@]}"
    ours_dropped=$(measure rb-json-dropped "$bin" run bench/jobs/report-json.yaml --db "$scratch/dropped.db" --out "$scratch/out" --now "$now" --quiet)
    python3 bench/figures.py ours "$scratch/out" > "$scratch/ours-figures-dropped.csv"
    python3 bench/figures.py sql "$scratch/dropped.db" "$now" 90 "$scratch/figures-dropped.sql"
    peer=$(measure sqlite-figures-dropped sh -c "sqlite3 '$scratch/dropped.db' < '$scratch/figures-dropped.sql'")
    python3 bench/figures.py compare "$scratch/ours-figures-dropped.csv" "$scratch/sqlite-figures-dropped.out" >/dev/null \
      || echo "bench: without the optional tables, sqlite3's figures differ from report-batch's" >&2
    rm -f "$scratch/dropped.db"
    row "same, the season's and next steps' tables dropped" "$D" "$ours_dropped" "sqlite3, GROUP BY" "$peer" "≤ 1.0"
    row "same job, every table filled vs those tables dropped" "$D" "$ours" "itself, tables dropped" "$ours_dropped" "– (a figure)"
  fi

  # Every family's interactions list as csv, a file a family, against one sqlite3 process
  # writing each family's rows to a file of its own (csv_peer_script: `.once FILE` and a SELECT
  # a family, found through the index on interactions(family_unit_id) that the app and the demo
  # make) and against Python's csv module. The rows of each peer's files, summed, equal ours.
  ours=$(measure rb-csv "$bin" run bench/jobs/interactions-csv.yaml --db "$db" --out "$scratch/out" --now "$now" --quiet)
  remember "interactions list, csv job" "$D" "$ours"
  ours_rows=$(python3 -c "import json,glob,sys; print(sum(f['rows'] for m in glob.glob(sys.argv[1] + '/*/manifest.json') for f in json.load(open(m))['files']))" "$scratch/out")
  [ "$(sqlite3 "$db" "SELECT count(*) FROM pragma_index_list('interactions') l, pragma_index_info(l.name) c WHERE c.seqno = 0 AND c.name = 'family_unit_id'")" != 0 ] \
    || echo "bench: $db has no index on interactions(family_unit_id); the sqlite3 csv peer reads every row for each family" >&2
  csv_peer_script "$db" "$scratch/out" > "$scratch/csv-peer.sql"
  peer=$(measure sqlite-csv sh -c "mkdir -p '$scratch/out' && sqlite3 '$db' < '$scratch/csv-peer.sql' && sha256sum '$scratch'/out/interactions_*.csv > '$scratch/csv-peer.sha256'")
  peer_rows=$(python3 -c "import csv,glob,sys; print(sum(1 for p in glob.glob(sys.argv[1] + '/interactions_*.csv') for _ in csv.reader(open(p, newline=''))))" "$scratch/out")
  [ "$peer_rows" = "$ours_rows" ] || echo "bench: sqlite3 wrote $peer_rows rows, report-batch $ours_rows" >&2
  row "every family's interactions list, csv (a job)" "$D" "$ours" "sqlite3, \`.once\` a file a family, sha256sum" "$peer" "≤ 1.0"
  if [ "$peers" = 1 ]; then
    peer=$(measure py-csv python3 bench/peers.py interactions-csv "$db" "$scratch/out")
    [ "$(cat "$scratch/py-csv.out")" = "$ours_rows" ] || echo "bench: the csv peer wrote $(cat "$scratch/py-csv.out") rows, report-batch $ours_rows" >&2
    row "same" "$D" "$ours" "Python csv, same files" "$peer" "≤ 0.4"
  fi

  # The same lists as xlsx, against XlsxWriter.
  ours=$(measure rb-xlsx "$bin" run bench/jobs/interactions-xlsx.yaml --db "$db" --out "$scratch/out" --now "$now" --quiet)
  remember "interactions list, xlsx job" "$D" "$ours"
  if [ "$peers" = 1 ]; then
    peer=$(measure py-xlsx python3 bench/peers.py interactions-xlsx "$db" "$scratch/out")
    [ "$(cat "$scratch/py-xlsx.out")" = "$ours_rows" ] || echo "bench: the xlsx peer wrote $(cat "$scratch/py-xlsx.out") rows, report-batch $ours_rows" >&2
    row "every family's interactions list, xlsx (a job)" "$D" "$ours" "Python XlsxWriter, same files" "$peer" "≤ 0.4"
  fi

  # The whole weekly job, two workers against one.
  w1=$(measure rb-w1 "$bin" run weekly.yaml --db "$db" --out "$scratch/out" --now "$now" --workers 1 --quiet)
  w2=$(measure rb-w2 "$bin" run weekly.yaml --db "$db" --out "$scratch/out" --now "$now" --workers 2 --quiet)
  remember "weekly.yaml, 2 workers" "$D" "$w2"
  row "\`weekly.yaml\`, 2 workers vs 1" "$D" "$w2" "itself, 1 worker" "$w1" "≤ 0.6"
  # The weekly job's cost per family on one worker: its median wall time over the families.
  families=$(sqlite3 "$db" "SELECT count(*) FROM family_units")
  printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "\`weekly.yaml\`, 1 worker, per family" "$D" "${w1% *}" \
    "$families families" "–" "$(awk -v s="${w1% *}" -v n="$families" 'BEGIN {printf "%.1f ms a family", 1000 * s / n}')" \
    "≤ 15 ms a family" "${w1#* }" "–"
  # What the season's tables (docs/season.md) cost the weekly job: the same database with them
  # dropped, one worker each (M only; a demo without them compares two equal databases).
  if [ "$d" = m ]; then
    dropped_copy "$db" "$scratch/no-season.db" "${season_tables[@]}"
    season_rows=0
    for t in school_status_history player_profiles profile_tracking_links profile_views events follow_up_reminders user_deadlines; do
      season_rows=$((season_rows + $(sqlite3 "$db" "SELECT count(*) FROM $t" 2>/dev/null || echo 0)))
    done
    peer=$(measure rb-w1-no-season "$bin" run weekly.yaml --db "$scratch/no-season.db" --out "$scratch/out" --now "$now" --workers 1 --quiet)
    rm -f "$scratch/no-season.db"
    row "\`weekly.yaml\`, 1 worker, season tables filled ($season_rows rows)" "$D" "$w1" "same, season tables dropped" "$peer" "≤ 1.15"

    # The weekly job against the binary of commit d0c35c6, issue 45's baseline: both run
    # bench/jobs/weekly-d0c35c6.yaml (today's weekly.yaml without the report's html, which
    # d0c35c6 does not write) on M with every table filled, one worker, outputs in RAM, in turn
    # (d0c35c6, ours, d0c35c6, ours…) so that a slow minute of this shared machine falls on both
    # alike; medians of each. Both must write the same files (their manifests), each list with
    # the same rows; the report's rows are not compared: its xlsx has grown since d0c35c6
    # (issue 43's next steps), which is part of what this row measures.
    medians=$(jobs_in_turn "$db" rb-weekly-d0 "$base_bin" bench/jobs/weekly-d0c35c6.yaml \
      rb-weekly-ours "$bin" bench/jobs/weekly-d0c35c6.yaml)
    if ! cmp -s <(cut -d' ' -f1 "$scratch/rb-weekly-d0.written") <(cut -d' ' -f1 "$scratch/rb-weekly-ours.written") \
      || ! cmp -s <(grep -v '^report_' "$scratch/rb-weekly-d0.written") <(grep -v '^report_' "$scratch/rb-weekly-ours.written"); then
      echo "bench: d0c35c6's weekly job wrote other files, or lists of other rows, than ours" >&2
    fi
    row "weekly job (\`weekly.yaml\` but the report's html), 1 worker, in turn" "$D" "$(sed -n 2p <<<"$medians")" \
      "the binary of \`$base_commit\`" "$(sed -n 1p <<<"$medians")" "≤ 0.60"
    # The same against c2698bc's binary (issue 50's baseline), today's weekly.yaml whole: the
    # same files, each list with the same rows.
    medians=$(jobs_in_turn "$db" rb-weekly-start "$start_bin" weekly.yaml rb-weekly-now "$bin" weekly.yaml)
    cmp -s "$scratch/rb-weekly-start.written" "$scratch/rb-weekly-now.written" \
      || echo "bench: $start_commit's weekly job wrote other files, or files of other rows, than ours" >&2
    row "\`weekly.yaml\`, 1 worker, in turn" "$D" "$(sed -n 2p <<<"$medians")" \
      "the binary of \`$start_commit\`" "$(sed -n 1p <<<"$medians")" "≤ 1.0"

    # The report's html beside its pdf, where a job writes both (weekly.yaml does): the report
    # alone (bench/jobs/weekly-report-*.yaml: weekly.yaml's range, zone and bad rows) as [json],
    # [pdf] and [pdf, html], in turn, on M, one worker. With J, P and B their median wall times:
    #   the html's cost = B − P   what adding html to a job that writes the pdf costs;
    #   the pdf's cost  = P − J   the pdf job less reading each family and computing its
    #                             figures, which the json job does (writing little else);
    #   ratio           = (B − P) ÷ (P − J), target ≤ 0.20 (the row's report-batch and peer
    #                     columns are B − P and P − J; the MiB are B's and P's peaks).
    # The [pdf, html] job must write the [pdf] job's files and a page beside each report pdf.
    medians=$(jobs_in_turn "$db" rb-report-json "$bin" bench/jobs/weekly-report-json.yaml \
      rb-report-pdf "$bin" bench/jobs/weekly-report-pdf.yaml rb-report-both "$bin" bench/jobs/weekly-report-pdf-html.yaml)
    read -r json_s _ <<<"$(sed -n 1p <<<"$medians")"
    read -r pdf_s pdf_mib <<<"$(sed -n 2p <<<"$medians")"
    read -r both_s both_mib <<<"$(sed -n 3p <<<"$medians")"
    pages=$(grep -c '\.html ' "$scratch/rb-report-both.written" || true)
    if ! grep -v '\.html ' "$scratch/rb-report-both.written" | cmp -s - "$scratch/rb-report-pdf.written" \
      || [ "$pages" != "$(grep -c '^report_.*\.pdf ' "$scratch/rb-report-pdf.written" || true)" ]; then
      echo "bench: the [pdf, html] job did not write the [pdf] job's files and a page beside each report ($pages pages)" >&2
    fi
    html_cost=$(awk -v b="$both_s" -v p="$pdf_s" 'BEGIN {printf "%.2f", b - p}')
    pdf_cost=$(awk -v p="$pdf_s" -v j="$json_s" 'BEGIN {printf "%.2f", p - j}')
    row "the report's html beside its pdf, (B − P) ÷ (P − J): J $json_s s, P $pdf_s s, B $both_s s" "$D" \
      "$html_cost $both_mib" "the report pdf's cost, P − J" "$pdf_cost $pdf_mib" "≤ 0.20"
  fi
done

n=$runs; warm=1
for x in x50 x; do
  has x || continue
  db="$data/$x.db"; family=$(rivera "$db")
  rows=$(sqlite3 "$db" "SELECT count(*) FROM interactions WHERE family_unit_id = '$family'")
  # Each measurement has a name of its own: the xlsx row below reports the xlsx export, not
  # the pdf measured after it (it once printed the pdf's 85 s and 107 MiB as the xlsx's).
  ours_xlsx=$(measure rb-big "$bin" export interactions --db "$db" --family "$family" --format xlsx --out "$scratch/out" --now "$now" --quiet)
  remember "one family's interactions, xlsx" "${x^^} ($rows rows)" "$ours_xlsx"
  # The same rows as a pdf (about 18,000 pages for X): one run, for the memory table.
  n=1; warm=0
  ours_pdf=$(measure rb-big-pdf "$bin" export interactions --db "$db" --family "$family" --format pdf --out "$scratch/out" --now "$now" --quiet)
  remember "one family's interactions, pdf" "${x^^} ($rows rows)" "$ours_pdf"
  n=$runs; warm=1
  [ "$x" = x ] || continue
  peer=$(measure py-big python3 bench/peers.py interactions-big "$db" "$family" "$scratch/big.xlsx")
  [ "$(cat "$scratch/py-big.out")" = "$rows" ] || echo "bench: the big xlsx peer wrote $(cat "$scratch/py-big.out") rows of $rows" >&2
  row "one family's interactions, $(printf "%'d" "$rows") rows, xlsx" X "$ours_xlsx" "XlsxWriter constant_memory" "$peer" "≤ 0.4"
done

# A one-family command's cost (issue 50): each command against the process's own start
# (`--version` of c2698bc's binary), 20 runs in turn, medians in milliseconds.
if has m; then
  db="$data/demo.db"; family=$(rivera "$db")
  medians=$(commands_in_turn 20 start "$start_bin --version" \
    export-csv "$bin export schools --db $db --family $family --format csv --out - --now $now --quiet" \
    report-json "$bin report --db $db --family $family --format json --out - --now $now --quiet" \
    families "$bin families --db $db --quiet")
  start_ms=$(awk '$1 == "start" {print $2}' <<<"$medians")
  for name in export-csv report-json families; do
    ms=$(awk -v n="$name" '$1 == n {print $2}' <<<"$medians")
    row "one-family command on the demo, \`$name\`, ms (median of 20, in turn)" demo "$ms –" \
      "\`--version\` of \`$start_commit\`, ms" "$start_ms –" "≤ 2.0"
  done
fi

# The schools comparison pdf of a family with 1,000 schools, on X10 (about 129,000
# interactions) and X (about 505,000), against ReportLab.
for x in x10 x; do
  has x || continue
  db="$data/$x.db"; family=$(rivera "$db")
  ours=$(measure rb-pdf "$bin" export schools --db "$db" --family "$family" --format pdf --out "$scratch/out" --now "$now" --quiet)
  peer=$(measure py-pdf python3 bench/peers.py schools-pdf "$db" "$family" "$scratch/schools.pdf")
  [ "$(cat "$scratch/py-pdf.out")" = "$(sqlite3 "$db" "SELECT count(*) FROM schools WHERE family_unit_id = '$family'")" ] \
    || echo "bench: the pdf peer drew $(cat "$scratch/py-pdf.out") schools" >&2
  # Ours is tagged (a structure tree, artifact marks: issue 31) as it is now; ReportLab's is not.
  row "one family's schools comparison pdf, tagged, $(cat "$scratch/py-pdf.out") schools" "${x^^}" "$ours" "ReportLab" "$peer" "≤ 1.0"
done
if has x; then
  db="$data/x.db"; family=$(rivera "$db")
  ours=$(measure rb-pdf "$bin" export schools --db "$db" --family "$family" --format pdf --out "$scratch/out" --now "$now" --quiet)
  # The same list as one web page (docs/outputs.md, "html"), beside report-batch's own pdf.
  html=$(measure rb-html "$bin" export schools --db "$db" --family "$family" --format html --out "$scratch/out" --now "$now" --quiet)
  drawn=$(( $(cat "$scratch"/out/schools_*.html | grep -o '<tr>' | wc -l) - 1 ))
  [ "$drawn" = "$(cat "$scratch/py-pdf.out")" ] || echo "bench: the html page has $drawn rows" >&2
  row "same list as one html page, $drawn schools" X "$html" "report-batch's pdf" "$ours" "≤ 1.0"
fi

echo
echo "Memory as data grows (report-batch's median peak MiB; target: at most 1.2×)"
echo
pairs=$(
  awk -F'|' '$2 ~ /^X50 / {small[$1] = $2; sm[$1] = $3} $2 ~ /^X / {large[$1] = $2; lm[$1] = $3}
    END {for (c in sm) if (c in lm) printf "| %s | %s | %s | %s | %s | %.2f |\n", c, small[c], sm[c], large[c], lm[c], lm[c] / sm[c]}' "$results"
  awk -F'|' '$2 == "M" {m[$1] = $3} $2 == "L" {l[$1] = $3}
    END {for (c in m) if (c in l) printf "| %s | M | %s | L | %s | %.2f |\n", c, m[c], l[c], l[c] / m[c]}' "$results"
)
if [ -n "$pairs" ]; then
  echo "| case | small | MiB | large | MiB | ratio |"
  echo "|---|---|---|---|---|---|"
  echo "$pairs"
else
  echo "No pair measured yet: it needs X (with X50) or both M and L (BENCH_L=1) in this run or an earlier one ($results)."
fi
