#!/usr/bin/env bash
# Packs the release build and what it needs to benchmark on another x86-64 Linux machine without Swift, SDL or the
# fonts installed (a GPU box): glasspane (stripped), the Dear ImGui list peer, every shared library they load except
# glibc's own, DejaVu Sans, the bench scripts, and run.sh, which runs interleaved rounds of the list benchmarks there.
# docs/bench.md, "Benchmarking on another machine".
#   scripts/bundle-bench.sh [OUT.tar.xz]      (default results/glasspane-bench.tar.xz; needs `make release` first)
set -euo pipefail
out=${1:-results/glasspane-bench.tar.xz}
bin=.build/release/glasspane
[ -x "$bin" ] || { echo "bundle-bench: $bin is missing; run 'make release' first" >&2; exit 2; }
peer=.build/imgui-list/imgui_list
scripts/build-imgui-list.sh "$peer"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/glasspane-bench"/{bin,lib,glvnd,fonts,scripts}
dir=$stage/glasspane-bench
cp "$bin" "$peer" "$dir/bin/"
strip "$dir/bin/glasspane" "$dir/bin/imgui_list"
# glibc, the C++ runtime and glvnd's dispatch stay the machine's own: its GL driver is reached through them.
for b in "$bin" "$peer"; do ldd "$b"; done | awk '$3 ~ /^\// {print $3}' | sort -u \
    | grep -Ev '/(libc|libm|libpthread|libdl|librt|ld-linux[^/]*|libgcc_s|libstdc\+\+|libOpenGL|libGLdispatch|libEGL|libGLX|libGL)\.so' \
    | xargs -I{} cp -L {} "$dir/lib/"
# A fallback copy of glvnd's dispatch, used only where the machine has none (a bare GPU box with only the driver).
for l in libEGL.so.1 libOpenGL.so.0 libGLdispatch.so.0 libGLX.so.0; do
    cp -L "/usr/lib/x86_64-linux-gnu/$l" "$dir/glvnd/"
