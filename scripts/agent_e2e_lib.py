#!/usr/bin/env python3
"""What the scripted model servers and the checks of the real-agent scripts share (stdlib only;
imported, not run; the shell side is scripts/agent_e2e_lib.sh).

Servers: a handler that logs to stderr, sends a body with its length, reads a JSON body and
records each request as one JSON line; Server-Sent Events; the options every server takes; a
loop that prints the port it listens on (127.0.0.1) on its first stdout line.

Checks: `expect` (one [ok]/[FAIL] line, the failures kept in FAIL), the recorded requests, the
excerpt of what the model was sent, and the checks every agent's ctx run makes: the build's
error and its location, a marker naming a spill file that holds the whole output, at most a
third of the raw bytes.
"""

import argparse
import json
import os
import re
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# --- servers -----------------------------------------------------------------------------------

# The path a ctx marker names (the spill file), as the scripted servers read it back.
SPILL = re.compile(r"full text: (\S+) \.\.\.\]")
FINAL = "The build failed: error[E0308] at src/main.rs:4:5."


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
            return {"_unparsed": raw.decode("utf-8", "replace")}

    def refuse_zstd(self):
        """Answers 415 to a zstd-compressed body (Codex may send one); True when it did."""
        if (self.headers.get("Content-Encoding") or "").lower() == "zstd":
            self.send(415, "application/json", b'{"error":"zstd not supported"}')
            return True
        return False

    def record(self, state, entry):
        """Appends `entry` with the request's number to the --record file; returns the number."""
        with state["lock"]:
            state["n"] += 1
            with open(state["record"], "a", encoding="utf-8") as f:
                f.write(json.dumps(dict(entry, n=state["n"])) + "\n")
            return state["n"]


def sse(events):
    """Server-Sent Events, each named by its `type`."""
    return "".join("event: %s\ndata: %s\n\n" % (e["type"], json.dumps(e)) for e in events).encode()


def arguments(doc, command=None):
    """The options of a scripted server: --port, --record, and with `command` (its help)
    --command and --final."""
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--record", required=True, help="file to append request bodies to")
    if command:
        ap.add_argument("--command", required=True, help=command)
        ap.add_argument("--final", default=FINAL)
    return ap


def serve(make_handler, args):
    """Serves make_handler(state) on 127.0.0.1:args.port, state holding the request count, a
    lock and the options; prints the port first."""
    state = dict(vars(args), n=0, lock=threading.Lock())
    server = ThreadingHTTPServer(("127.0.0.1", args.port), make_handler(state))
    print(server.server_address[1], flush=True)
    server.serve_forever()


def text_of(content):
    """A tool result's text: a list of content parts joined, anything else as it is."""
    if isinstance(content, list):
        return "".join(p.get("text", "") for p in content if isinstance(p, dict))
    return content


# --- checks ------------------------------------------------------------------------------------

FAIL = []
ERROR = "error[E0308]: mismatched types"
LOCATION = " --> src/main.rs:4:5"


def expect(ok, what):
    print("  [%s] %s" % ("ok" if ok else "FAIL", what))
    if not ok:
        FAIL.append(what)


def status():
    return 1 if FAIL else 0


def requests(record):
    """The requests a scripted server recorded."""
    with open(record, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def share(seen, raw):
    """`N lines, N bytes (P% of the raw output)`."""
    return "%d lines, %d bytes (%.1f%% of the raw output)" % (
        seen.count("\n"), len(seen.encode()), 100.0 * len(seen.encode()) / max(1, len(raw.encode())))


def excerpt(text, tells, limit=40, width=None):
    """The lines that tell the story: the first three, the last two, and each line `tells`
    picks with its neighbours."""
    lines = text.splitlines()
    keep = set(range(min(3, len(lines))))
    for i, line in enumerate(lines):
        if tells(line):
            keep.update(range(max(0, i - 1), min(len(lines), i + 2)))
    keep.update(range(max(0, len(lines) - 2), len(lines)))
    out, last = [], -1
    for i in sorted(keep):
        if i != last + 1:
            out.append("    ...")
        out.append("    | " + lines[i][:width])
        last = i
    return "\n".join(out[: limit + 1])


def reached(ok):
    return "reached the model" if ok else "was LOST"


def error_and_location(mode, seen, extra=""):
    """The build's error line and its location: reported for MODE baseline (with `extra`),
    expected for ctx. Returns True for baseline (nothing more to check)."""
    has_error, has_loc = ERROR in seen, LOCATION in seen
    if mode == "baseline":
        print("  baseline: the error line %s, its location %s%s" % (reached(has_error), reached(has_loc), extra))
        return True
    expect(has_error, "the model saw `%s`" % ERROR)
    expect(has_loc, "the model saw `%s`" % LOCATION)
    return False


def markers(seen, whole_line=True):
    """The paths ctx's markers in `seen` name: markers alone on their line, or anywhere."""
    if whole_line:
        return re.findall(r"^\[\.\.\. .*?full text: (\S+) \.\.\.\]$", seen, re.M)
    return re.findall(r"\[\.\.\. .*?full text: (\S+) \.\.\.\]", seen)


def spill(markers, holds, what):
    """A ctx marker names a spill file that exists and `holds(its text)` (said as `what`, with
    the file's line count)."""
    expect(bool(markers), "a ctx marker names the full text's path")
    if markers:
        path = markers[0]
        exists = os.path.isfile(path)
        expect(exists, "the spill file %s exists" % path)
        if exists:
            full = read(path)
            expect(holds(full), "the spill file holds %s (%d lines)" % (what, full.count("\n")))


def a_third(seen, raw):
    expect(len(seen.encode()) * 3 <= len(raw.encode()),
           "the model got at most a third of the raw bytes (%d of %d)" % (len(seen.encode()), len(raw.encode())))
