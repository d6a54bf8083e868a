#!/usr/bin/env python3
"""Helpers of scripts/agent-e2e.sh (stdlib only).

  trust CONFIG_TOML        mark every untrusted PreToolUse command hook in CONFIG_TOML
                           as trusted, as a user does in Codex's /hooks view: append
                           [hooks.state."<path>:pre_tool_use:G:H"] trusted_hash = "sha256:..."
                           with the hash Codex computes (codex-rs/hooks/src/engine/discovery.rs
                           command_hook_hash, codex-rs/config/src/fingerprint.rs version_for_toml)
  check MODE RECORD RAW    read the request bodies the scripted server recorded and report what
                           the model was sent back as the shell call's result. MODE `ctx`
                           asserts it is ctx's fitted output; MODE `baseline` only reports.
"""

import hashlib
import json
import os
import re
import sys
import tomllib

FAIL = []


def trust(config_path):
    path = os.path.abspath(config_path)
    with open(path, "rb") as f:
        config = tomllib.load(f)
    hooks = config.get("hooks") or {}
    states = hooks.get("state") or {}
    added = []
    for gi, group in enumerate(hooks.get("PreToolUse") or []):
        for hi, handler in enumerate(group.get("hooks") or []):
            if handler.get("type") != "command":
                continue
            key = "%s:pre_tool_use:%d:%d" % (path, gi, hi)
            if (states.get(key) or {}).get("trusted_hash"):
                continue
            normalized = {
                "type": "command",
                "command": handler["command"],
                "timeout": max(int(handler.get("timeout", handler.get("timeout_sec", 600))), 1),
                "async": bool(handler.get("async", False)),
            }
            status = handler.get("statusMessage", handler.get("status_message"))
            if status is not None:
                normalized["statusMessage"] = status
            identity = {"event_name": "pre_tool_use", "hooks": [normalized]}
            if group.get("matcher") is not None:
                identity["matcher"] = group["matcher"]
            canonical = json.dumps(identity, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
            digest = "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()
            added.append((key, digest, handler["command"]))
    with open(path, "a", encoding="utf-8") as f:
        for key, digest, _ in added:
            f.write('\n[hooks.state.%s]\ntrusted_hash = "%s"\n' % (json.dumps(key), digest))
    for key, digest, command in added:
        print("trusted PreToolUse hook %r (%s)" % (command, digest))
    return 0


def expect(ok, what):
    print("  [%s] %s" % ("ok" if ok else "FAIL", what))
    if not ok:
        FAIL.append(what)


def tool_result(record):
    with open(record, encoding="utf-8") as f:
        requests = [json.loads(line) for line in f if line.strip()]
    for req in requests[1:]:
        for item in req["body"].get("input") or []:
            if item.get("type") in ("function_call_output", "local_shell_call_output"):
                out = item.get("output")
                if isinstance(out, list):  # content items
                    out = "".join(p.get("text", "") for p in out if isinstance(p, dict))
                return len(requests), out
    return len(requests), None


def excerpt(text, limit=40):
    """The lines that tell the story: ctx's markers and status, and the error and its location."""
    lines = text.splitlines()
    keep = set(range(min(3, len(lines))))
    for i, line in enumerate(lines):
        if line.startswith("[... ") or line.startswith("[exit status") or "error" in line or "-->" in line \
                or line.startswith("Warning: truncated") or "tokens truncated" in line:
            keep.update(range(max(0, i - 1), min(len(lines), i + 2)))
    keep.update(range(max(0, len(lines) - 2), len(lines)))
    out, last = [], -1
    for i in sorted(keep):
        if i != last + 1:
            out.append("    ...")
        out.append("    | " + lines[i])
        last = i
    return "\n".join(out[: limit + 1])


def check(mode, record, raw_path):
    with open(raw_path, encoding="utf-8", errors="replace") as f:
        raw = f.read()
    n, seen = tool_result(record)
    print("%s run: %d model requests; the shell command's raw output: %d lines, %d bytes"
          % (mode, n, raw.count("\n"), len(raw.encode())))
    if seen is None:
        expect(False, "request 2 carries the shell call's result")
        return 1
    print("  what the model was sent: %d lines, %d bytes (%.1f%% of the raw output)"
          % (seen.count("\n"), len(seen.encode()), 100.0 * len(seen.encode()) / max(1, len(raw.encode()))))
    print(excerpt(seen))
    has_error = "error[E0308]: mismatched types" in seen
    has_loc = " --> src/main.rs:4:5" in seen
    codex_cut = "Warning: truncated output" in seen or "tokens truncated" in seen
    if mode == "baseline":
        print("  baseline: the error line %s, its location %s, Codex's own truncation %s"
              % ("reached the model" if has_error else "was LOST",
                 "reached the model" if has_loc else "was LOST",
                 "cut the output" if codex_cut else "did not cut"))
        return 0
    expect(has_error, "the model saw `error[E0308]: mismatched types`")
    expect(has_loc, "the model saw ` --> src/main.rs:4:5`")
    expect("[exit status 3]" in seen, "the model saw ctx's status line `[exit status 3]`")
    markers = re.findall(r"^\[\.\.\. .*?full text: (\S+) \.\.\.\]$", seen, re.M)
    expect(bool(markers), "a ctx marker names the full text's path")
    if markers:
        path = markers[0]
        exists = os.path.isfile(path)
        expect(exists, "the spill file %s exists" % path)
        if exists:
            with open(path, encoding="utf-8", errors="replace") as f:
                full = f.read()
            expect(full.count("\n") >= 3000 and "error[E0308]" in full,
                   "the spill file holds the full output (%d lines)" % full.count("\n"))
    expect(len(seen.encode()) * 3 <= len(raw.encode()),
           "the model got at most a third of the raw bytes (%d of %d)" % (len(seen.encode()), len(raw.encode())))
    expect(not codex_cut, "Codex did not cut ctx's output again (it fits Codex's tool-output limit)")
    return 1 if FAIL else 0


def main(argv):
    if len(argv) >= 2 and argv[0] == "trust":
        return trust(argv[1])
    if len(argv) == 4 and argv[0] == "check" and argv[1] in ("ctx", "baseline"):
        return check(argv[1], argv[2], argv[3])
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
