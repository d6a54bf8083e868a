#!/usr/bin/env python3
"""Scores what each method keeps of the needles of the development set (build.py).

    score.py BIN_DIR SET_DIR [--jobs N] [--only SOURCE] [--misses FILE]

Methods: every ctx-truncate strategy at 8,000 chars and at 2,000 o200k tokens, the offline
ctx-summarize in 3,000 chars, the default with `--baseline` (the passing run before) on the
cidiff pairs when the binary has the flag, and the peers' rules as written in their sources
(bench/fidelity/measure.py: Codex, Claude Code, OpenCode), plus plain head+tail at 8,000 chars.
A needle counts as kept when the output contains it, or when the output keeps a line of the
same template next to a marker that says the needle's line is one of the repeats folded there
("[... N lines ... omitted: lines A-B, K like the line above ...]", or the summary's brief
"[... lines A-B omitted, K like the line above ...]"). Every ctx output is checked
against its budget: chars by Python's len, tokens by ctx-truncate --count=tokens.

Prints a Markdown report: recall per source and overall, over-budget outputs per method.
"""
import argparse
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
sys.path.insert(0, os.path.join(here, "..", "fidelity"))
from template import template  # noqa: E402
from measure import claude_code, codex, opencode  # noqa: E402

SOURCES = ["master-thesis", "cidiff", "loghub", "test-reports"]
MARKER = re.compile(
    r"^\[\.\.\. (?:.* omitted: )?lines? ([\d,]+)(?:-([\d,]+))?(?: omitted)?, ([\d,]+) like the line (above|below)\b")


def env():
    e = {k: v for k, v in os.environ.items() if not k.startswith(("CTX_", "OPENAI_", "ANTHROPIC_"))}
    e["XDG_CONFIG_HOME"] = "/nonexistent"
    e["HOME"] = "/nonexistent"
    return e


ENV = env()


def run(bin_dir, tool, args, data):
    r = subprocess.run([os.path.join(bin_dir, tool), *args], input=data, capture_output=True, env=ENV)
    if r.returncode != 0:
        raise RuntimeError(f"{tool} {' '.join(args)} exited {r.returncode}: {r.stderr.decode(errors='replace')[:300]}")
    return r.stdout


def plain_head_tail(data, n=8000):
    text = data.decode(errors="replace")
    if len(text) <= n:
        return data
    mark = "\n[... truncated ...]\n"
    half = (n - len(mark)) // 2
    return (text[:half] + mark + text[-half:]).encode()


def methods(bin_dir, baseline_flag):
    out = []
    for strategy in ("auto", "head", "tail", "head-tail", "layered", "salient"):
        for unit, flag, n in (("chars", "--max-chars", 8000), ("tokens", "--max-tokens", 2000)):
            args = ["--strategy", strategy, flag, str(n)]
            out.append((f"{strategy} {n:,} {unit}", "ctx-truncate", args, (unit, n), False))
    if baseline_flag:
        for unit, flag, n in (("chars", "--max-chars", 8000), ("tokens", "--max-tokens", 2000)):
            out.append((f"auto --baseline {n:,} {unit}", "ctx-truncate", ["--strategy", "auto", flag, str(n)],
                        (unit, n), True))
    out.append(("summarize offline 3,000 chars", "ctx-summarize", ["--max-output", "3000"], ("chars", 3000), False))
    out.append(("plain head+tail 8,000 chars", plain_head_tail, None, None, False))
    out.append(("OpenCode 2,000 lines / 50 KB", lambda d: opencode(d.decode(errors="replace")).encode(), None, None,
                False))
    out.append(("Codex 256 lines / 10 KiB", lambda d: codex(d.decode(errors="replace")).encode(), None, None, False))
    out.append(("Claude Code 30,000 chars", lambda d: claude_code(d.decode(errors="replace")).encode(), None, None,
                False))
    return out


