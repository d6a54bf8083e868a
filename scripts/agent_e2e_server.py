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

import argparse
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

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


def sse(events):
    out = []
    for event in events:
        out.append("event: %s\ndata: %s\n\n" % (event["type"], json.dumps(event)))
    return "".join(out).encode()


def turn(resp_id, item):
    usage = {
        "input_tokens": 100,
        "input_tokens_details": {"cached_tokens": 0},
        "output_tokens": 10,
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": 110,
    }
    return sse(
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
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, fmt, *args):
            sys.stderr.write("server: " + (fmt % args) + "\n")

        def send(self, code, ctype, data):
            self.send_response(code)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):
            # Model discovery: an empty list, so Codex keeps the configured model.
            if self.path.rstrip("/").endswith("/models") or "/models?" in self.path:
                self.send(200, "application/json", b'{"object":"list","data":[],"models":[]}')
            else:
                self.send(404, "application/json", b"{}")

        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            if (self.headers.get("Content-Encoding") or "").lower() == "zstd":
                self.send(415, "application/json", b'{"error":"zstd not supported"}')
                return
            try:
                body = json.loads(raw or b"{}")
            except ValueError:
                body = {"_unparsed": raw.decode("utf-8", "replace")}
            with state["lock"]:
                if not self.path.rstrip("/").endswith("/responses"):
                    self.send(404, "application/json", b"{}")
                    return
                state["n"] += 1
                n = state["n"]
                with open(state["record"], "a", encoding="utf-8") as f:
                    f.write(json.dumps({"n": n, "path": self.path, "body": body}) + "\n")
            try:
                if n == 1:
                    data = turn("resp-ctx-e2e-1", shell_call(body, state["command"]))
                else:
                    data = turn("resp-ctx-e2e-%d" % n, final_message(state["final"]))
            except ValueError as e:
                self.send(400, "application/json", json.dumps({"error": str(e)}).encode())
                return
            self.send(200, "text/event-stream", data)

    return Handler


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--record", required=True, help="file to append request bodies to")
    ap.add_argument("--command", required=True, help="shell command of the first turn")
    ap.add_argument("--final", default="The build failed: error[E0308] at src/main.rs:4:5.")
    a = ap.parse_args()
    state = {"n": 0, "lock": threading.Lock(), "record": a.record,
             "command": a.command, "final": a.final}
    server = ThreadingHTTPServer(("127.0.0.1", a.port), make_handler(state))
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
