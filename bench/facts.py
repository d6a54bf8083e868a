#!/usr/bin/env python3
"""Fact retention of ctx-compact's history compaction, against keeping the newest records that fit.

For each corpus session (Claude Code, Codex, a SWE-agent trajectory), the facts an agent needs are read from the original:
the user's instructions, the commands run, the files named in tool calls, and the first error line
of each failed tool result, all from what the model is sent (no Claude Code subagent (sidechain)
line, no `toolUseResult` copy, no Codex event, no SWE-agent `thought`/`action` copy). A fact is
kept when its text (its first 60 chars) is in the output's model-visible strings. Both outputs are measured by ctx-compact's own count (o200k tokens, as the model is sent
it) and must fit the target: 50%, 25% and 10% of the session. The baseline keeps the session's first
line where the format needs it (Codex's session line), a document's system prompt, and the newest
records that fit.

usage: bench/facts.py BIN_DIR OUT_DIR STORE SESSION...   (prints a Markdown table)
STORE is a fixed path: its length is in the output, and so in the budget. FACTS_TARGETS=50,25,10
sets the targets, in percent of each session.
"""
import json
import os
import re
import subprocess
import sys

BIN, OUT, STORE = sys.argv[1], sys.argv[2], sys.argv[3]
SESSIONS = sys.argv[4:]
PCTS = [int(p) for p in os.environ.get("FACTS_TARGETS", "50,25,10").split(",")]
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


def visible(records):
    """The records as the model is sent them: Claude Code's main-conversation `message`s (not its
    subagent lines, not the `toolUseResult` copy of a result), Codex's `response_item` and
    `compacted` payloads (not its events, which the UI shows), a chat message's content and tool
    calls (not SWE-agent's `thought` and `action` copies)."""
    out = []
    for r in records:
        if r.get("isSidechain"):
            continue
        kind = r.get("type")
        if kind in ("user", "assistant"):
            out.append({"message": {"role": kind, "content": (r.get("message") or {}).get("content")}, "type": kind})
        elif kind in ("response_item", "compacted"):
            out.append({"type": kind, "payload": r.get("payload")})
        elif kind == "message" or (kind is None and "role" in r):
            out.append({k: r[k] for k in ("type", "role", "content", "tool_calls") if k in r})
        elif kind in ("function_call", "function_call_output", "custom_tool_call", "custom_tool_call_output"):
            out.append(r)  # a Responses API item
    return out


def facts(records):
    found = []
    # A subagent's lines are not what the model of the main conversation is sent.
    records = [r for r in records if not r.get("isSidechain")]

    def add(kind, text):
        text = " ".join(str(text).split())[:60]
        if len(text) >= 8 and (kind, text) not in found:
            found.append((kind, text))

    for r in records:
        kind, p = r.get("type"), r.get("payload") or {}
        # Claude Code's line holds an Anthropic message; an Anthropic request's message is the record.
        msg = r.get("message") or (r if kind is None and isinstance(r.get("content"), list) else {})
        # Responses API items are what Codex's `response_item` lines hold.
        if kind in ("function_call", "function_call_output"):
            kind, p = "response_item", r
        if (kind == "user" or msg.get("role") == "user") and not r.get("isMeta"):
            if isinstance(msg.get("content"), str):
                add("instruction", msg["content"])
            elif msg and not any(b.get("type") == "tool_result" for b in msg["content"] if isinstance(b, dict)):
                add("instruction", "\n".join(strings(msg["content"], [])))
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
        if role == "user" and kind in (None, "message") and not msg:
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
    if isinstance(doc, list):  # a Responses API input list

        def write(records, out):
            json.dump(records, open(out, "w"))
        return doc, write
    if isinstance(doc, dict):
        key = "history" if "history" in doc else "messages"

        def write(records, out):
            json.dump(dict(doc, **{key: records}), open(out, "w"))
        return doc[key], write
    if doc is not None:
        sys.exit(f"{path}: not a session")
    lines = text.splitlines(keepends=True)
    return [json.loads(l) for l in lines if l.strip()], lambda records, out: open(out, "w").writelines(
        json.dumps(r) + "\n" for r in records)


def kept(fs, path):
    text = " ".join(" ".join(s.split()) for s in strings(visible(load(path)[0]), []))
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
    if name == "transcripts":  # a test fixture
        name = os.path.basename(s)
    records, write = load(s)
    fs = facts(records)
    first = records[0] if records else {}
    # Codex's session line (or a legacy rollout's header) and a system prompt stay.
    head = 1 if first.get("type") == "session_meta" or "instructions" in first or first.get("role") in ("system", "developer") else 0
    total = tokens(s)
    ext = os.path.splitext(s)[1].replace(".traj", ".json")
    for pct in PCTS:
        target = total * pct // 100
        out = os.path.join(OUT, f"{name}-{pct}{ext}")
        r = subprocess.run([f"{BIN}/ctx-compact", "--max-tokens", str(target), "-q", "--store", STORE, s],
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
