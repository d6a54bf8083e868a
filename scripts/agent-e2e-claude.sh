#!/usr/bin/env bash
# agent-e2e-claude.sh: prove `ctx hook claude` with the real Claude Code binary.
#
# Runs Claude Code (from npm) in print mode against a scripted Anthropic Messages-API server on
# 127.0.0.1 (scripts/agent_e2e_claude_server.py). The "model" asks for one Bash command that
# prints a 3,000-line build log with one `error[E0308]` in the middle, then to Read a 2,000-line
# file, then answers. The server records every request, so the script can check what Claude
# Code sent back to the model as each tool's result:
#
#   1. baseline: no hook: what Claude Code itself sends (reported only);
#   2. ctx: after `ctx init claude --user --wrap`, the build failing (exit 3) as builds do (a
#      failed command reaches hooks as PostToolUseFailure, which takes no replacement: --wrap
#      runs the command under ctx-truncate through a PreToolUse hook);
#   3. ctx-ok: after `ctx init claude --user` (no --wrap), the build's log with exit status 0:
#      the PostToolUse hook replaces it.
#
# With ctx, each tool_result must be ctx's fitted output: the error line and its location, a
# marker naming a spill file that holds the whole output, at most a third of the raw bytes.
#
# Nothing touches the real home: HOME, CLAUDE_CONFIG_DIR and XDG_CACHE_HOME point into a
# temporary directory; the API key is a dummy; Claude Code's nonessential traffic, telemetry,
# error reporting and auto-update are off, and its API base URL is the scripted server.
#
# usage: scripts/agent-e2e-claude.sh [--no-baseline]
# env:   CTX_BIN_DIR      where the built ctx and ctx-truncate are (default: cargo build, target/<host tuple>/debug)
#        CLAUDE_BIN       a claude binary to use (default: installed from npm into the cache)
#        CTX_E2E_CACHE    where Claude Code is installed (default: ${XDG_CACHE_HOME:-~/.cache}/ctx-agent-e2e-claude)
#        CTX_E2E_CLAUDE   the npm spec to install (default: @anthropic-ai/claude-code@2.1.331, the tested one)
#        CTX_E2E_KEEP     1: keep the temporary directory
# exit:  0 when every check passed; 1 when a check failed; 2 when a step could not run.
set -euo pipefail

me=agent-e2e-claude
root=$(cd "$(dirname "$0")/.." && pwd)
scripts=$root/scripts
# shellcheck source=scripts/agent_e2e_lib.sh
. "$scripts/agent_e2e_lib.sh"
e2e_args "$@"

e2e_ctx
cache=${CTX_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/ctx-agent-e2e-claude}
# The package's binary comes from its platform package (an optional dependency).
e2e_npm_bin CLAUDE_BIN claude "${CTX_E2E_CLAUDE:-@anthropic-ai/claude-code@2.1.331}" "$cache" --version
claude=$agent
version=$("$claude" --version 2>&1) || die "$claude --version failed: $version"
echo "claude: $claude ($version)"

# --- the scratch world -------------------------------------------------------------------------
e2e_scratch ctx-agent-e2e-claude

# The build log: 3,000 lines of progress, the error (on stderr, as a compiler writes it) in the
# middle, then exit status $1.
build_cmd() {
    printf '%s' 'for i in $(seq 1 3000); do echo "   Compiling crate-$i v0.1.$i"; if [ $i = 1500 ]; then printf '"'"'error[E0308]: mismatched types\n --> src/main.rs:4:5\n  |\n4 |     "hello"\n  |     ^^^^^^^ expected `i32`, found `&str`\n'"'"' >&2; fi; done; exit '"$1"
}
bash -c "$(build_cmd 3)" >"$tmp/raw.txt" 2>&1 || true
# The file the model reads: 2,000 lines.
seq 1 2000 | sed 's/^/note line /' >"$tmp/notes.txt"

# A home for run $1: HOME, CLAUDE_CONFIG_DIR, the working directory.
make_home() {
    mkdir -p "$tmp/$1/home/.claude" "$tmp/$1/cache" "$tmp/$1/work"
}

# One run of claude: $1 names it, $2 is the build's exit status, $3 the file to Read (or "").
run_claude() {
    local name=$1 dir=$tmp/$1 status=$2 read=$3
    : >"$dir/requests.jsonl"
    local args=(--record "$dir/requests.jsonl" --command "$(build_cmd "$status")")
    [ -n "$read" ] && args+=(--read "$read")
    e2e_server "$dir/server.log" "$scripts/agent_e2e_claude_server.py" "${args[@]}"
    local rc=0
    # Print mode with the two tools allowed: no permission prompt, and no bypass mode (which
    # Claude Code refuses to run as root).
    e2e_claude_env "$dir"
    (cd "$dir/work" && env -i PATH="$PATH" "${claude_env[@]}" \
        timeout 300 "$claude" -p "Run the build and tell me why it fails." \
        --output-format stream-json --verbose --include-hook-events --allowedTools Bash Read \
        </dev/null >"$dir/claude.out" 2>"$dir/claude.err") || rc=$?
    e2e_server_stop
    if [ "$rc" != 0 ]; then
        echo "claude -p ($name) exited $rc; its last lines:" >&2
        tail -n 20 "$dir/claude.err" >&2
        tail -c 2000 "$dir/claude.out" >&2
        die "claude -p failed"
    fi
    # The hooks that ran, as Claude Code reports them.
    local hooks
    hooks=$(e2e_claude_hooks "$dir/claude.out" | sort | uniq -c | tr -s ' \n' ' ' || true)
    echo "  hooks that ran: ${hooks:-none}"
}

check() { python3 "$scripts/agent_e2e_claude_check.py" check "$@"; }
status=0

# --- 1. baseline: no hook --------------------------------------------------------------------
if [ "$baseline" = 1 ]; then
    step "baseline: claude -p with no hook (the build exits 3)"
    make_home baseline
    run_claude baseline 3 "$tmp/notes.txt"
    check baseline bash "$tmp/baseline/requests.jsonl" "$tmp/raw.txt" || status=1
    check baseline read "$tmp/baseline/requests.jsonl" "$tmp/notes.txt" || status=1
fi

# --- 2. with ctx's hook ------------------------------------------------------------------------
install() { # name [ctx init flags]
    make_home "$1"
    env HOME="$tmp/$1/home" CLAUDE_CONFIG_DIR="$tmp/$1/home/.claude" XDG_CACHE_HOME="$tmp/$1/cache" \
        "$ctx" init claude --user "${@:2}" || fail "ctx init claude --user failed"
    grep -q '"PostToolUse"' "$tmp/$1/home/.claude/settings.json" \
        || fail "no PostToolUse hook in settings.json after ctx init"
}
step "ctx: ctx init claude --user --wrap, then claude -p (the build exits 3)"
install ctx --wrap
run_claude ctx 3 "$tmp/notes.txt"
check ctx bash "$tmp/ctx/requests.jsonl" "$tmp/raw.txt" || status=1
check ctx read "$tmp/ctx/requests.jsonl" "$tmp/notes.txt" || status=1

step "ctx-ok: the same with the build exiting 0"
install ctx-ok
run_claude ctx-ok 0 ""
check ctx bash "$tmp/ctx-ok/requests.jsonl" "$tmp/raw.txt" || status=1

e2e_verdict "$status" "$version"