def kept(needles, out):
    """Which needles the output keeps: whole, or folded as repeats of a kept line of their template."""
    text = out.decode("utf-8", errors="surrogateescape")
    lines = text.split("\n")
    folds = []
    for i, l in enumerate(lines):
        m = MARKER.match(l)
        if not m:
            continue
        a = int(m.group(1).replace(",", ""))
        b = int((m.group(2) or m.group(1)).replace(",", ""))
        j = i - 1 if m.group(4) == "above" else i + 1
        if 0 <= j < len(lines):
            folds.append((a, b, "%016x" % template(lines[j].encode("utf-8", errors="surrogateescape"))))
    result = []
    for n in needles:
        if n["text"] in text:
            result.append(True)
        else:
            result.append(any(a <= n["lf_line"] <= b and t == n["line_template"] for a, b, t in folds))
    return result


def size(bin_dir, unit, out):
    """An output's size in its budget's unit: chars by Python's len, tokens by `ctx-truncate
    --count=tokens`, lines by newlines (a last line without one counts too)."""
    if unit == "chars":
        return len(out.decode("utf-8", errors="replace"))
    if unit == "lines":
        return out.count(b"\n") + (1 if out and not out.endswith(b"\n") else 0)
    return int(run(bin_dir, "ctx-truncate", ["--count=tokens"], out).split()[0])


def score_one(bin_dir, set_dir, row, ms):
    data = open(os.path.join(set_dir, row["input"]), "rb").read()
    res = {}
    for name, tool, args, budget, needs_baseline in ms:
        if needs_baseline:
            if "baseline" not in row:
                continue
            args = args + ["--baseline", os.path.join(set_dir, row["baseline"])]
        out = run(bin_dir, tool, args, data) if isinstance(tool, str) else tool(data)
        over = bool(budget) and size(bin_dir, budget[0], out) > budget[1]
        k = kept(row["needles"], out)
        res[name] = (sum(k), over, [n["text"] for n, x in zip(row["needles"], k) if not x])
    return row, res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bin_dir")
    ap.add_argument("set_dir")
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("JOBS", os.cpu_count() or 2)))
    ap.add_argument("--only", help="one source")
    ap.add_argument("--misses", help="write the needles each method dropped, as JSON lines, to FILE")
    a = ap.parse_args()
    help_text = run(a.bin_dir, "ctx-truncate", ["--help"], b"").decode()
    ms = methods(a.bin_dir, "--baseline" in help_text)
    rows = [json.loads(l) for l in open(os.path.join(a.set_dir, "needles.jsonl"))]
    if a.only:
        rows = [r for r in rows if r["source"] == a.only]
    results = []
    with ThreadPoolExecutor(a.jobs) as pool:
        for i, r in enumerate(pool.map(lambda r: score_one(a.bin_dir, a.set_dir, r, ms), rows), 1):
            results.append(r)
            if i % 50 == 0 or i == len(rows):
                print(f"scored {i}/{len(rows)} inputs", file=sys.stderr, flush=True)

    sources = [s for s in SOURCES if any(r["source"] == s for r in rows)]
    total = {s: sum(len(r["needles"]) for r in rows if r["source"] == s) for s in sources}
    inputs = {s: sum(1 for r in rows if r["source"] == s) for s in sources}
    all_needles = sum(total.values())
    print(f"{len(rows)} inputs, {all_needles} needles: "
          + ", ".join(f"{s} {inputs[s]} inputs / {total[s]} needles" for s in sources))
    print()
    print("| method | " + " | ".join(sources) + " | overall | over budget |")
    print("|---" * (len(sources) + 3) + "|")
    for name, tool, _args, budget, needs_baseline in ms:
        cells, kept_all, over, n_all = [], 0, 0, 0
        for s in sources:
            got = [res[name] for row, res in results if row["source"] == s and name in res]
            k = sum(g[0] for g in got)
            n = sum(len(row["needles"]) for row, res in results if row["source"] == s and name in res)
            over += sum(g[1] for g in got)
            kept_all += k
            n_all += n
            cells.append(f"{k}/{n} ({100.0 * k / n:.1f}%)" if n else "-")
        overall = f"**{100.0 * kept_all / n_all:.1f}%** ({kept_all}/{n_all})" if n_all else "-"
        print(f"| {name} | " + " | ".join(cells) + f" | {overall} | {over if budget else '-'} |")
    if a.misses:
        with open(a.misses, "w") as f:
            for row, res in results:
                for name, (_, _, missed) in res.items():
                    if missed:
                        f.write(json.dumps({"id": row["id"], "method": name, "missed": missed}) + "\n")


if __name__ == "__main__":
    main()
