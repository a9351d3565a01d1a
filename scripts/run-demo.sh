#!/usr/bin/env bash
# `make demo`: a window when there is a display; otherwise a short headless run and a screenshot.
set -euo pipefail
bin=${GLASSPANE_BIN:-.build/release/glasspane}  # the tests point it at their own build
if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  exec "$bin" demo "$@"
fi
mkdir -p results
shot=results/demo-headless.png
echo "No display found: running the demo headless for 300 frames (5 seconds at 60 fps) instead."
"$bin" demo --headless --frames 300 --fps-cap 60 --screenshot "$shot" --stats "$@"
echo
echo "Saved the last frame to $(pwd)/$shot"
echo "For a window, run 'make demo' in a desktop session, or on a virtual display: xvfb-run -a make demo"
