#!/usr/bin/env bash
# Builds the libFuzzer binaries for the bus decoder, the script parser, text layout and the image header
# (Fuzz/*/main.swift).
# SwiftPM compiles the library targets with coverage instrumentation and AddressSanitizer into a separate
# scratch path (so the normal .build is untouched); swiftc then links each fuzzer main against those objects
# with libFuzzer's own main (-sanitize=fuzzer).
set -euo pipefail
cd "$(dirname "$0")/.."
SCRATCH=.build-fuzz
# lld links: with -sanitize the build's own tools (the shader embedder plugin's) are instrumented too, and gold stops
# on them with an internal error (dwarf_reader.cc, "format_file_lineno").
FLAGS=(-sanitize=fuzzer,address -use-ld=lld)
swift build -c release --scratch-path "$SCRATCH" --target GlasspaneFuzzTargets -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld >&2
BUILD="$SCRATCH/release"
OBJECTS=()
for module in GlasspaneCore GlasspaneBus GlasspaneScripts GlasspaneDraw GlasspaneText GlasspaneFuzzTargets Logging; do
  OBJECTS+=("$BUILD/$module.build"/*.o)
done
# GlasspaneText's C libraries: their module map and headers to load its module, the libraries to link.
TEXT_FLAGS=(-Xcc -fmodule-map-file=Sources/CText/module.modulemap $(pkg-config --cflags-only-I freetype2 | sed 's/-I/-Xcc -I/g')
            -lharfbuzz -lfribidi -lfreetype)
for target in BusEnvelope ScriptParser TextLayout ImageHeader; do
  out="$SCRATCH/fuzz-$(echo "$target" | sed -E 's/([a-z])([A-Z])/\1-\2/g' | tr 'A-Z' 'a-z')"
  swiftc -O "${FLAGS[@]}" -parse-as-library -module-name "Fuzz$target" -I "$BUILD/Modules" \
    "${TEXT_FLAGS[@]}" "Fuzz/$target/main.swift" "${OBJECTS[@]}" -o "$out" 2> >(grep -v "Cannot export local symbol" >&2)
  echo "$out"
done
