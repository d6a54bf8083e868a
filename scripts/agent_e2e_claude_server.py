#!/usr/bin/env python3
"""A scripted Anthropic Messages-API server for scripts/agent-e2e-claude.sh.

Stdlib only. Listens on 127.0.0.1 (port 0 unless --port), prints the port on
its first stdout line, and answers every POST .../messages as Claude Code asks
for it: streamed as Server-Sent Events (message_start, content_block_start,
content_block_delta, content_block_stop, message_delta, message_stop) when the
body says `"stream": true`, else as one JSON message.

The main conversation is the request that offers the `Bash` tool:

  no tool_result yet:         a tool_use of Bash running --command (a long failing build log);
  after Bash's tool_result:   with --read FILE, a tool_use of Read on FILE; else the final text;
  after Read's tool_result:   the final text.

Any other request (a title, a quota check, token counting) gets a short text reply.
Every request is appended, as one JSON line {n, path, kind, body}, to --record.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import agent_e2e_lib as lib  # noqa: E402

NOT_FOUND = b'{"type":"error","error":{"type":"not_found_error","message":"no"}}'


def tool_names(body):
    return [t.get("name") for t in body.get("tools") or [] if isinstance(t, dict)]


def tool_results(body):
    """{tool_use_id: (text, is_error)} of the tool_results the conversation carries, in order."""
    out = {}
    for msg in body.get("messages") or []:
        content = msg.get("content")
        if msg.get("role") != "user" or not isinstance(content, list):
            continue
        for block in content:
            if isinstance(block, dict) and block.get("type") == "tool_result":
                out[block.get("tool_use_id")] = (lib.text_of(block.get("content")), bool(block.get("is_error")))
    return out


def next_turn(body, state):
    """(kind, content block, stop reason) for a request."""
    if "Bash" not in tool_names(body):
        return "side", {"type": "text", "text": "ctx e2e"}, "end_turn"
    done = tool_results(body)
    if "toolu_ctx_e2e_bash" not in done:
        return "main", {"type": "tool_use", "id": "toolu_ctx_e2e_bash", "name": "Bash",
                        "input": {"command": state["command"], "description": "Run the build"}}, "tool_use"
    if state["read"] and "toolu_ctx_e2e_read" not in done:
        return "main", {"type": "tool_use", "id": "toolu_ctx_e2e_read", "name": "Read",
                        "input": {"file_path": state["read"]}}, "tool_use"
    return "main", {"type": "text", "text": state["final"]}, "end_turn"


def message(n, model, block, stop):
    return {
        "id": "msg_ctx_e2e_%d" % n,
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [block],
        "stop_reason": stop,
        "stop_sequence": None,
        "usage": {"input_tokens": 100, "output_tokens": 10,
                  "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0},
    }


def sse(n, model, block, stop):
    start = message(n, model, block, None)
    start["content"] = []
    start["usage"]["output_tokens"] = 1
    if block["type"] == "tool_use":
        first = dict(block, input={})
        delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
    else:
        first = {"type": "text", "text": ""}
        delta = {"type": "text_delta", "text": block["text"]}
    events = [
        {"type": "message_start", "message": start},
        {"type": "content_block_start", "index": 0, "content_block": first},
        {"type": "content_block_delta", "index": 0, "delta": delta},
        {"type": "content_block_stop", "index": 0},
        {"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": None},
         "usage": {"output_tokens": 10}},
        {"type": "message_stop"},
    ]
    return lib.sse(events)


def make_handler(state):
    class Handler(lib.Handler):
        extra_headers = {"request-id": "req_ctx_e2e"}

        def do_HEAD(self):
            self.send(200, "application/json", b"")

        def do_GET(self):
            if "/models" in self.path:
                self.send(200, "application/json", b'{"data":[],"has_more":false}')
            else:
                self.send(404, "application/json", NOT_FOUND)

        def answer(self, n, body, block, stop, model="ctx-e2e"):
            """Sends a message with one content block: streamed when the body asks for it."""
            model = body.get("model", model)
            if body.get("stream"):
                self.send(200, "text/event-stream", sse(n, model, block, stop))
            else:
                self.send(200, "application/json", json.dumps(message(n, model, block, stop)).encode())

        def do_POST(self):
            body = self.json_body()
            path = self.path.split("?")[0].rstrip("/")
            if path.endswith("/count_tokens"):
                kind = "count_tokens"
            elif path.endswith("/messages"):
                kind, block, stop = next_turn(body, state)
            else:
                kind = "other"
            n = self.record(state, {"path": self.path, "kind": kind, "body": body})
            if kind == "count_tokens":
                self.send(200, "application/json", b'{"input_tokens":100}')
            elif kind == "other":
                self.send(404, "application/json", NOT_FOUND)
            else:
                self.answer(n, body, block, stop)

    return Handler


def main():
    ap = lib.arguments(__doc__, "the Bash command of the first turn")
    ap.add_argument("--read", help="a file the model then asks to Read")
    lib.serve(make_handler, ap.parse_args())


if __name__ == "__main__":
    main()
