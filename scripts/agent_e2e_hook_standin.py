#!/usr/bin/env python3
"""A stand-in for `ctx hook codex`, used by scripts/agent-e2e.sh only while the
`ctx` binary in this tree has no `hook codex` yet (the script says so loudly).

It answers Codex's PreToolUse event the way `ctx hook codex` is specified to:
the shell command is rewritten to run under ctx-truncate, so its output reaches
the model fitted, with the full text saved under $XDG_CACHE_HOME/ctx/spill.

usage: agent_e2e_hook_standin.py /abs/path/to/ctx-truncate   (event on stdin)
"""

import json
import os
import shlex
import sys


def main():
    truncate = sys.argv[1]
    event = json.load(sys.stdin)
    command = (event.get("tool_input") or {}).get("command")
    if event.get("hook_event_name") != "PreToolUse" or not isinstance(command, str):
        return 0
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    spill = os.path.join(cache, "ctx", "spill")
    wrapped = " ".join(
        shlex.quote(a) for a in [truncate, "--tool", "bash", "--persist", spill, "--", "bash", "-c"]
    )
    wrapped += " " + shlex.quote(command)
    reply = {
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "allow",
            "updatedInput": {"command": wrapped},
        }
    }
    json.dump(reply, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
