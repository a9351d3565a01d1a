#!/usr/bin/env python3
"""Checks that every target in Package.swift declares exactly the modules its sources import (and nothing else).

Run from the repository root: python3 scripts/check-imports.py. Prints one line per mismatch; exit 1 if any.
"""
import glob
import os
import re
import sys

KNOWN = ("Glasspane", "CSDL2", "CGL", "CText", "CX11Errors", "Logging", "Histogram", "ArgumentParser", "FlyingFox", "FlyingSocks")

pkg = open("Package.swift").read()
targets = {}
pattern = (r'\.(?:target|executableTarget|testTarget)\(\s*name:\s*"([^"]+)"(.*?)\)'
           r'(?=,\s*\n\s*(?:\.(?:target|executableTarget|testTarget|plugin|systemLibrary)\(|//|\]))')
for m in re.finditer(pattern, pkg, re.S):
    name, body = m.group(1), m.group(2)
    declared = set(re.findall(r'"((?:Glasspane\w*)|CSDL2|CGL|CText|CX11Errors)"', body.split("plugins")[0]))
    declared |= set(re.findall(r'product\(name: "(\w+)"', body))
    path = re.search(r'path: "([^"]+)"', body)
    targets[name] = (declared - {name}, path.group(1) if path else None)

# The layering rules (docs/design.md): backends read the draw list, never the views; only the renderer and the
# platform touch C.
FORBIDDEN = {"GlasspaneRender": {"GlasspaneOverlay"}}
for pure in ("GlasspaneCore", "GlasspaneBus", "GlasspaneAnimation", "GlasspaneDraw", "GlasspaneOverlay", "GlasspaneScene",
             "GlasspaneScripts", "GlasspaneHost", "GlasspaneDemo", "GlasspaneInspector"):
    FORBIDDEN.setdefault(pure, set()).update({"CSDL2", "CGL", "CX11Errors"})
# Text shapes with C text libraries but never touches SDL or GL (it sits below the renderer and beside the overlay).
FORBIDDEN["GlasspaneText"] = {"CSDL2", "CGL", "GlasspaneOverlay", "GlasspaneRender"}

problems = []
for name, (declared, path) in sorted(targets.items()):
    folder = path or (("Tests/" if name.endswith("Tests") else "Sources/") + name)
    if not os.path.isdir(folder):
        continue
    imported = set()
    for f in glob.glob(folder + "/**/*.swift", recursive=True):
        for line in open(f, encoding="utf-8"):
            m = re.match(r"\s*(?:@testable\s+)?import\s+(\w+)", line)
            if m and m.group(1).startswith(KNOWN):
                imported.add(m.group(1))
    for module in sorted(FORBIDDEN.get(name, set()) & (imported | declared)):
        problems.append(f"{name}: must not depend on {module} (docs/design.md, the layers)")
    if imported - declared:
        problems.append(f"{name}: imports {sorted(imported - declared)} without declaring them in Package.swift")
    if declared - imported:
        problems.append(f"{name}: declares {sorted(declared - imported)} in Package.swift but never imports them")
print("\n".join(problems) if problems else f"{len(targets)} targets: declared dependencies match the imports")
sys.exit(1 if problems else 0)
