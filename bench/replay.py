#!/usr/bin/env python3
"""Replays a transcript to ctx-compact turn by turn, as an agent that compacts before every
request would, with and without --state, side by side; writes a Markdown report.

    python3 bench/replay.py --bin target/$(rustc --print host-tuple)/release/ctx-compact --transcript T.jsonl \
        --max-tokens 8000 --server http://127.0.0.1:PORT/v1 --out bench/out/replay.md

A turn is the transcript up to a point where the agent sends a request: after each tool output
and after each user message. For every turn it records the tokens sent (the output's size),
whether the output begins with the previous turn's output byte for byte (a prompt-cache hit),
whether history was compacted, and the LLM calls made (the loopback server's count).
"""

import argparse
import json
import os
import shutil
import subprocess
import tempfile
import urllib.request


def turn_ends(lines):
    """Indices after which the agent sends a request."""
    ends = []
    for i, line in enumerate(lines):
        v = json.loads(line)
        p = v.get("payload", v)
        kind = p.get("type")
        codex = kind in ("function_call_output", "custom_tool_call_output") or (kind == "message" and p.get("role") == "user")
        claude = kind == "user" and not v.get("isSidechain") and "message" in v
        if codex or claude:
            ends.append(i + 1)
    return ends


def calls(server):
    with urllib.request.urlopen(server.rsplit("/v1", 1)[0] + "/count") as r:
        return json.load(r)["count"]


def replay(args, lines, ends, state):
    work = tempfile.mkdtemp(prefix="ctx-replay-")
    rows, prev = [], None
    try:
        for end in ends:
            inp, out = os.path.join(work, "in.jsonl"), os.path.join(work, "out.jsonl")
            with open(inp, "w") as f:
                f.write("".join(l + "\n" for l in lines[:end]))
            cmd = [args.bin, "--max-tokens", str(args.max_tokens), "--json", "--force", "--no-cache",
                   "--base-url", args.server, "--model", "replay", "--store", os.path.join(work, "store"),
                   "-o", out, inp]
            if state:
                cmd += ["--state", os.path.join(work, "state.json")]
            before = calls(args.server)
            res = subprocess.run(cmd, capture_output=True, text=True, check=True)
            report = json.loads(res.stdout.strip().splitlines()[-1])
            with open(out, "rb") as f:
                data = f.read()
            rows.append({
                "lines": end,
                "tokens": report.get("tokens_after", 0),
                "stable": prev is not None and data.startswith(prev),
                "event": "history_summarized" in report,
                "calls": calls(args.server) - before,
            })
            prev = data
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return rows


def summary(rows):
    turns = len(rows) - 1
    quiet = [r for r in rows[1:] if not r["event"]]
    stable = sum(r["stable"] for r in quiet)
    return {
        "turns": len(rows),
        "events": sum(r["event"] for r in rows),
        "stable_all": sum(r["stable"] for r in rows[1:]),
        "turns_after_first": turns,
        "quiet": len(quiet),
        "stable_quiet": stable,
        "calls": sum(r["calls"] for r in rows),
        "tokens": sum(r["tokens"] for r in rows),
        "max_tokens": max(r["tokens"] for r in rows),
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--transcript", required=True)
    ap.add_argument("--max-tokens", type=int, default=8000)
    ap.add_argument("--server", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    with open(args.transcript) as f:
        lines = f.read().splitlines()
    ends = turn_ends(lines)
    results = {name: replay(args, lines, ends, state) for name, state in (("stateless", False), ("--state", True))}
    with open(args.out + ".json", "w") as f:
        json.dump(results, f, indent=1)
    s = {k: summary(v) for k, v in results.items()}
    pct = lambda a, b: f"{100 * a / b:.0f}%" if b else "-"
    lines_out = [
        "| Mode | Turns | Compactions | Prefix-stable turns (all) | Prefix-stable turns without a compaction | LLM calls | Tokens sent in all | Largest turn |",
        "|:---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, v in s.items():
        lines_out.append(
            f"| {name} | {v['turns']} | {v['events']} | {v['stable_all']} of {v['turns_after_first']} "
            f"({pct(v['stable_all'], v['turns_after_first'])}) | {v['stable_quiet']} of {v['quiet']} "
            f"({pct(v['stable_quiet'], v['quiet'])}) | {v['calls']} | {v['tokens']:,} | {v['max_tokens']:,} |"
        )
    with open(args.out, "w") as f:
        f.write("\n".join(lines_out) + "\n")
    print("\n".join(lines_out))


if __name__ == "__main__":
    main()
