#!/usr/bin/env bash
# Runs a fixed matrix of commands through the built binaries and writes each one's command line,
# stdout, stderr and exit status under OUT_DIR, so that two builds can be compared byte for byte:
#
#   scripts/outputs.sh BIN_DIR OUT_DIR
#   diff -r OUT_A OUT_B && echo same
#
# or, in one step against an earlier commit (built in a temporary worktree with its own target/):
#
#   scripts/outputs.sh --against REV
#
# The matrix covers every README `console` example, the agents' hook fixtures (tests/fixtures/hooks),
# an MCP session, each tool's --print-config under a user and a project config, and every input
# in tests/fixtures and ../shared/corpus (when it is there) through each tool with several options.
# Everything runs offline, with a fixed HOME, cache and store, so paths in outputs are the same
# in both runs. A refactor that claims "behaviour unchanged" runs this before and after.
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)

if [ "${1:-}" = "--against" ]; then
    rev=${2:?usage: scripts/outputs.sh --against REV}
    work=$(mktemp -d /tmp/ctx-outputs-against.XXXXXX)
    trap 'git -C "$root" worktree remove --force "$work/tree" >/dev/null 2>&1; rm -rf "$work"' EXIT
    git -C "$root" worktree add --detach -q "$work/tree" "$rev" || exit 2
    # REV builds in a target directory of its own (kept, so that later runs rebuild only the
    # crate): two checkouts sharing one would overwrite each other's binaries.
    triple=$(rustc -vV | sed -n "s/^host: //p")
    (cd "$work/tree" && CARGO_TARGET_DIR="$root/target/outputs-base" cargo build -q --bins) || exit 2
    (cd "$root" && cargo build -q --bins) || exit 2
    base_bin="$root/target/outputs-base/$triple/debug/ctx"
    head_bin="$root/target/$triple/debug/ctx"
    "$0" "$(dirname "$base_bin")" "$work/base" >/dev/null
    "$0" "$(dirname "$head_bin")" "$work/head" >/dev/null
    if diff -r "$work/base" "$work/head" >"$work/diff"; then
        echo "outputs.sh: $(ls "$work/head" | grep -c "\.cmd$") commands, outputs identical to $rev"
    else
        cat "$work/diff"
        echo "outputs.sh: outputs differ from $rev (above)" >&2
        exit 1
    fi
    exit 0
fi

bin=$(cd "${1:?usage: scripts/outputs.sh BIN_DIR OUT_DIR}" && pwd)
out=${2:?usage: scripts/outputs.sh BIN_DIR OUT_DIR}
rm -rf "$out" && mkdir -p "$out" && out=$(cd "$out" && pwd)

# One fixed place for everything a run writes: its path is in outputs (markers, stored names,
# and so in token counts and derived ids), so it must be the same in every run compared. Runs
# take turns on it. Its path and the binaries' are written RUN and BIN in the outputs.
run=/tmp/ctx-outputs-run
exec 9>"$run.lock"
flock 9
rm -rf "$run" && mkdir -p "$run/home" "$run/cache" "$run/config/ctx" "$run/project" "$run/store" "$run/in"
while IFS='=' read -r name _; do
    case $name in CTX_*|OPENAI_*|ANTHROPIC_*|GEMINI_*) unset "$name" ;; esac
done < <(env)
export PATH="$bin:$PATH" HOME="$run/home" XDG_CACHE_HOME="$run/cache" XDG_CONFIG_HOME="$run/config" \
    XDG_DATA_HOME="$run/home/.local/share" CTX_STATS=off NO_COLOR=1 LC_ALL=C.UTF-8 TZ=UTC

n=0
# case NAME CMD: run CMD in bash from the project directory, record it.
case_() {
    n=$((n + 1))
    local id
    id=$(printf '%03d-%s' "$n" "$1")
    printf '%s\n' "$2" >"$out/$id.cmd"
    (cd "$run/project" && bash -c "$2" >"$out/$id.out" 2>"$out/$id.err" </dev/null)
    echo $? >"$out/$id.rc"
    # The store's hourly sweep stamp and temporary names are not outputs.
    rm -f "$run/store/.sweep-stamp"
}

