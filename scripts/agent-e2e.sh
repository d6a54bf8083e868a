#!/usr/bin/env bash
# agent-e2e.sh: prove `ctx hook codex` with a real agent binary.
#
# Runs the Codex CLI (from npm) against a scripted OpenAI Responses-API server on 127.0.0.1
# (scripts/agent_e2e_server.py). The "model" asks for one shell command that prints a
# 3,000-line build log with one `error[E0308]` in the middle and exits 3, then answers. The
# server records every request, so the script can check what Codex sent back to the model as
# the command's result:
#
#   1. baseline: no hook installed: the raw output, as Codex itself fits it (reported only);
#   2. ctx: after `ctx init codex --user`: ctx's fitted output must reach the model, with the
#      error line and its location, a marker naming a spill file that holds the full log, the
#      status line `[exit status 3]`, and at most a third of the raw bytes.
#
# Nothing touches the real home: CODEX_HOME, HOME and XDG_CACHE_HOME point into a temporary
# directory. No API key is used: the provider's key variable holds a dummy.
#
# usage: scripts/agent-e2e.sh [--no-baseline]
# env:   CTX_BIN_DIR          where the built ctx and ctx-truncate are (default: cargo build, target/<host tuple>/debug)
#        CODEX_BIN            a codex binary to use (default: installed from npm into the cache)
#        CTX_E2E_CACHE        where codex is installed (default: ${XDG_CACHE_HOME:-~/.cache}/ctx-agent-e2e)
#        CTX_E2E_CODEX        the npm spec to install (default: @openai/codex@0.169.0, the tested one)
#        CTX_E2E_HOOK_TRUST   `none` (default): the hook runs only because `ctx init codex` recorded
#                             it trusted, as Codex's /hooks view does; `trust`: this script records
#                             it too; `bypass`: run codex with --dangerously-bypass-hook-trust
#        CTX_E2E_STANDIN      1: if the ctx binary has no `init codex` yet, install the hook block
#                             by hand with scripts/agent_e2e_hook_standin.py (said in the report);
#                             default 0: a missing `ctx init codex` is a failure
#        CTX_E2E_CODEX_LIMIT  Codex's tool_output_token_limit (default `fallback`: unset, so Codex
#                             cuts at its fallback for unknown models, 10,000 bytes, the tightest);
#                             a number sets it (the model catalog gives its models 10000 tokens)
#        CTX_E2E_KEEP         1: keep the temporary directory
# exit:  0 when every check passed; 1 when a check failed; 2 when a step could not run.
set -euo pipefail

me=agent-e2e
root=$(cd "$(dirname "$0")/.." && pwd)
scripts=$root/scripts
# shellcheck source=scripts/agent_e2e_lib.sh
. "$scripts/agent_e2e_lib.sh"
e2e_args "$@"

e2e_ctx
truncate=$bin/ctx-truncate
cache=${CTX_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/ctx-agent-e2e}
e2e_npm_bin CODEX_BIN codex "${CTX_E2E_CODEX:-@openai/codex@0.169.0}" "$cache"
codex=$agent
version=$("$codex" --version 2>&1) || die "$codex --version failed: $version"
echo "codex: $codex ($version)"

# --- the scratch world -------------------------------------------------------------------------
e2e_scratch ctx-agent-e2e

# The build log: 3,000 lines of progress, the error (on stderr, as a compiler writes it) in the
# middle, exit status 3.
build_cmd='for i in $(seq 1 3000); do echo "   Compiling crate-$i v0.1.$i"; if [ $i = 1500 ]; then printf '"'"'error[E0308]: mismatched types\n --> src/main.rs:4:5\n  |\n4 |     "hello"\n  |     ^^^^^^^ expected `i32`, found `&str`\n'"'"' >&2; fi; done; exit 3'
bash -c "$build_cmd" >"$tmp/raw.txt" 2>&1 || true

