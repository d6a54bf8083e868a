#!/usr/bin/env python3
"""A budget is a promise: every input of the real-logs set (and the corpus's long outputs, when
../shared is beside the repository), cut by each line-selecting strategy at odd budgets in chars,
tokens and lines, and summarized offline at odd caps. Every run must exit 0 and fit its budget
as score.py's `size` measures it (chars by Python's len, tokens by `ctx-truncate
--count=tokens`, lines by newlines). Prints each run that does not, then one line of totals;
exits 1 if any.

    python3 bench/reallogs/budgets.py BIN_DIR [SET_DIR] [--jobs N]

BIN_DIR holds ctx-truncate and ctx-summarize; SET_DIR defaults to bench/out/reallogs (built by
bench/reallogs.sh). Budgets: 120, 700 and 2,999 chars, 40 and 700 tokens, 3 and 40 lines, for
auto, salient, head-tail, layered and tail; ctx-summarize --max-output 300 and 1,000.
"""
import argparse
import glob
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
sys.path.insert(0, os.path.join(here, "..", "fidelity"))
from score import ENV, size  # noqa: E402

STRATEGIES = ("auto", "salient", "head-tail", "layered", "tail")
BUDGETS = [("chars", "--max-chars", n) for n in (120, 700, 2999)]
BUDGETS += [("tokens", "--max-tokens", n) for n in (40, 700)]
BUDGETS += [("lines", "--max-lines", n) for n in (3, 40)]


def configs():
    out = [("ctx-truncate", ["--strategy", s, flag, str(n)], unit, n) for s in STRATEGIES for unit, flag, n in BUDGETS]
    out += [("ctx-summarize", ["--max-output", str(n)], "chars", n) for n in (300, 1000)]
    return out


def check(bin_dir, path):
    data = open(path, "rb").read()
    bad = []
    for tool, args, unit, n in configs():
        r = subprocess.run([os.path.join(bin_dir, tool), *args], input=data, capture_output=True, env=ENV)
        what = f"{os.path.relpath(path)}: {tool} {' '.join(args)}"
        if r.returncode != 0:
            bad.append(f"{what}: exit {r.returncode}: {r.stderr.decode(errors='replace').strip()[:200]}")
        elif (got := size(bin_dir, unit, r.stdout)) > n:
            bad.append(f"{what}: {got} {unit} over {n}")
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bin_dir")
    ap.add_argument("set_dir", nargs="?", default=os.path.join(here, "..", "out", "reallogs"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    a = ap.parse_args()
    rows = [json.loads(line) for line in open(os.path.join(a.set_dir, "needles.jsonl"))]
    paths = [os.path.join(a.set_dir, r["input"]) for r in rows]
    paths += sorted(glob.glob(os.path.join(here, "..", "..", "..", "shared", "corpus", "outputs", "*")))
    with ThreadPoolExecutor(a.jobs) as pool:
        bad = [b for found in pool.map(lambda p: check(a.bin_dir, p), paths) for b in found]
    for b in bad:
        print(b)
    runs = len(paths) * len(configs())
    print(f"{runs} runs ({len(paths)} inputs x {len(configs())} budgets): {len(bad)} failed or over budget")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
