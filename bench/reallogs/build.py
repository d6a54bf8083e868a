#!/usr/bin/env python3
"""Builds the real labelled development set from the repositories named in
../shared/reallogs/README.md (read it: the sources, their commits, the needle rules and the
reserved inputs are defined there, not here).

    build.py --mirrors DIR [--reserved FILE] [--out DIR]
    build.py --master-thesis GIT --cidiff GIT --loghub GIT --test-reporter GIT --publish-action GIT ...

DIR holds the bare git directories as the search tool's `fetch` leaves them
(`owner+name/repo`); each can also be named on its own. Nothing is fetched here: the blobs are
read with `git show COMMIT:PATH` at the commits the README names.

Writes OUT (default bench/out/reallogs, gitignored: the logs are never committed):
  inputs/<source>/<id>            each input's bytes (cidiff: <id>.fail.log and <id>.pass.log)
  needles.jsonl                   one input a line: id, source, project, path, input, baseline,
                                  needles [{text, line, template}]
  skipped.json                    counts of inputs skipped as reserved and as having no needles
                                  (counts only: the reserved inputs are never named)
"""
import argparse
import csv
import hashlib
import html
import io
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from template import template  # noqa: E402

MT_LABELS = "647916a705a9c52fabd957e69d7893c07140ca12"
MT_LOGS = "8c97a300cb027c7b486c82e0a355b3731af44ad4"
CIDIFF = "3cad9e8e4278e0eea38551b4f71cc1cf08bd9d14"
LOGHUB = "dd61d0952749ee7963bde24220d1be5ede023033"
TEST_REPORTER = "29672c52a8220c09bd9f79b5b6cf6315f1763996"
PUBLISH_ACTION = "c9bbcabcaf28c5ce2a9f8b6ee91c62873071b2ce"

MAX_NEEDLES = 12
# Escape sequences, as ECMA-48 defines them and a terminal hides them: CSI, the string
# sequences (OSC and the like, up to BEL or ST), and the two-char ones with any intermediates
# (`ESC =`, `ESC >` of keypad modes, `ESC ( B` of charsets), which a needle must not keep.
ANSI = re.compile(rb"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[\]PX^_][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[ -/]*[0-~]")
LINE_SPLIT = re.compile(rb"\r\n|\r|\n")
# A CI runner's timestamp before the line: GitHub Actions (`2023-05-10T12:00:00.1234567Z `),
# Jenkins' timestamper (`[2021-03-04T10:11:12.123Z] `, `12:34:56 `).
CI_STAMP = re.compile(rb"^(?:\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z ?|\[\d{4}-\d\d-\d\dT[\d:.]+Z?\] ?|\[?\d\d:\d\d:\d\d\]? )")


class Git:
    def __init__(self, path, name):
        self.path, self.name = path, name

    def show(self, commit, path):
        r = subprocess.run(["git", "-C", self.path, "show", f"{commit}:{path}"], capture_output=True)
        return r.stdout if r.returncode == 0 else None

    def ls(self, commit, under):
        r = subprocess.run(["git", "-C", self.path, "ls-tree", "-r", "-z", "--name-only", commit, "--", under],
                           capture_output=True, check=True)
        return [p.decode() for p in r.stdout.split(b"\0") if p]


def sha(data):
    return hashlib.sha256(data).hexdigest()


class Reserved:
    """The README's rule: skip an input when a line of RESERVED equals sha256("OWNER/REPO:PROJECT")
    or sha256 of the file's bytes."""

    def __init__(self, path):
        self.hashes = set()
        if path:
            with open(path) as f:
                self.hashes = {l.strip().lower() for l in f if l.strip()}
        self.skipped = {}

    def project(self, repo, project):
        return sha(f"{repo}:{project}".encode()) in self.hashes

    def any_file(self, *blobs):
        return any(b is not None and sha(b) in self.hashes for b in blobs)

    def skip(self, source):
        self.skipped[source] = self.skipped.get(source, 0) + 1


def lines_of(data):
    return LINE_SPLIT.split(data)


def spread(items, n=MAX_NEEDLES):
    """At most n items, spread evenly over them."""
    if len(items) <= n:
        return items
    return [items[round(i * (len(items) - 1) / (n - 1))] for i in range(n)]


