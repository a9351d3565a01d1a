#!/usr/bin/env bash
# Two builds of glasspane side by side: the idle and the dragged demo (bench-compare's scenarios), interleaved round by
# round (A then B, B then A on alternate rounds), then each one's medians and B / A. For a change's before and after:
#   scripts/bench-ab.sh /path/to/before/glasspane .build/release/glasspane
# Environment: ROUNDS (5), FRAMES (600), WARMUP (120), SIZE (1280x720), MSAA (1). Reports: results/bench-ab/.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: scripts/bench-ab.sh A_BINARY B_BINARY" >&2; exit 2; }
a=$1 b=$2
for bin in "$a" "$b"; do [ -x "$bin" ] || { echo "bench-ab: $bin is not an executable glasspane" >&2; exit 2; }; done
rounds=${ROUNDS:-5} frames=${FRAMES:-600} warmup=${WARMUP:-120} size=${SIZE:-1280x720} msaa=${MSAA:-1}
for v in rounds frames warmup; do
  [[ ${!v} =~ ^[1-9][0-9]{0,6}$ ]] || { echo "bench-ab: ${v^^} must be a whole number 1...9999999 (got '${!v}')" >&2; exit 2; }
done
scripts/install-deps.sh jq
out=results/bench-ab
mkdir -p "$out"
rm -f "$out"/*.json
common=(--frames "$frames" --warmup "$warmup" --size "$size" --headless --msaa "$msaa" --no-gpu-timing)
drag=Examples/Scripts/bench/picker-drag-long.jsonl
run() { # run LABEL BINARY ROUND
  "$2" bench --scenario demo "${common[@]}" --json "$out/$1-idle-r$3.json" >/dev/null 2>&1
  "$2" bench --scenario demo --script "$drag" "${common[@]}" --json "$out/$1-drag-r$3.json" >/dev/null 2>&1
}
echo "bench-ab: $rounds rounds, $frames frames after $warmup warmup, $size headless, MSAA $msaa; A=$a B=$b"
for r in $(seq 1 "$rounds"); do
  if [ $((r % 2)) = 1 ]; then run a "$a" "$r"; run b "$b" "$r"; else run b "$b" "$r"; run a "$a" "$r"; fi
  echo "round $r/$rounds done"
done
median() { jq -s "map($1) | sort | .[(length - 1) / 2 | floor]" "$out"/"$2"-r*.json; }
printf '\n%-6s %14s %14s %16s %16s\n' run "A frame p50" "B frame p50" "A overlay p50" "B overlay p50"
for run in idle drag; do
  fa=$(median .frame_ms.p50 "a-$run") fb=$(median .frame_ms.p50 "b-$run")
  oa=$(median .phases_us.overlay.p50 "a-$run") ob=$(median .phases_us.overlay.p50 "b-$run")
  printf '%-6s %11.3f ms %11.3f ms %13.1f us %13.1f us   B/A frame %.3f, overlay %.3f\n' "$run" "$fa" "$fb" "$oa" "$ob" \
    "$(awk -v x="$fb" -v y="$fa" 'BEGIN { print x / y }')" "$(awk -v x="$ob" -v y="$oa" 'BEGIN { print (y > 0 ? x / y : 0) }')"
done
