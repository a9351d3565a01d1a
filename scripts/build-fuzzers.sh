#!/usr/bin/env bash
# Builds the libFuzzer binaries for the bus decoder, the script parser and the image header (Fuzz/*/main.swift).
# SwiftPM compiles the library targets with coverage instrumentation and AddressSanitizer into a separate
# scratch path (so the normal .build is untouched); swiftc then links each fuzzer main against those objects
# with libFuzzer's own main (-sanitize=fuzzer).
set -euo pipefail
cd "$(dirname "$0")/.."
SCRATCH=.build-fuzz
FLAGS=(-sanitize=fuzzer,address)
swift build -c release --scratch-path "$SCRATCH" --target GlasspaneFuzzTargets -Xswiftc -sanitize=fuzzer,address >&2
BUILD="$SCRATCH/release"
OBJECTS=()
for module in GlasspaneCore GlasspaneBus GlasspaneScripts GlasspaneDraw GlasspaneFuzzTargets Logging; do
  OBJECTS+=("$BUILD/$module.build"/*.o)
done
for target in BusEnvelope ScriptParser ImageHeader; do
  out="$SCRATCH/fuzz-$(echo "$target" | sed -E 's/([a-z])([A-Z])/\1-\2/g' | tr 'A-Z' 'a-z')"
  swiftc -O "${FLAGS[@]}" -parse-as-library -module-name "Fuzz$target" -I "$BUILD/Modules" \
    "Fuzz/$target/main.swift" "${OBJECTS[@]}" -o "$out" 2> >(grep -v "Cannot export local symbol" >&2)
  echo "$out"
done
