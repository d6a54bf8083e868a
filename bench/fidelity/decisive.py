#!/usr/bin/env python3
"""The decisive lines of a real tool output, by the rules of that tool's own output format.

    decisive.py OUTPUT      prints the decisive lines, one per line, exactly as in OUTPUT

The rule for each file is chosen by its name (cargo-test, cargo-build, pytest, junit, c-make,
node-test, go-test). A rule names the lines the tool's verdict points at; none is picked by hand
after looking at what ctx keeps.
"""
import re
import sys


def cargo_test(lines):
    # libtest: every failed test is listed as `test NAME ... FAILED`; its section
    # `---- NAME stdout ----` holds `thread 'NAME' panicked at FILE:L:C:` and the panic message
    # on the next line; the run ends with `test result: FAILED.` and cargo's `error: test failed`.
    out = []
    for i, l in enumerate(lines):
        if re.match(r"^test .+ \.\.\. FAILED$", l) or l.startswith("test result: FAILED"):
            out.append(l)
        elif re.match(r"^thread '.+' \(\d+\) panicked at ", l) or re.match(r"^thread '.+' panicked at ", l):
            out += [l, lines[i + 1]]
        elif l.startswith("error: test failed"):
            out.append(l)
    return out


def cargo_build(lines):
    # rustc: an error is `error[EXXXX]: message` (or `error: message`) followed by its location
    # ` --> FILE:L:C`; cargo ends with `error: could not compile`.
    out = []
    for i, l in enumerate(lines):
        if re.match(r"^error(\[E\d+\])?: ", l):
            out.append(l)
            if i + 1 < len(lines) and lines[i + 1].lstrip().startswith("--> "):
                out.append(lines[i + 1])
    return out


def pytest(lines):
    # pytest: the "short test summary info" lists `FAILED NODEID - message`; each failure's
    # section shows the exception as lines starting `E   `: its first E line (the assertion or
    # the exception) and the last one; the final line `=== N failed, M passed in Ts ===`.
    out = [l for l in lines if l.startswith("FAILED ")]
    section = []
    for l in lines:
        if re.match(r"^_{3,} .+ _{3,}$", l) or l.startswith("="):
            if section:
                out += [section[0]] + ([section[-1]] if len(section) > 1 else [])
            section = []
        elif l.startswith("E  "):
            section.append(l)
    out += [l for l in lines if re.match(r"^=+ .*\d+ failed.* =+$", l)]
    return out


def junit(lines):
    # JUnit XML: a failed test case holds a <failure> (or <error>) element; its opening tag
    # carries the message.
    return [l for l in lines if re.match(r"^\s*<(failure|error)\b", l)]


def c_make(lines):
    # gcc: `FILE:L:C: error: message`; make: `make: *** [RULE] Error N`.
    return [l for l in lines if re.match(r"^\S+:\d+:\d+: (fatal )?error: ", l) or re.match(r"^make(\[\d+\])?: \*\*\* ", l)]


def node_test(lines):
    # node --test, TAP reporter: `not ok N - name` for each failure (the subtest's own line, and
    # the file's), the `error:` of its YAML block with the message on the next line, `# fail N`.
    out = []
    for i, l in enumerate(lines):
        if re.match(r"^\s*not ok \d+ - ", l) or re.match(r"^# fail [1-9]", l):
            out.append(l)
        elif re.match(r"^\s+error: ", l):
            out.append(l)
            if l.rstrip().endswith("|-"):
                out.append(lines[i + 1])
    return out


def go_test(lines):
    # go test -v: `--- FAIL: TestName` for each failure, the t.Errorf line `FILE_test.go:N: msg`
    # above it, a panic's `panic: message`, and the package's `FAIL` line.
    out = []
    for l in lines:
        if re.match(r"^\s*--- FAIL: ", l) or re.match(r"^\s+\S+_test\.go:\d+: ", l):
            out.append(l)
        elif re.match(r"^panic: ", l) or re.match(r"^FAIL\s", l):
            out.append(l)
    return out


RULES = {
    "cargo-test": cargo_test,
    "cargo-build": cargo_build,
    "pytest": pytest,
    "junit": junit,
    "c-make": c_make,
    "node-test": node_test,
    "go-test": go_test,
}


def decisive(path):
    name = path.rsplit("/", 1)[-1].split(".")[0]
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        lines = f.read().split("\n")
    seen, out = set(), []
    for l in RULES[name](lines):
        if l not in seen:
            seen.add(l)
            out.append(l)
    return out


if __name__ == "__main__":
    for line in decisive(sys.argv[1]):
        print(line)
