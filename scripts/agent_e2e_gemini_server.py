#!/usr/bin/env python3
"""A scripted Gemini API server for scripts/agent-e2e-gemini.sh.

Stdlib only. Listens on 127.0.0.1 (port 0 unless --port), prints the port on its
first stdout line, and answers the Gemini API as the Gemini CLI (@google/genai)
calls it with GOOGLE_GEMINI_BASE_URL pointing here:

  POST /v1beta/models/MODEL:streamGenerateContent?alt=sse   Server-Sent Events
  POST /v1beta/models/MODEL:generateContent                 one JSON response
  POST /v1beta/models/MODEL:countTokens                     {"totalTokens": N}
  GET  /v1beta/models[...]                                  an empty model list

The main conversation is a request whose `tools` declare `run_shell_command`:

  no functionResponse in `contents` yet: a functionCall to run_shell_command with
      --command (a long failing build log);
  a functionResponse in `contents`: a final text.

Any other request (the CLI's side calls: model routing, loop checks, next-speaker
checks, summaries) gets a plain text answer, or, when it asks for JSON
(`responseMimeType: application/json`), an object built from its schema.

Every request is appended, as one JSON line {n, path, kind, body}, to --record.
"""

import argparse
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SHELL = "run_shell_command"


def declared_tools(body):
    names = []
    for tool in body.get("tools") or []:
        for decl in tool.get("functionDeclarations") or []:
            if decl.get("name"):
                names.append(decl["name"])
    return names


def has_function_response(body):
    for content in body.get("contents") or []:
        for part in content.get("parts") or []:
            if "functionResponse" in part:
                return True
    return False


def from_schema(schema, key=""):
    """A value that fits a JSON schema (enough for the CLI's classifier and checks)."""
    if not isinstance(schema, dict):
        return ""
    if schema.get("enum"):
        values = schema["enum"]
        # The router's classifier: take the flash model when it is offered.
        for v in values:
            if isinstance(v, str) and "flash" in v.lower():
                return v
        return values[0]
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "string")
    kind = (kind or "").lower()
    if kind == "object" or "properties" in schema:
        props = schema.get("properties") or {}
        return {k: from_schema(v, k) for k, v in props.items()}
    if kind == "array":
        return []
    if kind in ("integer", "number"):
        return 10  # the router's complexity score is 1-100
    if kind == "boolean":
        return False
    if key == "next_speaker":
        return "user"
    return "ctx e2e: scripted answer"


def side_answer(body):
    config = body.get("generationConfig") or {}
    if config.get("responseMimeType") == "application/json":
        schema = config.get("responseJsonSchema") or config.get("responseSchema") or {}
        return json.dumps(from_schema(schema))
    return "ctx e2e: scripted answer"


def response(parts):
    return {
        "candidates": [
            {"content": {"role": "model", "parts": parts}, "finishReason": "STOP", "index": 0}
        ],
        "usageMetadata": {"promptTokenCount": 100, "candidatesTokenCount": 10, "totalTokenCount": 110},
        "modelVersion": "gemini-2.5-flash",
        "responseId": "ctx-e2e",
    }


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
            if "/models" in self.path:
                self.send(200, "application/json", b'{"models":[]}')
            else:
                self.send(404, "application/json", b"{}")

        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            try:
                body = json.loads(raw or b"{}")
            except ValueError:
                body = {"_unparsed": raw.decode("utf-8", "replace")}
            path = self.path.split("?")[0]
            method = path.rsplit(":", 1)[-1] if ":" in path else ""
            if method == "countTokens":
                kind = "countTokens"
            elif SHELL in declared_tools(body):
                kind = "final" if has_function_response(body) else "call"
            else:
                kind = "side"
            with state["lock"]:
                state["n"] += 1
                with open(state["record"], "a", encoding="utf-8") as f:
                    f.write(json.dumps({"n": state["n"], "path": self.path, "kind": kind, "body": body}) + "\n")
            if method == "countTokens":
                self.send(200, "application/json", b'{"totalTokens": 100}')
                return
            if method not in ("generateContent", "streamGenerateContent"):
                self.send(404, "application/json", b'{"error":{"code":404,"message":"not scripted"}}')
                return
            if kind == "call":
                parts = [{"functionCall": {"name": SHELL, "args": {
                    "command": state["command"], "description": "Run the build"}}}]
            elif kind == "final":
                parts = [{"text": state["final"]}]
            else:
                parts = [{"text": side_answer(body)}]
            data = response(parts)
            if method == "streamGenerateContent":
                self.send(200, "text/event-stream", ("data: %s\r\n\r\n" % json.dumps(data)).encode())
            else:
                self.send(200, "application/json", json.dumps(data).encode())

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
