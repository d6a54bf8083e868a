#!/usr/bin/env python3
"""Counts the decisive lines (decisive.py) of each real output that each method keeps.

    measure.py BIN_DIR OUTPUT...

Methods: ctx-truncate --strategy salient and head-tail at 8,000 chars and at 2,000 o200k tokens,
the offline ctx-summarize in 3,000 chars, and the peers' rules as written in their sources:
Codex (codex-rs/core/src/tools/mod.rs: 256 lines, 10 KiB: the first 128 lines within 5 KiB and
the last 128 lines within what is left), Claude Code (30,000 chars, head and tail), OpenCode
(the last 2,000 lines or 50 KB). A line counts as kept when it stands whole in the output. Every
ctx output is also checked against its budget (chars by Python's len, tokens by ctx-truncate
--count, which the test suite checks against tiktoken).
"""
import os
import subprocess
import sys

from decisive import decisive

BIN = sys.argv[1]


def ctx(tool, *args, data):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CTX_", "OPENAI_", "ANTHROPIC_"))}
    env["XDG_CONFIG_HOME"] = "/nonexistent"
    return subprocess.run([os.path.join(BIN, tool), *args], input=data, capture_output=True, env=env, check=True).stdout


def tokens(data):
    return int(ctx("ctx-truncate", "--count=tokens", data=data).split()[0])


def codex(text):
    lines = text.split("\n")
    if len(lines) <= 256 and len(text.encode()) <= 10240:
        return text
    head = "\n".join(lines[:128]).encode()[:5120].decode(errors="ignore")
    rest = 10240 - len(head.encode())
    tail = "\n".join(lines[-128:]).encode()
    tail = tail[-rest:].decode(errors="ignore") if rest > 0 else ""
    return head + "\n[... omitted ...]\n" + tail


def claude_code(text):
    if len(text) <= 30000:
        return text
    return text[:15000] + "\n[... truncated ...]\n" + text[-15000:]


def opencode(text):
    lines = text.split("\n")[-2000:]
    out = "\n".join(lines)
    b = out.encode()
    return b[-51200:].decode(errors="ignore") if len(b) > 51200 else out


METHODS = [
    ("default (no flag) 8,000 chars", lambda d: ctx("ctx-truncate", "--max-chars", "8000", data=d), ("chars", 8000)),
    ("salient 8,000 chars", lambda d: ctx("ctx-truncate", "--strategy", "salient", "--max-chars", "8000", data=d), ("chars", 8000)),
    ("salient 2,000 tokens", lambda d: ctx("ctx-truncate", "--strategy", "salient", "--max-tokens", "2000", data=d), ("tokens", 2000)),
    ("head-tail 8,000 chars", lambda d: ctx("ctx-truncate", "--strategy", "head-tail", "--max-chars", "8000", data=d), ("chars", 8000)),
    ("head-tail 2,000 tokens", lambda d: ctx("ctx-truncate", "--strategy", "head-tail", "--max-tokens", "2000", data=d), ("tokens", 2000)),
    ("summarize offline 3,000 chars", lambda d: ctx("ctx-summarize", "--max-output", "3000", data=d), ("chars", 3000)),
    ("Codex 256 lines / 10 KiB", lambda d: codex(d.decode()).encode(), None),
    ("Claude Code 30,000 chars", lambda d: claude_code(d.decode()).encode(), None),
    ("OpenCode 2,000 lines / 50 KB", lambda d: opencode(d.decode()).encode(), None),
]


def main():
    files = sys.argv[2:]
    wanted = {f: decisive(f) for f in files}
    total = sum(len(v) for v in wanted.values())
    print(f"{len(files)} outputs, {total} decisive lines")
    names = [os.path.basename(f).split(".")[0] for f in files]
    print("| method | " + " | ".join(names) + " | kept | over budget |")
    print("|---" * (len(files) + 3) + "|")
    missed = {}
    for name, run, budget in METHODS:
        kept_all, cells, over = 0, [], 0
        for f in files:
            data = open(f, "rb").read()
            out = run(data)
            lines = set(out.decode(errors="surrogateescape").split("\n"))
            kept = [l for l in wanted[f] if l in lines]
            kept_all += len(kept)
            cells.append(f"{len(kept)}/{len(wanted[f])}")
            if name.startswith("salient 8"):
                missed[f] = [l for l in wanted[f] if l not in lines]
            if budget:
                unit, n = budget
                size = len(out.decode(errors="replace")) if unit == "chars" else tokens(out)
                over += size > n
        pct = 100.0 * kept_all / total
        print(f"| {name} | " + " | ".join(cells) + f" | {kept_all}/{total} ({pct:.0f}%) | {over if budget else '-'} |")
    for f, m in missed.items():
        for l in m:
            print(f"salient 8,000 chars drops from {os.path.basename(f)}: {l}", file=sys.stderr)


if __name__ == "__main__":
    main()
