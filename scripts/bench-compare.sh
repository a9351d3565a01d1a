#!/usr/bin/env bash
# `make bench-compare`: Glasspane's cube, idle picker and dragged picker against the floor (Benchmarks/floor/floor.c,
# the same cube in plain C + SDL2 + GL 3.3), interleaved for R rounds, then the medians and the ratios (of the
# medians, and paired round by round).
# Environment: ROUNDS (5: the fewest that give a verdict), FRAMES (600), WARMUP (120), SIZE (1280x720), XVFB=1
# (windows under one Xvfb server instead of SDL's offscreen driver), FLOOR_FBO=1 (the floor draws into a framebuffer
# object, as Glasspane does headless), MSAA (1: no multisampling, for the floor and Glasspane alike; 4 is the demo's
# default), FLOOR_PLAIN=1 (the floor draws its first, plainer scene: a clear and a diffuse-only cube), GPU_TIMING=1
# (Glasspane issues its GL timer queries, and the floor its own with --timer-queries; by default neither does).
# Reports: results/bench-compare/<run>-r<round>.json. docs/bench.md ("Side by side") explains the figures.
set -euo pipefail
rounds=${ROUNDS:-5} frames=${FRAMES:-600} warmup=${WARMUP:-120} size=${SIZE:-1280x720} msaa=${MSAA:-1}
for v in rounds frames warmup; do
  [[ ${!v} =~ ^[1-9][0-9]{0,6}$ ]] || { echo "bench-compare: ${v^^} must be a whole number 1...9999999 (got '${!v}')" >&2; exit 2; }
done
for v in XVFB FLOOR_FBO FLOOR_PLAIN GPU_TIMING; do
  [[ ${!v:-0} =~ ^[01]$ ]] || { echo "bench-compare: $v must be 0 or 1 (got '${!v}')" >&2; exit 2; }
done
[[ $msaa =~ ^(1|2|4|8|16)$ ]] || { echo "bench-compare: MSAA must be 1, 2, 4, 8 or 16 (got '$msaa')" >&2; exit 2; }
[[ $size =~ ^[1-9][0-9]{0,4}x[1-9][0-9]{0,4}$ ]] || { echo "bench-compare: SIZE must be WxH (got '$size')" >&2; exit 2; }
if [ "${XVFB:-0}" = 1 ] && [ -z "${BENCH_COMPARE_IN_XVFB:-}" ]; then
  # One X server for every run, so all of them share its costs.
  BENCH_COMPARE_IN_XVFB=1 exec xvfb-run -a -s "-screen 0 ${size}x24" "$0" "$@"
