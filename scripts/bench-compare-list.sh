#!/usr/bin/env bash
# The 10,000-row list against Dear ImGui (docs/bench.md, "The list against Dear ImGui"): Glasspane's
# `bench --scenario list` under Examples/Scripts/bench/list-scroll.jsonl and idle, then the ImGui peer
# (Benchmarks/imgui-list, ImGuiListClipper) under the same wheel, headless; prints the overlay CPU medians side by side,
# by the wall clock and by the frame thread's CPU clock (`--thread-cpu`: without the time a thread waited or was
# preempted, e.g. by llvmpipe's rasterizer threads drawing Glasspane's 3D scene, which the peer does not have).
# LIST_ROWS (default 10000) sets the rows of both; GLASSPANE (default .build/release/glasspane) the binary.
set -euo pipefail
rows=${LIST_ROWS:-10000}
glasspane=${GLASSPANE:-.build/release/glasspane}
peer=.build/imgui-list/imgui_list
scripts/build-imgui-list.sh "$peer"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export SDL_VIDEODRIVER=offscreen
"$glasspane" bench --scenario list --list-rows "$rows" --headless --warmup 0 --frames 1200 --thread-cpu \
    --script Examples/Scripts/bench/list-scroll.jsonl --json "$out/scroll.json" > "$out/scroll.txt"
"$glasspane" bench --scenario list --list-rows "$rows" --headless --warmup 60 --frames 600 --thread-cpu \
    --json "$out/idle.json" > "$out/idle.txt"
"$peer" --rows "$rows" > "$out/peer.txt"
python3 - "$out" "$rows" <<'PY'
import json, re, sys
out, rows = sys.argv[1], sys.argv[2]
def gp(name, key):
    p = json.load(open(f"{out}/{name}.json")).get(key, {})
    return p.get("overlay", {}).get("p50", 0), p.get("routing", {}).get("p50", 0)
text = open(f"{out}/peer.txt").read()
peer = {m.group(1): float(m.group(2)) for m in re.finditer(r"imgui-list (\w+): frames \d+, overlay CPU p50 ([\d.]+)", text)}
peer_cpu = {m.group(1): float(m.group(2)) for m in re.finditer(r"imgui-list (\w+) thread CPU: p50 ([\d.]+)", text)}
print(f"list, {rows} rows, overlay CPU p50 (us): layout+paint+render, plus routing (the wheel's delivery) for Glasspane")
for title, key, theirs in (("wall clock", "phases_us", peer), ("frame thread's CPU clock", "phases_thread_cpu_us", peer_cpu)):
    (gs, gr), (gi, gir) = gp("scroll", key), gp("idle", key)
    print(f"{title}:")
    print(f"{'':10} {'glasspane':>12} {'+routing':>10} {'imgui':>10} {'ratio':>8}")
    for label, g, r, i in (("scrolling", gs, gr, theirs.get("scroll", 0)), ("idle", gi, gir, theirs.get("idle", 0))):
        ratio = (g + r) / i if i else float("nan")
        print(f"{label:10} {g:12.1f} {r:10.1f} {i:10.1f} {ratio:8.3f}")
render = re.search(r"imgui-list scroll render: p50 ([\d.]+)", open(f"{out}/peer.txt").read())
if render:
    print(f"imgui's GL backend alone while scrolling (ImGui_ImplOpenGL3_RenderDrawData): {float(render.group(1)):.1f} us")
PY
