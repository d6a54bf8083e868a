#!/usr/bin/env python3
"""A scripted OpenAI Responses-API server for scripts/agent-e2e.sh.

Stdlib only. Listens on 127.0.0.1 (port 0 unless --port), prints the port on
its first stdout line, and answers every POST .../responses with a scripted
turn, as Server-Sent Events in the wire format Codex's own tests use
(codex-rs/core/tests/common/responses.rs):

  request 1: a function_call to the shell tool the request's `tools` names,
             running --command (a long failing build log);
  request 2+: a final assistant message.

Each request body is appended, as one JSON line, to --record.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import agent_e2e_lib as lib  # noqa: E402

SHELL_TOOLS = ("exec_command", "shell_command", "shell", "local_shell")


def tool_names(body):
    names = []
    for tool in body.get("tools") or []:
        name = tool.get("name") or (tool.get("function") or {}).get("name")
        if name:
            names.append(name)
        elif tool.get("type") == "local_shell":
            names.append("local_shell")
    return names


def shell_call(body, command):
    """The function_call item for the first shell tool the request offers."""
    names = tool_names(body)
    for name in SHELL_TOOLS:
        if name in names:
            break
    else:
        raise ValueError("no shell tool among %r" % names)
    if name == "exec_command":
        args = {"cmd": command, "yield_time_ms": 30000, "max_output_tokens": 100000}
    elif name == "shell_command":
        args = {"command": command, "timeout_ms": 60000}
    elif name == "local_shell":
        return {
            "type": "local_shell_call",
            "call_id": "call-ctx-e2e-1",
            "status": "completed",
            "action": {"type": "exec", "command": ["bash", "-c", command]},
        }
    else:
        args = {"command": ["bash", "-c", command], "timeout_ms": 60000}
    return {
        "type": "function_call",
        "id": "fc-ctx-e2e-1",
        "call_id": "call-ctx-e2e-1",
        "name": name,
        "arguments": json.dumps(args),
    }


def final_message(text):
    return {
        "type": "message",
        "role": "assistant",
        "id": "msg-ctx-e2e-1",
        "status": "completed",
        "content": [{"type": "output_text", "text": text, "annotations": []}],
    }


def turn(resp_id, item):
    usage = {
        "input_tokens": 100,
        "input_tokens_details": {"cached_tokens": 0},
        "output_tokens": 10,
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": 110,
    }
    return lib.sse(
        [
            {"type": "response.created", "response": {"id": resp_id}},
            {"type": "response.output_item.done", "output_index": 0, "item": item},
            {
                "type": "response.completed",
                "response": {"id": resp_id, "usage": usage},
            },
        ]
    )


def make_handler(state):
    class Handler(lib.Handler):
        def reply(self, n, body):
            """The n-th request's turn: the shell call first, then the final message."""
            if n == 1:
                return turn("resp-ctx-e2e-1", shell_call(body, state["command"]))
            return turn("resp-ctx-e2e-%d" % n, final_message(state["final"]))

        def do_GET(self):
            # Model discovery: an empty list, so Codex keeps the configured model.
            if self.path.rstrip("/").endswith("/models") or "/models?" in self.path:
                self.send(200, "application/json", b'{"object":"list","data":[],"models":[]}')
            else:
                self.send(404, "application/json", b"{}")

        def do_POST(self):
            body = self.json_body()
            if self.refuse_zstd():
                return
            if not self.path.rstrip("/").endswith("/responses"):
                self.send(404, "application/json", b"{}")
                return
            n = self.record(state, {"path": self.path, "body": body})
            try:
                data = self.reply(n, body)
            except ValueError as e:
                self.send(400, "application/json", json.dumps({"error": str(e)}).encode())
                return
            self.send(200, "text/event-stream", data)

    return Handler


def main():
    a = lib.arguments(__doc__, "shell command of the first turn").parse_args()
    lib.serve(make_handler, a)


if __name__ == "__main__":
    main()