def segment(line, marker):
    """The line's longest ANSI-free segment that carries the marker (else its longest), without
    a CI timestamp prefix and surrounding blanks: an exact substring of the input."""
    parts = [p for p in ANSI.split(line)]
    parts = [CI_STAMP.sub(b"", p, count=1) if i == 0 else p for i, p in enumerate(parts)]
    parts = [p.strip() for p in parts if p.strip()]
    if not parts:
        return None
    with_marker = [p for p in parts if marker.search(p)]
    best = max(with_marker, key=len) if with_marker else None
    if best is None or len(best) < 12:
        best = max(parts, key=len)
    return best if len(best) >= 4 else None


MIN_NEEDLE = 8  # shorter text ("failed", "error") would be found in any output


def needle(text, line_no, data):
    """A needle: its text, its line as the source numbers it, and where it stands as ctx numbers
    lines (split at LF) with the template of that whole line, which the scorer needs to credit
    a kept instance that folds its repeats."""
    t = text.decode("utf-8", errors="surrogateescape")
    at = data.find(text)
    start = data.rfind(b"\n", 0, at) + 1
    end = data.find(b"\n", at)
    whole = data[start:end if end >= 0 else len(data)]
    return {"text": t, "line": line_no, "lf_line": data.count(b"\n", 0, at) + 1,
            "line_template": "%016x" % template(whole)}


def dedupe(needles):
    seen, out = set(), []
    for n in needles:
        if n["text"] not in seen and len(n["text"].strip()) >= MIN_NEEDLE:
            seen.add(n["text"])
            out.append(n)
    return out


def line_number(data, text):
    i = data.find(text)
    return len(LINE_SPLIT.findall(data[:i])) + 1 if i >= 0 else None


# ---------------------------------------------------------------------------------------------
# master-thesis: failed Travis logs, the labelled chunk that says why the build failed.

MT_MARKER = re.compile(
    rb"^E {2,}|^E\s+\w|^_{3,} .+ _{3,}$|thread '.*' panicked|--- FAIL|_test\.go:\d+:|^\[error\]|"
    rb"\b\w+(?:\.\w+)*(?:Error|Exception|Failure|Fault)\b|Traceback|\bFAIL(?:ED|URE|URES)?\b|"
    rb"\*\*\* FAILED \*\*\*|npm ERR!|\b[Ee]rror:|\bERROR\b|make(?:\[\d+\])?: \*\*\*|[Ff]atal:|"
    rb"\bFailed\b|\bfailed\b|Failures?:|\bpanic:|assert|Assert|\bnot ok\b|\bERR!"
)


def master_thesis(git, reserved, emit):
    labels = git.ls(MT_LABELS, "tool/example-sets/BuildFailureReason")
    example = re.compile(rb"<ExampleDataOfString>(.*?)</ExampleDataOfString>", re.S)
    for path in labels:
        if not path.endswith(".xml"):
            continue
        lang, project = path.split("/")[-2], path.split("/")[-1][: -len(".xml")]
        if reserved.project("lacinoire/master-thesis", project):
            n = len(example.findall(git.show(MT_LABELS, path) or b""))
            reserved.skipped["master-thesis"] = reserved.skipped.get("master-thesis", 0) + n
            continue
        xml = git.show(MT_LABELS, path)
        for ex in example.findall(xml):
            m_in = re.search(rb"<InputPath>(.*?)</InputPath>", ex, re.S)
            m_out = re.search(rb"<Output>(.*?)</Output>", ex, re.S)
            if not m_in or not m_out:
                continue
            rel = html.unescape(m_in.group(1).decode()).strip()
            log_path = f"tool/samples/{rel}"
            chunk = html.unescape(m_out.group(1).decode("utf-8", errors="surrogateescape")).encode(
                "utf-8", errors="surrogateescape")
            chunk_lines = [l for l in lines_of(chunk)]
            # The log at MT_LOGS where it is one (some files there are a 13-byte "access denied"
            # stub: then the labelled chunk is not in it and the labels' commit has the log).
            data = None
            blobs = [git.show(commit, log_path) for commit in (MT_LOGS, MT_LABELS)]
            if reserved.any_file(*blobs):
                reserved.skip("master-thesis")
                continue
            for blob in blobs:
                if blob is not None and (data is None or any(l.strip() and l in blob for l in chunk_lines)):
                    data = blob
                    if any(l.strip() and l in blob for l in chunk_lines):
                        break
            if data is None:
                emit.none("master-thesis")
                continue
            eligible = []
            for i, l in enumerate(chunk_lines):
                if not l.strip() or l not in data:
                    continue
                first = not eligible and i == next((k for k, c in enumerate(chunk_lines) if c.strip()), 0)
                if first or MT_MARKER.search(ANSI.sub(b"", l)):
                    eligible.append(l)
            found = []
            for l in eligible:
                s = segment(l, MT_MARKER)
                if s is not None and s in data:
                    found.append(needle(s, line_number(data, s), data))
            found = spread(dedupe(found))
            ident = rel.replace("/failed/", "/").replace("/", "__")
            emit.input("master-thesis", f"lacinoire/master-thesis:{project}", ident, log_path, data, found,
                       lang=lang)


