#!/usr/bin/env bash
# Benchmarks for ctx-compact: token savings on the real transcripts of the corpus and on long
# sessions built from them, throughput on >= 1 GB of JSONL next to `jq -c .`, and peak memory
# on one >= 200 MB session.
#
#   bash bench/compact.sh        (from anywhere; takes several minutes on 2 cores, no network)
#
# Long sessions are the corpus JSONL transcripts concatenated N times with their tool-call ids
# made unique per copy (bench/gen_transcripts.py). Generated data and outputs go to
# bench/out/compact-work/ and are deleted at the end; the small raw results stay in
# bench/out/compact-raw/ and the report is bench/out/compact.md. Every figure in the report
# comes from the run that wrote it.
# (BENCH_OUT, BENCH_REPORT, CORPUS, DIR_BYTES, BIG_COPIES and LONG_COPIES can be overridden
# for a quick smoke test; the defaults are what the report is meant to show.)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
OUT=${BENCH_OUT:-bench/out}
REPORT=${BENCH_REPORT:-$OUT/compact.md}
BIN=target/$(rustc --print host-tuple)/release/ctx-compact
CORPUS=${CORPUS:-../shared/corpus/transcripts}
CC=$CORPUS/claude-code/5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl
CX=$CORPUS/codex/rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl
SWE=$CORPUS/swe-agent/marshmallow-code__marshmallow-1867.traj
DIR_BYTES=${DIR_BYTES:-1000000000}      # the throughput directory holds at least this many bytes
BIG_COPIES=${BIG_COPIES:-600}           # codex session x 600 = ~205 MB, one file
BIG_MIN=${BIG_MIN:-200000000}
LONG_COPIES=${LONG_COPIES:-20}          # the long sessions of the savings table
DIR_CX_COPIES=20                        # files of the throughput directory: codex x 20 (~6.8 MB)
DIR_CC_COPIES=40                        # and claude-code x 40 (~5 MB), in turn
AGGRESSIVE=(--protect 2000 --prune-minimum 1000 --protect-turns 0)

WORK=$OUT/compact-work                  # generated data and outputs: deleted at the end
RAW=$OUT/compact-raw                    # small raw results: kept
DATA=$WORK/sessions
log() { printf '\n==> %s\n' "$*" >&2; }
cleanup() { rm -rf "$WORK"; }
trap cleanup EXIT
LOADS=""
note_load() { LOADS+="${LOADS:+, }$1 $(cut -d' ' -f1 /proc/loadavg)"; }

# --- tools (no network: report what is missing and stop) ----------------------------------------
for t in python3 jq cargo git; do
    command -v "$t" >/dev/null 2>&1 || { echo "bench/compact.sh needs $t" >&2; exit 1; }
