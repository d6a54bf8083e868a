#!/usr/bin/env python3
"""Checks of scripts/agent-daily.sh (stdlib only).

  claude|codex|gemini MODE RECORD WORK
                            read the requests scripts/agent_daily_claude_server.py recorded
                            (or the codex and gemini ones) recorded and say, per scenario, what the agent sent the model. MODE `ctx`
                            asserts each scenario; MODE `baseline` only reports. The last line
                            is a Markdown table row per scenario: `| scenario | result |`.
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import agent_e2e_lib as lib  # noqa: E402
from agent_daily_codex_server import outputs  # noqa: E402
from agent_daily_gemini_server import STEPS, results as gemini_outputs  # noqa: E402
from agent_e2e_claude_server import tool_results  # noqa: E402

MARKER = re.compile(r"\[\.\.\. [^\n]*?full text: (\S+) \.\.\.\]")
ROWS = []
FAIL = []


def results(record):
    """{tool_use_id: (text, is_error)} over every request recorded."""
    out = {}
    for req in lib.requests(record):
        out.update({k: (text or "", err) for k, (text, err) in tool_results(req["body"]).items()})
    return out


def scenario(name, mode, seen, checks):
    """Reports one scenario: checks is a list of (ok, what)."""
    if seen is None:
        checks = [(False, "the model got a result")]
        size = "no result"
    else:
        text, err = seen
        size = "%d bytes%s" % (len(text.encode()), ", is_error" if err else "")
    bad = [what for ok, what in checks if not ok]
    for ok, what in checks:
        print("  [%s] %s: %s" % ("ok" if ok else ("FAIL" if mode == "ctx" else "no"), name, what))
    if mode == "ctx":
        FAIL.extend(bad)
    verdict = "pass" if not bad else ("FAIL: " if mode == "ctx" else "lost: ") + "; ".join(bad)
    ROWS.append("| %s | %s (%s) |" % (name, verdict, size))


def cargo_test(mode, cargo):
    """Scenario 1, the failing `cargo test`, from its result `cargo`."""
    t = cargo[0] if cargo else ""
    scenario("`cd sub && cargo test` fails at line 500 of 3,000", mode, cargo, [
        ("test parser::tests::rejects_trailing_comma ... FAILED" in t, "the failing test's line"),
        ("panicked at src/parser.rs:88:9" in t, "its panic"),
        ("test result: FAILED. 2991 passed; 1 failed" in t, "the summary"),
    ] + ([(bool(MARKER.search(t)), "a marker naming the full text")] if mode == "ctx" else []))


def pytest(mode, py):
    """Scenario 3, the failing pytest, from its result `py`."""
    t = py[0] if py else ""
    scenario("`cd sub && pytest -v` fails at test 500 of 3,000", mode, py, [
        ("test_big.py::test_case[499] FAILED" in t, "the failing test's line"),
        ("E       assert 499 != 499" in t, "its assertion"),
        ("1 failed, 2999 passed" in t, "the summary"),
    ])


def claude(mode, record, work):
    r = results(record)
    get = r.get
    cargo = get("toolu_daily_cargo")
    cargo_test(mode, cargo)
    pwd = get("toolu_daily_pwd")
    scenario("then `pwd`", mode, pwd, [
        (pwd is not None and pwd[0].strip() == work, "runs in %s, as a failed command leaves it" % work)])
    pytest(mode, get("toolu_daily_pytest"))
    pwd2 = get("toolu_daily_pwd2")
    scenario("`cd sub && echo in sub`, then `pwd`", mode, pwd2, [
        (pwd2 is not None and pwd2[0].strip() == os.path.join(work, "sub"), "the cd is kept: %s/sub" % work)])
    spill = MARKER.search(cargo[0]) if cargo else None
    if spill or mode == "ctx":
        rr = get("toolu_daily_reread")
        checks = [(rr is not None, "the spill file was read")]
        if rr is not None and spill and os.path.isfile(spill.group(1)):
            with open(spill.group(1), encoding="utf-8") as f:
                lines = f.read().split("\n")
            got = {}
            for line in rr[0].split("\n"):
                m = re.match(r"\s*(\d+)[\t\u2192](.*)$", line)
                if m:
                    got[int(m.group(1))] = m.group(2)
            want = {i: lines[i - 1] for i in range(480, 520)}
            checks.append((all(got.get(i) == want[i] for i in want), "lines 480-519 as they are in the file, numbered as there"))
            checks.append(("full text: " not in rr[0], "no new cut, no new spill"))
        scenario("Read of the spill file, offset 480, limit 40", mode, rr, checks)
    sub = get("toolu_daily_sub_bash")
    t = sub[0] if sub else ""
    scenario("a failing command inside a subagent (Agent tool)", mode, sub, [
        ("error[E0308]: mismatched types" in t, "the error line"),
    ] + ([(bool(MARKER.search(t)), "fitted by ctx (a marker naming the full text)"),
          (len(t.encode()) <= 9100, "at most 9,000 bytes and Claude Code's status line")] if mode == "ctx" else []))
    print("\n".join(ROWS))
    return 1 if FAIL else 0


def codex_results(record):
    """{step: (output, False)} of the shell calls, over every request recorded."""
    out = {}
    for req in lib.requests(record):
        out.update({k.replace("call-daily-", ""): (v, False) for k, v in outputs(req["body"]).items()})
    return out


def gemini_results(record):
    """{step: (output, False)} of the shell calls: the functionResponses of the last main request."""
    last = []
    for req in lib.requests(record):
        if req.get("kind") == "main":
            last = gemini_outputs(req["body"]) or last
    return {step: (text, False) for step, text in zip(STEPS, last)}


def shells(mode, r, work):
    """The scenarios of an agent with a shell tool and no subagents; `r` maps each step to its result."""
    cargo = r.get("cargo")
    cargo_test(mode, cargo)
    pwd = r.get("pwd")
    scenario("then `pwd`", mode, pwd, [(pwd is not None and work in pwd[0], "runs in %s" % work)])
    pytest(mode, r.get("pytest"))
    spill = MARKER.search(cargo[0]) if cargo else None
    if spill or mode == "ctx":
        rr = r.get("reread")
        checks = [(rr is not None, "the spill file was read")]
        if rr is not None and spill and os.path.isfile(spill.group(1)):
            with open(spill.group(1), encoding="utf-8") as f:
                want = "\n".join(f.read().split("\n")[479:519]) + "\n"
            checks.append((want.strip("\n") in rr[0], "lines 480-519 as they are in the file"))
            checks.append(("full text: " not in rr[0], "no new cut, no new spill"))
        scenario("`sed -n 480,519p` of the spill file", mode, rr, checks)
    print("\n".join(ROWS))
    return 1 if FAIL else 0


def main(argv):
    if len(argv) == 4 and argv[1] in ("ctx", "baseline"):
        if argv[0] == "claude":
            return claude(argv[1], argv[2], argv[3])
        if argv[0] in ("codex", "gemini"):
            r = (codex_results if argv[0] == "codex" else gemini_results)(argv[2])
            return shells(argv[1], r, argv[3])
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
