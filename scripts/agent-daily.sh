#!/usr/bin/env bash
# agent-daily.sh: the daily scenarios, with the real agents, through ctx.
#
# For each agent whose binary is here (Claude Code: CLAUDE_BIN, else the newest
# @anthropic-ai/claude-code from npm; Codex CLI: CODEX_BIN or `codex` on PATH; Gemini CLI:
# GEMINI_BIN or `gemini` on PATH), runs the agent in print mode against a scripted model
# server on 127.0.0.1 (scripts/agent_daily_claude_server.py), once with no hook (baseline,
# reported only) and once after `ctx init claude --user --wrap`, with these scenarios in one
# session:
#
#   1. `cd sub && cargo test` fails: 3,000 lines, the failing test at line 500 (its panic after
#      it, the summary at the end); the failing test, its panic and the summary must reach the
#      model, with a marker naming the full text;
#   2. then `pwd`: the next call runs where it would without ctx (a failed command moves nowhere);
#   3. `cd sub && pytest -v` fails (a real pytest, 3,000 cases, case 499 failing): the failing
#      case, its assertion and the summary must reach the model;
#   4. `cd sub && echo in sub`, then `pwd`: the `cd` is kept for the next call;
#   5. a Read of the spill file that step 1's marker names, offset 480, limit 40: the lines come
#      back as they are in the file, numbered as there, with no new cut;
#   6. a failing command inside a subagent (the Agent tool): it goes through ctx too.
#
# Codex and Gemini CLI run 1-3 and read the spill file back with `sed -n 480,519p` (no subagents
# to script), against scripts/agent_daily_codex_server.py and agent_daily_gemini_server.py,
# after `ctx init codex --user` and `ctx init gemini`.
# `cargo` is a stand-in that prints the test log (no compiler run); pytest is real. Each agent
# ends with a Markdown table (scenario, baseline, ctx) for bench/BENCHMARKS.md.
#
# usage: scripts/agent-daily.sh
# env:   CTX_BIN_DIR     where the built ctx and ctx-truncate are (default: cargo build)
#        CLAUDE_BIN      a claude binary (default: installed from npm into CTX_E2E_CACHE)
#        CTX_E2E_CACHE   where Claude Code is installed (default: ${XDG_CACHE_HOME:-~/.cache}/ctx-agent-daily)
#        CTX_E2E_CLAUDE  the npm spec (default: @anthropic-ai/claude-code@latest)
#        CODEX_BIN       a codex binary (default: codex on PATH; none: Codex is skipped, and said so)
#        GEMINI_BIN      a gemini binary (default: gemini on PATH; none: skipped, and said so)
#        PYTEST          a pytest to run (default: pytest on PATH)
#        CTX_E2E_KEEP    1: keep the temporary directory
# exit:  0 when every scenario passed with ctx; 1 when one failed; 2 when a step could not run
#        (no agent installed, no pytest): an opt-in run that did not run does not pass.
set -euo pipefail

me=agent-daily
root=$(cd "$(dirname "$0")/.." && pwd)
scripts=$root/scripts
# shellcheck source=scripts/agent_e2e_lib.sh
. "$scripts/agent_e2e_lib.sh"
case ${1:-} in
    -h | --help) e2e_usage; exit 0 ;;
    "") ;;
    *) die "unknown argument $1" ;;
esac

e2e_ctx

pytest=${PYTEST:-$(command -v pytest || true)}
[ -n "$pytest" ] && [ -x "$pytest" ] || die "pytest is not installed: pip install pytest, or set PYTEST"

cache=${CTX_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/ctx-agent-daily}
e2e_npm_bin CLAUDE_BIN claude "${CTX_E2E_CLAUDE:-@anthropic-ai/claude-code@latest}" "$cache"
claude=$agent
version=$("$claude" --version 2>&1) || die "$claude --version failed: $version"
echo "claude: $claude ($version); pytest: $("$pytest" --version 2>&1)"

e2e_scratch ctx-agent-daily
tmp=$(cd "$tmp" && pwd -P)

# The stand-in cargo's log: 3,000 lines, the failure at line 500.
python3 - "$tmp/cargo-test.log" <<'PY'
import sys
lines = ["running 2992 tests"]
lines += ["test suite::case_%d ... ok" % i for i in range(2, 500)]
lines += ["test parser::tests::rejects_trailing_comma ... FAILED",
          "thread 'parser::tests::rejects_trailing_comma' panicked at src/parser.rs:88:9:",
          "assertion `left == right` failed: a trailing comma is an error",
          "  left: Ok([1, 2])",
          " right: Err(TrailingComma { line: 1, column: 6 })"]
lines += ["test suite::case_%d ... ok" % i for i in range(505, 2998)]
lines += ["", "test result: FAILED. 2991 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 1.52s",
          "error: test failed, to rerun pass `--lib`"]
