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

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import agent_e2e_lib as lib  # noqa: E402
from agent_e2e_gemini_server import SHELL, declared_tools, make_handler as e2e_handler, side_answer  # noqa: E402
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
    spill = lib.SPILL.search(done[0]) if done else None
    if spill:
        c.append("sed -n '480,519p' %s" % spill.group(1))
    return c


def make_handler(state):
    class Handler(e2e_handler(state)):
        def do_POST(self):
            body = self.json_body()
            method = self.path.split("?")[0].rsplit(":", 1)[-1]
            kind = "main" if SHELL in declared_tools(body) else "side"
            self.record(state, {"kind": kind, "body": body})
            if not self.scripted(method):
                return
            if kind == "main":
                done = results(body)
                todo = commands(done)[len(done):]
                parts = ([{"functionCall": {"name": SHELL, "args": {"command": todo[0], "description": "Run it"}}}]
                         if todo else [{"text": "Done: one test fails."}])
            else:
                parts = [{"text": side_answer(body)}]
            self.answer(method, parts)

    return Handler


def main():
    lib.serve(make_handler, lib.arguments(__doc__).parse_args())


if __name__ == "__main__":
    main()
