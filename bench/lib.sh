# shellcheck shell=bash disable=SC2154
# The harness's shared pieces, sourced by bench/run.sh and bench/postgres.sh: medians, a
# measured command (a warm-up when $warm is 1, then $n runs under /usr/bin/time; outputs in
# $scratch), jobs measured in turn, and a markdown row with the ratio. ($warm, $n, $scratch
# and $now are the sourcing script's: hence SC2154 off.)
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

# written DIR: the files a run wrote under DIR, a line each ("name rows", rows "None" for a
# file without rows), sorted, from its manifests: what two runs compare to show the same work.
written() {
  python3 -c 'import glob, json, sys
for m in glob.glob(sys.argv[1] + "/**/manifest.json", recursive=True):
    for f in json.load(open(m))["files"]:
        print(f["name"], f.get("rows"))' "$1" | LC_ALL=C sort
}

# jobs_in_turn DB NAME BINARY JOB [NAME BINARY JOB]...: `BINARY run JOB --db DB --workers 1`
# for each triple, one after the other, in rounds (a warm-up round when $warm is 1, then $n
# rounds: A, B, A, B…), so that a slow minute of this shared machine falls on every job alike.
# Prints "median_seconds median_MiB" a line per job, in order; keeps what each job's last run
# wrote (`written`) in $scratch/NAME.written and its stdout in $scratch/NAME.out.
jobs_in_turn() {
  local db=$1 names=() binaries=() jobs=() command=() round k name
  shift
  while [ $# -ge 3 ]; do names+=("$1"); binaries+=("$2"); jobs+=("$3"); shift 3; done
  if [ $# != 0 ] || [ ${#names[@]} = 0 ]; then echo "bench: jobs_in_turn takes NAME BINARY JOB triples" >&2; exit 1; fi
  for name in "${names[@]}"; do : > "$scratch/$name.times"; done
  for round in $(seq $((1 - warm)) "$n"); do   # round 0 is the warm-up
    for k in "${!names[@]}"; do
      name=${names[k]}
      command=("${binaries[k]}" run "${jobs[k]}" --db "$db" --out "$scratch/out" --now "$now" --workers 1 --quiet)
      rm -rf "$scratch/out"
      if [ "$round" = 0 ]; then
        "${command[@]}" > "$scratch/$name.out" 2>"$scratch/$name.err" || { echo "bench: $name failed: $(tail -1 "$scratch/$name.err")" >&2; exit 1; }
        continue
      fi
      /usr/bin/time -f "%e %M" -o "$scratch/time" "${command[@]}" > "$scratch/$name.out" 2>"$scratch/$name.err" \
        || { echo "bench: $name failed: $(tail -1 "$scratch/$name.err")" >&2; exit 1; }
      tail -1 "$scratch/time" >> "$scratch/$name.times"
      written "$scratch/out" > "$scratch/$name.written"
    done
  done
  for name in "${names[@]}"; do
    printf '%s %s\n' "$(cut -d' ' -f1 "$scratch/$name.times" | median)" \
      "$(cut -d' ' -f2 "$scratch/$name.times" | median | awk '{printf "%.1f", $1 / 1024}')"
  done
}

row() {  # case dataset ours peer-name peer target
  local ratio
  ratio=$(awk -v a="${3% *}" -v b="${5% *}" 'BEGIN {printf "%.2f", (b > 0) ? a / b : 0}')
  printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$1" "$2" "${3% *}" "$4" "${5% *}" "$ratio" "$6" "${3#* }" "${5#* }"
}

# commands_in_turn RUNS NAME COMMAND [NAME COMMAND]...: each COMMAND (one string, split on
# spaces: paths and arguments without spaces) run once as a warm-up, then RUNS rounds of all of
# them one after the other, timed with the clock's nanoseconds (a one-family command takes tens
# of milliseconds, below /usr/bin/time's hundredths). Prints "NAME median_ms" a line each.
commands_in_turn() {
  local runs=$1 names=() commands=() round k start end
  shift
  while [ $# -ge 2 ]; do names+=("$1"); commands+=("$2"); shift 2; done
  for k in "${!names[@]}"; do
    : > "$scratch/${names[k]}.ms"
    # shellcheck disable=SC2086  # the command is split on spaces on purpose
    ${commands[k]} > /dev/null 2>&1 || { echo "bench: ${names[k]} failed: ${commands[k]}" >&2; exit 1; }
  done
  for round in $(seq "$runs"); do
    for k in "${!names[@]}"; do
      start=$(date +%s%N)
      # shellcheck disable=SC2086
      ${commands[k]} > /dev/null 2>&1
      end=$(date +%s%N)
      echo $(( (end - start) / 1000 )) >> "$scratch/${names[k]}.ms"
    done
    : "$round"
  done
  for k in "${!names[@]}"; do
    printf '%s %s\n' "${names[k]}" "$(median < "$scratch/${names[k]}.ms" | awk '{printf "%.1f", $1 / 1000}')"
  done
}
