#!/usr/bin/env python3
"""Per-window medians from a `glasspane bench --csv` file driven by a cyclic script.

A window is NAME:FIRST:END, frame offsets within each cycle (END excluded); a cycle starts at --start + k * --period.
Prints, per window, the frame count and the p50/p90 of the frame time and of the overlay phases, e.g.
  python3 scripts/bench-windows.py run.csv --start 5 --period 156 --skip-cycles 1 --window idle:45:80 --window drawing:81:150
"""
import argparse, csv, statistics, sys

def percentile(values, p):
    values = sorted(values)
    if not values:
        return float("nan")
    k = (len(values) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("csv")
    ap.add_argument("--start", type=int, required=True, help="frame index of the first cycle")
    ap.add_argument("--period", type=int, required=True, help="frames per cycle (1 to 100000)")
    ap.add_argument("--skip-cycles", type=int, default=0, help="cycles to leave out at the start")
    ap.add_argument("--window", action="append", required=True, help="NAME:FIRST:END offsets in a cycle")
    a = ap.parse_args()
    if not 1 <= a.period <= 100000:
        sys.exit(f"bench-windows: --period {a.period} is outside 1...100000")
    windows = []
    for w in a.window:
        try:
            name, first, end = w.split(":")
            first, end = int(first), int(end)
        except ValueError:
            sys.exit(f"bench-windows: --window {w!r}: expected NAME:FIRST:END")
        if not 0 <= first < end <= a.period:
            sys.exit(f"bench-windows: --window {w!r}: need 0 <= FIRST < END <= period")
        windows.append((name, first, end))
    try:
        rows = list(csv.DictReader(open(a.csv, newline="")))
    except OSError as e:
        sys.exit(f"bench-windows: {a.csv}: {e.strerror}")
    columns = {"frame_ms": "MsBetweenPresents", "overlay_us": "phase_overlay_us", "overlay_layout_us": "phase_overlay_layout_us",
               "overlay_paint_us": "phase_overlay_paint_us", "overlay_render_us": "phase_overlay_render_us"}
    if rows and ("frame_index" not in rows[0] or any(c not in rows[0] for c in columns.values())):
        sys.exit(f"bench-windows: {a.csv}: not a glasspane bench CSV (missing frame_index or phase columns)")
    print("window      frames  " + "  ".join(f"{k:>22}" for k in columns))
    for name, first, end in windows:
        picked = []
        for r in rows:
            i = int(r["frame_index"]) - a.start
            if i < 0 or i // a.period < a.skip_cycles:
                continue
            if first <= i % a.period < end:
                picked.append(r)
        cells = []
        for col in columns.values():
            v = [float(r[col]) for r in picked if r[col] != ""]
            cells.append(f"{percentile(v, 50):10.1f} / {percentile(v, 90):9.1f}")
        print(f"{name:10} {len(picked):7}  " + "  ".join(f"{c:>22}" for c in cells))

if __name__ == "__main__":
    main()
