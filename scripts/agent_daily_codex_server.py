#!/usr/bin/env python3
"""A scripted OpenAI Responses-API server for scripts/agent-daily.sh (Codex CLI).

Stdlib only; the wire format of scripts/agent_e2e_server.py (whose helpers it uses). One shell
call per turn, the next once the previous call's output is in the request:

  1. `cd sub && cargo test`                   a failing test run (line 500 of 3,000 fails)
  2. `pwd`                                    where the next call runs
  3. `cd sub && pytest -v -p no:cacheprovider`   a failing pytest run
  4. `sed -n '480,519p' SPILL`                the spill file step 1's marker names, by range
                                              (skipped when step 1's output names none)
  then a final message. Codex has no subagents to script.

Every request body is appended to --record as {n, body}.
"""

import argparse
import json
import os
import re
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import agent_daily_http  # noqa: E402
from agent_e2e_server import final_message, shell_call, turn  # noqa: E402

MARKER = re.compile(r"full text: (\S+) \.\.\.\]")


def outputs(body):
    """{call_id: output text} of the shell calls the request carries."""
    out = {}
    for item in body.get("input") or []:
        if isinstance(item, dict) and item.get("type") in ("function_call_output", "local_shell_call_output"):
            o = item.get("output")
            if isinstance(o, dict):
                o = o.get("content") or ""
            if isinstance(o, list):
                o = "".join(p.get("text", "") for p in o if isinstance(p, dict))
            out[item.get("call_id")] = o or ""
    return out


def steps(done):
    s = [("call-daily-cargo", "cd sub && cargo test"), ("call-daily-pwd", "pwd"),
         ("call-daily-pytest", "cd sub && pytest -v -p no:cacheprovider")]
    spill = MARKER.search(done.get("call-daily-cargo", ""))
    if spill:
        s.append(("call-daily-reread", "sed -n '480,519p' %s" % spill.group(1)))
    return s


def next_item(body):
    done = outputs(body)
    for call_id, command in steps(done):
        if call_id not in done:
            item = shell_call(body, command)
            item["call_id"] = call_id
            if "id" in item:
                item["id"] = "fc-" + call_id
            return item
    return final_message("Done: one test fails.")


def make_handler(state):
    class Handler(agent_daily_http.Handler):
        def do_GET(self):
            if self.path.rstrip("/").endswith("/models") or "/models?" in self.path:
                self.send(200, "application/json", b'{"object":"list","data":[],"models":[]}')
            else:
                self.send(404, "application/json", b"{}")

        def do_POST(self):
            if (self.headers.get("Content-Encoding") or "").lower() == "zstd":
                self.send(415, "application/json", b'{"error":"zstd not supported"}')
                return
            body = self.json_body()
            if not self.path.rstrip("/").endswith("/responses"):
                self.send(404, "application/json", b"{}")
                return
            n = self.record(state, {"body": body})
            try:
                data = turn("resp-ctx-daily-%d" % n, next_item(body))
            except ValueError as e:
                self.send(400, "application/json", json.dumps({"error": str(e)}).encode())
                return
            self.send(200, "text/event-stream", data)

    return Handler


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--record", required=True)
    a = ap.parse_args()
    agent_daily_http.serve(make_handler({"n": 0, "lock": threading.Lock(), "record": a.record}))


if __name__ == "__main__":
    main()
