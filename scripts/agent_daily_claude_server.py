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

import argparse
import json
import re
import sys
import threading
import os

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import agent_daily_http  # noqa: E402
from agent_e2e_claude_server import message, sse  # noqa: E402

STATE = {}
MARKER = re.compile(r"full text: (\S+) \.\.\.\]")


def tool_names(body):
    return [t.get("name") for t in body.get("tools") or [] if isinstance(t, dict)]


def results(body):
    """{tool_use_id: text} of the tool_results the conversation carries."""
    out = {}
    for msg in body.get("messages") or []:
        content = msg.get("content")
        if msg.get("role") != "user" or not isinstance(content, list):
            continue
        for block in content:
            if isinstance(block, dict) and block.get("type") == "tool_result":
                c = block.get("content")
                if isinstance(c, list):
                    c = "".join(p.get("text", "") for p in c if isinstance(p, dict))
                out[block.get("tool_use_id")] = c or ""
    return out


def main_steps(agent_tool, done):
    bash = lambda cmd, what: ("Bash", {"command": cmd, "description": what})  # noqa: E731
    steps = [
        ("toolu_daily_cargo", bash("cd sub && cargo test", "Run the tests")),
        ("toolu_daily_pwd", bash("pwd", "Where am I")),
        ("toolu_daily_pytest", bash("cd sub && pytest -v -p no:cacheprovider", "Run the Python tests")),
        ("toolu_daily_cd", bash("cd sub && echo in sub", "Go to sub")),
        ("toolu_daily_pwd2", bash("pwd", "Where am I now")),
    ]
    spill = MARKER.search(done.get("toolu_daily_cargo", ""))
    if spill:
        steps.append(("toolu_daily_reread", ("Read", {"file_path": spill.group(1), "offset": 480, "limit": 40})))
    steps.append(("toolu_daily_agent", (agent_tool, {
        "description": "Check the build log", "subagent_type": "general-purpose",
        "prompt": "Run the build script long.sh and say what fails."})))
    return steps


def next_turn(body):
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
                                "input": {"command": "sh %s/long.sh" % STATE["work"], "description": "Run the build"}}, "tool_use"
        return "subagent", {"type": "text", "text": "error[E0308] at src/main.rs:4:5."}, "end_turn"
    return "side", {"type": "text", "text": "ctx daily"}, "end_turn"


def make_handler(state):
    class Handler(agent_daily_http.Handler):
        extra_headers = {"request-id": "req_ctx_daily"}

        def do_GET(self):
            if "/models" in self.path:
                self.send(200, "application/json", b'{"data":[],"has_more":false}')
            else:
                self.send(404, "application/json", b'{"type":"error","error":{"type":"not_found_error","message":"no"}}')

        def do_POST(self):
            body = self.json_body()
            path = self.path.split("?")[0].rstrip("/")
            if path.endswith("/count_tokens"):
                self.send(200, "application/json", b'{"input_tokens":100}')
                return
            if not path.endswith("/messages"):
                self.send(404, "application/json", b'{"type":"error","error":{"type":"not_found_error","message":"no"}}')
                return
            kind, block, stop = next_turn(body)
            n = self.record(state, {"kind": kind, "body": body})
            model = body.get("model", "ctx-daily")
            if body.get("stream"):
                self.send(200, "text/event-stream", sse(n, model, block, stop))
            else:
                self.send(200, "application/json", json.dumps(message(n, model, block, stop)).encode())

    return Handler


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--record", required=True)
    ap.add_argument("--work", required=True, help="the directory that holds long.sh")
    a = ap.parse_args()
    STATE["work"] = a.work
    agent_daily_http.serve(make_handler({"n": 0, "lock": threading.Lock(), "record": a.record}))


if __name__ == "__main__":
    main()