# ---------------------------------------------------------------------------------------------
# cidiff: Maven breakages and a Go project's GitHub Actions runs, with the passing run before.

CD_MARKER = re.compile(
    rb"\[ERROR\]|##\[error\]|--- FAIL|FAIL\t|^FAIL\b|\b[\w$.]+(?:Exception|Error|Throwable|Failure)\b(?::|$)|"
    rb"Caused by:|<<< (?:FAILURE|ERROR)!|BUILD FAILURE|Failed to execute goal|marked build as failure|"
    rb"Tests run:.*(?:Failures: [1-9]|Errors: [1-9])|\bpanic:|^Error:|\berror:|COMPILATION ERROR|"
    rb"Process completed with exit code [1-9]|Tests in error|Failed tests:|FAILED"
)
CD_BOILERPLATE = re.compile(
    rb"-> \[Help 1\]|To see the full stack trace|Re-run Maven using|For more information about the errors|"
    rb"\[Help 1\] http|After correcting the problems|mvn <args> -rf|Please refer to .* for the individual|"
    rb"Please refer to dump files|^\[ERROR\]\s*$|"
    # class realm dumps
    rb"realm =|strategy = org\.codehaus|urls\[\d+\] =|Number of foreign imports|import: Entry|"
    rb"^\[ERROR\] -{5,}|^-{5,}$"
)
CD_FRAME = re.compile(rb"^\s*at [\w$.<>/]+\(.*\)\s*$|^\s*\.\.\. \d+ (?:more|common frames omitted)")
FAILURE_WORD = re.compile(rb"(?i)error|fail|exception|panic|fatal")


def ranges_of(truth):
    out = []
    for l in truth.decode().splitlines():
        m = re.match(r"^E\s+(\d+)(?:\s*-\s*(\d+))?\s*$", l.strip())
        if m:
            out.append((int(m.group(1)), int(m.group(2) or m.group(1))))
    return out


def cidiff(git, reserved, emit):
    files = git.ls(CIDIFF, "data")
    dirs = sorted({os.path.dirname(p) for p in files if p.endswith("/fail.log")
                   and (p.startswith("data/breakages/") or p.startswith("data/breakages_dump/"))})
    for d in dirs:
        parts = d.split("/")
        if parts[1] == "breakages":
            folder = parts[2]
            project = re.sub(r"_\d+$", "", folder)
        else:
            folder = f"{parts[2]}/{parts[3]}"
            project = f"breakages_dump/{parts[2]}"
        if reserved.project("labri-progress/cidiff", project):
            reserved.skip("cidiff")
            continue
        fail, passed = git.show(CIDIFF, f"{d}/fail.log"), git.show(CIDIFF, f"{d}/pass.log")
        if reserved.any_file(fail, passed):
            reserved.skip("cidiff")
            continue
        truth = git.show(CIDIFF, f"{d}/groundtruth") or git.show(CIDIFF, f"{d}/groundtruth2")
        if truth is None or not ranges_of(truth):
            truth = git.show(CIDIFF, f"{d}/groundtruth2")
        if truth is None:
            emit.none("cidiff")
            continue
        lines = lines_of(fail)
        picked, fill = [], []
        for a, b in ranges_of(truth):
            for n in range(a, min(b, len(lines)) + 1):
                raw = lines[n - 1]
                bare = CI_STAMP.sub(b"", ANSI.sub(b"", raw), count=1)
                if n == a:
                    picked.append((n, raw))
                elif CD_FRAME.search(bare) or CD_BOILERPLATE.search(bare):
                    continue
                elif CD_MARKER.search(bare):
                    picked.append((n, raw))
                elif FAILURE_WORD.search(bare):
                    fill.append((n, raw))
        found = dedupe([needle(s, n, fail) for n, raw in picked if (s := segment(raw, CD_MARKER))])
        for n, raw in fill:
            if len(found) >= 4:
                break
            s = segment(raw, FAILURE_WORD)
            if s:
                found = dedupe(found + [needle(s, n, fail)])
        found = spread(sorted(found, key=lambda x: x["line"]))
        ident = folder.replace("/", "__").replace(" ", "_")
        emit.input("cidiff", f"labri-progress/cidiff:{project}", ident, f"{d}/fail.log", fail, found,
                   baseline=passed)


