#!/usr/bin/env bash
# agent-e2e-gemini.sh: prove `ctx hook gemini` with the real Gemini CLI.
#
# Runs the Gemini CLI (@google/gemini-cli from npm) non-interactively (`gemini -p ... --yolo`)
# against a scripted Gemini API server on 127.0.0.1 (scripts/agent_e2e_gemini_server.py, reached
# through GOOGLE_GEMINI_BASE_URL with the API-key auth and a dummy key). The "model" calls
# run_shell_command with a command that prints a 3,000-line build log with one `error[E0308]` in
# the middle and exits 3, then answers. The server records every request, so the script can
# check the functionResponse the CLI sent back to the model:
#
#   1. baseline: no hook: the raw output as the CLI itself fits it (reported only);
#   2. ctx: after `ctx init gemini`: ctx's fitted output must reach the model as the call's
#      output (not as an error: the BeforeTool hook runs the command under ctx-truncate), with the
#      error line and its location, a marker naming a spill file that holds the full log, the
#      CLI's `Exit Code: 3`, and at most a third of the raw bytes.
#
# Nothing touches the real home: HOME (so ~/.gemini) and XDG_CACHE_HOME point into a temporary
# directory, and the CLI runs with a scrubbed environment: telemetry, usage statistics and
# update checks off, and no network but the scripted server.
#
# usage: scripts/agent-e2e-gemini.sh [--no-baseline]
# env:   CTX_BIN_DIR       where the built ctx and ctx-truncate are (default: cargo build, target/<host tuple>/debug)
#        GEMINI_BIN        a gemini binary to use (default: installed from npm into the cache)
#        CTX_E2E_CACHE     where gemini is installed (default: ${XDG_CACHE_HOME:-~/.cache}/ctx-agent-e2e-gemini)
#        CTX_E2E_GEMINI    the npm spec to install (default: @google/gemini-cli@0.61.0, the tested one)
#        CTX_E2E_KEEP      1: keep the temporary directory
# exit:  0 when every check passed; 1 when a check failed; 2 when a step could not run.
set -euo pipefail

me=agent-e2e-gemini
root=$(cd "$(dirname "$0")/.." && pwd)
scripts=$root/scripts
# shellcheck source=scripts/agent_e2e_lib.sh
. "$scripts/agent_e2e_lib.sh"
e2e_args "$@"

e2e_ctx
cache=${CTX_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/ctx-agent-e2e-gemini}
e2e_npm_bin GEMINI_BIN gemini "${CTX_E2E_GEMINI:-@google/gemini-cli@0.61.0}" "$cache"
gemini=$agent
command -v node >/dev/null || die "node is not on PATH"

# --- the scratch world -------------------------------------------------------------------------
e2e_scratch ctx-agent-e2e-gemini
# (HOME in the scratch directory: the CLI writes ~/.gemini even for --version.)
version=$(env HOME="$tmp" "$gemini" --version 2>&1) || die "$gemini --version failed: $version"
echo "gemini: $gemini ($version)"

# The build log: 3,000 lines of progress, the error (on stderr, as a compiler writes it) in the
# middle, exit status 3. No `$(...)` and no backquotes: the Gemini CLI refuses a command with
# command substitution ("Command injection detected"), so the backquotes are printf's \x60.
build_cmd='for i in {1..3000}; do echo "   Compiling crate-$i v0.1.$i"; if [ $i = 1500 ]; then printf "error[E0308]: mismatched types\n --> src/main.rs:4:5\n  |\n4 |     \"hello\"\n  |     ^^^^^^^ expected \x60i32\x60, found \x60&str\x60\n" >&2; fi; done; exit 3'
bash -c "$build_cmd" >"$tmp/raw.txt" 2>&1 || true

# A home whose ~/.gemini/settings.json selects API-key auth and turns off everything that
# would reach the network.
make_home() {
    local dir=$tmp/$1
    mkdir -p "$dir/cache" "$dir/work"
    e2e_gemini_settings "$dir/home"
}

# One run of gemini: $1 names it; the hook is whatever $HOME/.gemini/settings.json holds.
run_gemini() {
    local name=$1 dir=$tmp/$1
    : >"$dir/requests.jsonl"
    e2e_server "$dir/server.log" "$scripts/agent_e2e_gemini_server.py" --record "$dir/requests.jsonl" --command "$build_cmd"
    local rc=0
    e2e_gemini_env "$dir"
    (cd "$dir/work" && env -i PATH="$PATH" "${gemini_env[@]}" \
        timeout 300 "$gemini" --yolo --output-format text -p "Run the build and tell me why it fails." \
        </dev/null >"$dir/gemini.out" 2>"$dir/gemini.err") || rc=$?
    e2e_server_stop
    if [ "$rc" != 0 ]; then
        echo "gemini -p ($name) exited $rc; its last lines:" >&2
        grep -v 'Compiling crate' "$dir/gemini.err" | tail -n 20 >&2
        die "gemini failed"
    fi
    echo "gemini's answer: $(tail -n 1 "$dir/gemini.out")"
}

status=0

# --- 1. baseline: no hook --------------------------------------------------------------------
if [ "$baseline" = 1 ]; then
    step "baseline: gemini -p with no hook"
    make_home baseline
    run_gemini baseline
    python3 "$scripts/agent_e2e_gemini_check.py" check baseline "$tmp/baseline/requests.jsonl" "$tmp/raw.txt" \
        || status=1
fi

# --- 2. with ctx's hook ------------------------------------------------------------------------
step "ctx: ctx init gemini, then gemini -p"
make_home ctx
if ! init_out=$(cd "$tmp/ctx/work" && env HOME="$tmp/ctx/home" XDG_CACHE_HOME="$tmp/ctx/cache" "$ctx" init gemini 2>&1); then
    fail "\`ctx init gemini\` failed: $init_out"
fi
printf '%s\n' "$init_out"
grep -q '"BeforeTool"' "$tmp/ctx/home/.gemini/settings.json" \
    || fail "no BeforeTool hook in ~/.gemini/settings.json after ctx init"
run_gemini ctx
python3 "$scripts/agent_e2e_gemini_check.py" check ctx "$tmp/ctx/requests.jsonl" "$tmp/raw.txt" || status=1

e2e_verdict "$status" "gemini $version"
