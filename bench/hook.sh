#!/usr/bin/env bash
# Hook latency: `ctx hook claude` on a Claude Code PostToolUse event, as Claude Code runs it
# (one process per event, JSON on stdin): 200 calls for an output that fits (passed through
# untouched) and 200 for a 1 MB build log (fitted, full text saved), p50/p95 wall time per
# call; `cat` on the same event for scale; and, where bench/reallogs.sh's set is built, the first
# MiB of real failing CI logs, 60 calls each. Report: bench/out/hook.md.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.."
cargo build --release --quiet --bin ctx --bin ctx-truncate
mkdir -p bench/out
export XDG_CACHE_HOME
XDG_CACHE_HOME=$(mktemp -d)
trap 'rm -rf "$XDG_CACHE_HOME"' EXIT
REL=target/$(rustc --print host-tuple)/release python3 - "$XDG_CACHE_HOME" <<'PY' > bench/out/hook.md
import json, os, statistics, subprocess, sys, time, platform
work = sys.argv[1]
ctx = os.path.abspath(os.environ["REL"] + "/ctx")
def event(text):
    # As Claude Code sends it, with the project's `cwd`: from the second call on, the last output
    # of the same command there is the baseline (saved after each call).
    return json.dumps({"session_id": "s", "hook_event_name": "PostToolUse", "tool_name": "Bash", "cwd": work,
        "tool_input": {"command": "make"}, "tool_response": {"stdout": text, "stderr": "",
        "interrupted": False, "isImage": False}, "tool_use_id": "t"}).encode()