# ---------------------------------------------------------------------------------------------
# loghub: 2,000-line samples of 16 systems, with their levels or alert labels.

def loghub(git, reserved, emit):
    for system in sorted({p.split("/")[0] for p in git.ls(LOGHUB, ".") if p.endswith("_2k.log")}):
        log_path = f"{system}/{system}_2k.log"
        if reserved.project("logpai/loghub", system):
            reserved.skip("loghub")
            continue
        data = git.show(LOGHUB, log_path)
        structured = git.show(LOGHUB, f"{log_path}_structured.csv")
        if reserved.any_file(data, structured):
            reserved.skip("loghub")
            continue
        rows = list(csv.DictReader(io.StringIO(structured.decode("utf-8", errors="surrogateescape"))))
        lines = lines_of(data)
        alert = "Label" in rows[0] and any(r["Label"] != "-" for r in rows)
        found, templates = [], set()
        for r in rows:
            level = (r.get("Level") or "").strip()
            if alert:
                hit = r["Label"] != "-"
            else:
                # ERROR or FATAL in the system's own spelling (Android's logcat writes E and F).
                hit = level.upper() in ("ERROR", "FATAL") or (system == "Android" and level in ("E", "F"))
            if not hit or r.get("EventId") in templates:
                continue
            n = int(r["LineId"])
            line = lines[n - 1]
            if level:
                m = re.search(rb"(?<![\w])" + re.escape(level.encode()) + rb"(?![\w])", line)
                text = line[m.start():] if m else None
            else:
                content = r["Content"].encode("utf-8", errors="surrogateescape")
                text = line[line.find(content):] if content in line else None
            if text and text.strip():
                templates.add(r.get("EventId"))
                found.append(needle(text.rstrip(), n, data))
        emit.input("loghub", f"logpai/loghub:{system}", system, log_path, data, spread(dedupe(found)))


# ---------------------------------------------------------------------------------------------
# Test reports written by real runners: XML (JUnit, NUnit, xUnit, TRX, TestNG) and JSON.

def raw_form(data, text, kind):
    """Where `text` (a decoded first line) stands in the raw report: XML entities or JSON escapes
    in place of the characters that need them. Returns the raw bytes, or None."""
    if not text:
        return None
    if kind == "json":
        for enc in (json.dumps(text)[1:-1], json.dumps(text, ensure_ascii=False)[1:-1]):
            b = enc.encode("utf-8", errors="surrogateescape")
            if b in data:
                return b
        return None
    pieces = []
    for c in text:
        if c in "&<>\"'\t\r" or ord(c) > 127:
            alts = [re.escape(c.encode("utf-8", errors="surrogateescape"))] if c not in "\t\r" else []
            alts += [re.escape(f"&#{ord(c)};".encode()), f"&#[xX]0*{ord(c):x};".encode(),
                     f"&#[xX]0*{ord(c):X};".encode()]
            named = {"&": b"&amp;", "<": b"&lt;", ">": b"&gt;", '"': b"&quot;", "'": b"&apos;"}.get(c)
            if named:
                alts.append(re.escape(named))
            pieces.append(b"(?:" + b"|".join(alts) + b")")
        else:
            pieces.append(re.escape(c.encode()))
    m = re.search(b"".join(pieces), data)
    return m.group(0) if m else None