done
[[ -x /usr/bin/time ]] || { echo "bench/compact.sh needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
for f in "$CC" "$CX" "$SWE"; do
    [[ -f $f ]] || { echo "missing corpus file $f (set CORPUS=DIR)" >&2; exit 1; }
done

# --- build ------------------------------------------------------------------------------------
log "cargo build --release --bin ctx --bin ctx-compact"
cargo build --release --bin ctx --bin ctx-compact
[[ -x $BIN ]] || { echo "missing $BIN" >&2; exit 1; }

rm -rf "$WORK" "$RAW"
mkdir -p "$WORK" "$RAW" "$DATA"
# Other work in this tree may rebuild the binary while the benchmark runs: note it if that happens.
BIN_SUM_START=$(sha256sum "$BIN" | cut -c1-16)
note_load "start"

# One JSON line per file: the dry run, with the store in the scratch directory (the path of the
# store is part of each placeholder, so it is the same length as in the real runs below).
dry() { # out.jsonl, ctx-compact args...
    local out=$1; shift
    "$BIN" --dry-run --json --store "$WORK/store-dry" "$@" >>"$out"
}

# --- 1) token savings on the corpus transcripts ---------------------------------------------------
log "1) dry runs on the corpus transcripts"
for f in "$CC" "$CX" "$SWE"; do
    dry "$RAW/corpus-default.jsonl" "$f"
    dry "$RAW/corpus-aggressive.jsonl" "${AGGRESSIVE[@]}" "$f"
    # --check on the untouched corpus file (exit 1 when the data itself has problems)
    set +e
    "$BIN" --check "$f" >"$WORK/check.txt" 2>&1
    rc=$?
    set -e
    printf '%s\t%s\t%s\n' "$f" "$rc" "$(grep -c . "$WORK/check.txt" || true)" >>"$RAW/corpus-check.tsv"
done

# --- 2) long sessions ---------------------------------------------------------------------------
log "2) long sessions: $LONG_COPIES copies of the codex and the claude-code transcript"
LONG_CX=$WORK/codex-x$LONG_COPIES.jsonl
LONG_CC=$WORK/claude-code-x$LONG_COPIES.jsonl
python3 bench/gen_transcripts.py session "$CX" "$LONG_CX" "$LONG_COPIES" >/dev/null
python3 bench/gen_transcripts.py session "$CC" "$LONG_CC" "$LONG_COPIES" >/dev/null
for f in "$LONG_CX" "$LONG_CC"; do
    "$BIN" --check "$f" || { echo "generated $f fails ctx-compact --check" >&2; exit 1; }
    dry "$RAW/long-default.jsonl" "$f"
    dry "$RAW/long-aggressive.jsonl" "${AGGRESSIVE[@]}" "$f"
done

note_load "after 2)"
# --- 3) throughput on >= 1 GB of JSONL ---------------------------------------------------------------
log "3) generating >= $DIR_BYTES bytes of sessions in $DATA"
python3 bench/gen_transcripts.py dir "$DATA" "$DIR_BYTES" "$CX:$DIR_CX_COPIES" "$CC:$DIR_CC_COPIES" >/dev/null
DIR_TOTAL=$(find "$DATA" -type f -name '*.jsonl' -printf '%s\n' | awk '{s += $1} END {printf "%d", s}')
DIR_FILES=$(find "$DATA" -type f -name '*.jsonl' | wc -l)
DIR_LARGEST=$(find "$DATA" -type f -name '*.jsonl' -printf '%s\n' | sort -n | tail -1)
echo "sessions: $DIR_FILES files, $DIR_TOTAL bytes (largest $DIR_LARGEST)" >&2
((DIR_TOTAL >= DIR_BYTES)) || { echo "only $DIR_TOTAL bytes generated, wanted $DIR_BYTES" >&2; exit 1; }
FIRST_CX=$(find "$DATA" -name '*-rollout-*.jsonl' | sort | awk 'NR == 1')
FIRST_CC=$(find "$DATA" -name '*-5c0375b4-*.jsonl' | sort | awk 'NR == 1')
for f in "$FIRST_CX" "$FIRST_CC"; do
    "$BIN" --check "$f" || { echo "generated $f fails ctx-compact --check" >&2; exit 1; }
done

# timed LABEL WARM_PATH COMMAND...: page cache warmed with WARM_PATH, earlier writes flushed,
# then wall clock (date) around the command and user/sys/max RSS from /usr/bin/time.
timed() {
    local label=$1 warm=$2; shift 2
    sync
    if [[ -d $warm ]]; then cat "$warm"/*.jsonl >/dev/null; else cat "$warm" >/dev/null; fi
    log "   $label"
    local t0 t1 user sys kb
    t0=$(date +%s.%N)
    /usr/bin/time -f '%U %S %M' -o "$WORK/time.tmp" "$@"
    t1=$(date +%s.%N)
    read -r user sys kb <"$WORK/time.tmp"
    printf '%s\t%s\t%s\t%s\t%s\n' "$label" "$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.3f", b - a}')" \
        "$user" "$sys" "$kb" >>"$RAW/throughput.tsv"
}

# out_stats LABEL OUTDIR STORE: files and bytes written; then the outputs and store are deleted.
out_stats() {
    local label=$1 dir=$2 store=$3
    local n bytes content restore
    n=$(find "$dir" -type f -name '*.jsonl' | wc -l)
    [[ $n -eq $DIR_FILES ]] || { echo "$label: $n outputs for $DIR_FILES inputs" >&2; exit 1; }
    bytes=$(find "$dir" -type f -name '*.jsonl' -printf '%s\n' | awk '{s += $1} END {printf "%d", s}')
    content=0 restore=0
    if [[ -d $store ]]; then
        content=$(find "$store" -maxdepth 1 -type f -name '*.txt' | wc -l)
        restore=$(find "$store" -mindepth 2 -type f -path '*/restore/*' | wc -l)
    fi
    printf '%s\t%s\t%s\t%s\t%s\n' "$label" "$n" "$bytes" "$content" "$restore" >>"$RAW/outputs.tsv"
}

OUTD=$WORK/out
STORE=$WORK/store
log "3) throughput ($DIR_FILES files, $DIR_TOTAL bytes)"
rm -rf "$OUTD" "$STORE"
timed "ctx-compact -q -j 1" "$DATA" "$BIN" -q -j 1 --force --out-dir "$OUTD" --store "$STORE" "$DATA"
out_stats "ctx-compact -q -j 1" "$OUTD" "$STORE"
# Checks on this run's outputs: structure, and byte-identical restores of a codex and a claude-code file.
for f in "$FIRST_CX" "$FIRST_CC"; do
    o=$OUTD/$(basename "$f")
    "$BIN" --check "$o" || { echo "ctx-compact --check fails on the output $o" >&2; exit 1; }
    "$BIN" --restore "$o" --store "$STORE" | cmp - "$f" || { echo "restoring $o does not give $f back" >&2; exit 1; }
    if cmp -s "$o" "$f"; then echo "$o is identical to its input: nothing was pruned" >&2; exit 1; fi
done
CHECKED="--check passed on $(basename "$FIRST_CX") and $(basename "$FIRST_CC") (outputs of the -j 1 run); \
--restore of both gave the inputs back byte for byte (cmp)"
rm -rf "$OUTD" "$STORE"

timed "ctx-compact -q -j 2" "$DATA" "$BIN" -q -j 2 --force --out-dir "$OUTD" --store "$STORE" "$DATA"
out_stats "ctx-compact -q -j 2" "$OUTD" "$STORE"
rm -rf "$OUTD" "$STORE"

timed "ctx-compact -j 2 (token counts)" "$DATA" \
    sh -c '"$0" -j 2 --force --out-dir "$1" --store "$2" "$3" 2>"$4"' "$BIN" "$OUTD" "$STORE" "$DATA" "$RAW/summary.txt"
out_stats "ctx-compact -j 2 (token counts)" "$OUTD" "$STORE"
rm -rf "$OUTD" "$STORE"

timed "jq -c ." "$DATA" \
    sh -c 'find "$0" -type f -name "*.jsonl" -print0 | sort -z | xargs -0 cat | jq -c . >/dev/null' "$DATA"

# For reference: the same without pruning (nothing here is over the size budgets, so every output is
# a plain copy, written and fsynced, and nothing goes to the store).
timed "ctx-compact -q -j 1 --no-prune" "$DATA" "$BIN" -q -j 1 --no-prune --force --out-dir "$OUTD" --store "$STORE" "$DATA"
out_stats "ctx-compact -q -j 1 --no-prune" "$OUTD" "$STORE"
rm -rf "$OUTD" "$STORE"

# For reference: parsing alone (--check reads and parses every file, writes nothing).
timed "ctx-compact --check -j 1" "$DATA" sh -c '"$0" --check -j 1 "$1" >/dev/null' "$BIN" "$DATA"
rm -rf "$DATA"

note_load "after 3)"
# --- 4) peak memory on one big session ------------------------------------------------------------
BIG=$WORK/codex-x$BIG_COPIES.jsonl
BIG_OUT=$WORK/codex-x$BIG_COPIES.out.jsonl
log "4) one big session: codex x $BIG_COPIES"
python3 bench/gen_transcripts.py session "$CX" "$BIG" "$BIG_COPIES" >/dev/null
BIG_SIZE=$(stat -c %s "$BIG")
((BIG_SIZE >= BIG_MIN)) || { echo "$BIG has only $BIG_SIZE bytes" >&2; exit 1; }
"$BIN" --check "$BIG" || { echo "generated $BIG fails ctx-compact --check" >&2; exit 1; }
# The fixed cost (o200k tokenizer, used to measure the protected window) on the 342 KB corpus file.
timed "baseline: corpus codex file" "$CX" "$BIN" -q -j 1 --force -o "$WORK/small.out.jsonl" --store "$STORE" "$CX"
rm -rf "$STORE"
timed "big session" "$BIG" "$BIN" -q -j 1 --force -o "$BIG_OUT" --store "$STORE" "$BIG"
BIG_OUT_SIZE=$(stat -c %s "$BIG_OUT")
"$BIN" --check "$BIG_OUT" || { echo "ctx-compact --check fails on $BIG_OUT" >&2; exit 1; }
"$BIN" --restore "$BIG_OUT" --store "$STORE" | cmp - "$BIG" || { echo "restoring $BIG_OUT does not give $BIG back" >&2; exit 1; }
rm -rf "$BIG" "$BIG_OUT" "$STORE"
note_load "after 4)"

# --- report -----------------------------------------------------------------------------------
log "writing $REPORT"
export OUT RAW REPORT BIN LOADS DIR_TOTAL DIR_FILES DIR_LARGEST DIR_BYTES BIG_SIZE BIG_OUT_SIZE BIG_COPIES \
    LONG_COPIES DIR_CX_COPIES DIR_CC_COPIES CHECKED CORPUS
export CX_SIZE=$(stat -c %s "$CX")
export BIN_SUM_START
export BIN_SUM_END=$(sha256sum "$BIN" | cut -c1-16)
export AGGRESSIVE_ARGS="${AGGRESSIVE[*]}"
export DATE_NOW=$(date -u '+%Y-%m-%d %H:%M:%S UTC')
export NPROC=$(nproc)
export CPU_MODEL=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
export MEM_TOTAL=$(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo)
export FS_TYPE=$(findmnt -n -o FSTYPE --target "$OUT" 2>/dev/null || stat -f -c %T "$OUT")
export COMMIT=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
export JQ_VERSION=$(jq --version)
export CTX_VERSION=$("$BIN" --version)
DIRTY=$(GIT_OPTIONAL_LOCKS=0 git status --porcelain --untracked-files=all -- src Cargo.toml Cargo.lock 2>/dev/null \
    | awk '{print $2}' | paste -sd, - | sed 's/,/, /g')
export DIRTY=${DIRTY:-none}

python3 - <<'PY'
import json, os

e = os.environ
raw, report = e["RAW"], e["REPORT"]
dir_total, big_size = int(e["DIR_TOTAL"]), int(e["BIG_SIZE"])

def lines(name):
    with open(f"{raw}/{name}") as f:
        return [json.loads(l) for l in f if l.strip()]

def tsv(name):
    with open(f"{raw}/{name}") as f:
        return [l.rstrip("\n").split("\t") for l in f if l.strip()]

def n(x):
    return f"{int(x):,}"

def savings(rows):
    out = ["| File | Format | Size [bytes] | Tool results | Pruned | Previewed | Tokens before | Tokens after | Saved |",
           "|:---|:---|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        b, a = r["tokens_before"], r["tokens_after"]
        name = os.path.basename(r["file"])
        out.append(f"| `{name}` | {r['format']} | {n(r['bytes_before'])} | {r['results']} | {r['pruned']} "
                   f"| {r['previewed']} | {n(b)} | {n(a)} | {100 * (b - a) / b:.1f} % |")
    return "\n".join(out)

check = {os.path.basename(f): (int(rc), int(k)) for f, rc, k in tsv("corpus-check.tsv")}
check_note = "; ".join(
    f"`{f}`: " + ("no problems" if rc == 0 else f"{k} problems (exit {rc})") for f, (rc, k) in check.items())
if any(rc != 0 for f, (rc, k) in check.items() if f.endswith(".traj")):
    check_note += " (the SWE-agent trajectory itself reuses tool-call ids in its `history`)"
cc_aggr = [r for r in lines("corpus-aggressive.jsonl") if r["format"] == "claude-code"]
cc_note = ""
if cc_aggr and cc_aggr[0]["pruned"] == 0:
    cc_note = (" In the claude-code session the large tool results belong to sub-agent (`isSidechain`) "
               "records, which are never pruned, and the main thread's old results fall short of even the "
               "aggressive minimum, so nothing is pruned there either.")

t = {r[0]: dict(wall=float(r[1]), user=float(r[2]), sys=float(r[3]), kb=int(r[4])) for r in tsv("throughput.tsv")}
outs = {r[0]: dict(files=int(r[1]), bytes=int(r[2]), content=int(r[3]), restore=int(r[4])) for r in tsv("outputs.tsv")}

def mbs(label, size=dir_total):
    return size / t[label]["wall"] / 1e6

tp_labels = ["ctx-compact -q -j 1", "ctx-compact -q -j 2", "ctx-compact -j 2 (token counts)", "jq -c .",
             "ctx-compact -q -j 1 --no-prune", "ctx-compact --check -j 1"]
tp = ["| Command | Wall [s] | User [s] | Sys [s] | Max RSS [MiB] | Throughput [MB/s] | Bytes written | Store files (contents and originals + files under restore/) |",
      "|:---|---:|---:|---:|---:|---:|---:|---:|"]
for label in tp_labels:
    r = t[label]
    o = outs.get(label)
    written = n(o["bytes"]) if o else "-"
    store = f"{n(o['content'])} + {n(o['restore'])}" if o else "-"
    tp.append(f"| {label} | {r['wall']:.2f} | {r['user']:.2f} | {r['sys']:.2f} | {r['kb'] / 1024:.0f} "
              f"| {mbs(label):,.1f} | {written} | {store} |")

j1, j2, jq = mbs("ctx-compact -q -j 1"), mbs("ctx-compact -q -j 2"), mbs("jq -c .")
def verdict(ok):
    return "**met**" if ok else "**not met**"
summary = ""
try:
    with open(f"{raw}/summary.txt") as f:
        totals = [l.strip() for l in f if l.startswith("total:")]
    summary = totals[-1] if totals else ""
except OSError:
    pass

bin_note = ("" if e["BIN_SUM_START"] == e["BIN_SUM_END"] else
            f"; **the binary was rebuilt during the run** (now {e['BIN_SUM_END']}…), so later figures may come from another build")
corpus_default = lines("corpus-default.jsonl")
if all(r["pruned"] == 0 and r["previewed"] == 0 for r in corpus_default):
    corpus_note = ("With the defaults nothing is replaced in any of them: each holds fewer tool-result tokens "
                   "than the protected window (20,000 tokens), and no result is over the size budgets.")
else:
    corpus_note = "With the defaults, some results are replaced (table above)."
base, big = t["baseline: corpus codex file"], t["big session"]
big_ratio = big["kb"] * 1024 / big_size
big_mbs = mbs("big session", big_size)
dir_rss = max(t[l]["kb"] for l in ["ctx-compact -q -j 1", "ctx-compact -q -j 2"])
largest = int(e["DIR_LARGEST"])

text = f"""# ctx-compact

Run on {e['DATE_NOW']}, commit {e['COMMIT']} (uncommitted changes under src/ at build time: {e['DIRTY']}),
{e['NPROC']} CPUs (`nproc`), {e['CPU_MODEL']}, {e['MEM_TOTAL']} RAM, scratch files on {e['FS_TYPE']};
`{e['CTX_VERSION']}` (binary sha256 {e['BIN_SUM_START']}…{bin_note}), {e['JQ_VERSION']}.
1-minute load average: {e['LOADS']}.
Generated by `bash bench/compact.sh`; every figure below comes from that run. MB = 10^6 bytes; tokens are
o200k tokens of the text the model sees (message text, tool inputs, tool results), as counted by
`ctx-compact --dry-run --json`.

## Token savings on the corpus transcripts

What `ctx-compact` would replace in each real transcript of the corpus, with the defaults
(`--protect 20000 --protect-turns 2 --prune-minimum 10000 --max-result 50000 --message-budget 200000`):

```
ctx-compact --dry-run --json --store STORE FILE
```

{savings(lines('corpus-default.jsonl'))}

The same with an aggressive setting, to show what pruning does on transcripts this small:

```
ctx-compact --dry-run --json --store STORE {e['AGGRESSIVE_ARGS']} FILE
```

{savings(lines('corpus-aggressive.jsonl'))}

{corpus_note}{cc_note} `ctx-compact --check` on the untouched corpus files: {check_note}.

## Token savings on long sessions

Each session is one corpus transcript concatenated {e['LONG_COPIES']} times into one file, with the
tool-call ids (`toolu_…`, `call_…`) made unique per copy
(`python3 bench/gen_transcripts.py session SRC OUT {e['LONG_COPIES']}`; both pass `ctx-compact --check`).
Defaults:

```
ctx-compact --dry-run --json --store STORE SESSION
```

{savings(lines('long-default.jsonl'))}

With `{e['AGGRESSIVE_ARGS']}`:

{savings(lines('long-aggressive.jsonl'))}

## Throughput on {dir_total / 1e9:.2f} GB of JSONL

{int(e['DIR_FILES'])} session files, {n(dir_total)} bytes in all (largest {n(largest)} bytes): codex x
{e['DIR_CX_COPIES']} (~6.8 MB) and claude-code x {e['DIR_CC_COPIES']} (~5 MB) in turn, each file with its own
range of copy indices so that no two files are alike
(`python3 bench/gen_transcripts.py dir DIR {e['DIR_BYTES']} CODEX:{e['DIR_CX_COPIES']} CLAUDE:{e['DIR_CC_COPIES']}`).
Each command ran once, after `sync` and `cat DIR/*.jsonl > /dev/null` (inputs in the page cache),
with a fresh output directory and store; wall time is `date` around the command, user/sys/max RSS
from `/usr/bin/time`. Throughput = input bytes / wall time.

```
ctx-compact -q -j 1 --force --out-dir OUT --store STORE DIR      # prune with the defaults, no token counting
ctx-compact -q -j 2 --force --out-dir OUT --store STORE DIR
ctx-compact -j 2 --force --out-dir OUT --store STORE DIR         # + exact token counts for the summary table
find DIR -name '*.jsonl' -print0 | sort -z | xargs -0 cat | jq -c . > /dev/null
ctx-compact -q -j 1 --no-prune --force --out-dir OUT --store STORE DIR   # reference: outputs are plain copies, no store
ctx-compact --check -j 1 DIR                                     # reference: read and parse only, write nothing
```

{chr(10).join(tp)}

Every ctx-compact run wrote {int(e['DIR_FILES'])} outputs for {int(e['DIR_FILES'])} inputs; {e['CHECKED']}.
Compacting writes more than the output: the original of every changed file goes to the store
too, and so does every pruned content; the last column counts the files the store received. Pruned
contents repeat across copies and the store is content-addressed, so each is stored once here; in
real, distinct sessions every pruned result would be one more stored file.
Summary line of the run with token counts: `{summary}`

| Target | This run | |
|:---|:---|:---|
| prune-only ≥ 100 MB/s | {j1:,.1f} MB/s with `-j 1`, {j2:,.1f} MB/s with `-j 2` | `-j 1`: {verdict(j1 >= 100)}; best of the two: {verdict(max(j1, j2) >= 100)} |
| prune-only faster than `jq -c .` | {j1:,.1f} and {j2:,.1f} MB/s vs {jq:,.1f} MB/s | `-j 1`: {verdict(j1 > jq)}; `-j 2`: {verdict(j2 > jq)} |

## Peak memory on one big session

The codex transcript concatenated {e['BIG_COPIES']} times (unique ids): one file of {n(big_size)} bytes.

```
/usr/bin/time -f %M ctx-compact -q -j 1 --force -o OUTFILE --store STORE SESSION
```

| Input | Size [bytes] | Output [bytes] | Wall [s] | User [s] | Sys [s] | Throughput [MB/s] | Max RSS [MiB] | RSS / size | (RSS − fixed) / size |
|:---|---:|---:|---:|---:|---:|---:|---:|---:|---:|
| corpus codex file (the fixed cost: o200k tokenizer) | {n(e['CX_SIZE'])} | - | {base['wall']:.2f} | {base['user']:.2f} | {base['sys']:.2f} | - | {base['kb'] / 1024:.0f} | - | - |
| codex x {e['BIG_COPIES']} | {n(big_size)} | {n(e['BIG_OUT_SIZE'])} | {big['wall']:.2f} | {big['user']:.2f} | {big['sys']:.2f} | {big_mbs:,.1f} | {big['kb'] / 1024:.0f} | {big_ratio:.2f} | {(big['kb'] - base['kb']) * 1024 / big_size:.2f} |

The output passed `ctx-compact --check` and `ctx-compact --restore OUTFILE --store STORE | cmp - SESSION`.

| Target | This run | |
|:---|:---|:---|
| peak RSS ≤ 2 × the largest file | {big['kb'] / 1024:,.0f} MiB for {big_size / 2**20:,.0f} MiB: {big_ratio:.2f} × | {verdict(big_ratio <= 2)} |

In the directory runs above the largest file is {largest / 2**20:.1f} MiB and the peak RSS
{dir_rss / 1024:.0f} MiB: there the fixed cost (the tokenizer, {base['kb'] / 1024:.0f} MiB on its own) dominates.
"""
with open(report, "w") as f:
    f.write(text)
PY

log "summary"
cat "$RAW/throughput.tsv"
echo
echo "report: $(realpath "$REPORT")"
