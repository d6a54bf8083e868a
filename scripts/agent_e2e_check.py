#!/usr/bin/env python3
"""Helpers of scripts/agent-e2e.sh (stdlib only).

  trust CONFIG_TOML        mark every untrusted PreToolUse command hook in CONFIG_TOML
                           as trusted, as a user does in Codex's /hooks view: append
                           [hooks.state."<path>:pre_tool_use:G:H"] trusted_hash = "sha256:..."
                           with the hash Codex computes (codex-rs/hooks/src/engine/discovery.rs
                           command_hook_hash, codex-rs/config/src/fingerprint.rs version_for_toml)
  check MODE RECORD RAW    read the request bodies the scripted server recorded and report what
                           the model was sent back as the shell call's result. MODE `ctx`
                           asserts it is ctx's fitted output; MODE `baseline` only reports.
"""

import hashlib
import json
import os
import sys
import tomllib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import agent_e2e_lib as lib  # noqa: E402


def trust(config_path):
    path = os.path.abspath(config_path)
    with open(path, "rb") as f:
        config = tomllib.load(f)
    hooks = config.get("hooks") or {}
    states = hooks.get("state") or {}
    added = []
    for gi, group in enumerate(hooks.get("PreToolUse") or []):
        for hi, handler in enumerate(group.get("hooks") or []):
            if handler.get("type") != "command":
                continue
            key = "%s:pre_tool_use:%d:%d" % (path, gi, hi)
            if (states.get(key) or {}).get("trusted_hash"):
                continue
            normalized = {
                "type": "command",
                "command": handler["command"],
                "timeout": max(int(handler.get("timeout", handler.get("timeout_sec", 600))), 1),
                "async": bool(handler.get("async", False)),
            }
            status = handler.get("statusMessage", handler.get("status_message"))
            if status is not None:
                normalized["statusMessage"] = status
            identity = {"event_name": "pre_tool_use", "hooks": [normalized]}
            if group.get("matcher") is not None:
                identity["matcher"] = group["matcher"]
            canonical = json.dumps(identity, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
            digest = "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()
            added.append((key, digest, handler["command"]))
    with open(path, "a", encoding="utf-8") as f:
        for key, digest, _ in added:
            f.write('\n[hooks.state.%s]\ntrusted_hash = "%s"\n' % (json.dumps(key), digest))
    for key, digest, command in added:
        print("trusted PreToolUse hook %r (%s)" % (command, digest))
    return 0


def tool_result(record):
    requests = lib.requests(record)
    for req in requests[1:]:
        for item in req["body"].get("input") or []:
            if item.get("type") in ("function_call_output", "local_shell_call_output"):
                return len(requests), lib.text_of(item.get("output"))
    return len(requests), None


def tells(line):
    """ctx's markers and status, the error and its location, Codex's own cut."""
    return line.startswith("[... ") or line.startswith("[exit status") or "error" in line or "-->" in line \
        or line.startswith("Warning: truncated") or "tokens truncated" in line


def excerpt(text):
    return lib.excerpt(text, tells)


def check(mode, record, raw_path):
    raw = lib.read(raw_path)
    n, seen = tool_result(record)
    print("%s run: %d model requests; the shell command's raw output: %d lines, %d bytes"
          % (mode, n, raw.count("\n"), len(raw.encode())))
    if seen is None:
        lib.expect(False, "request 2 carries the shell call's result")
        return 1
    print("  what the model was sent: " + lib.share(seen, raw))
    print(excerpt(seen))
    codex_cut = "Warning: truncated output" in seen or "tokens truncated" in seen
    if lib.error_and_location(mode, seen, ", Codex's own truncation %s"
                              % ("cut the output" if codex_cut else "did not cut")):
        return 0
    lib.expect("[exit status 3]" in seen, "the model saw ctx's status line `[exit status 3]`")
    lib.spill(lib.markers(seen), lambda full: full.count("\n") >= 3000 and "error[E0308]" in full, "the full output")
    lib.a_third(seen, raw)
    lib.expect(not codex_cut, "Codex did not cut ctx's output again (it fits Codex's tool-output limit)")
    return lib.status()


def main(argv):
    if len(argv) >= 2 and argv[0] == "trust":
        return trust(argv[1])
    if len(argv) == 4 and argv[0] == "check" and argv[1] in ("ctx", "baseline"):
        return check(argv[1], argv[2], argv[3])
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
