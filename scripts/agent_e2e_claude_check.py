#!/usr/bin/env python3
"""Checks of scripts/agent-e2e-claude.sh (stdlib only).

  check MODE TOOL RECORD RAW   read the request bodies scripts/agent_e2e_claude_server.py
                               recorded and report what Claude Code sent the model as the
                               tool_result of TOOL (bash or read). MODE `ctx` asserts it is
                               ctx's fitted output; MODE `baseline` only reports.
"""

import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from agent_e2e_check import excerpt  # noqa: E402

FAIL = []
IDS = {"bash": "toolu_ctx_e2e_bash", "read": "toolu_ctx_e2e_read"}


def expect(ok, what):
    print("  [%s] %s" % ("ok" if ok else "FAIL", what))
    if not ok:
        FAIL.append(what)


def tool_result(record, tool_id):
    """(requests, main-conversation requests, the result's text, is_error) of tool_id."""
    with open(record, encoding="utf-8") as f:
        requests = [json.loads(line) for line in f if line.strip()]
    main = [r for r in requests if r.get("kind") == "main"]
    for req in main:
        for msg in req["body"].get("messages") or []:
            content = msg.get("content")
            if not isinstance(content, list):
                continue
            for block in content:
                if isinstance(block, dict) and block.get("type") == "tool_result" \
                        and block.get("tool_use_id") == tool_id:
                    out = block.get("content")
                    if isinstance(out, list):
                        out = "".join(p.get("text", "") for p in out if isinstance(p, dict))
                    return len(requests), len(main), out, bool(block.get("is_error"))
    return len(requests), len(main), None, None


def check(mode, tool, record, raw_path):
    with open(raw_path, encoding="utf-8", errors="replace") as f:
        raw = f.read()
    n, main, seen, is_error = tool_result(record, IDS[tool])
    print("%s run, %s: %d requests (%d in the main conversation); the raw output: %d lines, %d bytes"
          % (mode, tool, n, main, raw.count("\n"), len(raw.encode())))
    if seen is None:
        expect(False, "a request carries the %s tool_result" % tool)
        return 1
    print("  what the model was sent%s: %d lines, %d bytes (%.1f%% of the raw output)"
          % (" (is_error)" if is_error else "", seen.count("\n"), len(seen.encode()),
             100.0 * len(seen.encode()) / max(1, len(raw.encode()))))
    print(excerpt(seen))
    markers = re.findall(r"\[\.\.\. .*?full text: (\S+) \.\.\.\]", seen)
    if tool == "bash":
        has_error = "error[E0308]: mismatched types" in seen
        has_loc = " --> src/main.rs:4:5" in seen
        if mode == "baseline":
            print("  baseline: the error line %s, its location %s"
                  % ("reached the model" if has_error else "was LOST",
                     "reached the model" if has_loc else "was LOST"))
            return 0
        expect(has_error, "the model saw `error[E0308]: mismatched types`")
        expect(has_loc, "the model saw ` --> src/main.rs:4:5`")
    elif mode == "baseline":
        return 0
    expect(bool(markers), "a ctx marker names the full text's path")
    if markers:
        path = markers[0]
        exists = os.path.isfile(path)
        expect(exists, "the spill file %s exists" % path)
        if exists:
            with open(path, encoding="utf-8", errors="replace") as f:
                full = f.read()
            want = raw.count("\n")
            expect(full.count("\n") >= want and raw.splitlines()[-1] in full,
                   "the spill file holds the whole output (%d lines)" % full.count("\n"))
    expect(len(seen.encode()) * 3 <= len(raw.encode()),
           "the model got at most a third of the raw bytes (%d of %d)" % (len(seen.encode()), len(raw.encode())))
    return 1 if FAIL else 0


def main(argv):
    if len(argv) == 5 and argv[0] == "check" and argv[1] in ("ctx", "baseline") and argv[2] in IDS:
        return check(argv[1], argv[2], argv[3], argv[4])
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