def first_line(s):
    for l in re.split(r"\r\n|\r|\n", s or ""):
        if l.strip():
            return l.strip()
    return None


def local(tag):
    return tag.rsplit("}", 1)[-1]


def xml_failures(root):
    """(test name, [messages]) of each failed or errored test case, by the report's own structure."""
    out = []
    for el in root.iter():
        t = local(el.tag)
        if t == "testcase":  # JUnit, xUnit (python), TestNG-as-JUnit
            msgs = []
            for ch in el:
                if local(ch.tag) in ("failure", "error"):
                    msgs += [ch.get("message"), ch.text]
            if msgs:
                out.append((el.get("name"), msgs))
        elif t == "test-case" and ((el.get("result") or el.get("success") or "").lower() in (
                "failed", "error", "false") or any(local(c.tag) == "failure" for c in el)):  # NUnit 2 and 3
            msgs = []
            for ch in el.iter():
                if local(ch.tag) == "message":
                    msgs.append(ch.text)
            out.append((el.get("fullname") or el.get("name"), msgs))
        elif t == "test" and (el.get("result") or "").lower() in ("fail", "error"):  # xUnit.net
            msgs = [ch.text for ch in el.iter() if local(ch.tag) == "message"]
            out.append((el.get("name"), msgs))
        elif t == "UnitTestResult" and (el.get("outcome") or "").lower() in ("failed", "error"):  # TRX
            msgs = [ch.text for ch in el.iter() if local(ch.tag) == "Message"]
            out.append((el.get("testName"), msgs))
        elif t == "test-method" and (el.get("status") or "").upper() == "FAIL":  # TestNG
            msgs = [ch.text for ch in el.iter() if local(ch.tag) == "message"]
            out.append((el.get("name"), msgs))
    return out


def json_failures(doc):
    out = []

    def walk(x):
        if isinstance(x, dict):
            state = str(x.get("status") or x.get("state") or x.get("result") or x.get("Action") or "").lower()
            err = x.get("err") or x.get("failureMessages") or x.get("exception") or x.get("error")
            if state in ("failed", "fail", "error") or (isinstance(err, dict) and err):
                msgs = []
                if isinstance(err, dict):
                    msgs += [err.get("message"), err.get("stack")]
                elif isinstance(err, list):
                    msgs += [m for m in err if isinstance(m, str)]
                elif isinstance(err, str):
                    msgs.append(err)
                if isinstance(x.get("exception"), dict):
                    msgs.append(x["exception"].get("message"))
                if isinstance(x.get("Output"), str):
                    msgs.append(x["Output"])
                if msgs:
                    out.append((x.get("fullTitle") or x.get("title") or x.get("full_description") or x.get("Test"),
                                msgs))
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(doc)
    return out


def report_needles(data, path):
    kind = "json" if path.endswith(".json") else "xml"
    try:
        if kind == "json":
            failures = json_failures(json.loads(data))
        else:
            failures = xml_failures(ET.fromstring(data))
    except (ValueError, ET.ParseError):
        return None
    found, messages = [], set()
    raw_lines = [l.strip() for l in lines_of(data)]
    for name, msgs in failures:
        for m in msgs:
            if not isinstance(m, str):
                continue
            first = first_line(m)
            if not first or first in messages:
                continue
            raw = raw_form(data, first, kind)
            if raw:
                messages.add(first)
                found.append(needle(raw, line_number(data, raw), data))
        if name:
            raw = raw_form(data, name, kind)
            if raw and raw in raw_lines:
                found.append(needle(raw, line_number(data, raw), data))
    return spread(dedupe(found))


def test_reports(sources, reserved, emit):
    for git, repo, commit, under in sources:
        for path in git.ls(commit, under):
            if not re.search(r"\.(xml|trx|json)$", path) or path.endswith("files.txt"):
                continue
            data = git.show(commit, path)
            if reserved.any_file(data):
                reserved.skip("test-reports")
                continue
            found = report_needles(data, path)
            if found is None:
                continue
            ident = f"{repo.split('/')[0]}__" + path.replace("/", "__")
            emit.input("test-reports", f"{repo}:{path}", ident, path, data, found)