# One run of codex: $1 names it; the hook is whatever $CODEX_HOME/config.toml holds.
run_codex() {
    local name=$1 dir=$tmp/$1
    shift
    : >"$dir/requests.jsonl"
    e2e_server "$dir/server.log" "$scripts/agent_e2e_server.py" --record "$dir/requests.jsonl" --command "$build_cmd"
    sed -i "s#@BASE_URL@#http://127.0.0.1:$port/v1#" "$dir/codex-home/config.toml"
    local rc=0
    (cd "$dir/work" && env HOME="$dir/home" XDG_CACHE_HOME="$dir/cache" CODEX_HOME="$dir/codex-home" \
        CTX_E2E_API_KEY=dummy-not-a-key \
        timeout 300 "$codex" exec --skip-git-repo-check --ephemeral --color never \
        --dangerously-bypass-approvals-and-sandbox "$@" \
        "Run the build and tell me why it fails." \
        </dev/null >"$dir/codex.out" 2>"$dir/codex.err") || rc=$?
    e2e_server_stop
    if [ "$rc" != 0 ]; then
        echo "codex exec ($name) exited $rc; its last lines:" >&2
        grep -v 'Compiling crate' "$dir/codex.err" | tail -n 20 >&2
        die "codex exec failed"
    fi
}

# A CODEX_HOME whose config points at the scripted server.
make_home() {
    local dir=$tmp/$1
    mkdir -p "$dir/codex-home" "$dir/home" "$dir/cache" "$dir/work"
    local limit=${CTX_E2E_CODEX_LIMIT:-fallback} line=
    if [ "$limit" != fallback ]; then
        # The tool-output limit Codex's model catalog gives every bundled model (`codex debug
        # models`: truncation_policy = tokens, 10000). Without it a model Codex has no metadata
        # for, as on any custom provider, gets the fallback of 10,000 bytes.
        line="tool_output_token_limit = $limit"
    fi
    e2e_codex_config "$dir/codex-home/config.toml" e2e "$line"
}

status=0

# --- 1. baseline: no hook --------------------------------------------------------------------
if [ "$baseline" = 1 ]; then
    step "baseline: codex exec with no hook"
    make_home baseline
    run_codex baseline
    python3 "$scripts/agent_e2e_check.py" check baseline "$tmp/baseline/requests.jsonl" "$tmp/raw.txt" || status=1
fi

# --- 2. with ctx's hook ------------------------------------------------------------------------
step "ctx: ctx init codex --user, then codex exec"
make_home ctx
hook_kind=real
if ! init_out=$(env HOME="$tmp/ctx/home" CODEX_HOME="$tmp/ctx/codex-home" "$ctx" init codex --user 2>&1); then
    if [ "${CTX_E2E_STANDIN:-0}" = 1 ]; then
        hook_kind=STAND-IN
        echo "ctx init codex --user failed (${init_out%%$'\n'*}); writing the block by hand with the STAND-IN hook"
        cat >>"$tmp/ctx/codex-home/config.toml" <<EOF

# ctx: begin (added by ctx init; ctx init codex --uninstall removes it)
[[hooks.PreToolUse]]
matcher = "Bash"
[[hooks.PreToolUse.hooks]]
type = "command"
command = "python3 $scripts/agent_e2e_hook_standin.py $truncate"
timeout = 30
# ctx: end
EOF
    else
        echo "$me: \`ctx init codex --user\` failed: $init_out" >&2
        fail "(CTX_E2E_STANDIN=1 runs the check with a stand-in hook instead)"
    fi
else
    printf '%s\n' "$init_out"
fi
grep -q '^\[\[hooks.PreToolUse\]\]' "$tmp/ctx/codex-home/config.toml" \
    || fail "no [[hooks.PreToolUse]] in \$CODEX_HOME/config.toml after ctx init"
trust_args=()
case ${CTX_E2E_HOOK_TRUST:-none} in
    trust) python3 "$scripts/agent_e2e_check.py" trust "$tmp/ctx/codex-home/config.toml" ;;
    bypass) trust_args=(--dangerously-bypass-hook-trust) ;;
    none) ;;
    *) die "CTX_E2E_HOOK_TRUST must be trust, bypass or none" ;;
esac
run_codex ctx "${trust_args[@]}"
grep -q '^hook: PreToolUse Completed' "$tmp/ctx/codex.err" \
    || echo "  (codex's log shows no 'hook: PreToolUse Completed': the hook did not run)"
echo "hook: $hook_kind"
python3 "$scripts/agent_e2e_check.py" check ctx "$tmp/ctx/requests.jsonl" "$tmp/raw.txt" || status=1

e2e_verdict "$status" "$version, hook: $hook_kind"
