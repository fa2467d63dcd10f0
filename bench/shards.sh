#!/usr/bin/env bash
# A run split into shards (`make bench-shards`): the weekly job on L (10,000 families) as 1, 2
# and 4 shards started together on this machine, each with --workers 1, then `summarize`.
# Prints each split's total wall time, its slowest shard, and how even the split is: the
# largest shard ÷ the mean, in families and in interactions (all of a family's rows, counted
# with the same hash in Python as a check of the documented split).
#
#   bash bench/shards.sh              L
#   BENCH_SET=m bash bench/shards.sh  M (1,000 families), quicker
#   SHARDS="1 2 4 8" bash bench/shards.sh
set -euo pipefail
cd "$(dirname "$0")/.."
command -v /usr/bin/time >/dev/null || { echo "bench: /usr/bin/time is missing (apt-get install time)" >&2; exit 1; }
swift build -c release --product report-batch >&2
bin="$(swift build -c release --show-bin-path)/report-batch"
set_name=${BENCH_SET:-l}
families=$([ "$set_name" = m ] && echo 1000 || echo 10000)
data=bench/data
mkdir -p "$data"
db="$data/$set_name.db"
[ -f "$db" ] || "$bin" demo --out "$db" --families "$families" --today 2026-11-22 --quiet
now=2026-11-23T09:00:00Z
out_root=${BENCH_OUT:-$([ -d /dev/shm ] && [ -w /dev/shm ] && echo /dev/shm || echo "${TMPDIR:-/tmp}")}
scratch=$(mktemp -d -p "$out_root" report-batch-shards.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

# Families and interactions per shard, from the ids with the documented hash (FNV-1a 64 mod N).
balance() {
  sqlite3 -separator ' ' "$db" "SELECT f.id, (SELECT count(*) FROM interactions i WHERE i.family_unit_id = f.id) FROM family_units f" | python3 -c '
import sys
n = int(sys.argv[1])
fam = [0] * n; rows = [0] * n
for line in sys.stdin:
    id, count = line.split()
    h = 0xcbf29ce484222325
    for b in id.encode("utf-8"):
        h = ((h ^ b) * 0x100000001b3) % (1 << 64)
    fam[h % n] += 1; rows[h % n] += int(count)
print("%.3f %.3f %s" % (max(fam) * n / sum(fam), max(rows) * n / max(sum(rows), 1), "/".join(map(str, fam))))
' "$1"
}

echo "report-batch weekly job in shards, $(date -u +%Y-%m-%d), $(nproc) cores, $(echo "$set_name" | tr a-z A-Z) ($families families), every shard --workers 1, started together, outputs in $out_root"
echo
echo "| shards | total s (all shards and summarize) | slowest shard s | fastest shard s | summarize s | peak MiB of a shard | families per shard | largest ÷ mean, families | largest ÷ mean, interactions |"
echo "|---|---|---|---|---|---|---|---|---|"
for n in ${SHARDS:-1 2 4}; do
  rm -rf "$scratch/out"
  mkdir -p "$scratch/out" "$scratch/times"
  start=$(date +%s.%N)
  pids=()
  for k in $(seq 0 $((n - 1))); do
    /usr/bin/time -f "%e %M" -o "$scratch/times/$k" "$bin" run weekly.yaml --db "$db" --out "$scratch/out" --now "$now" \
      --shards "$n" --shard "$k" --workers 1 --quiet >/dev/null &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid"; done
  summarize=–
  if [ "$n" -gt 1 ]; then
    /usr/bin/time -f "%e" -o "$scratch/summarize" "$bin" summarize "$scratch/out" --quiet >/dev/null
    summarize=$(cat "$scratch/summarize")
  fi
  total=$(python3 -c "import sys; print('%.1f' % (float(sys.argv[2]) - float(sys.argv[1])))" "$start" "$(date +%s.%N)")
  slowest=$(cut -d' ' -f1 "$scratch"/times/* | sort -n | tail -1)
  fastest=$(cut -d' ' -f1 "$scratch"/times/* | sort -n | head -1)
  peak=$(cut -d' ' -f2 "$scratch"/times/* | sort -n | tail -1 | awk '{ printf "%.1f", $1 / 1024 }')
  grep -q "^$families families: " "$scratch/out/summary.txt" || { echo "bench: the merged summary does not count $families families" >&2; exit 1; }
  read -r fam_ratio row_ratio sizes <<<"$(balance "$n")"
  echo "| $n | $total | $slowest | $fastest | $summarize | $peak | $sizes | $fam_ratio | $row_ratio |"
done
