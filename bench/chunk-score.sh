#!/usr/bin/env bash
# ctx-chunk against its peers, and ctx-score throughput, on the same ~8 MB text.
#
#   bash bench/chunk-score.sh            (from the repository root)
#
# Compares, in one hyperfine run, splitting the input into chunks of at most 1,500 o200k
# tokens with
#   1. target/<host tuple>/release/ctx-chunk --unit tokens --size 1500
#   2. the Rust `text-splitter` crate with a tiktoken-rs o200k sizer (bench/text-splitter-bench/)
#   3. Python `semchunk` with a tiktoken o200k encoder as token counter (bench/semchunk_bench.py)
# then measures ctx-score alone and fed by `ctx-chunk --json`.
#
# Everything it needs is installed or built here: hyperfine (apt-get, if missing), the release
# binaries, the text-splitter peer (CARGO_TARGET_DIR=bench/out/ts-target) and a Python venv at
# bench/out/venv with semchunk and tiktoken. Python tiktoken is made to work offline from the
# o200k_base.tiktoken that the tiktoken-rs crate ships. The input is built deterministically
# from /work/shared/corpus/outputs/. Results: bench/out/chunk-score.md (plus the hyperfine
# JSON/Markdown exports next to it).
#
# Knobs (environment): RUNS (timed runs of each chunker, default 5), SCORE_RUNS (default 10),
# SIZE (tokens per chunk, default 1500), INPUT_BYTES (default 8000000), CORPUS.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
OUT=bench/out
mkdir -p "$OUT"

RUNS=${RUNS:-5}
SCORE_RUNS=${SCORE_RUNS:-10}
SIZE=${SIZE:-1500}
INPUT_BYTES=${INPUT_BYTES:-8000000}
CORPUS=${CORPUS:-$ROOT/../shared/corpus/outputs}
INPUT=$OUT/chunk-input.txt
REPORT=$OUT/chunk-score.md
TS_DIR=bench/text-splitter-bench
TS_TARGET=$OUT/ts-target
TS_BIN=$TS_TARGET/$(rustc --print host-tuple)/release/text-splitter-bench   # .cargo/config.toml names the target
VENV=$OUT/venv
PY=$VENV/bin/python
CTX_CHUNK=target/$(rustc --print host-tuple)/release/ctx-chunk
CTX_SCORE=target/$(rustc --print host-tuple)/release/ctx-score

log() { printf '[chunk-score] %s\n' "$*" >&2; }

# --- tools -----------------------------------------------------------------------------------
if ! command -v hyperfine >/dev/null; then
    log "installing hyperfine"
    apt-get update && apt-get install -y hyperfine
fi
command -v cargo >/dev/null || { log "cargo not found"; exit 1; }
command -v python3 >/dev/null || { log "python3 not found"; exit 1; }

# --- builds ----------------------------------------------------------------------------------
log "building ctx-chunk and ctx-score (release)"
cargo build --release --bin ctx --bin ctx-chunk --bin ctx-score

log "building the text-splitter peer"
CARGO_TARGET_DIR=$TS_TARGET cargo build --release --manifest-path "$TS_DIR/Cargo.toml"