# Inputs, copied to one place so that paths printed are the same for every build.
cp "$root/tests/fixtures/build.log" "$root/tests/fixtures/corpus/pytest-reportingdemo.rst" "$run/in/"
cp "$root/tests/fixtures/cidiff-astor_400/fail.log" "$run/in/astor-fail.log"
cp "$root/tests/fixtures/cidiff-astor_400/pass.log" "$run/in/astor-pass.log"
cp "$root"/tests/fixtures/transcripts/* "$run/in/"
if [ -d "$root/../shared/corpus" ]; then
    cp "$root"/../shared/corpus/outputs/* "$run/in/"
    find "$root/../shared/corpus/transcripts" -type f \( -name '*.jsonl' -o -name '*.json' -o -name '*.traj' \) \
        -exec cp {} "$run/in/" \;
fi
seq 1 5000 >"$run/in/seq.txt"
printf 'plain\n\033[31merror:\033[0m red\r\nprogress 10%%\rprogress 100%%\n' >"$run/in/noisy.txt"

texts=()
transcripts=()
for f in "$run"/in/*; do
    case $f in
        *.jsonl|*.traj|*-body.json|*/responses.json) transcripts+=("$f") ;;
        *) texts+=("$f") ;;
    esac
done

# 1. README console examples, run from the repository as tests/readme.rs runs them.
i=0
while IFS= read -r line; do
    i=$((i + 1))
    n=$((n + 1))
    id=$(printf '%03d-readme-%02d' "$n" "$i")
    printf '%s\n' "$line" >"$out/$id.cmd"
    (cd "$root" && XDG_CACHE_HOME="$run/cache/readme" bash -c "$line" >"$out/$id.out" 2>"$out/$id.err" </dev/null)
    echo $? >"$out/$id.rc"
done < <(awk '/^```/ { inb = ($0 == "```console"); next } inb && /^\$ / { print substr($0, 3) }' "$root/README.md")

# 2. Every text input through each tool.
for f in "${texts[@]}"; do
    b=$(basename "$f")
    for s in auto head-tail head tail layered salient; do
        case_ "truncate-$s-$b" "ctx-truncate -s $s -t 400 '$f'"
        case_ "truncate-$s-chars-$b" "ctx-truncate -s $s --max-chars 3000 --json '$f'"
    done
    case_ "truncate-lines-$b" "ctx-truncate -n 40 --clean --persist '$run/store' '$f'"
    case_ "truncate-bytes-$b" "ctx-truncate -c 2000 --cut chars --marker '[{lines} lines, {tokens} tokens gone: {start_line}-{end_line} of {total_lines}]' '$f'"
    case_ "truncate-range-$b" "ctx-truncate --lines 10:200 -t 300 --persist '$run/store' --preview 3 '$f'"
    case_ "truncate-count-$b" "ctx-truncate --count '$f'; ctx-truncate --count=tokens --encoding cl100k '$f'"
    case_ "truncate-stdin-$b" "cat '$f' | ctx-truncate --max-chars 2500 --tool bash"
    case_ "chunk-$b" "ctx-chunk --size 300 --json '$f'"
    case_ "chunk-rejoin-$b" "ctx-chunk --size 120 --boundary line -z '$f' | tr -d '\\0' | cmp - '$f' && echo rejoined"
    case_ "score-$b" "ctx-score --json --size 200 '$f'"
    case_ "score-select-$b" "ctx-score --select extract --top-k 3 --query 'error failed' '$f'"
    case_ "summarize-$b" "ctx-summarize --max-output 3000 '$f'"
    case_ "summarize-json-$b" "ctx-summarize --json --max-output 1200 --unit chars '$f'"
    case_ "summarize-progressive-$b" "ctx-summarize --progressive --persist '$run/store' --max-output 2000 '$f'"
done
case_ "truncate-baseline" "ctx-truncate -t 500 --baseline '$run/in/astor-pass.log' '$run/in/astor-fail.log'"
case_ "truncate-command" "ctx-truncate -t 200 -- sh -c 'seq 1 3000; echo boom >&2; exit 3'"
case_ "truncate-command-timeout" "ctx-truncate -t 200 --timeout 1 -- sh -c 'seq 1 50; sleep 5'"
case_ "truncate-html" "ctx-truncate --from html --max-chars 4000 '$run/in/pytest-reportingdemo.rst'"
case_ "truncate-schema" "ctx-truncate --tool-schema openai; ctx-truncate --tool-schema anthropic"
case_ "truncate-errors" "ctx-truncate -t 0 '$run/in/seq.txt'; echo rc=\$?; ctx-truncate --lines 9999:10000 '$run/in/seq.txt'; echo rc=\$?; ctx-truncate -s nope x; echo rc=\$?"

