#!/usr/bin/env python3
"""What the scripted servers of scripts/agent-daily.sh share (stdlib only): a handler that
logs to stderr, sends a body with its length and reads a JSON body, and a loop that prints the
port it listens on (127.0.0.1, port 0) on its first stdout line."""

import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    extra_headers = {}

    def log_message(self, fmt, *args):
        sys.stderr.write("server: " + (fmt % args) + "\n")

    def send(self, code, ctype, data):
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        for k, v in self.extra_headers.items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)

    def json_body(self):
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            return json.loads(raw or b"{}")
        except ValueError:
            return {}

    def record(self, state, entry):
        """Appends `entry` with the request's number to the --record file; returns the number."""
        with state["lock"]:
            state["n"] += 1
            with open(state["record"], "a", encoding="utf-8") as f:
                f.write(json.dumps(dict(entry, n=state["n"])) + "\n")
            return state["n"]


def serve(handler):
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
