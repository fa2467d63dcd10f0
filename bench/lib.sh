# The harness's shared pieces, sourced by bench/run.sh and bench/postgres.sh: medians, a
# measured command (a warm-up when $warm is 1, then $n runs under /usr/bin/time; outputs in
# $scratch), and a markdown row with the ratio.
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

# measure NAME COMMAND...: runs it (a warm-up, then $n runs), prints "median_seconds median_MiB",
# keeps its last stdout in $scratch/NAME.out, and fails the harness when the command fails.
measure() {
  local name=$1; shift
  local times=() rss=() line
  if [ "$warm" = 1 ]; then
    rm -rf "$scratch/out"; "$@" > "$scratch/$name.out" 2>"$scratch/$name.err" || { echo "bench: $name failed: $(tail -1 "$scratch/$name.err")" >&2; exit 1; }
  fi
  for _ in $(seq "$n"); do
    rm -rf "$scratch/out"
    /usr/bin/time -f "%e %M" -o "$scratch/time" "$@" > "$scratch/$name.out" 2>"$scratch/$name.err" || { echo "bench: $name failed" >&2; exit 1; }
    line=$(tail -1 "$scratch/time")
    times+=("${line% *}"); rss+=("${line#* }")
  done
  printf '%s %s\n' "$(printf '%s\n' "${times[@]}" | median)" "$(printf '%s\n' "${rss[@]}" | median | awk '{printf "%.1f", $1 / 1024}')"
}

row() {  # case dataset ours peer-name peer target
  local ratio
  ratio=$(awk -v a="${3% *}" -v b="${5% *}" 'BEGIN {printf "%.2f", (b > 0) ? a / b : 0}')
  printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$1" "$2" "${3% *}" "$4" "${5% *}" "$ratio" "$6" "${3#* }" "${5#* }"
}
