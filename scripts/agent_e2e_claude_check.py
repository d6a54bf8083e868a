#!/usr/bin/env python3
"""Checks of scripts/agent-e2e-claude.sh (stdlib only).

  check MODE TOOL RECORD RAW   read the request bodies scripts/agent_e2e_claude_server.py
                               recorded and report what Claude Code sent the model as the
                               tool_result of TOOL (bash or read). MODE `ctx` asserts it is
                               ctx's fitted output; MODE `baseline` only reports.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import agent_e2e_lib as lib  # noqa: E402
from agent_e2e_check import excerpt  # noqa: E402
from agent_e2e_claude_server import tool_results  # noqa: E402

IDS = {"bash": "toolu_ctx_e2e_bash", "read": "toolu_ctx_e2e_read"}


def tool_result(record, tool_id):
    """(requests, main-conversation requests, the result's text, is_error) of tool_id."""
    requests = lib.requests(record)
    main = [r for r in requests if r.get("kind") == "main"]
    for req in main:
        result = tool_results(req["body"]).get(tool_id)
        if result:
            return (len(requests), len(main)) + result
    return len(requests), len(main), None, None


def check(mode, tool, record, raw_path):
    raw = lib.read(raw_path)
    n, main, seen, is_error = tool_result(record, IDS[tool])
    print("%s run, %s: %d requests (%d in the main conversation); the raw output: %d lines, %d bytes"
          % (mode, tool, n, main, raw.count("\n"), len(raw.encode())))
    if seen is None:
        lib.expect(False, "a request carries the %s tool_result" % tool)
        return 1
    print("  what the model was sent%s: %s" % (" (is_error)" if is_error else "", lib.share(seen, raw)))
    print(excerpt(seen))
    if tool == "bash":
        if lib.error_and_location(mode, seen):
            return 0
    elif mode == "baseline":
        return 0
    want = raw.count("\n")
    lib.spill(lib.markers(seen, whole_line=False),
              lambda full: full.count("\n") >= want and raw.splitlines()[-1] in full, "the whole output")
    lib.a_third(seen, raw)
    return lib.status()


def main(argv):
    if len(argv) == 5 and argv[0] == "check" and argv[1] in ("ctx", "baseline") and argv[2] in IDS:
        return check(argv[1], argv[2], argv[3], argv[4])
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
