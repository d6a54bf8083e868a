#!/usr/bin/env python3
"""Fact retention of ctx-compact's history compaction, against keeping the newest records that fit.

For each corpus session (Claude Code, Codex, a SWE-agent trajectory), the facts an agent needs are read from the original:
the user's instructions, the commands run, the files named in tool calls, and the first error line
of each failed tool result. A fact is kept when its text (its first 60 chars) is in the output's
strings. Both outputs are measured by ctx-compact's own count (o200k tokens, as the model is sent
it) and must fit the target: 50%, 25% and 10% of the session. The baseline keeps the session's first
line where the format needs it (Codex's session line), a document's system prompt, and the newest
records that fit.

usage: bench/facts.py BIN_DIR OUT_DIR SESSION...   (prints a Markdown table)
"""
import json
import os
import re
import subprocess
import sys

BIN, OUT = sys.argv[1], sys.argv[2]
SESSIONS = sys.argv[3:]
ERROR = re.compile(r"error|Error|ERROR|FAILED|Traceback|Exception|panicked|fatal")
PATH = re.compile(r"[\w./-]+\.(?:py|rs|ts|tsx|js|jsx|json|md|toml|go|c|h|txt|yaml|yml|sh|css|html)\b")


def strings(v, out):
    if isinstance(v, str):
        out.append(v)
        try:
            inner = json.loads(v)
            if isinstance(inner, (dict, list)):
                strings(inner, out)
        except ValueError:
            pass
    elif isinstance(v, list):
        for x in v:
            strings(x, out)
    elif isinstance(v, dict):
        for x in v.values():
            strings(x, out)
    return out


def facts(records):
    found = []

    def add(kind, text):
        text = " ".join(str(text).split())[:60]
        if len(text) >= 8 and (kind, text) not in found:
            found.append((kind, text))

    for r in records:
        kind, p = r.get("type"), r.get("payload") or {}
        msg = r.get("message") or {}
        # Claude Code
        if kind == "user" and not r.get("isSidechain") and isinstance(msg.get("content"), str) and not r.get("isMeta"):
            add("instruction", msg["content"])
        for block in msg.get("content") or [] if isinstance(msg.get("content"), list) else []:
            if block.get("type") == "tool_use":
                args = block.get("input") or {}
                if "command" in args:
                    add("command", args["command"])
                for s in strings(args, []):
                    for m in PATH.findall(s):
                        add("file", m)
            if block.get("type") == "tool_result":
                text = "\n".join(strings(block.get("content"), []))
                line = next((l for l in text.splitlines() if ERROR.search(l)), None)
                if line and (block.get("is_error") or ERROR.search(text)):
                    add("error", line.strip())
        # Codex
        if kind == "event_msg" and p.get("type") == "user_message":
            add("instruction", p.get("message", ""))
        if kind == "response_item" and p.get("type") == "function_call":
            try:
                args = json.loads(p.get("arguments") or "{}")
            except ValueError:
                args = {}
            cmd = args.get("command")
            if isinstance(cmd, list):
                cmd = cmd[-1] if cmd else ""
            if cmd:
                add("command", cmd)
            for s in strings(args, []):
                for m in PATH.findall(s):
                    add("file", m)
        # OpenAI chat messages (a SWE-agent trajectory's history)
        role = r.get("role")
        if role == "user" and kind is None:
            add("instruction", "\n".join(strings(r.get("content"), [])))
        for call in r.get("tool_calls") or [] if role == "assistant" else []:
            try:
                args = json.loads((call.get("function") or {}).get("arguments") or "{}")
            except ValueError:
                args = {}
            if isinstance(args, dict) and args.get("command"):
                add("command", args["command"])
            for s in strings(args, []):
                for m in PATH.findall(s):
                    add("file", m)
        if role == "tool":
            text = "\n".join(strings(r.get("content"), []))
            line = next((l for l in text.splitlines() if ERROR.search(l)), None)
            if line:
                add("error", line.strip())
        if kind == "response_item" and p.get("type") == "function_call_output":
            text = "\n".join(strings(p.get("output"), []))
            line = next((l for l in text.splitlines() if ERROR.search(l)), None)
            if line:
                add("error", line.strip())
    return found


def tokens(path):
    r = subprocess.run([f"{BIN}/ctx-compact", "--dry-run", "--json", "--max-tokens", "1000000000", path],
                       capture_output=True, text=True, check=True)
    return json.loads(r.stdout)["tokens_before"]


def load(path):
    """The records of a session, and a function writing the same session with other records: JSON
    Lines, or a JSON document (its message list under `history` or `messages`)."""
    text = open(path).read()
    try:
        doc = json.loads(text)
    except ValueError:
        doc = None
    if isinstance(doc, dict):
        key = "history" if "history" in doc else "messages"

        def write(records, out):
            json.dump(dict(doc, **{key: records}), open(out, "w"))
        return doc[key], write
    lines = text.splitlines(keepends=True)
    return [json.loads(l) for l in lines if l.strip()], lambda records, out: open(out, "w").writelines(
        json.dumps(r) + "\n" for r in records)


def kept(fs, path):
    text = " ".join(" ".join(s.split()) for s in strings(load(path)[0], []))
    return sum(1 for _, f in fs if f in text)


def newest(records, head, write, target, path):
    lo, hi = 0, len(records) - head
    while lo < hi:  # the most newest records that fit
        mid = (lo + hi + 1) // 2
        write(records[:head] + records[len(records) - mid:], path)
        if tokens(path) <= target:
            lo = mid
        else:
            hi = mid - 1
    write(records[:head] + records[len(records) - lo:], path)
    return tokens(path)


rows = []
for s in SESSIONS:
    name = os.path.basename(os.path.dirname(s))
    records, write = load(s)
    fs = facts(records)
    first = records[0] if records else {}
    head = 1 if first.get("type") == "session_meta" or first.get("role") in ("system", "developer") else 0
    total = tokens(s)
    ext = os.path.splitext(s)[1].replace(".traj", ".json")
    for pct in (50, 25, 10):
        target = total * pct // 100
        out = os.path.join(OUT, f"{name}-{pct}{ext}")
        r = subprocess.run([f"{BIN}/ctx-compact", "--max-tokens", str(target), "-q", "--store", os.path.join(OUT, "store"), s],
                           capture_output=True, text=True)
        if r.returncode != 0:
            rows.append(f"| {name} | {pct}% ({target:,}) | {len(fs)} | refused: {r.stderr.strip()} | – |")
            continue
        open(out, "w").write(r.stdout)
        base = os.path.join(OUT, f"{name}-{pct}-newest{ext}")
        nt = newest(records, head, write, target, base)
        ct = tokens(out)
        rows.append(f"| {name} | {pct}% ({target:,}) | {len(fs)} | {kept(fs, out)} ({ct:,} tokens) | {kept(fs, base)} ({nt:,} tokens) |")

print("| session | target | facts | ctx-compact keeps | newest that fit keeps |")
print("|---|---|---|---|---|")
print("\n".join(rows))