class Emit:
    def __init__(self, out):
        self.out = out
        self.rows = []
        self.without = {}

    def none(self, source):
        self.without[source] = self.without.get(source, 0) + 1

    def input(self, source, project, ident, path, data, needles, lang=None, baseline=None):
        if not needles:
            self.none(source)
            return
        d = os.path.join(self.out, "inputs", source)
        os.makedirs(d, exist_ok=True)
        ident = re.sub(r"[^\w.@+-]", "_", ident)
        name = f"{ident}.fail.log" if baseline is not None else ident
        with open(os.path.join(d, name), "wb") as f:
            f.write(data)
        row = {"id": f"{source}/{ident}", "source": source, "project": project, "path": path,
               "input": f"inputs/{source}/{name}", "needles": needles}
        if lang:
            row["lang"] = lang
        if baseline is not None:
            with open(os.path.join(d, f"{ident}.pass.log"), "wb") as f:
                f.write(baseline)
            row["baseline"] = f"inputs/{source}/{ident}.pass.log"
        self.rows.append(row)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mirrors", default=os.environ.get("CTX_REALLOGS_MIRRORS"),
                    help="directory of the fetched bare repositories, owner+name/repo (env CTX_REALLOGS_MIRRORS)")
    for flag, name in (("master-thesis", "lacinoire+master-thesis"), ("cidiff", "labri-progress+cidiff"),
                       ("loghub", "logpai+loghub"), ("test-reporter", "dorny+test-reporter"),
                       ("publish-action", "EnricoMi+publish-unit-test-result-action")):
        ap.add_argument(f"--{flag}", metavar="GIT", help=f"bare git dir of {name.replace('+', '/')}")
    ap.add_argument("--reserved", default=os.environ.get("CTX_REALLOGS_RESERVED"),
                    help="the RESERVED file beside the README (env CTX_REALLOGS_RESERVED)")
    ap.add_argument("--out", default=os.path.join(here, "..", "out", "reallogs"))
    a = ap.parse_args()

    def repo(flag, name):
        p = getattr(a, flag.replace("-", "_")) or (a.mirrors and os.path.join(a.mirrors, name, "repo"))
        if not p or not os.path.isdir(p):
            sys.exit(f"build.py: no git dir for {name.replace('+', '/')}: give --{flag} GIT or --mirrors DIR "
                     "(the search tool's `fetch` writes them)")
        return Git(p, name)

    if not a.reserved or not os.path.isfile(a.reserved):
        sys.exit("build.py: no RESERVED file: give --reserved FILE (beside ../shared/reallogs/README.md); "
                 "without it reserved inputs would leak into the set")
    reserved = Reserved(a.reserved)
    out = os.path.abspath(a.out)
    if os.path.isdir(os.path.join(out, "inputs")):
        subprocess.run(["rm", "-rf", os.path.join(out, "inputs")], check=True)
    emit = Emit(out)
    master_thesis(repo("master-thesis", "lacinoire+master-thesis"), reserved, emit)
    cidiff(repo("cidiff", "labri-progress+cidiff"), reserved, emit)
    loghub(repo("loghub", "logpai+loghub"), reserved, emit)
    test_reports([(repo("test-reporter", "dorny+test-reporter"), "dorny/test-reporter", TEST_REPORTER,
                   "__tests__/fixtures"),
                  (repo("publish-action", "EnricoMi+publish-unit-test-result-action"),
                   "EnricoMi/publish-unit-test-result-action", PUBLISH_ACTION, "python/test/files")],
                 reserved, emit)
    with open(os.path.join(out, "needles.jsonl"), "w") as f:
        for r in emit.rows:
            f.write(json.dumps(r) + "\n")
    counts = {}
    for r in emit.rows:
        c = counts.setdefault(r["source"], [0, 0])
        c[0] += 1
        c[1] += len(r["needles"])
    summary = {"inputs": {s: c[0] for s, c in counts.items()}, "needles": {s: c[1] for s, c in counts.items()},
               "skipped_reserved": reserved.skipped, "skipped_no_needles": emit.without}
    with open(os.path.join(out, "skipped.json"), "w") as f:
        json.dump(summary, f, indent=1)
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
