#!/usr/bin/env bash
# Installs the Debian packages Glasspane needs, only those missing. As root it runs apt-get; otherwise it
# prints the exact command to run and fails.
set -euo pipefail
packages=(libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libgl-dev libegl-dev libopengl-dev libgl1-mesa-dri
          libegl-mesa0 xvfb xauth fonts-dejavu-core pkg-config
          libharfbuzz-dev libfribidi-dev libfreetype-dev fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji  # GlasspaneText
          libharfbuzz-bin  # hb-shape, the oracle of Tests/GlasspaneTextTests and scripts/make-shaping-fixture.py
          libcurl4-openssl-dev  # the release build links Foundation statically, FoundationNetworking with it
          libimgui-dev g++  # the Dear ImGui list peer of make bench-compare (Benchmarks/imgui-list)
          python3-websocket  # Examples/Remote/recolor.py and its test (InspectorCLITests); tests never pip-install
          xdotool xclip  # RealWindowTests: real X input and the real clipboard, a real window under Xvfb
          chromium chromium-driver "$@")  # the inspector page test (Tests/Browser); about 80 MB, 290 MB installed
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ! command -v swift >/dev/null 2>&1; then
  echo "glasspane: 'swift' is not on PATH; install Swift 6 (https://www.swift.org/install/linux/) first." >&2
  exit 1
fi
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ]; then
  echo "Installing missing Debian packages: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  echo "Installing missing Debian packages with sudo: ${missing[*]}"
  sudo apt-get update -qq
  sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "glasspane: these packages are missing and this user cannot install them. Run:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
