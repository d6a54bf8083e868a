#!/usr/bin/env python3
"""Checks of scripts/agent-e2e-gemini.sh (stdlib only).

  check MODE RECORD RAW   read the request bodies the scripted Gemini API server recorded
                          and report what the model was sent back as run_shell_command's
                          result (the functionResponse). MODE `ctx` asserts it is ctx's fitted
                          output; MODE `baseline` only reports.
"""

import json
import os
import re
import sys

FAIL = []


def expect(ok, what):
    print("  [%s] %s" % ("ok" if ok else "FAIL", what))
    if not ok:
        FAIL.append(what)


def function_response(record):
    """The number of requests, and the first functionResponse (name, response) sent back."""
    with open(record, encoding="utf-8") as f:
        requests = [json.loads(line) for line in f if line.strip()]
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


def excerpt(text, limit=40):
    """The lines that tell the story: the markers, the error and its location, the status."""
    lines = text.splitlines()
    keep = set(range(min(3, len(lines))))
    for i, line in enumerate(lines):
        if line.startswith("[... ") or "error" in line or "-->" in line or line.startswith("Exit Code") \
                or line.startswith("Output too large") or "characters omitted" in line:
            keep.update(range(max(0, i - 1), min(len(lines), i + 2)))
    keep.update(range(max(0, len(lines) - 2), len(lines)))
    out, last = [], -1
    for i in sorted(keep):
        if i != last + 1:
            out.append("    ...")
        out.append("    | " + lines[i][:300])
        last = i
    return "\n".join(out[: limit + 1])


def check(mode, record, raw_path):
    with open(raw_path, encoding="utf-8", errors="replace") as f:
        raw = f.read()
    requests, fr = function_response(record)
    kinds = ", ".join("%s %s" % (r.get("kind"), r["path"].split("/")[-1].split("?")[0]) for r in requests)
    print("%s run: %d requests (%s); the command's raw output: %d lines, %d bytes"
          % (mode, len(requests), kinds, raw.count("\n"), len(raw.encode())))
    if fr is None:
        expect(False, "a request carries run_shell_command's functionResponse")
        return 1
    key, seen = response_text(fr.get("response") or {})
    print("  functionResponse %s, response.%s: %d lines, %d bytes (%.1f%% of the raw output)"
          % (fr.get("name"), key, seen.count("\n"), len(seen.encode()),
             100.0 * len(seen.encode()) / max(1, len(raw.encode()))))
    print(excerpt(seen))
    has_error = "error[E0308]: mismatched types" in seen
    has_loc = " --> src/main.rs:4:5" in seen
    gemini_cut = "Output too large. Showing first" in seen
    if mode == "baseline":
        print("  baseline: the error line %s, its location %s, Gemini CLI's own truncation %s"
              % ("reached the model" if has_error else "was LOST",
                 "reached the model" if has_loc else "was LOST",
                 "cut the output" if gemini_cut else "did not cut"))
        return 0
    expect(fr.get("name") == "run_shell_command", "the functionResponse is run_shell_command's")
    expect(key == "output", "the model got the result as the call's output, not as an error (response.%s)" % key)
    expect(has_error, "the model saw `error[E0308]: mismatched types`")
    expect(has_loc, "the model saw ` --> src/main.rs:4:5`")
    expect("Exit Code: 3" in seen, "the model saw the command's status (`Exit Code: 3`)")
    markers = re.findall(r"^\[\.\.\. .*?full text: (\S+) \.\.\.\]$", seen, re.M)
    expect(bool(markers), "a ctx marker names the full text's path")
    if markers:
        path = markers[0]
        exists = os.path.isfile(path)
        expect(exists, "the spill file %s exists" % path)
        if exists:
            with open(path, encoding="utf-8", errors="replace") as f:
                full = f.read()
            expect(full.count("\n") >= 3000 and "error[E0308]" in full and "Compiling crate-3000 " in full,
                   "the spill file holds the full output (%d lines)" % full.count("\n"))
    expect(len(seen.encode()) * 3 <= len(raw.encode()),
           "the model got at most a third of the raw bytes (%d of %d)" % (len(seen.encode()), len(raw.encode())))
    expect(not gemini_cut, "Gemini CLI did not cut ctx's output again (it fits its 40,000-character threshold)")
    return 1 if FAIL else 0


def main(argv):
    if len(argv) == 4 and argv[0] == "check" and argv[1] in ("ctx", "baseline"):
        return check(argv[1], argv[2], argv[3])
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
