#!/usr/bin/env bash
# `make fuzz`: builds the libFuzzer targets and runs each for FUZZ_SECONDS (default 60) from the committed seed
# corpus (Fuzz/Corpus/<target>/, read-only here); new inputs go to .build-fuzz/corpus/<target>/, crashes and
# their inputs to results/fuzz/. Prints executions and crashes per target; exits 1 when any target crashed.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_TARGET="${FUZZ_SECONDS:-60}"
# FUZZ_RUNS=N stops a target after N executions (whichever of the two limits comes first).
RUNS=()
if [ -n "${FUZZ_RUNS:-}" ]; then RUNS=(-runs="$FUZZ_RUNS"); fi
mapfile -t BINARIES < <(scripts/build-fuzzers.sh)
mkdir -p results/fuzz
status=0
for bin in "${BINARIES[@]}"; do
  name="${bin##*/fuzz-}"
  work=".build-fuzz/corpus/$name"
  mkdir -p "$work"
  log="results/fuzz/$name.log"
  set +e
  "$bin" "${RUNS[@]}" -max_total_time="$SECONDS_PER_TARGET" -max_len=8192 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -dict=Fuzz/json.dict \
    -artifact_prefix="results/fuzz/$name-" "$work" "Fuzz/Corpus/$name" >"$log" 2>&1
  rc=$?
  set -e
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  crashes=$(find results/fuzz -maxdepth 1 -name "$name-*" ! -name "*.log" | wc -l)
  echo "$name: $execs executions in ${SECONDS_PER_TARGET}s, $crashes crashing inputs (exit $rc; log $log)"
  if [ "$rc" -ne 0 ] || [ "$crashes" -ne 0 ]; then status=1; fi
done
exit $status
