#!/usr/bin/env python3
"""Checks of scripts/agent-e2e-gemini.sh (stdlib only).

  check MODE RECORD RAW   read the request bodies the scripted Gemini API server recorded
                          and report what the model was sent back as run_shell_command's
                          result (the functionResponse). MODE `ctx` asserts it is ctx's fitted
                          output; MODE `baseline` only reports.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import agent_e2e_lib as lib  # noqa: E402


def function_response(record):
    """The number of requests, and the first functionResponse (name, response) sent back."""
    requests = lib.requests(record)
    for req in requests:
        for content in req["body"].get("contents") or []:
            for part in content.get("parts") or []:
                fr = part.get("functionResponse")
                if fr:
                    return requests, fr
    return requests, None


def response_text(response):
    """The text of a functionResponse's `response`: its `output`, or its `error`."""
    for key in ("output", "error"):
        if isinstance(response.get(key), str):
            return key, response[key]
    return None, json.dumps(response)


def tells(line):
    """ctx's markers, the error and its location, the status, the CLI's own cut."""
    return line.startswith("[... ") or "error" in line or "-->" in line or line.startswith("Exit Code") \
        or line.startswith("Output too large") or "characters omitted" in line


def check(mode, record, raw_path):
    raw = lib.read(raw_path)
    requests, fr = function_response(record)
    kinds = ", ".join("%s %s" % (r.get("kind"), r["path"].split("/")[-1].split("?")[0]) for r in requests)
    print("%s run: %d requests (%s); the command's raw output: %d lines, %d bytes"
          % (mode, len(requests), kinds, raw.count("\n"), len(raw.encode())))
    if fr is None:
        lib.expect(False, "a request carries run_shell_command's functionResponse")
        return 1
    key, seen = response_text(fr.get("response") or {})
    print("  functionResponse %s, response.%s: %s" % (fr.get("name"), key, lib.share(seen, raw)))
    print(lib.excerpt(seen, tells, width=300))
    gemini_cut = "Output too large. Showing first" in seen
    if mode == "baseline":
        lib.error_and_location(mode, seen, ", Gemini CLI's own truncation %s"
                               % ("cut the output" if gemini_cut else "did not cut"))
        return 0
    lib.expect(fr.get("name") == "run_shell_command", "the functionResponse is run_shell_command's")
    lib.expect(key == "output", "the model got the result as the call's output, not as an error (response.%s)" % key)
    lib.error_and_location(mode, seen)
    lib.expect("Exit Code: 3" in seen, "the model saw the command's status (`Exit Code: 3`)")
    lib.spill(lib.markers(seen),
              lambda full: full.count("\n") >= 3000 and "error[E0308]" in full and "Compiling crate-3000 " in full,
              "the full output")
    lib.a_third(seen, raw)
    lib.expect(not gemini_cut, "Gemini CLI did not cut ctx's output again (it fits its 40,000-character threshold)")
    return lib.status()


def main(argv):
    if len(argv) == 4 and argv[0] == "check" and argv[1] in ("ctx", "baseline"):
        return check(argv[1], argv[2], argv[3])
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
