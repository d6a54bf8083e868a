#!/usr/bin/env python3
"""A scripted Gemini API server for scripts/agent-daily.sh (Gemini CLI).

Stdlib only; the endpoints and side answers of scripts/agent_e2e_gemini_server.py (whose
helpers it uses). The main conversation (a request declaring run_shell_command) gets one
shell call per turn, the next once the previous call's functionResponse is in `contents`:

  1. `cd sub && cargo test`                   a failing test run (line 500 of 3,000 fails)
  2. `pwd`                                    where the next call runs
  3. `cd sub && pytest -v -p no:cacheprovider`   a failing pytest run
  4. `sed -n '480,519p' SPILL`                the spill file step 1's result names, by range
                                              (skipped when it names none)
  then a final text.

Every request is appended to --record as {n, kind, body}.
"""

import argparse
import json
import os
import re
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from agent_e2e_gemini_server import SHELL, declared_tools, response, side_answer  # noqa: E402

MARKER = re.compile(r"full text: (\S+) \.\.\.\]")
STEPS = ["cargo", "pwd", "pytest", "reread"]


def results(body):
    """The texts of the shell calls' functionResponses, in order."""
    out = []
    for content in body.get("contents") or []:
        for part in content.get("parts") or []:
            fr = part.get("functionResponse")
            if fr is not None:
                r = fr.get("response") or {}
                out.append(str(r.get("output") if "output" in r else r.get("error", json.dumps(r))))
    return out


def commands(done):
    c = ["cd sub && cargo test", "pwd", "cd sub && pytest -v -p no:cacheprovider"]
    spill = MARKER.search(done[0]) if done else None
    if spill:
        c.append("sed -n '480,519p' %s" % spill.group(1))
    return c


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
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            try:
                body = json.loads(raw or b"{}")
            except ValueError:
                body = {}
            method = self.path.split("?")[0].rsplit(":", 1)[-1]
            kind = "main" if SHELL in declared_tools(body) else "side"
            with state["lock"]:
                state["n"] += 1
                with open(state["record"], "a", encoding="utf-8") as f:
                    f.write(json.dumps({"n": state["n"], "kind": kind, "body": body}) + "\n")
            if method == "countTokens":
                self.send(200, "application/json", b'{"totalTokens": 100}')
                return
            if method not in ("generateContent", "streamGenerateContent"):
                self.send(404, "application/json", b'{"error":{"code":404,"message":"not scripted"}}')
                return
            if kind == "main":
                done = results(body)
                todo = commands(done)[len(done):]
                parts = ([{"functionCall": {"name": SHELL, "args": {"command": todo[0], "description": "Run it"}}}]
                         if todo else [{"text": "Done: one test fails."}])
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
    ap.add_argument("--record", required=True)
    a = ap.parse_args()
    state = {"n": 0, "lock": threading.Lock(), "record": a.record}
    server = ThreadingHTTPServer(("127.0.0.1", 0), make_handler(state))
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
