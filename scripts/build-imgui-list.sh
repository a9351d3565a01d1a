#!/usr/bin/env bash
# Builds the Dear ImGui list peer (Benchmarks/imgui-list/imgui_list.cpp) against Debian's libimgui-dev (1.86, with its
# SDL2 and OpenGL3 backends in libimgui.a), SDL2 and glvnd's libOpenGL. Output: .build/imgui-list/imgui_list (or $1).
set -euo pipefail
out=${1:-.build/imgui-list/imgui_list}
mkdir -p "$(dirname "$out")"
g++ -O2 -std=c++17 -Wall -o "$out" Benchmarks/imgui-list/imgui_list.cpp \
    $(pkg-config --cflags imgui sdl2) -I/usr/include/imgui $(pkg-config --libs imgui sdl2) -lOpenGL -ldl -lm
