#!/usr/bin/env bash
# Coverage-guided fuzzing of the hand-written readers and writer (libFuzzer through
# `swiftc -sanitize=fuzzer,address`), each against an independent reference:
#   timestamp  the timestamp parser        vs a regular-expression grammar and day counting
#   json       the small JSON readers      vs Foundation's JSONSerialization
#   csv        the csv writer              vs an RFC 4180 reader (the cells come back)
#   jobfile    the job-file reader         any bytes end in a job or a usage/input error naming
#                                          the file, never a crash (built through SwiftPM, since
#                                          it needs Yams and Batch: REPORT_BATCH_FUZZ=1)
#
#   bash scripts/fuzz.sh build             build the three targets into .build-fuzz/
#   bash scripts/fuzz.sh run [SECONDS]     fuzz each for SECONDS (default 120), adding new
#                                          inputs to fuzz/corpus/<target>/ (commit them)
#   bash scripts/fuzz.sh regress           run every input of the committed corpus once
#                                          (what scripts/test.sh does); fails on a finding
#
# A finding stops the target with a message naming the input and writes it as crash-*;
# put that input under fuzz/corpus/<target>/ and into a regression test once it is fixed.
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build-fuzz
mkdir -p "$out"
export SWIFT_BACKTRACE=enable=no  # a finding prints its own message; skip the slow backtracer
export ASAN_OPTIONS=detect_leaks=0  # Foundation and Yams keep caches for the process's life

build() {  # name module sources…
  local name=$1 module=$2; shift 2
  # The target's files and Core's are compiled as one module, so their `import Core` lines are
  # taken out of copies made for it.
  local copies="$out/src-$name" file
  rm -rf "$copies" && mkdir -p "$copies"
  for file in "$@"; do
    sed '/^import Core$/d' "$file" > "$copies/$(echo "$file" | tr / _)"
  done
  swiftc -O -sanitize=fuzzer,address -parse-as-library -package-name report_batch -module-name "$module" "$copies"/*.swift -o "$out/fuzz-$name" 2>&1 \
    | grep -v "ld.gold: warning: Cannot export local symbol" || true
  [ -x "$out/fuzz-$name" ] || { echo "fuzz: building $name failed" >&2; exit 1; }
}

build_all() {
  # shellcheck disable=SC2046
  local core
  core=$(find Sources/Core -name '*.swift' | sort)
  # Aggregation's built-in data file as SwiftPM's embedInCode makes it (Package.swift), which
  # swiftc alone does not; named by its absolute path, since a copy named after ".build-fuzz/…"
  # would be a dot file that the copies' glob leaves out.
  python3 - Sources/Aggregation/Metrics/metric-registry.tsv > "$out/PackageResources.swift" <<'PY'
import sys
data = open(sys.argv[1], 'rb').read()
rows = [', '.join(str(b) for b in data[i:i + 24]) for i in range(0, len(data), 24)]
print('enum PackageResources {\n    static let metric_registry_tsv: [UInt8] = [\n        ' + ',\n        '.join(rows) + ',\n    ]\n}')
PY
  build timestamp FuzzTimestamp $core $(find Sources/Aggregation -name '*.swift' | sort) "$PWD/$out/PackageResources.swift" \
    fuzz/TimestampFuzz.swift
  build json FuzzJSON Sources/AppStore/JSONStringArray.swift Sources/AppStore/JSONMember.swift \
    Sources/AppStore/JSONFlatObject.swift fuzz/JSONFuzz.swift
  build csv FuzzCSV $core Sources/Exporters/CSVWriter.swift Sources/Exporters/Cell.swift Sources/Exporters/CellText.swift \
    Sources/Exporters/NumberText.swift Sources/Exporters/ExportDate.swift Sources/Exporters/ExportDateTime.swift fuzz/CSVFuzz.swift
  # The job-file reader: every module instrumented for coverage, libFuzzer's runtime without its
  # main (SwiftPM links executables through their own).
  local runtime
  runtime=$(ls "$(dirname "$(dirname "$(command -v swiftc)")")"/lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a | head -1)
  REPORT_BATCH_FUZZ=1 REPORT_BATCH_FUZZ_RUNTIME="$runtime" swift build --scratch-path "$out/spm" --product FuzzJobFile \
    -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table 2>&1 \
    | grep -E "error:" || true
  [ -x "$out/spm/debug/FuzzJobFile" ] || { echo "fuzz: building jobfile failed" >&2; exit 1; }
  ln -sf spm/debug/FuzzJobFile "$out/fuzz-jobfile"
}

max_len() { case $1 in timestamp) echo 64;; json) echo 512;; csv) echo 2048;; jobfile) echo 4096;; esac; }

case "${1:-regress}" in
  build)
    build_all ;;
  run)
    seconds=${2:-120}
    build_all
    for target in timestamp json csv jobfile; do
      echo "fuzz: $target for $seconds s" >&2
      "$out/fuzz-$target" "fuzz/corpus/$target" -max_total_time="$seconds" -max_len="$(max_len "$target")" \
        -print_final_stats=1 -artifact_prefix="$out/" 2>&1 | grep -E "stat::number_of_executed_units|cov:.*(DONE|pulse)|disagrees|differs|Fatal" | tail -3
    done ;;
  regress)
    build_all
    for target in timestamp json csv jobfile; do
      count=$(find "fuzz/corpus/$target" -type f | wc -l)
      "$out/fuzz-$target" -runs=0 -artifact_prefix="$out/" $(find "fuzz/corpus/$target" -type f | sort) > "$out/$target.log" 2>&1 \
        || { tail -20 "$out/$target.log" >&2; echo "fuzz: $target: a corpus input fails" >&2; exit 1; }
      echo "fuzz: $target: $count corpus inputs pass" >&2
    done ;;
  *)
    echo "usage: bash scripts/fuzz.sh build | run [SECONDS] | regress" >&2; exit 64 ;;
esac