# 3. Transcripts through ctx-compact.
for f in "${transcripts[@]}"; do
    b=$(basename "$f")
    case_ "compact-stats-$b" "ctx-compact --stats '$f'"
    case_ "compact-json-$b" "ctx-compact --json --dry-run --max-tokens 4000 --store '$run/store' '$f'"
    case_ "compact-$b" "ctx-compact --max-tokens 4000 --store '$run/store' -o - '$f'"
    case_ "compact-prune-$b" "ctx-compact --max-result 200 --preview 2 --store '$run/store' -o - '$f'"
    case_ "compact-check-$b" "ctx-compact --check -v '$f'"
    case_ "summarize-from-$b" "ctx-summarize --max-output 2000 '$f'"
done

# 4. Hook events, with {{LOG}} replaced by the build log as tests/agent.rs does.
for f in "$root"/tests/fixtures/hooks/*.json; do
    b=$(basename "$f" .json)
    agent=${b%%-*}
    python3 - "$f" "$run/in/build.log" "$run/in/$b.event" <<'PY'
import json, sys
event = open(sys.argv[1]).read()
# Eight copies of the build log: longer than every agent's budget, so that the hook cuts.
log = json.dumps(open(sys.argv[2]).read() * 8)[1:-1]
open(sys.argv[3], "w").write(event.replace("{{LOG}}", log))
PY
    case_ "hook-$b" "CTX_PERSIST_DIR='$run/store' ctx hook $agent <'$run/in/$b.event'"
    case_ "hook-again-$b" "CTX_PERSIST_DIR='$run/store' ctx hook $agent <'$run/in/$b.event'"
done

# 5. An MCP session.
cat >"$run/in/mcp.jsonl" <<EOF
{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"outputs","version":"1"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
{"jsonrpc":"2.0","id":2,"method":"tools/list"}
{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"ctx_read","arguments":{"path":"$run/in/build.log","max_tokens":300}}}
{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"ctx_run","arguments":{"command":"seq 1 4000; exit 2","max_tokens":200}}}
{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"ctx_summarize","arguments":{"path":"$run/in/build.log"}}}
{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"ctx_more","arguments":{"path":"$run/in/seq.txt","lines":"100:140"}}}
{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"nope","arguments":{}}}
EOF
case_ "mcp" "CTX_PERSIST_DIR='$run/store' ctx mcp <'$run/in/mcp.jsonl'"

# 6. Configuration: each tool's --print-config under a user file and a project file, and a profile.
cat >"$run/config/ctx/config.toml" <<'EOF'
[defaults]
max_chars = 5000
strategy = "salient"

[tools.bash]
max_output = 2500
EOF
cat >"$run/project/ctx.toml" <<'EOF'
[defaults]
max_lines = 80
base_url = "http://127.0.0.1:9/v1"

[tools.read_file]
max_chars = 3000
EOF
for t in ctx-truncate ctx-chunk ctx-score ctx-summarize ctx-compact; do
    case_ "print-config-$t" "$t --print-config"
    case_ "print-config-env-$t" "CTX_ENCODING=cl100k $t --print-config --encoding estimate"
    case_ "print-config-tool-$t" "$t --print-config --tool Bash"
done
case_ "print-config-trusted" "CTX_TRUST_PROJECT_CONFIG=1 ctx-summarize --print-config"
case_ "configured-run" "ctx-truncate '$run/in/build.log'; ctx-truncate --tool read '$run/in/build.log'; ctx-summarize --tool bash '$run/in/build.log'"
case_ "ctx-doctor-help" "ctx --help; ctx hook --help; ctx init --help"

# The two paths that differ from run to run; nothing else is normalised.
find "$out" -type f -exec sed -i -e "s#$run#RUN#g" -e "s#$bin#BIN#g" {} +
echo "outputs.sh: $n commands in $out"
