#!/usr/bin/env bash
# Builds the floor (Benchmarks/floor/floor.c): plain C against Debian's SDL2 and glvnd's libOpenGL, no Swift.
# Output: .build/floor/floor (or the path given as $1).
set -euo pipefail
out=${1:-.build/floor/floor}
mkdir -p "$(dirname "$out")"
gcc -O2 -std=c11 -D_GNU_SOURCE -Wall -Wextra -o "$out" Benchmarks/floor/floor.c $(pkg-config --cflags --libs sdl2) -lOpenGL -lm
