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

Every request body is appended to --record as {n, path, body}.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import agent_e2e_lib as lib  # noqa: E402
from agent_e2e_server import final_message, make_handler as e2e_handler, shell_call, turn  # noqa: E402


def outputs(body):
    """{call_id: output text} of the shell calls the request carries."""
    out = {}
    for item in body.get("input") or []:
        if isinstance(item, dict) and item.get("type") in ("function_call_output", "local_shell_call_output"):
            o = item.get("output")
            if isinstance(o, dict):
                o = o.get("content") or ""
            out[item.get("call_id")] = lib.text_of(o) or ""
    return out


def steps(done):
    s = [("call-daily-cargo", "cd sub && cargo test"), ("call-daily-pwd", "pwd"),
         ("call-daily-pytest", "cd sub && pytest -v -p no:cacheprovider")]
    spill = lib.SPILL.search(done.get("call-daily-cargo", ""))
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
    class Handler(e2e_handler(state)):
        def reply(self, n, body):
            return turn("resp-ctx-daily-%d" % n, next_item(body))

    return Handler


def main():
    lib.serve(make_handler, lib.arguments(__doc__).parse_args())


if __name__ == "__main__":
    main()
