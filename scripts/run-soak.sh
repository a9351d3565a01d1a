#!/usr/bin/env bash
# `make soak`: memory over long headless runs of the release build, measured from outside the process.
#   1. `glasspane demo --headless` for SOAK_DEMO_FRAMES frames (default 200000): the cube spinning, the panel idle.
#   2. `glasspane replay --headless` of a generated SOAK_REPLAY_FRAMES-frame script (default 20000) that drags in
#      the picker every 100 frames and clicks the scene every 1000, so the overlay, the bus and the engine all work.
# Each run goes under /usr/bin/time -v; this script reads VmRSS from /proc/PID/status of the glasspane process
# once a second and prints the RSS at start (the first sample after a 5 s warm-up, once the window, GL context
# and app are up), at the end (the last sample), the smallest and largest after warm-up, and time's peak. Samples and time's output are kept under results/soak/.
set -euo pipefail
bin=.build/release/glasspane
out=results/soak
mkdir -p "$out"
demo_frames=${SOAK_DEMO_FRAMES:-200000}
replay_frames=${SOAK_REPLAY_FRAMES:-20000}
size=${SOAK_SIZE:-1280x720}
interval=${SOAK_SAMPLE_SECONDS:-1}
# The start figure is the first sample after this many seconds: the window, GL context, font and app are up.
warmup=${SOAK_WARMUP_SECONDS:-5}

[ -x "$bin" ] || { echo "run-soak: $bin is missing; run make release first" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "run-soak: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }

# Runs "$@" under /usr/bin/time -v, sampling the glasspane process's VmRSS (kB) into $out/$name-rss.txt.
soak() {
  local name=$1; shift
  local samples="$out/$name-rss.txt" timing="$out/$name-time.txt"
  : > "$samples"
  echo "== $name: $*"
  local start=$SECONDS
  /usr/bin/time -v -o "$timing" "$@" > "$out/$name-stdout.txt" 2> "$out/$name-stderr.txt" &
  local time_pid=$! child=""
  # The glasspane process is /usr/bin/time's only child.
  while [ -z "$child" ] && kill -0 "$time_pid" 2>/dev/null; do
    child=$(cat "/proc/$time_pid/task/$time_pid/children" 2>/dev/null | tr -d ' ' || true)
    [ -n "$child" ] || sleep 0.05
  done
  while [ -n "$child" ] && [ -r "/proc/$child/status" ]; do
    local rss
    rss=$(awk '/^VmRSS:/ { print $2 }' "/proc/$child/status" 2>/dev/null || true)
    [ -n "$rss" ] && echo "$((SECONDS - start)) $rss" >> "$samples"
    sleep "$interval"
  done
  local rc=0
  wait "$time_pid" || rc=$?
  local elapsed=$((SECONDS - start))
  if [ "$rc" -ne 0 ]; then
    echo "run-soak: $name exited with $rc; see $out/$name-stderr.txt" >&2
    tail -5 "$out/$name-stderr.txt" >&2 || true
    return "$rc"
  fi
  awk -v name="$name" -v elapsed="$elapsed" -v warmup="$warmup" '
    { last = $2; lastT = $1 }
    $1 >= warmup && !started { started = 1; first = $2; firstT = $1; min = $2; max = $2 }
    started { if ($2 < min) min = $2; if ($2 > max) max = $2 }
    END {
      if (!started) { print name ": too short to sample after the " warmup " s warm-up (" NR " samples)"; exit }
      printf "%s: %d s; RSS start (at %d s) %.1f MB, end (at %d s) %.1f MB, change %+.1f MB; min %.1f MB, max %.1f MB after warm-up\n",
             name, elapsed, firstT, first / 1024, lastT, last / 1024, (last - first) / 1024, min / 1024, max / 1024
    }' "$samples"
  awk -F': ' '/Maximum resident set size/ { peak = $2 } /Elapsed \(wall clock\)/ { wall = $2 } /Percent of CPU/ { cpu = $2 }
              END { printf "  /usr/bin/time: peak RSS %.1f MB, wall %s, CPU %s\n", peak / 1024, wall, cpu }' "$timing"
  tail -3 "$out/$name-stdout.txt" | sed 's/^/  /'
}

# A replay script of $replay_frames frames (a frames line sets its length): a drag in the picker's square every 100 frames (20 frames long, back
# and forth), a click on the scene every 1000 frames.
script="$out/replay-$replay_frames.jsonl"
{
  echo '{"format":"glasspane-script","version":1,"window":{"width":1280,"height":720,"scale":1},"step_hz":120}'
  echo "{\"frames\":[0,$((replay_frames - 1))],\"ns\":16666667}"
  for ((f = 10; f + 25 < replay_frames; f += 100)); do
    if (( (f / 100) % 2 == 0 )); then from='[0.1,0.9]'; to='[0.9,0.1]'; else from='[0.9,0.1]'; to='[0.1,0.9]'; fi
    echo "{\"frame\":$f,\"drag\":{\"from\":{\"view\":\"picker.sv\",\"at\":$from},\"to\":{\"view\":\"picker.sv\",\"at\":$to},\"frames\":20}}"
    (( f % 1000 == 10 )) && echo "{\"frame\":$((f + 50)),\"click\":[900,500]}"
  done
} > "$script"

soak "demo-$demo_frames" "$bin" demo --headless --size "$size" --frames "$demo_frames" --stats
soak "replay-$replay_frames" "$bin" replay --headless "$script"
echo
echo "Samples (seconds, VmRSS kB) and /usr/bin/time output in $out/."
