#!/usr/bin/env python3
"""Writes the Unicode conformance samples that UnicodeConformanceTests check GlasspaneText against:
  Tests/GlasspaneTextTests/Fixtures/BidiCharacterTest-sample.txt  (UAX #9, from BidiCharacterTest.txt)
  Tests/GlasspaneTextTests/Fixtures/LineBreakTest-sample.txt      (UAX #14, from auxiliary/LineBreakTest.txt)

Source: Debian 12's unicode-data package (15.0.0-1), files under /usr/share/unicode (`apt-get install unicode-data`;
only this script needs it: the samples are committed, tests never read /usr/share/unicode unless asked to, see
docs/text.md). Lines are copied verbatim, comments included; the selection is deterministic:
  - Bidi: every test line before the bracket permutation section (examples, explicit embeddings, brackets,
    numbers), then every 100th line of the permutations whose text mixes right-to-left characters with strong
    left-to-right ones or digits (the mixed cases).
  - Line breaking: every 6th line, and every line of 6 or more code points (the real-text examples at the end).
Run from the repository root: python3 scripts/make-conformance-samples.py [UNICODE_DIR]
"""
import os
import sys
import unicodedata

SOURCE = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode"
OUT = "Tests/GlasspaneTextTests/Fixtures"


def header(lines, name):
    """The source file's own header (version, date, format), then how the sample was taken."""
    head = []
    for line in lines:
        if not line.startswith("#"):
            break
        head.append(line)
    return head + [f"# Glasspane sample of {name} from {SOURCE} (Debian unicode-data), written by "
                   "scripts/make-conformance-samples.py; lines copied verbatim.\n"]


def is_mixed(codes):
    """Strong RTL together with strong LTR or digits (Python's unicodedata is close enough to choose a sample)."""
    classes = {unicodedata.bidirectional(chr(c)) for c in codes}
    return bool(classes & {"R", "AL"}) and bool(classes & {"L", "EN", "AN"})


def bidi():
    path = os.path.join(SOURCE, "BidiCharacterTest.txt")
    with open(path, encoding="utf-8") as f:
        lines = f.readlines()
    picked, permutations, mixed = [], False, 0
    for line in lines:
        if line.startswith("# Permutations"):
            permutations = True
        if line.startswith("#") or not line.strip():
            continue
        codes = [int(c, 16) for c in line.split(";")[0].split()]
        if not permutations:
            picked.append(line)
        elif is_mixed(codes):
            mixed += 1
            if mixed % 100 == 0:
                picked.append(line)
    return header(lines, "BidiCharacterTest.txt") + picked


def linebreak():
    path = os.path.join(SOURCE, "auxiliary", "LineBreakTest.txt")
    with open(path, encoding="utf-8") as f:
        lines = f.readlines()
    picked, index = [], 0
    for line in lines:
        if line.startswith("#") or not line.strip():
            continue
        index += 1
        codes = [t for t in line.split("#")[0].split() if t not in ("×", "÷")]
        if index % 6 == 0 or len(codes) >= 6:
            picked.append(line)
    return header(lines, "LineBreakTest.txt") + picked


def main():
    for name, lines in (("BidiCharacterTest-sample.txt", bidi()), ("LineBreakTest-sample.txt", linebreak())):
        with open(os.path.join(OUT, name), "w", encoding="utf-8") as f:
            f.writelines(lines)
        print(name, sum(1 for l in lines if not l.startswith("#")), "cases")


if __name__ == "__main__":
    main()
