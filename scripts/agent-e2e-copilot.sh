#!/usr/bin/env bash
# agent-e2e-copilot.sh: prove `ctx hook copilot` with the real GitHub Copilot CLI.
#
# Runs `copilot -p` (from npm) with its own model provider pointed at a scripted Anthropic
# Messages-API server on 127.0.0.1 (scripts/agent_e2e_copilot_server.py), offline
# (COPILOT_OFFLINE=true: no GitHub sign-in, no telemetry). The "model" asks for one `bash` call
# that prints a 3,000-line build log with one `error[E0308]` in the middle and exits 3, then
# answers. The server records every request, so the script checks what the CLI sent back to the
# model as the command's tool_result (scripts/agent_e2e_claude_check.py):
#
#   1. baseline: no hook: the raw output, as the CLI itself gives it (reported only);
#   2. ctx: after `ctx init copilot` (~/.copilot/hooks/ctx.json): ctx's fitted output must reach
#      the model, with the error line and its location, a marker naming a spill file that holds
#      the full log, and at most a third of the raw bytes; then `ctx init copilot --uninstall`
#      must leave no hook file.
#
# Nothing touches the real home: HOME, XDG_CACHE_HOME and COPILOT_CACHE_HOME point into a
# temporary directory (the CLI unpacks itself, about 240 MB, into COPILOT_CACHE_HOME once; it
# is kept in the install cache). No API key is used: the provider's key holds a dummy.
#
# usage: scripts/agent-e2e-copilot.sh [--no-baseline]
# env:   CTX_BIN_DIR     where the built ctx and ctx-truncate are (default: cargo build)
#        COPILOT_BIN     a copilot binary to use (default: installed from npm into the cache)
#        CTX_E2E_CACHE   where copilot is installed (default: ${XDG_CACHE_HOME:-~/.cache}/ctx-agent-e2e-copilot)
#        CTX_E2E_COPILOT the npm spec to install (default: @github/copilot@1.0.102, the tested one)
#        CTX_E2E_KEEP    1: keep the temporary directory
# exit:  0 when every check passed; 1 when a check failed; 2 when a step could not run.
set -euo pipefail

me=agent-e2e-copilot
root=$(cd "$(dirname "$0")/.." && pwd)
scripts=$root/scripts
# shellcheck source=scripts/agent_e2e_lib.sh
. "$scripts/agent_e2e_lib.sh"
e2e_args "$@"

e2e_ctx
cache=${CTX_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/ctx-agent-e2e-copilot}
e2e_npm_bin COPILOT_BIN copilot "${CTX_E2E_COPILOT:-@github/copilot@1.0.102}" "$cache"
copilot=$agent
mkdir -p "$cache/unpacked"
version=$(env HOME="${TMPDIR:-/tmp}" COPILOT_CACHE_HOME="$cache/unpacked" COPILOT_OFFLINE=true \
    "$copilot" --version 2>&1 | head -n1) || die "$copilot --version failed: $version"
echo "copilot: $copilot ($version)"

# --- the scratch world -------------------------------------------------------------------------
e2e_scratch ctx-agent-e2e-copilot

# The build log: 3,000 lines of progress, the error (on stderr, as a compiler writes it) in the
# middle, exit status 3.
build_cmd='for i in $(seq 1 3000); do echo "   Compiling crate-$i v0.1.$i"; if [ $i = 1500 ]; then printf "error[E0308]: mismatched types\n --> src/main.rs:4:5\n  |\n4 |     \"hello\"\n  |     ^^^^^^^ expected \x60i32\x60, found \x60&str\x60\n" >&2; fi; done; exit 3'
bash -c "$build_cmd" >"$tmp/raw.txt" 2>&1 || true

# One run of copilot: $1 names it; the hook is whatever $HOME/.copilot/hooks holds.
run_copilot() {
    local name=$1 dir=$tmp/$1
    mkdir -p "$dir/home" "$dir/cache" "$dir/work"
    : >"$dir/requests.jsonl"
    e2e_server "$dir/server.log" "$scripts/agent_e2e_copilot_server.py" --record "$dir/requests.jsonl" --command "$build_cmd"
    local rc=0
    (cd "$dir/work" && env -i PATH="$PATH" HOME="$dir/home" XDG_CACHE_HOME="$dir/cache" TERM=dumb \
        COPILOT_CACHE_HOME="$cache/unpacked" COPILOT_OFFLINE=true COPILOT_AUTO_UPDATE=false \
        COPILOT_PROVIDER_TYPE=anthropic COPILOT_PROVIDER_BASE_URL="http://127.0.0.1:$port" \
        COPILOT_PROVIDER_API_KEY=dummy-not-a-key COPILOT_MODEL=claude-sonnet-4-5 \
        timeout 300 "$copilot" -p "Run the build and tell me why it fails." --allow-all-tools \
        --log-dir "$dir/logs" </dev/null >"$dir/copilot.out" 2>"$dir/copilot.err") || rc=$?
    e2e_server_stop
    if [ "$rc" != 0 ]; then
        echo "copilot -p ($name) exited $rc; its last lines:" >&2
        tail -n 20 "$dir/copilot.err" "$dir/copilot.out" >&2
        die "copilot failed"
    fi
    echo "copilot's answer: $(grep -v '^ *$' "$dir/copilot.out" | grep -v 'Compiling crate' | head -n 8 | tr '\n' ' ')"
}

status=0

# --- 1. baseline: no hook --------------------------------------------------------------------
if [ "$baseline" = 1 ]; then
    step "baseline: copilot -p with no hook"
    run_copilot baseline
    python3 "$scripts/agent_e2e_claude_check.py" check baseline bash "$tmp/baseline/requests.jsonl" "$tmp/raw.txt" \
        || status=1
fi

# --- 2. with ctx's hook ------------------------------------------------------------------------
step "ctx: ctx init copilot, then copilot -p"
mkdir -p "$tmp/ctx/home" "$tmp/ctx/work"
if ! init_out=$(cd "$tmp/ctx/work" && env -u COPILOT_HOME HOME="$tmp/ctx/home" XDG_CACHE_HOME="$tmp/ctx/cache" \
    "$ctx" init copilot 2>&1); then
    fail "\`ctx init copilot\` failed: $init_out"
fi
printf '%s\n' "$init_out"
hooks=$tmp/ctx/home/.copilot/hooks/ctx.json
grep -q '"postToolUse"' "$hooks" || fail "no postToolUse hook in $hooks after ctx init"
run_copilot ctx
python3 "$scripts/agent_e2e_claude_check.py" check ctx bash "$tmp/ctx/requests.jsonl" "$tmp/raw.txt" || status=1
(cd "$tmp/ctx/work" && env -u COPILOT_HOME HOME="$tmp/ctx/home" "$ctx" init copilot --uninstall) \
    || { echo "$me: ctx init copilot --uninstall failed" >&2; status=1; }
if [ -e "$hooks" ]; then
    echo "  [FAIL] ctx init copilot --uninstall left $hooks"
    status=1
else
    echo "  [ok] ctx init copilot --uninstall removed $hooks (it held only ctx's hook)"
fi

e2e_verdict "$status" "$version"
