#!/usr/bin/env python3
"""A scripted model for scripts/agent-e2e-copilot.sh: GitHub Copilot CLI with its own provider
(COPILOT_PROVIDER_TYPE=anthropic, COPILOT_PROVIDER_BASE_URL) talks the Anthropic Messages API,
so this is scripts/agent_e2e_claude_server.py with Copilot's shell tool in the first turn:

  no tool_result yet:   a tool_use of `bash` running --command (a long failing build log);
  after its result:     the final text.

Same options and record as that server (stdlib only).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import agent_e2e_claude_server as claude  # noqa: E402


def next_turn(body, state):
    """(kind, content block, stop reason): Copilot's main conversation offers `bash`."""
    if "bash" not in claude.tool_names(body):
        return "side", {"type": "text", "text": "ctx e2e"}, "end_turn"
    if "toolu_ctx_e2e_bash" not in claude.tool_results(body):
        return "main", {"type": "tool_use", "id": "toolu_ctx_e2e_bash", "name": "bash",
                        "input": {"command": state["command"], "description": "Run the build",
                                  "mode": "sync", "initial_wait": 120}}, "tool_use"
    return "main", {"type": "text", "text": state["final"]}, "end_turn"


claude.next_turn = next_turn

if __name__ == "__main__":
    claude.main()