small = event("".join(f"   Compiling crate{i} v0.1.{i}\n" for i in range(100)))
block = b"".join(open(os.path.join("bench/fidelity/outputs", f), "rb").read() for f in sorted(os.listdir("bench/fidelity/outputs")))
big_text = (block * (1 + (1 << 20) // len(block)))[: 1 << 20].decode("utf-8", "ignore")
big = event(big_text)
def cpu():
    import resource
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime
def timed(runs, data, n=200):
    """p50, p95 and mean CPU ms of each (cmd, env) in `runs`, run in turn so that a busy machine
    slows all alike."""
    outs, ts, cpus = [None] * len(runs), [[] for _ in runs], [0.0] * len(runs)
    for _ in range(n):
        for i, (cmd, env) in enumerate(runs):
            c0, t = cpu(), time.perf_counter()
            r = subprocess.run(cmd, input=data, capture_output=True, env=env)
            ts[i].append((time.perf_counter() - t) * 1000)
            cpus[i] += (cpu() - c0) * 1000 / n
            assert r.returncode == 0, r.stderr
            outs[i] = r.stdout
    pct = lambda v: (sorted(v)[len(v) // 2], sorted(v)[int(len(v) * 0.95) - 1])
    return [pct(v) for v in ts], cpus, outs
# `ctx init claude --wrap`: the PreToolUse event that rewrites a command; and a Read of lines
# 401-2,400 of a 1 MB file, fitted from the file itself with the file's line numbers.
pre = json.dumps({"session_id": "s", "hook_event_name": "PreToolUse", "tool_name": "Bash",
    "tool_input": {"command": "cd sub && cargo test", "description": "Run the tests"}, "tool_use_id": "t"}).encode()
big_file = os.path.join(work, "big.log")
with open(big_file, "w", encoding="utf-8") as f:
    f.write(big_text)
read_lines = big_text.split("\n")[400:2400]
read = json.dumps({"session_id": "s", "hook_event_name": "PostToolUse", "tool_name": "Read",
    "tool_input": {"file_path": big_file, "offset": 401, "limit": 2000},
    "tool_response": {"type": "text", "file": {"filePath": big_file, "content": "\n".join(read_lines),
        "numLines": len(read_lines), "startLine": 401, "totalLines": big_text.count("\n") + 1}}, "tool_use_id": "t"}).encode()
rows = []
# The hooks log each call for `ctx stats`; CTX_STATS=off turns that off, for its cost.
on, off = dict(os.environ), dict(os.environ, CTX_STATS="off")
for name, data in [("fits (100 lines, 3.3 KB): passed through", small), ("1 MB build log: fitted, full text saved", big),
                   ("PreToolUse (--wrap): `cd sub && cargo test` rewritten", pre),
                   ("Read of lines 401-2,400 of a 1 MB file: fitted from the file", read)]:
    ((p50, p95), (o50, o95), (c50, c95)), (ctx_cpu, _, _), outs = timed(
        [([ctx, "hook", "claude"], on), ([ctx, "hook", "claude"], off), (["cat"], on)], data)
    out = outs[0]
    what = "no reply" if not out else f"reply of {len(out):,} bytes"
    rows.append(f"| {name} | {len(data):,} | {p50:.1f} | {p95:.1f} | {ctx_cpu:.1f} | {o50:.1f} | {o95:.1f} | {c50:.1f} | {c95:.1f} | {what} |")
# Real failing CI logs, when the development set of bench/reallogs.sh is built here: the first MiB
# of the largest log of each project that has one of 1 MiB or more (Travis logs, colour and all:
# the synthetic log above has none), 60 calls each.
real_rows = []
real_dir = "bench/out/reallogs/inputs/master-thesis"
if os.path.isdir(real_dir):
    largest = {}
    for f in sorted(os.listdir(real_dir)):
        size = os.path.getsize(os.path.join(real_dir, f))
        project = f.rsplit("__", 1)[0]
        if size >= 1 << 20 and size > largest.get(project, (0, ""))[0]:
            largest[project] = (size, f)
    for project, (_, f) in sorted(largest.items()):
        with open(os.path.join(real_dir, f), "rb") as fh:
            text = fh.read(1 << 20).decode("utf-8", "replace")
        data = event(text)
        ((p50, p95), (o50, o95), (c50, c95)), (ctx_cpu, _, _), outs = timed(
            [([ctx, "hook", "claude"], on), ([ctx, "hook", "claude"], off), (["cat"], on)], data, 60)
        what = "no reply" if not outs[0] else f"reply of {len(outs[0]):,} bytes"
        real_rows.append(f"| {f} | {len(data):,} | {p50:.1f} | {p95:.1f} | {ctx_cpu:.1f} | {o50:.1f} | {o95:.1f} | {c50:.1f} | {c95:.1f} | {what} |")
print("# Hook latency")
print()
print(f"Run by `bash bench/hook.sh` on {time.strftime('%Y-%m-%d')} ({platform.machine()}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end), release build.")
print("`ctx hook claude` on Claude Code events (a `PostToolUse` of Bash, a `PreToolUse` of Bash, a `PostToolUse` of Read), one process per call as Claude Code runs it, 200 calls each;")
print("milliseconds of wall time per call, with `cat` of the same event for the cost of a process and the pipe.")
print("Goal (issue 12): p95 under 5 ms when the output fits, under 50 ms for 1 MB.")
print()
print("Each call also appends its line to the `ctx stats` log; the `CTX_STATS=off` columns are the same calls without it, run in turn with them. ctx CPU is the mean CPU time (user + system) per call with the log, which other load disturbs less than wall time.")
print()
print("| event | bytes | ctx p50 | ctx p95 | ctx CPU | CTX_STATS=off p50 | off p95 | cat p50 | cat p95 | result |")
print("|---|---|---|---|---|---|---|---|---|---|")
print("\n".join(rows))
if real_rows:
    print()
    print("The first MiB of real failing CI logs of `bench/reallogs.sh`'s development set (the largest log of each project with one of 1 MiB or more), as the same `PostToolUse` event, 60 calls each:")
    print()
    print("| log | bytes | ctx p50 | ctx p95 | ctx CPU | CTX_STATS=off p50 | off p95 | cat p50 | cat p95 | result |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    print("\n".join(real_rows))
PY
cat bench/out/hook.md
