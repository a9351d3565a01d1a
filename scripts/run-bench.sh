#!/usr/bin/env bash
# `make bench`: the standard scenarios headless, each writing JSON, CSV and SVG under results/bench/.
# A previous run's JSON (results/bench/baseline-<name>.json) is compared when present.
set -euo pipefail
bin=.build/release/glasspane
out=results/bench
mkdir -p "$out"
frames=${BENCH_FRAMES:-2000}
# BENCH_RUNS=N repeats each scenario in N fresh processes (medians and spreads; per-run CSV/SVG files).
runs=${BENCH_RUNS:-1}
[[ $runs =~ ^[1-9][0-9]?$ ]] || { echo "run-bench: BENCH_RUNS must be a whole number 1...50 (got '$runs')" >&2; exit 2; }
run() {
  local name=$1; shift
  echo "== $name"
  local base=()
  [ -f "$out/baseline-$name.json" ] && base=(--baseline "$out/baseline-$name.json" --max-regression "${BENCH_MAX_REGRESSION:-15}")
  local repeat=()
  [ "$runs" != 1 ] && repeat=(--runs "$runs")
  "$bin" bench --headless --frames "$frames" --warmup 120 "${repeat[@]}" "$@" \
    --json "$out/$name.json" --csv "$out/$name.csv" --svg "$out/$name.svg" "${base[@]}"
}
run cube --scenario cube
run demo-idle --scenario demo
# The picker dragged for the whole run (one color change per frame): Examples/Scripts/bench/picker-drag-long.jsonl.
run demo-picker-drag --scenario demo --script Examples/Scripts/bench/picker-drag-long.jsonl
run stress --scenario stress
echo
echo "Reports in $out/ (copy a JSON to $out/baseline-<name>.json to compare future runs against it)."
