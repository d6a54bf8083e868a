#!/usr/bin/env python3
"""Long agent sessions for bench/compact.sh, built from real JSONL transcripts.

A session is a corpus transcript (Claude Code or Codex JSONL) concatenated N times into one
file. Tool-call ids are rewritten per copy so that they stay unique in the long session: in
copy k every `toolu_XXXX` (Claude Code tool_use "id" / tool_result "tool_use_id") and every
`call_XXXX` (Codex "call_id") becomes `toolu_XXXXk<k>` / `call_XXXXk<k>`. Only ids of at least
16 alphanumeric chars are touched, so keys such as "call_id" or "function_call_output" stay as
they are. Everything else (uuids, timestamps, text) is copied byte for byte.

    gen_transcripts.py session SRC OUT COPIES [--first K]
        one file: copies K .. K+COPIES-1 of SRC (K defaults to 0)
    gen_transcripts.py dir OUTDIR MIN_BYTES SRC:COPIES [SRC:COPIES ...]
        files OUTDIR/NNNN-<name>.jsonl, taking the sources in turn, until they hold at least
        MIN_BYTES together; file i uses copies starting at i*COPIES, so every file differs

Every output line is checked with json.loads (each distinct line once per copy; the rewrite
only appends alphanumerics inside an alphanumeric run, which cannot break JSON). The total
size of what was written is printed on stdout (bytes).
"""
import json
import os
import re
import sys

ID = re.compile(rb"(?<![A-Za-z0-9_])((?:toolu_|call_)[A-Za-z0-9]{16,})(?![A-Za-z0-9_])")


class Template:
    """A transcript split around its tool-call ids, so that a copy with suffix k is a join."""

    def __init__(self, path):
        with open(path, "rb") as f:
            data = f.read()
        if not data.endswith(b"\n"):
            data += b"\n"
        for n, line in enumerate(data.splitlines(), 1):
            if line.strip():
                try:
                    json.loads(line)
                except ValueError as e:
                    sys.exit(f"{path}:{n}: not JSON ({e}); only JSONL transcripts can be repeated")
        # parts alternate: text, id, text, id, ..., text
        self.parts = ID.split(data)
        self.ids = len(self.parts) // 2
        self.path = path

    def copy(self, k):
        suffix = b"k%d" % k
        out = []
        for i, p in enumerate(self.parts):
            out.append(p)
            if i % 2:
                out.append(suffix)
        return b"".join(out)


def check(data, where):
    for n, line in enumerate(data.splitlines(), 1):
        if line.strip():
            try:
                json.loads(line)
            except ValueError as e:
                sys.exit(f"{where}: line {n} of a copy is not JSON: {e}")


def write_session(t, out, first, copies):
    total = 0
    with open(out + ".tmp", "wb") as f:
        for k in range(first, first + copies):
            data = t.copy(k)
            check(data, f"{out} (copy {k})")
            f.write(data)
            total += len(data)
    os.replace(out + ".tmp", out)
    return total


def main(argv):
    if len(argv) >= 4 and argv[0] == "session":
        src, out, copies = argv[1], argv[2], int(argv[3])
        first = 0
        if len(argv) == 6 and argv[4] == "--first":
            first = int(argv[5])
        elif len(argv) != 4:
            sys.exit(__doc__)
        t = Template(src)
        if t.ids == 0:
            sys.exit(f"{src}: no toolu_/call_ ids found")
        print(write_session(t, out, first, copies))
    elif len(argv) >= 4 and argv[0] == "dir":
        outdir, min_bytes = argv[1], int(float(argv[2]))
        sources = []
        for spec in argv[3:]:
            src, _, copies = spec.rpartition(":")
            t = Template(src)
            name = os.path.basename(src).split(".")[0][:40]
            sources.append((t, name, int(copies)))
        os.makedirs(outdir, exist_ok=True)
        total, i = 0, 0
        while total < min_bytes:
            t, name, copies = sources[i % len(sources)]
            out = os.path.join(outdir, f"{i:04d}-{name}.jsonl")
            total += write_session(t, out, i * copies, copies)
            i += 1
        print(total)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
