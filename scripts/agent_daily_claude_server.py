#!/usr/bin/env python3
"""A scripted Anthropic Messages-API server for scripts/agent-daily.sh (Claude Code).

Stdlib only. Listens on 127.0.0.1 (port 0), prints the port on its first stdout line, and
answers POST .../messages as scripts/agent_e2e_claude_server.py does (SSE when asked), with
the daily scenarios as the "model":

  main conversation (the request that offers the Agent or Task tool), one step per turn:
    1. Bash  `cd sub && cargo test`   a failing test run (line 500 of 3,000 fails)
    2. Bash  `pwd`                    where the next call runs (a failed command moves nowhere)
    3. Bash  `cd sub && pytest -v -p no:cacheprovider`   a failing pytest run
    4. Bash  `cd sub && echo in sub`  a `cd` that succeeds
    5. Bash  `pwd`                    where the next call runs (in sub)
    6. Read  the spill file that step 1's marker names, `offset` 480, `limit` 40
       (skipped when step 1's result names none, as without ctx)
    7. Agent a subagent, whose one step is
       Bash  `sh WORK/long.sh`        a 3,000-line build log with an error in the middle, exit 3
    then the final text.
  a subagent (a request offering Bash but no Agent/Task tool): step 5's Bash, then a text.
  anything else: a short text.

Every request is appended to --record as {n, kind, body}.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import agent_e2e_lib as lib  # noqa: E402
from agent_e2e_claude_server import NOT_FOUND, make_handler as e2e_handler, tool_names, tool_results  # noqa: E402


def results(body):
    """{tool_use_id: text} of the tool_results the conversation carries."""
    return {k: text or "" for k, (text, _) in tool_results(body).items()}


def main_steps(agent_tool, done):
    bash = lambda cmd, what: ("Bash", {"command": cmd, "description": what})  # noqa: E731
    steps = [
        ("toolu_daily_cargo", bash("cd sub && cargo test", "Run the tests")),
        ("toolu_daily_pwd", bash("pwd", "Where am I")),
        ("toolu_daily_pytest", bash("cd sub && pytest -v -p no:cacheprovider", "Run the Python tests")),
        ("toolu_daily_cd", bash("cd sub && echo in sub", "Go to sub")),
        ("toolu_daily_pwd2", bash("pwd", "Where am I now")),
    ]
    spill = lib.SPILL.search(done.get("toolu_daily_cargo", ""))
    if spill:
        steps.append(("toolu_daily_reread", ("Read", {"file_path": spill.group(1), "offset": 480, "limit": 40})))
    steps.append(("toolu_daily_agent", (agent_tool, {
        "description": "Check the build log", "subagent_type": "general-purpose",
        "prompt": "Run the build script long.sh and say what fails."})))
    return steps


def next_turn(body, state):
    names = tool_names(body)
    done = results(body)
    agent_tool = next((t for t in ("Agent", "Task") if t in names), None)
    if agent_tool:
        for tid, (tool, inp) in main_steps(agent_tool, done):
            if tid not in done:
                return "main", {"type": "tool_use", "id": tid, "name": tool, "input": inp}, "tool_use"
        return "main", {"type": "text", "text": "Done: one test fails."}, "end_turn"
    if "Bash" in names:
        if "toolu_daily_sub_bash" not in done:
            return "subagent", {"type": "tool_use", "id": "toolu_daily_sub_bash", "name": "Bash",
                                "input": {"command": "sh %s/long.sh" % state["work"], "description": "Run the build"}}, "tool_use"
        return "subagent", {"type": "text", "text": "error[E0308] at src/main.rs:4:5."}, "end_turn"
    return "side", {"type": "text", "text": "ctx daily"}, "end_turn"


def make_handler(state):
    class Handler(e2e_handler(state)):
        extra_headers = {"request-id": "req_ctx_daily"}

        def do_POST(self):
            body = self.json_body()
            path = self.path.split("?")[0].rstrip("/")
            if path.endswith("/count_tokens"):
                self.send(200, "application/json", b'{"input_tokens":100}')
                return
            if not path.endswith("/messages"):
                self.send(404, "application/json", NOT_FOUND)
                return
            kind, block, stop = next_turn(body, state)
            n = self.record(state, {"kind": kind, "body": body})
            self.answer(n, body, block, stop, "ctx-daily")

    return Handler


def main():
    ap = lib.arguments(__doc__)
    ap.add_argument("--work", required=True, help="the directory that holds long.sh")
    lib.serve(make_handler, ap.parse_args())


if __name__ == "__main__":
    main()
