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

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import agent_e2e_lib as lib  # noqa: E402

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
    class Handler(lib.Handler):
        def do_GET(self):
            if "/models" in self.path:
                self.send(200, "application/json", b'{"models":[]}')
            else:
                self.send(404, "application/json", b"{}")

        def answer(self, method, parts):
            """Sends a response with `parts`, as SSE for streamGenerateContent."""
            data = response(parts)
            if method == "streamGenerateContent":
                self.send(200, "text/event-stream", ("data: %s\r\n\r\n" % json.dumps(data)).encode())
            else:
                self.send(200, "application/json", json.dumps(data).encode())

        def scripted(self, method):
            """True for a generateContent call, which the caller answers; answers countTokens
            (a count) and any other method (404) itself."""
            if method == "countTokens":
                self.send(200, "application/json", b'{"totalTokens": 100}')
                return False
            if method not in ("generateContent", "streamGenerateContent"):
                self.send(404, "application/json", b'{"error":{"code":404,"message":"not scripted"}}')
                return False
            return True

        def do_POST(self):
            body = self.json_body()
            path = self.path.split("?")[0]
            method = path.rsplit(":", 1)[-1] if ":" in path else ""
            if method == "countTokens":
                kind = "countTokens"
            elif SHELL in declared_tools(body):
                kind = "final" if has_function_response(body) else "call"
            else:
                kind = "side"
            self.record(state, {"path": self.path, "kind": kind, "body": body})
            if not self.scripted(method):
                return
            if kind == "call":
                parts = [{"functionCall": {"name": SHELL, "args": {
                    "command": state["command"], "description": "Run the build"}}}]
            elif kind == "final":
                parts = [{"text": state["final"]}]
            else:
                parts = [{"text": side_answer(body)}]
            self.answer(method, parts)

    return Handler


def main():
    lib.serve(make_handler, lib.arguments(__doc__, "shell command of the first turn").parse_args())


if __name__ == "__main__":
    main()
