#!/usr/bin/env python3
"""Prose for the benches: the Markdown, reStructuredText and HTML files of the corpus, in a
fixed order, over and over, cut at the last line end before the target size (so the text stays
valid UTF-8).

    gen_prose.py CORPUS_OUTPUTS_DIR OUT BYTES
"""
import sys

corpus, out, target = sys.argv[1], sys.argv[2], int(sys.argv[3])
files = ["clippy-CHANGELOG.md", "pytest-reportingdemo.rst", "wikipedia-new-zealand.source.html"]
parts = [open(f"{corpus}/{f}", "rb").read() for f in files]
buf, i = bytearray(), 0
while len(buf) < target:
    p = parts[i % len(parts)]
    buf += p if p.endswith(b"\n") else p + b"\n"
    i += 1
cut = buf.rfind(b"\n", 0, target) + 1
open(out, "wb").write(buf[:cut])
