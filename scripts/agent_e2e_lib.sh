# agent_e2e_lib.sh: what the real-agent scripts (agent-e2e*.sh, agent-daily.sh) share (sourced,
# not run; the Python side is scripts/agent_e2e_lib.py).
# The script sets `me` (its name, for messages), `root` and `scripts` before sourcing this.

# die: a step could not run (exit 2); fail: a check failed (exit 1).
die() { echo "$me: $*" >&2; exit 2; }
fail() { echo "$me: $*" >&2; exit 1; }
step() { echo "== $*"; }

# Prints the script's header comment: its usage.
e2e_usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }

# e2e_args "$@": the options of an agent-e2e script: --no-baseline (sets `baseline`), --help.
e2e_args() {
    baseline=1
    local arg
    for arg in "$@"; do
        case $arg in
            --no-baseline) baseline=0 ;;
            -h | --help) e2e_usage; exit 0 ;;
            *) die "unknown argument $arg" ;;
        esac
    done
}

# e2e_scratch NAME: sets `tmp` to a new temporary directory, removed at exit (with the scripted
# server stopped) unless CTX_E2E_KEEP=1.
e2e_scratch() {
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX")
    server_pid=
    trap e2e_cleanup EXIT
}
e2e_cleanup() {
    e2e_server_stop
    if [ "${CTX_E2E_KEEP:-0}" = 1 ]; then echo "kept $tmp"; else rm -rf "$tmp"; fi
}

# e2e_verdict STATUS DETAIL: the report's last line, `$me: PASS (DETAIL)` or FAIL; exits STATUS.
e2e_verdict() {
    if [ "$1" = 0 ]; then echo "$me: PASS ($2)"; else echo "$me: FAIL ($2)"; fi
    exit "$1"
}

# Sets `bin` and `ctx`: $CTX_BIN_DIR, else a debug build of this checkout.
e2e_ctx() {
    if [ -n "${CTX_BIN_DIR:-}" ]; then
        bin=$CTX_BIN_DIR
    else
        step "building ctx"
        (cd "$root" && cargo build --quiet --bins) || die "cargo build failed"
        bin=$root/target/$(rustc --print host-tuple)/debug
    fi
    ctx=$bin/ctx
    [ -x "$ctx" ] && [ -x "$bin/ctx-truncate" ] || die "no $ctx or $bin/ctx-truncate"
}

# e2e_npm_bin VAR NAME SPEC CACHE [--version]: sets `agent` to $VAR, else to NAME installed
# from npm (SPEC) into CACHE, where it stays for the next run; with --version, an installed NAME
# that fails `NAME --version` is installed again.
e2e_npm_bin() {
    local var=$1 name=$2 spec=$3 cache=$4 probe=${5:-}
    if [ -n "${!var:-}" ]; then
        agent=${!var}
        [ -x "$agent" ] || die "$var=$agent is not an executable"
        return
    fi
    agent=$cache/node_modules/.bin/$name
    if [ ! -x "$agent" ] || { [ -n "$probe" ] && ! "$agent" "$probe" >/dev/null 2>&1; }; then
        step "installing $spec from npm into $cache"
        command -v npm >/dev/null || die "$name is not installed and npm is not on PATH"
        mkdir -p "$cache"
        npm install --silent --no-audit --no-fund --prefix "$cache" "$spec" >&2 || die "npm install of $spec failed"
        [ -x "$agent" ] || die "npm installed no $agent"
    fi
}

# e2e_server LOG SERVER ARGS...: starts the scripted model server (a Python script that prints
# its port first) with its stderr in LOG; sets `server_pid` and `port`.
e2e_server() {
    local log=$1 server=$2 i
    shift 2
    python3 "$server" "$@" >"$log.port" 2>"$log" &
    server_pid=$!
    port=
    for i in $(seq 1 50); do
        port=$(head -n1 "$log.port" 2>/dev/null || true)
        [ -n "$port" ] && break
        sleep 0.1
    done
    [ -n "$port" ] || die "the scripted server did not start: $(cat "$log")"
}

# Stops the server e2e_server started, if any.
e2e_server_stop() {
    if [ -n "${server_pid:-}" ]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    server_pid=
}

# e2e_codex_config FILE WORD [LINE]: a Codex config.toml whose model provider, ctx_WORD, is the
# scripted server at @BASE_URL@ (the run puts the port in), with LINE among the top-level keys.
e2e_codex_config() {
    printf '%s\n' "model = \"ctx-$2-model\"" "model_provider = \"ctx_$2\"" "${3:-}" '' \
        "[model_providers.ctx_$2]" "name = \"ctx agent-$2 scripted server\"" 'base_url = "@BASE_URL@"' \
        'wire_api = "responses"' 'env_key = "CTX_E2E_API_KEY"' 'request_max_retries = 0' 'stream_max_retries = 0' >"$1"
}

# e2e_gemini_settings HOME: HOME/.gemini/settings.json selecting API-key auth, with everything
# that would reach the network turned off.
e2e_gemini_settings() {
    mkdir -p "$1/.gemini"
    cat >"$1/.gemini/settings.json" <<'JSON'
{
  "security": { "auth": { "selectedType": "gemini-api-key" }, "folderTrust": { "enabled": false } },
  "general": { "enableAutoUpdate": false, "enableAutoUpdateNotification": false },
  "privacy": { "usageStatisticsEnabled": false },
  "telemetry": { "enabled": false }
}
JSON
}

# e2e_claude_env DIR: sets the array `claude_env` for `env -i PATH=... "${claude_env[@]}" claude`:
# home DIR/home, caches in DIR/cache, the API at the scripted server on $port with a dummy key,
# and none of Claude Code's nonessential traffic, telemetry, error reporting or auto-update.
e2e_claude_env() {
    claude_env=(HOME="$1/home" CLAUDE_CONFIG_DIR="$1/home/.claude" XDG_CACHE_HOME="$1/cache" TMPDIR="$1/cache"
        ANTHROPIC_BASE_URL="http://127.0.0.1:$port" ANTHROPIC_API_KEY=dummy-not-a-key
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_TELEMETRY=1 DISABLE_ERROR_REPORTING=1
        DISABLE_AUTOUPDATER=1)
}

# e2e_claude_hooks OUT: the hooks that ran, one name a line, as Claude Code's stream-json OUT
# reports them.
e2e_claude_hooks() {
    grep -o '"subtype":"hook_response","hook_id":"[^"]*","hook_name":"[^"]*"' "$1" | sed 's/.*"hook_name":"//; s/"$//'
}

# e2e_gemini_env DIR: sets the array `gemini_env` for `env -i PATH=... "${gemini_env[@]}" gemini`:
# home DIR/home, caches in DIR/cache, the API at the scripted server on $port with a dummy key,
# telemetry and the browser off.
e2e_gemini_env() {
    gemini_env=(HOME="$1/home" XDG_CACHE_HOME="$1/cache" TERM=dumb
        GEMINI_API_KEY=dummy-not-a-key GOOGLE_GEMINI_BASE_URL="http://127.0.0.1:$port"
        GEMINI_TELEMETRY_ENABLED=false NO_BROWSER=1)
}