# Versions and the o200k vocabulary that tiktoken-rs ships, from the peer's resolved graph.
read -r TS_VERSION TIKTOKEN_RS_VERSION VOCAB < <(
    cargo metadata --format-version 1 --manifest-path "$TS_DIR/Cargo.toml" | python3 -c '
import json, os, sys
m = json.load(sys.stdin)
pkgs = {p["name"]: p for p in m["packages"]}
ts, tk = pkgs["text-splitter"], pkgs["tiktoken-rs"]
vocab = os.path.join(os.path.dirname(tk["manifest_path"]), "assets", "o200k_base.tiktoken")
print(ts["version"], tk["version"], vocab)')
[[ -f $VOCAB ]] || { log "o200k vocabulary not found at $VOCAB"; exit 1; }

# --- Python peer -----------------------------------------------------------------------------
if [[ ! -x $PY ]]; then
    log "creating venv $VENV"
    python3 -m venv "$VENV"
fi
log "installing semchunk and tiktoken into the venv"
"$PY" -m pip install --quiet semchunk tiktoken
SEMCHUNK_VERSION=$("$PY" -c 'import importlib.metadata as m; print(m.version("semchunk"))')
TIKTOKEN_PY_VERSION=$("$PY" -c 'import importlib.metadata as m; print(m.version("tiktoken"))')
ENCODER_CHECK=$("$PY" bench/semchunk_bench.py --vocab "$VOCAB" --check)
log "$ENCODER_CHECK"

# --- input -----------------------------------------------------------------------------------
log "generating $INPUT (~$INPUT_BYTES bytes)"
python3 bench/gen_prose.py "$CORPUS" "$INPUT" "$INPUT_BYTES"
INPUT_SIZE=$(stat -c %s "$INPUT")
INPUT_SHA=$(sha256sum "$INPUT" | cut -c1-16)

# --- exact commands --------------------------------------------------------------------------
CMD_CTX="$CTX_CHUNK --unit tokens --size $SIZE $INPUT > /dev/null"
CMD_TS="$TS_BIN $INPUT $SIZE > /dev/null"
CMD_SEM="$PY bench/semchunk_bench.py --vocab $VOCAB --size $SIZE $INPUT > /dev/null"
CMD_SCORE="$CTX_SCORE $INPUT > /dev/null"
CMD_PIPE="$CTX_CHUNK --json $INPUT | $CTX_SCORE --top-k 5 > /dev/null"

# --- sanity: chunk counts, ctx-chunk token limit ---------------------------------------------
log "counting chunks"
read -r CTX_CHUNKS CTX_MAX_TOKENS CTX_OVER < <(
    "$CTX_CHUNK" --json --unit tokens --size "$SIZE" "$INPUT" | python3 -c '
import json, sys
size = int(sys.argv[1])
toks = [json.loads(line)["tokens"] for line in sys.stdin]
print(len(toks), max(toks), sum(t > size for t in toks))' "$SIZE")
TS_CHUNKS=$("$TS_BIN" "$INPUT" "$SIZE")
{ read -r SEM_CHUNKS; read -r SEM_MAX_TOKENS; } < <(
    "$PY" bench/semchunk_bench.py --vocab "$VOCAB" --size "$SIZE" --max-tokens "$INPUT")
log "chunks: ctx-chunk $CTX_CHUNKS (max $CTX_MAX_TOKENS tokens, $CTX_OVER over $SIZE)," \
    "text-splitter $TS_CHUNKS, semchunk $SEM_CHUNKS (max $SEM_MAX_TOKENS tokens)"
if [[ $CTX_OVER -ne 0 ]]; then
    log "FAIL: $CTX_OVER ctx-chunk chunks exceed $SIZE tokens"
    exit 1
fi

# --- measurements ----------------------------------------------------------------------------
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
log "hyperfine: chunkers (warmup 1, $RUNS runs each)"
hyperfine --style basic --warmup 1 --runs "$RUNS" \
    --export-json "$OUT/chunk-compare.json" --export-markdown "$OUT/chunk-compare.md" \
    -n ctx-chunk "$CMD_CTX" \
    -n text-splitter "$CMD_TS" \
    -n semchunk "$CMD_SEM"

log "hyperfine: ctx-score (warmup 3, $SCORE_RUNS runs each)"
hyperfine --style basic --warmup 3 --runs "$SCORE_RUNS" \
    --export-json "$OUT/score.json" --export-markdown "$OUT/score.md" \
    -n "ctx-score FILE" "$CMD_SCORE" \
    -n "ctx-chunk --json | ctx-score --top-k 5" "$CMD_PIPE"
LOAD_AFTER=$(cut -d' ' -f1-3 /proc/loadavg)

# --- report ----------------------------------------------------------------------------------
read -r CTX_MEAN TS_MEAN SEM_MEAN R_TS R_TS_SD R_SEM R_SEM_SD SCORE_MEAN SCORE_MBS PIPE_MEAN PIPE_MBS < <(
    python3 - "$OUT/chunk-compare.json" "$OUT/score.json" "$INPUT_SIZE" <<'EOF'
import json, math, sys
chunk = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
score = json.load(open(sys.argv[2]))["results"]
size = int(sys.argv[3])
c, t, s = chunk["ctx-chunk"], chunk["text-splitter"], chunk["semchunk"]
def ratio(peer, base):
    r = peer["mean"] / base["mean"]
    sd = r * math.sqrt((peer["stddev"] / peer["mean"]) ** 2 + (base["stddev"] / base["mean"]) ** 2)
    return r, sd
rt, rts = ratio(t, c)
rs, rss = ratio(s, c)
sc, pp = score[0]["mean"], score[1]["mean"]
print(f'{c["mean"]:.3f} {t["mean"]:.3f} {s["mean"]:.3f} {rt:.2f} {rts:.2f} {rs:.2f} {rss:.2f} '
      f'{sc:.3f} {size / sc / 1e6:.1f} {pp:.3f} {size / pp / 1e6:.1f}')
EOF
)
verdict() { if python3 -c "import sys; sys.exit(0 if $1 else 1)"; then echo "met"; else echo "**not met**"; fi; }
V_TS=$(verdict "$R_TS >= 10")
V_SEM=$(verdict "$R_SEM > 1")
V_SCORE=$(verdict "$SCORE_MBS >= 100")
V_PIPE=$(verdict "$PIPE_MBS >= 100")

CPU=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
{
    echo "## ctx-chunk and ctx-score vs text-splitter and semchunk"
    echo
    echo "Run $(date -u '+%Y-%m-%d %H:%M UTC') by \`bash bench/chunk-score.sh\`."
    echo
    echo "- Machine: $(nproc) cores, $CPU, $(uname -sr)"
    echo "- Load average (1/5/15 min) before/after the measurements: $LOAD_BEFORE / $LOAD_AFTER"
    echo "- $(rustc --version); $(hyperfine --version); Python $("$PY" -c 'import platform; print(platform.python_version())')"
    echo "- ctx $(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n1) (release build);" \
         "text-splitter $TS_VERSION with tiktoken-rs $TIKTOKEN_RS_VERSION;" \
         "semchunk $SEMCHUNK_VERSION with tiktoken $TIKTOKEN_PY_VERSION"
    echo "- Input: \`$INPUT\`, $INPUT_SIZE bytes (sha256 $INPUT_SHA…), the corpus's" \
         "clippy-CHANGELOG.md, pytest-reportingdemo.rst and wikipedia-new-zealand.source.html" \
         "repeated in that order and cut at a line end"
    echo "- Python tiktoken runs offline from tiktoken-rs's \`$VOCAB\`" \
         "(hash-checked; $ENCODER_CHECK)"
    echo
    echo "### Chunking to at most $SIZE o200k tokens (warmup 1, $RUNS runs)"
    echo
    echo '```sh'
    echo "$CMD_CTX"
    echo "$CMD_TS"
    echo "$CMD_SEM"
    echo '```'
    echo
    cat "$OUT/chunk-compare.md"
    echo
    echo "| | mean | ctx-chunk is faster by | chunks | largest chunk (tokens) |"
    echo "|:---|---:|---:|---:|---:|"
    echo "| ctx-chunk | ${CTX_MEAN} s | | $CTX_CHUNKS | $CTX_MAX_TOKENS ($CTX_OVER over $SIZE) |"
    echo "| text-splitter | ${TS_MEAN} s | ${R_TS}× ± ${R_TS_SD} | $TS_CHUNKS | |"
    echo "| semchunk | ${SEM_MEAN} s | ${R_SEM}× ± ${R_SEM_SD} | $SEM_CHUNKS | $SEM_MAX_TOKENS |"
    echo
    echo "Times include process start and loading the o200k vocabulary for every tool."
    echo "ctx-chunk's chunk count and token sizes come from \`ctx-chunk --json\` (its \"tokens\" field)."
    echo
    echo "### ctx-score (warmup 3, $SCORE_RUNS runs)"
    echo
    echo '```sh'
    echo "$CMD_SCORE"
    echo "$CMD_PIPE"
    echo '```'
    echo
    cat "$OUT/score.md"
    echo
    echo "- \`ctx-score FILE\` (default chunking by 6,000 chars, default selection): ${SCORE_MEAN} s, **${SCORE_MBS} MB/s**"
    echo "- \`ctx-chunk --json FILE | ctx-score --top-k 5\`: ${PIPE_MEAN} s, **${PIPE_MBS} MB/s** (whole pipeline)"
    echo
    echo "MB/s = input bytes / mean time / 10^6."
    echo
    echo "### Targets"
    echo
    echo "- ctx-chunk at least 10× faster than text-splitter: ${R_TS}× — $V_TS"
    echo "- ctx-chunk faster than semchunk: ${R_SEM}× — $V_SEM"
    echo "- ctx-score at least 100 MB/s: ${SCORE_MBS} MB/s alone — $V_SCORE; ${PIPE_MBS} MB/s behind \`ctx-chunk --json\` — $V_PIPE"
} > "$REPORT"

log "wrote $REPORT"
cat "$REPORT"
