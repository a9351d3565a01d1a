#!/usr/bin/env bash
# Prints the strict JSON parser's and the writer's cost per message next to Foundation's JSONDecoder/JSONEncoder
# (thread CPU time per call, best of five). Release build of GlasspaneCore, linked into a small main.
set -euo pipefail
cd "$(dirname "$0")/.."
# The flags of `make release` (Makefile), so both measure the same code and neither rebuilds the other's objects.
swift build -c release --target GlasspaneCore -Xswiftc -enforce-exclusivity=unchecked >&2
# Swift 5 mode: the benchmark is top-level script code with global state, which is all it needs.
swiftc -O -swift-version 5 -I .build/release/Modules scripts/json-bench/main.swift .build/release/GlasspaneCore.build/*.o \
  -o .build/release/json-bench
.build/release/json-bench
