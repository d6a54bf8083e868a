# agent_e2e_lib.sh: what the agent end-to-end scripts share (sourced, not run).
# The script sets `me` (its name, for messages), `root` and `scripts` before sourcing this.
# scripts/agent-e2e-copilot.sh uses it; the older scripts still carry their own copies.

die() { echo "$me: $*" >&2; exit 2; }
step() { echo "== $*"; }

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

# e2e_npm_bin VAR NAME SPEC CACHE: sets `agent` to $VAR, else to NAME installed from npm (SPEC)
# into CACHE, where it stays for the next run.
e2e_npm_bin() {
    local var=$1 name=$2 spec=$3 cache=$4
    if [ -n "${!var:-}" ]; then
        agent=${!var}
        [ -x "$agent" ] || die "$var=$agent is not an executable"
        return
    fi
    agent=$cache/node_modules/.bin/$name
    if [ ! -x "$agent" ]; then
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
