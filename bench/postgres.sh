#!/usr/bin/env bash
# Reading PostgreSQL (`make bench-postgres`): on a throwaway local server that this script
# starts (as the postgres user when run as root) and stops by its pid, with M (and L with
# BENCH_L=1) written into it by `report-batch demo --out postgresql://…`:
#   - the import (`report-batch import`) against psql's `\copy (SELECT …) TO file` of the same
#     columns with the same casts, table by table (target ≤ 1.5×);
#   - `run weekly.yaml` from PostgreSQL against the same job on the SQLite file (target ≤ 1.3×);
# printing medians of RUNS runs (default 3) after a warm-up, and peak memory (it must not grow
# with the rows: compare M and L). BENCH_PG_RUN=0 leaves out the weekly job (minutes per run);
# BENCH_BEFORE_BIN=FILE also times that binary's weekly job from PostgreSQL, in turn with ours.
set -euo pipefail
if [ -n "${BENCH_BEFORE_BIN:-}" ]; then BENCH_BEFORE_BIN=$(realpath -m "$BENCH_BEFORE_BIN"); fi
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
command -v /usr/bin/time >/dev/null || { echo "bench: /usr/bin/time is missing (apt-get install time)" >&2; exit 1; }
swift build -c release --product report-batch >&2
bin="$(swift build -c release --show-bin-path)/report-batch"
data=bench/data
mkdir -p "$data"
now=2026-11-23T12:00:00Z
sets="m"; [ "${BENCH_L:-0}" = 1 ] && sets="m l"

pg_bin=$(pg_config --bindir)
[ -x "$pg_bin/initdb" ] || pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
scratch=$(mktemp -d -p "${TMPDIR:-/tmp}" report-batch-pgbench.XXXXXX)
chmod 755 "$scratch"
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$scratch"
as_pg "$pg_bin/initdb" -D "$scratch/pg" -U postgres --auth=trust -E UTF8 --locale=C >/dev/null
port=$(python3 -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
as_pg "$pg_bin/pg_ctl" -D "$scratch/pg" -o "-p $port -k $scratch -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=256MB" \
  -l "$scratch/pg.log" -w start >/dev/null
pid=$(head -1 "$scratch/pg/postmaster.pid")
stop() { kill -INT "$pid" 2>/dev/null; while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done; rm -rf "$scratch"; }
trap stop EXIT
psql_() { psql -X -q -h 127.0.0.1 -p "$port" -U postgres "$@"; }

n=$runs; warm=1
. bench/lib.sh

echo "report-batch reading PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}'), $(date -u +%Y-%m-%d), $(nproc) cores, medians of $runs runs after a warm-up, local server on 127.0.0.1"
echo
echo "| case | data | report-batch s | peer | peer s | ratio | target | report-batch MiB | peer MiB |"
echo "|---|---|---|---|---|---|---|---|---|"
for d in $sets; do
  D=$(echo "$d" | tr a-z A-Z)
  [ -f "$data/$d.db" ] || "$bin" demo --out "$data/$d.db" --families "$([ "$d" = m ] && echo 1000 || echo 10000)" --today 2026-11-22 --quiet
  psql_ -d postgres -c "CREATE DATABASE bench_$d"
  uri="postgresql://postgres@127.0.0.1:$port/bench_$d"
  "$bin" demo --out "$uri" --families "$([ "$d" = m ] && echo 1000 || echo 10000)" --today 2026-11-22 --quiet
  psql_ -d "bench_$d" -c "VACUUM ANALYZE"

  # The peer: psql's \copy of the same SELECTs (same columns, same casts) into one file per table.
  "$bin" import "$uri" --out "$scratch/shape.db" --quiet >/dev/null
  python3 - "$scratch/shape.db" "$scratch" > "$scratch/copy.sql" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rowid")]
print("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY;")
for table in tables:
    columns = [r[1] for r in db.execute(f'PRAGMA table_info("{table}")')]
    def cast(c):
        if c in ("is_favorite", "verified"): return f'"{c}"::int'
        if c in ("pros", "cons", "attachments"): return f'array_to_json("{c}")::text'
        return f'"{c}"::text'
    print(f'\\copy (SELECT {", ".join(cast(c) for c in columns)} FROM public."{table}") TO \'{sys.argv[2]}/copy/{table}.tsv\'')
print("COMMIT;")
PY
  rows=$(sqlite3 "$scratch/shape.db" "SELECT (SELECT count(*) FROM interactions) + (SELECT count(*) FROM schools) + (SELECT count(*) FROM coaches)")
  ours=$(measure import "$bin" import "$uri" --out "$scratch/snap.db" --quiet)
  # Both make their output durable: report-batch fsyncs the snapshot before renaming it into
  # place (a crash never leaves half a file), so the peer's files are fsynced too (`sync FILE…`).
  peer=$(measure psql-copy sh -c "mkdir -p '$scratch/copy' && psql -X -q -h 127.0.0.1 -p $port -U postgres -d bench_$d -f '$scratch/copy.sql' && sync '$scratch'/copy/*.tsv")
  row "import every family into a SQLite snapshot ($(printf "%'d" "$rows") interactions, schools and coaches)" "$D" "$ours" "psql \`\\copy (SELECT …) TO file\` + \`sync\` of the files, same columns" "$peer" "≤ 1.5"

  [ "${BENCH_PG_RUN:-1}" = 1 ] || continue
  ours=$(measure run-pg "$bin" run weekly.yaml --db "$uri" --out "$scratch/out" --now "$now" --quiet)
  peer=$(measure run-sqlite "$bin" run weekly.yaml --db "$data/$d.db" --out "$scratch/out" --now "$now" --quiet)
  row "\`run weekly.yaml\` from PostgreSQL" "$D" "$ours" "the same job on the SQLite file" "$peer" "≤ 1.3"
  # Issue 50's figure: the same job from PostgreSQL with an earlier binary (BENCH_BEFORE_BIN,
  # e.g. bench/data/report-batch-c2698bc, which bench/run.sh builds), in turn, both writing the
  # same files.
  if [ -n "${BENCH_BEFORE_BIN:-}" ]; then
    medians=$(jobs_in_turn "$uri" run-pg-before "$BENCH_BEFORE_BIN" weekly.yaml run-pg-now "$bin" weekly.yaml)
    cmp -s "$scratch/run-pg-before.written" "$scratch/run-pg-now.written" \
      || echo "bench: the earlier binary's weekly job from PostgreSQL wrote other files than ours" >&2
    row "\`run weekly.yaml\` from PostgreSQL, 1 worker, in turn" "$D" "$(sed -n 2p <<<"$medians")" \
      "the earlier binary ($(basename "$BENCH_BEFORE_BIN"))" "$(sed -n 1p <<<"$medians")" "– (a figure)"
  fi
done