fi
scripts/install-deps.sh gcc jq
bin=.build/release/glasspane
[ -x "$bin" ] || { echo "bench-compare: $bin is missing; run 'make release' (the release build with the Makefile's flags)" >&2; exit 2; }
floor=.build/floor/floor
scripts/build-floor.sh "$floor"
out=results/bench-compare
mkdir -p "$out"
rm -f "$out"/*.json
mode=(--headless) mode_name="headless (SDL offscreen)"
[ -n "${BENCH_COMPARE_IN_XVFB:-}" ] && mode=() mode_name="window under Xvfb"
floor_extra=(--msaa "$msaa")
# Like for like: by default Glasspane draws what the demo draws (no timer queries), as the floor does; GPU_TIMING=1
# gives both their queries.
gp_extra=(--no-gpu-timing)
[ "${GPU_TIMING:-0}" = 1 ] && gp_extra=() && floor_extra+=(--timer-queries)
[ "${FLOOR_FBO:-0}" = 1 ] && floor_extra+=(--fbo)
[ "${FLOOR_PLAIN:-0}" = 1 ] && floor_extra+=(--plain)
common=(--frames "$frames" --warmup "$warmup" --size "$size" "${mode[@]}")
drag=Examples/Scripts/bench/picker-drag-long.jsonl

timing="no GPU timer queries"; [ "${GPU_TIMING:-0}" = 1 ] && timing="GPU timer queries in both"
echo "bench-compare: $rounds rounds of floor, cube, idle, drag; $frames frames after $warmup warmup, $size, $mode_name, MSAA $msaa, $timing"
for r in $(seq 1 "$rounds"); do
  echo "== round $r/$rounds"
  "$floor" "${common[@]}" "${floor_extra[@]}" --json "$out/floor-r$r.json" | sed -n 2p
  # The floor with one composited quad: the least a cached overlay costs on this driver (its CPU in phases_us.overlay).
  "$floor" "${common[@]}" "${floor_extra[@]}" --composite --json "$out/floorcomposite-r$r.json" | sed -n 3p
  "$bin" bench --scenario cube "${common[@]}" --msaa "$msaa" "${gp_extra[@]}" --json "$out/cube-r$r.json" >/dev/null 2>&1
  "$bin" bench --scenario demo "${common[@]}" --msaa "$msaa" "${gp_extra[@]}" --json "$out/idle-r$r.json" >/dev/null 2>&1
  "$bin" bench --scenario demo --script "$drag" "${common[@]}" --msaa "$msaa" "${gp_extra[@]}" --json "$out/drag-r$r.json" >/dev/null 2>&1
  for run in cube idle drag; do
    jq -r --arg run "$run" '"\($run): frame p50 \(.frame_ms.p50) ms, overlay p50 \(.phases_us.overlay.p50) us"' "$out/$run-r$r.json"
  done
done

# median KEY RUN: the median over the rounds of a number in RUN's reports (the middle one; the lower middle when even).
median() {
  jq -s "map($1) | sort | .[(length - 1) / 2 | floor]" "$out"/"$2"-r*.json
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
# spread KEY RUN: (max - min) / median over the rounds, in percent: how noisy the rounds were.
spread() {
  jq -s "map($1) | sort | ((.[-1] - .[0]) / .[(length - 1) / 2 | floor] * 100 | . * 10 | round / 10)" "$out"/"$2"-r*.json
}
echo
echo "Medians of $rounds rounds (spread = (max - min) / median over the rounds):"
printf '%-22s %10s %10s %10s %8s %14s\n' run "p50 ms" "p90 ms" "p99 ms" spread "overlay p50 us"
for run in floor floorcomposite cube idle drag; do
  overlay=-
  [ "$run" != floor ] && overlay=$(median .phases_us.overlay.p50 "$run")
  printf '%-22s %10.3f %10.3f %10.3f %7s%% %14s\n' "$run" "$(median .frame_ms.p50 "$run")" "$(median .frame_ms.p90 "$run")" \
    "$(median .frame_ms.p99 "$run")" "$(spread .frame_ms.p50 "$run")" "$overlay"
done
floor50=$(median .frame_ms.p50 floor) cube50=$(median .frame_ms.p50 cube)
idle50=$(median .frame_ms.p50 idle) drag50=$(median .frame_ms.p50 drag)
# paired EXPR A B: EXPR of each round's reports of A ($a) and B ($b), one per line (runs seconds apart share the
# machine's mood, which drifts by more than the targets' margins between rounds).
paired() {
  local r
  for r in $(seq 1 "$rounds"); do
    jq -n --slurpfile a "$out/$2-r$r.json" --slurpfile b "$out/$3-r$r.json" "$1"
  done
}
# paired_values A B: each round's p50 frame-time ratio A / B.
paired_values() { paired '$a[0].frame_ms.p50 / $b[0].frame_ms.p50' "$1" "$2"; }
# round_values KEY RUN: KEY from each round's report of RUN, one per line.
round_values() {
  local r
  for r in $(seq 1 "$rounds"); do jq "$1" "$out/$2-r$r.json"; done
}
# verdict TARGET FORMAT (values on stdin): "median (min-max)", then whether the target (an upper bound) is met, judged
# by a distribution-free 90 % confidence interval for the median: the k-th smallest and k-th largest of n values,
# with the largest k for which a Binomial(n, 1/2) count falls below k with probability at most 5 % (docs/bench.md,
# "Verdicts"). Met: the interval lies at or under the target; missed: it lies above; else undecided. Under 5 rounds
# no interval reaches 90 %. TARGET - prints the median and range alone.
verdict() {
  sort -g | awk -v target="$1" -v fmt="$2" '
    { v[NR] = $1 }
    END {
      n = NR; median = v[int((n + 1) / 2)]
      printf fmt " (" fmt "-" fmt ")", median, v[1], v[n]
      if (target == "-") exit
      k = 0; tail = 0; term = 1 / 2 ^ n # term: P(count = j), tail: P(count < j + 1)
      for (j = 0; j < n; j++) {
        tail += term
        if (tail > 0.05) break
        k = j + 1
        term = term * (n - j) / (j + 1)
      }
      if (k == 0) { printf "   verdict: too few rounds (5 give a 90 %% interval)"; exit }
      lo = v[k]; hi = v[n + 1 - k]
      printf "   90 %% interval " fmt "-" fmt ": ", lo, hi
      if (hi <= target) printf "met"; else if (lo > target) printf "missed"; else printf "undecided (more rounds)"
    }'
}
if [ -n "${BENCH_COMPARE_IN_XVFB:-}" ]; then idle_cpu_target=25; else idle_cpu_target=10; fi
echo
echo "Ratios of the median p50 frame times; then each round's own ratio: median (range), and the verdict on the target:"
echo "  Glasspane cube / floor  $(ratio "$cube50" "$floor50")   paired $(paired_values cube floor | verdict 1.05 %.3f)   (target <= 1.05)"
echo "  idle picker / cube      $(ratio "$idle50" "$cube50")   paired $(paired_values idle cube | verdict 1.05 %.3f)   (target <= 1.05)"
echo "  dragged picker / cube   $(ratio "$drag50" "$cube50")   paired $(paired_values drag cube | verdict 1.15 %.3f)   (target <= 1.15)"
echo "  floor composite / floor $(ratio "$(median .frame_ms.p50 floorcomposite)" "$floor50")   paired $(paired_values floorcomposite floor | verdict - %.3f)   (what one composited quad costs the floor: idle / cube's reference)"
echo "Overlay CPU p50 in microseconds, over the rounds: median (range), and the verdict on the target:"
echo "  idle      $(round_values .phases_us.overlay.p50 idle | verdict "$idle_cpu_target" %.1f)   (target <= $idle_cpu_target)"
echo "  dragging  $(round_values .phases_us.overlay.p50 drag | verdict 60 %.1f)   (target <= 60)"
echo "  the floor's one composited quad $(round_values .phases_us.overlay.p50 floorcomposite | verdict - %.1f) (the least a cached overlay costs here)"
# Each round's idle overlay CPU less the floor's composite draw, measured seconds apart.
echo "  idle above the floor's quad, paired $(paired '$a[0].phases_us.overlay.p50 - $b[0].phases_us.overlay.p50' idle floorcomposite | verdict - %+.1f)"
echo "Reports in $out/"