assert len(lines) == 3000
open(sys.argv[1], "w").write("\n".join(lines) + "\n")
PY
mkdir -p "$tmp/bin"
printf '#!/bin/sh\n# a stand-in for `cargo test`\ncat %s\nexit 101\n' "$tmp/cargo-test.log" >"$tmp/bin/cargo"
chmod +x "$tmp/bin/cargo"
ln -s "$pytest" "$tmp/bin/pytest"

# A run's world: HOME, the project (work/sub with the tests), the long build script.
make_world() {
    local d=$tmp/$1
    mkdir -p "$d/home/.claude" "$d/cache" "$d/work/sub"
    printf 'import pytest\n\n\n@pytest.mark.parametrize("i", range(3000))\ndef test_case(i):\n    assert i != 499\n' \
        >"$d/work/sub/test_big.py"
    printf '%s\n' 'for i in $(seq 1 3000); do echo "   Compiling crate-$i v0.1.$i"; if [ $i = 1500 ]; then printf "error[E0308]: mismatched types\n --> src/main.rs:4:5\n"; fi; done; exit 3' \
        >"$d/work/long.sh"
}

# Starts scripted server $2 (more arguments after it) recording into $1/requests.jsonl; sets
# server_pid and port.
serve() {
    local d=$1 script=$2
    : >"$d/requests.jsonl"
    e2e_server "$d/server.log" "$scripts/$script" --record "$d/requests.jsonl" "${@:3}"
}

run_claude() {
    local name=$1 d=$tmp/$1
    serve "$d" agent_daily_claude_server.py --work "$d/work"
    local rc=0
    e2e_claude_env "$d"
    (cd "$d/work" && env -i PATH="$tmp/bin:$PATH" "${claude_env[@]}" SHELL=/bin/bash \
        timeout 600 "$claude" -p "Run the tests and tell me what fails." \
        --output-format stream-json --verbose --include-hook-events --allowedTools Bash Read Agent Task \
        </dev/null >"$d/claude.out" 2>"$d/claude.err") || rc=$?
    e2e_server_stop
    if [ "$rc" != 0 ]; then
        tail -n 20 "$d/claude.err" >&2
        tail -c 2000 "$d/claude.out" >&2
        die "claude -p ($name) exited $rc"
    fi
    local hooks
    hooks=$(e2e_claude_hooks "$d/claude.out" | sort -u | tr '\n' ' ' || true)
    echo "  hooks that ran: ${hooks:-none}"
}

status=0
step "baseline: claude -p with no hook"
make_world baseline
run_claude baseline
python3 "$scripts/agent_daily_check.py" claude baseline "$tmp/baseline/requests.jsonl" "$tmp/baseline/work" \
    | tee "$tmp/baseline.report"

step "ctx: ctx init claude --user --wrap, then claude -p"
make_world ctx
env HOME="$tmp/ctx/home" CLAUDE_CONFIG_DIR="$tmp/ctx/home/.claude" XDG_CACHE_HOME="$tmp/ctx/cache" \
    "$ctx" init claude --user --wrap || die "ctx init claude failed"
run_claude ctx
python3 "$scripts/agent_daily_check.py" claude ctx "$tmp/ctx/requests.jsonl" "$tmp/ctx/work" \
    | tee "$tmp/ctx.report" || status=1
grep -q 'FAIL' "$tmp/ctx.report" && status=1

# The table of one agent: $1 its title, $2 and $3 the baseline's and ctx's reports; the rows
# in the ctx run's order, and a scenario the baseline did not reach says so.
table() {
    echo
    echo "| $1: scenario | baseline (no hook) | ctx |"
    echo "|---|---|---|"
    awk -F'|' 'NR == FNR { base[$2] = $3; next } { b = ($2 in base) ? base[$2] : " not run (no marker names a full text) "; print "|" $2 "|" b "|" $3 "|" }' \
        <(grep '^| ' "$2") <(grep '^| ' "$3")
}
table "Claude Code $version (\`ctx init claude --wrap\`)" "$tmp/baseline.report" "$tmp/ctx.report"
ran="Claude Code $version"

# --- Codex CLI, when installed: the same scenarios but the subagent, and the re-read as `sed -n`
codex=${CODEX_BIN:-$(command -v codex || true)}
if [ -z "$codex" ]; then
    echo "codex: not installed (set CODEX_BIN to run it): skipped"