done
cp /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf "$dir/fonts/"
cp Examples/Scripts/bench/list-scroll.jsonl Examples/Scripts/bench/grid-scroll.jsonl "$dir/scripts/"
cat > "$dir/run.sh" <<'RUN'
#!/usr/bin/env bash
# Interleaved rounds of the scrolled and idle 10,000-row list, the idle demo, the ImGui peer and the scrolled grid,
# headless through EGL.
# ROUNDS (5). Fonts are installed where glasspane looks for them (/usr/share/fonts/truetype/dejavu) when missing.
# On NVIDIA, point glvnd at the driver first, e.g.
#   __EGL_VENDOR_LIBRARY_FILENAMES=/usr/share/glvnd/egl_vendor.d/10_nvidia.json ./run.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
rounds=${ROUNDS:-5}
fonts=/usr/share/fonts/truetype/dejavu
[ -f "$fonts/DejaVuSans.ttf" ] || { mkdir -p "$fonts" && cp "$here"/fonts/*.ttf "$fonts/"; } \
    || { echo "run.sh: cannot install the fonts in $fonts" >&2; exit 2; }
libs="$here/lib"
ldconfig -p 2>/dev/null | grep -q 'libEGL.so.1 ' || { echo "run.sh: no libEGL.so.1 here; using the bundle's glvnd"; libs="$libs:$here/glvnd"; }
export LD_LIBRARY_PATH="$libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" SDL_VIDEODRIVER=offscreen
# NVIDIA's EGL vendor file, where one is installed and none was named.
if [ -z "${__EGL_VENDOR_LIBRARY_FILENAMES:-}" ]; then
    for f in /usr/share/glvnd/egl_vendor.d/10_nvidia.json /etc/glvnd/egl_vendor.d/10_nvidia.json \
             /usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json; do
        [ -f "$f" ] && { export __EGL_VENDOR_LIBRARY_FILENAMES=$f; echo "run.sh: EGL vendor $f"; break; }
    done
fi
out=$(mktemp -d)
gp="$here/bin/glasspane" script="$here/scripts/list-scroll.jsonl"
for r in $(seq 1 "$rounds"); do
    "$gp" bench --scenario list --headless --warmup 0 --frames 1200 --script "$script" --json "$out/scroll-$r.json" > "$out/scroll-$r.txt" 2>&1 \
        || { echo "run.sh: the scrolled list failed:"; tail -5 "$out/scroll-$r.txt"; exit 1; }
    "$gp" bench --scenario list --headless --warmup 60 --frames 600 --json "$out/idle-$r.json" > /dev/null 2>&1
    # The same scroll by the frame thread's CPU clock (a run of its own: the clock's reads cost a little).
    "$gp" bench --scenario list --headless --warmup 0 --frames 1200 --thread-cpu --script "$script" \
        --json "$out/scrollcpu-$r.json" > /dev/null 2>&1
    "$gp" bench --scenario demo --headless --warmup 60 --frames 1200 --json "$out/demo-$r.json" > /dev/null 2>&1
    "$here/bin/imgui_list" --rows 10000 > "$out/peer-$r.txt" 2>&1
    "$gp" bench --scenario grid --headless --warmup 0 --frames 1200 --script "$here/scripts/grid-scroll.jsonl" \
        --json "$out/grid-$r.json" > /dev/null 2>&1
    echo "round $r/$rounds done"
done
grep -h "^GL:" "$out/scroll-1.txt"
python3 - "$out" "$rounds" <<'PY'
import json, re, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
def phases(name, r):
    d = json.load(open(f"{out}/{name}-{r}.json"))
    p = d["phases_us"]
    return d["frame_ms"]["p50"], p["overlay"]["p50"], p["routing"]["p50"]
def gpu_pass(name, r, which):
    # GPU time of a pass by its timer queries (p50, µs); None where the driver has none or timing was off.
    g = json.load(open(f"{out}/{name}-{r}.json")).get("gpu_us") or {}
    return (g.get(which) or {}).get("p50")
rows, gpu = [], []
for r in range(1, rounds + 1):
    (sf, so, sr), (_, io, _), (df, _, _) = phases("scroll", r), phases("idle", r), phases("demo", r)
    text = open(f"{out}/peer-{r}.txt").read()
    peer = float(re.search(r"imgui-list scroll: frames \d+, overlay CPU p50 ([\d.]+)", text).group(1))
    cpu = json.load(open(f"{out}/scrollcpu-{r}.json"))["phases_thread_cpu_us"]
    cpu_ours = cpu["overlay"]["p50"] + cpu["routing"]["p50"]
    cpu_peer = float(re.search(r"imgui-list scroll thread CPU: p50 ([\d.]+)", text).group(1))
    gf, go, gr = phases("grid", r)
    rows.append((so + sr, peer, io, sf / df, cpu_ours, cpu_peer, go + gr, gf / df))
    gpu.append((gpu_pass("scroll", r, "scene"), gpu_pass("scroll", r, "overlay"), gpu_pass("demo", r, "scene"),
                gpu_pass("demo", r, "overlay")))
    print(f"round {r}: scrolling overlay+routing {so + sr:.1f} us, peer {peer:.1f} us, ratio {(so + sr) / peer:.3f} "
          f"(thread CPU {cpu_ours:.1f} against {cpu_peer:.1f}); "
          f"idle list overlay {io:.1f} us; scrolled frame / idle demo frame {sf:.3f} / {df:.3f} ms = {sf / df:.3f}; "
          f"grid scrolling overlay+routing {go + gr:.1f} us, frame {gf:.3f} ms")
med = lambda k: statistics.median(row[k] for row in rows)
print(f"medians: scrolling {med(0):.1f} us against the peer's {med(1):.1f} (ratio {med(0) / med(1):.3f}, target 0.25); "
      f"idle list {med(2):.1f} us (target 10); frame ratio {med(3):.3f} (target 1.15); by thread CPU, scrolling "
      f"{med(4):.1f} against {med(5):.1f} (ratio {med(4) / med(5):.3f}); grid scrolling {med(6):.1f} us, "
      f"its frame / idle demo {med(7):.3f}")
# On a GPU the timer queries time each pass (a software rasterizer's only time the commands' submission).
renderer = json.load(open(f"{out}/scroll-1.json")).get("environment", {}).get("gl_renderer", "")
software = any(name in renderer for name in ("llvmpipe", "softpipe", "SWR"))
if not software and all(v is not None for row in gpu for v in row):
    g = lambda k: statistics.median(row[k] for row in gpu)
    print(f"GPU passes (timer queries, p50 medians): scrolled list scene {g(0):.1f} us, overlay {g(1):.1f} us; "
          f"idle demo scene {g(2):.1f} us, overlay {g(3):.1f} us")
PY
RUN
chmod +x "$dir/run.sh"
mkdir -p "$(dirname "$out")"
tar -C "$stage" -cJf "$out" glasspane-bench
echo "bundle-bench: $out ($(du -h "$out" | cut -f1)); on the other machine: tar -xJf $(basename "$out") && glasspane-bench/run.sh"
