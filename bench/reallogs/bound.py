#!/usr/bin/env python3
"""How many needles a text of N chars could keep if it knew them: the bound that judgment works
under, as against room. For each input of the real-logs set (build.py), the lines that hold its
needles, as a terminal shows them, are taken cheapest first into a text laid out as the offline
summary lays out its own (its header line, the kept lines in order, each gap marked by its
lines: `[... lines A-B omitted ...]`) while that text stays within N chars; score.py's `kept`
then counts the needles in it. An input of N chars or less counts whole, as ctx passes it
through. The text is built, not estimated: every figure is of a real text within N chars.

    python3 bench/reallogs/bound.py [SET_DIR] [--chars N ...]

SET_DIR defaults to bench/out/reallogs; N to 3,000 (the summary) and 8,000 (the default cut).
"""
import argparse
import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
sys.path.insert(0, os.path.join(here, "..", "fidelity"))
from score import SOURCES, kept  # noqa: E402
from template import visible  # noqa: E402


def marker(a, b):
    return f"[... line {a:,} omitted ...]" if a == b else f"[... lines {a:,}-{b:,} omitted ...]"


def render(lines, keep, head):
    out = [head]
    prev = 0
    for n in sorted(keep):
        if n > prev + 1:
            out.append(marker(prev + 1, n - 1))
        out.append(lines[n - 1])
        prev = n
    if prev < len(lines):
        out.append(marker(prev + 1, len(lines)))
    return "\n".join(out)


def best(data, needles, n):
    """The needles kept by the fullest text of at most `n` chars that the labels would make."""
    text = data.decode("utf-8", errors="surrogateescape")
    if len(text) <= n:
        return len(needles)
    raw = data.split(b"\n")
    if data.endswith(b"\n"):
        raw.pop()  # the newline ends the last line; no line follows it
    lines = [visible(l).decode("utf-8", errors="surrogateescape") for l in raw]
    head = f"[extractive summary of {len(text):,} chars, {len(raw):,} lines: decisive lines kept verbatim]"
    keep = set()
    for line in sorted({x["lf_line"] for x in needles}, key=lambda i: (len(lines[i - 1]), i)):
        if len(render(lines, keep | {line}, head)) <= n:
            keep.add(line)
    return sum(kept(needles, render(lines, keep, head).encode("utf-8", errors="surrogateescape")))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("set_dir", nargs="?", default=os.path.join(here, "..", "out", "reallogs"))
    ap.add_argument("--chars", type=int, nargs="+", default=[3000, 8000])
    a = ap.parse_args()
    rows = [json.loads(l) for l in open(os.path.join(a.set_dir, "needles.jsonl"))]
    sources = [s for s in SOURCES if any(r["source"] == s for r in rows)]
    print("| chars | " + " | ".join(sources) + " | overall |")
    print("|---" * (len(sources) + 2) + "|")
    for n in a.chars:
        got = {s: [0, 0] for s in sources}
        for r in rows:
            data = open(os.path.join(a.set_dir, r["input"]), "rb").read()
            got[r["source"]][0] += best(data, r["needles"], n)
            got[r["source"]][1] += len(r["needles"])
        k, t = sum(g[0] for g in got.values()), sum(g[1] for g in got.values())
        cells = [f"{g[0]}/{g[1]} ({100.0 * g[0] / g[1]:.1f}%)" for g in got.values()]
        print(f"| {n:,} | " + " | ".join(cells) + f" | **{100.0 * k / t:.1f}%** ({k}/{t}) |")


if __name__ == "__main__":
    main()