else
    cversion=$("$codex" --version 2>&1) || die "$codex --version failed: $cversion"
    echo "codex: $codex ($cversion)"
    run_codex() {
        local d=$tmp/codex-$1
        serve "$d" agent_daily_codex_server.py
        sed -i "s#@BASE_URL@#http://127.0.0.1:$port/v1#" "$d/codex-home/config.toml"
        local rc=0
        (cd "$d/work" && env PATH="$tmp/bin:$PATH" HOME="$d/home" XDG_CACHE_HOME="$d/cache" \
            CODEX_HOME="$d/codex-home" CTX_E2E_API_KEY=dummy-not-a-key \
            timeout 600 "$codex" exec --skip-git-repo-check --ephemeral --color never \
            --dangerously-bypass-approvals-and-sandbox "Run the tests and tell me what fails." \
            </dev/null >"$d/codex.out" 2>"$d/codex.err") || rc=$?
        e2e_server_stop
        [ "$rc" = 0 ] || { tail -n 20 "$d/codex.err" >&2; die "codex exec ($1) exited $rc"; }
    }
    codex_world() {
        make_world "codex-$1"
        local d=$tmp/codex-$1
        mkdir -p "$d/codex-home"
        # Codex runs commands in a login shell, whose /etc/profile sets PATH anew: the stand-in
        # cargo and pytest are put on it as a user's profile would.
        printf 'export PATH="%s:$PATH"\n' "$tmp/bin" >"$d/home/.bash_profile"
        e2e_codex_config "$d/codex-home/config.toml" daily
    }
    step "codex baseline: codex exec with no hook"
    codex_world baseline
    run_codex baseline
    python3 "$scripts/agent_daily_check.py" codex baseline "$tmp/codex-baseline/requests.jsonl" \
        "$tmp/codex-baseline/work" | tee "$tmp/codex-baseline.report"
    step "codex ctx: ctx init codex --user, then codex exec"
    codex_world ctx
    env HOME="$tmp/codex-ctx/home" CODEX_HOME="$tmp/codex-ctx/codex-home" "$ctx" init codex --user \
        || die "ctx init codex failed"
    run_codex ctx
    python3 "$scripts/agent_daily_check.py" codex ctx "$tmp/codex-ctx/requests.jsonl" "$tmp/codex-ctx/work" \
        | tee "$tmp/codex-ctx.report" || status=1
    grep -q 'FAIL' "$tmp/codex-ctx.report" && status=1
    table "Codex CLI $cversion (\`ctx init codex\`)" "$tmp/codex-baseline.report" "$tmp/codex-ctx.report"
    ran="$ran, Codex CLI $cversion"
fi

# --- Gemini CLI, when installed: the same as Codex --------------------------------------------
gemini=${GEMINI_BIN:-$(command -v gemini || true)}
if [ -z "$gemini" ]; then
    echo "gemini: not installed (set GEMINI_BIN to run it): skipped"
else
    gversion=$(env HOME="$tmp" "$gemini" --version 2>&1) || die "$gemini --version failed: $gversion"
    echo "gemini: $gemini ($gversion)"
    run_gemini() {
        local d=$tmp/gemini-$1
        serve "$d" agent_daily_gemini_server.py
        local rc=0
        e2e_gemini_env "$d"
        (cd "$d/work" && env -i PATH="$tmp/bin:$PATH" "${gemini_env[@]}" \
            timeout 600 "$gemini" --yolo --output-format text -p "Run the tests and tell me what fails." \
            </dev/null >"$d/gemini.out" 2>"$d/gemini.err") || rc=$?
        e2e_server_stop
        [ "$rc" = 0 ] || { grep -v 'suite::case' "$d/gemini.err" | tail -n 20 >&2; die "gemini -p ($1) exited $rc"; }
    }
    gemini_world() {
        make_world "gemini-$1"
        e2e_gemini_settings "$tmp/gemini-$1/home"
    }
    step "gemini baseline: gemini -p with no hook"
    gemini_world baseline
    run_gemini baseline
    python3 "$scripts/agent_daily_check.py" gemini baseline "$tmp/gemini-baseline/requests.jsonl" \
        "$tmp/gemini-baseline/work" | tee "$tmp/gemini-baseline.report"
    step "gemini ctx: ctx init gemini, then gemini -p"
    gemini_world ctx
    env HOME="$tmp/gemini-ctx/home" XDG_CACHE_HOME="$tmp/gemini-ctx/cache" "$ctx" init gemini \
        || die "ctx init gemini failed"
    run_gemini ctx
    python3 "$scripts/agent_daily_check.py" gemini ctx "$tmp/gemini-ctx/requests.jsonl" "$tmp/gemini-ctx/work" \
        | tee "$tmp/gemini-ctx.report" || status=1
    grep -q 'FAIL' "$tmp/gemini-ctx.report" && status=1
    table "Gemini CLI $gversion (\`ctx init gemini\`)" "$tmp/gemini-baseline.report" "$tmp/gemini-ctx.report"
    ran="$ran, Gemini CLI $gversion"
fi

e2e_verdict "$status" "$ran"
