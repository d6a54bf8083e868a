#!/usr/bin/env bash
# Benchmarks for ctx-truncate: start-up, throughput on a 1 GiB file, peak memory on 10 GiB of stdin.
#
#   bash bench/run.sh            (from the repository root; takes ~10 minutes on 2 cores)
#
# Generated inputs and raw results go to bench/out/ (git-ignored); the report is bench/out/truncate.md,
# which bench/all.sh assembles into bench/BENCHMARKS.md with the other benchmarks' reports.
# Every figure in the report comes from the run that wrote it.
# (BENCH_OUT, BENCH_REPORT, BIG_SIZE, STREAM_COPIES and the *_RUNS/*_WARMUP variables can be overridden for a
# quick smoke test; the defaults are what BENCHMARKS.md documents.)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
OUT=${BENCH_OUT:-bench/out}
REPORT=${BENCH_REPORT:-bench/out/truncate.md}
BIN=target/$(rustc --print host-tuple)/release/ctx-truncate
SMALL=$OUT/small.txt
BIG=$OUT/big.txt
SMALL_SIZE=10240            # 10 KiB: fits the default 12,000-char budget, so it passes through
BIG_SIZE=${BIG_SIZE:-1073741824}        # 1 GiB
STREAM_COPIES=${STREAM_COPIES:-10}           # 10 x 1 GiB = 10 GiB streamed through a pipe, never stored
STREAM_BYTES=$((BIG_SIZE * STREAM_COPIES))

STARTUP_WARMUP=${STARTUP_WARMUP:-20}
STARTUP_MIN_RUNS=${STARTUP_MIN_RUNS:-200}
BIG_WARMUP=${BIG_WARMUP:-1}
BIG_RUNS=${BIG_RUNS:-3}

log() { printf '\n==> %s\n' "$*" >&2; }
# The 1-minute load average at each stage goes into the report: other work on the machine skews timings.
LOADS=""
note_load() { LOADS+="${LOADS:+, }$1 $(cut -d' ' -f1 /proc/loadavg)"; }

# --- tools ------------------------------------------------------------------------------------
need=()
command -v hyperfine >/dev/null 2>&1 || need+=(hyperfine)
[[ -x /usr/bin/time ]] || need+=(time)
command -v python3 >/dev/null 2>&1 || need+=(python3)
if ((${#need[@]})); then
    log "installing ${need[*]}"
    SUDO=""
    [[ $(id -u) -eq 0 ]] || SUDO=sudo
    $SUDO apt-get update
    $SUDO apt-get install -y "${need[@]}"
fi

# --- build ------------------------------------------------------------------------------------
log "cargo build --release --bin ctx --bin ctx-truncate"
cargo build --release --bin ctx --bin ctx-truncate
[[ -x $BIN ]] || { echo "missing $BIN" >&2; exit 1; }

# --- inputs -----------------------------------------------------------------------------------
mkdir -p "$OUT"
gen() { # path size seed
    local path=$1 size=$2 seed=$3
    if [[ -f $path && $(stat -c %s "$path") -eq $size ]]; then
        log "$path exists with $size bytes, kept"
    else
        log "generating $path ($size bytes)"
        python3 bench/gen_input.py "$path.tmp" "$size" "$seed"
        mv "$path.tmp" "$path"
    fi
}
gen "$SMALL" "$SMALL_SIZE" 1
gen "$BIG" "$BIG_SIZE" 2
# Sanity: the small file must pass through unchanged under the default budget.
"$BIN" "$SMALL" | cmp -s - "$SMALL" || { echo "$SMALL does not pass through unchanged" >&2; exit 1; }
SMALL_TOKENS=$("$BIN" --count "$SMALL")
BIG_LINES=$(wc -l <"$BIG")
# Line statistics of one generator block (the first 20,000 lines; the file repeats this block).
BLOCK_STATS=$(head -n 20000 "$BIG" | python3 -c '
import sys
ls = sys.stdin.buffer.read().splitlines(keepends=True)
n = [len(l) for l in ls]
print(f"{len(set(ls))} distinct lines, {min(n)} to {max(n):,} bytes long (mean {sum(n)/len(n):.0f}), repeated in a block of {len(ls):,} lines = {sum(n):,} bytes")
')

note_load "start"
# --- a) start-up on the 10 KiB pass-through ----------------------------------------------------
log "a) start-up (hyperfine, no shell)"
hyperfine -N --warmup "$STARTUP_WARMUP" --min-runs "$STARTUP_MIN_RUNS" \
    --export-markdown "$OUT/startup.md" --export-json "$OUT/startup.json" \
    "$BIN $SMALL" \
    "head -c 12000 $SMALL" \
    "$BIN --max-tokens 4000 $SMALL" \
    "$BIN --max-tokens 12000 $SMALL" \
    "$BIN --count $SMALL"

note_load "after a)"
# --- b) throughput on the 1 GiB file -----------------------------------------------------------
log "b1) 1 GiB file as an argument (hyperfine, no shell)"
hyperfine -N --warmup "$BIG_WARMUP" --runs "$BIG_RUNS" \
    --export-markdown "$OUT/big_file.md" --export-json "$OUT/big_file.json" \
    "$BIN --max-lines 100 $BIG" \
    "$BIN $BIG" \
    "$BIN --strategy tail --max-lines 100 $BIG" \
    "tail -n 100 $BIG" \
    "wc -l $BIG"

log "b2) 1 GiB on stdin (hyperfine, with a shell)"
hyperfine --warmup "$BIG_WARMUP" --runs "$BIG_RUNS" \
    --export-markdown "$OUT/big_stdin.md" --export-json "$OUT/big_stdin.json" \
    "cat $BIG | $BIN --max-lines 100" \
    "cat $BIG | tail -n 100" \
    "cat $BIG | wc -l" \
    "$BIN --max-lines 100 < $BIG" \
    "tail -n 100 < $BIG"

# --- peak RSS on the 1 GiB file (for comparison with the 10 GiB stream) -------------------------
log "peak RSS on the 1 GiB file"
: >"$OUT/rss_file.tsv"
rss_file() { # label, command...
    local label=$1; shift
    /usr/bin/time -f '%M %e' -o "$OUT/time.tmp" "$@" "$BIG" >/dev/null
    read -r kb secs <"$OUT/time.tmp"
    printf '%s\t%s\t%s\n' "$label" "$kb" "$secs" >>"$OUT/rss_file.tsv"
}
rss_file "ctx-truncate --max-lines 100 big.txt" "$BIN" --max-lines 100
rss_file "ctx-truncate big.txt" "$BIN"
rss_file "ctx-truncate --strategy tail --max-lines 100 big.txt" "$BIN" --strategy tail --max-lines 100
rss_file "tail -n 100 big.txt" tail -n 100

note_load "after b)"
# --- c) peak RSS and wall time with 10 GiB on stdin --------------------------------------------
# The stream is big.txt catted STREAM_COPIES times (varied log lines, from the page cache); it is
# never written to disk. /usr/bin/time measures the consumer only (%M = its max RSS in KiB).
log "c) 10 GiB on stdin: peak RSS and wall time"
produce() { for ((i = 0; i < STREAM_COPIES; i++)); do cat "$BIG"; done; }
: >"$OUT/rss_stream.tsv"
rss_stream() { # label, command...
    local label=$1; shift
    log "   $label"
    local t0 t1
    t0=$(date +%s.%N)
    set +o pipefail
    produce | /usr/bin/time -f '%M %e %U %S' -o "$OUT/time.tmp" "$@" >/dev/null
    local st=("${PIPESTATUS[@]}")
    set -o pipefail
    t1=$(date +%s.%N)
    [[ ${st[1]} -eq 0 ]] || { echo "$label exited ${st[1]}" >&2; exit 1; }
    read -r kb secs user sys <"$OUT/time.tmp"
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$kb" "$secs" "$user" "$sys" \
        "$(python3 -c "print(f'{$t1 - $t0:.2f}')")" >>"$OUT/rss_stream.tsv"
}
rss_stream "ctx-truncate --max-tokens 4000" "$BIN" --max-tokens 4000
rss_stream "ctx-truncate (default: --max-chars 12000, auto)" "$BIN"
rss_stream "ctx-truncate --strategy tail --max-lines 100" "$BIN" --strategy tail --max-lines 100
rss_stream "tail -n 100" tail -n 100
rss_stream "wc -l" wc -l
rm -f "$OUT/time.tmp"

note_load "after c)"
# --- report -----------------------------------------------------------------------------------
log "writing $REPORT"
export LOADS BLOCK_STATS BIN SMALL BIG SMALL_SIZE BIG_SIZE STREAM_BYTES STREAM_COPIES SMALL_TOKENS BIG_LINES OUT REPORT \
    STARTUP_WARMUP STARTUP_MIN_RUNS BIG_WARMUP BIG_RUNS
export DATE_NOW=$(date -u '+%Y-%m-%d %H:%M:%S UTC')
export NPROC=$(nproc)
export CPU_MODEL=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
export MEM_TOTAL=$(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo)
export KERNEL=$(uname -sr)
export RUSTC=$(rustc --version)
export HYPERFINE=$(hyperfine --version)
export COREUTILS=$(tail --version | head -1)
export COMMIT=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
DIRTY=$(GIT_OPTIONAL_LOCKS=0 git status --porcelain --untracked-files=all -- src Cargo.toml Cargo.lock 2>/dev/null \
    | awk '{print $2}' | paste -sd, - | sed 's/,/, /g')
export DIRTY=${DIRTY:-none}

python3 - <<'PY'
import json, os

e = os.environ
out, report = e["OUT"], e["REPORT"]
big_size, stream_bytes = int(e["BIG_SIZE"]), int(e["STREAM_BYTES"])

def md(name):
    with open(f"{out}/{name}") as f:
        return f.read().strip()

def throughput(name):
    rows = ["| Command | Mean [s] | Throughput [MB/s] |", "|:---|---:|---:|"]
    for r in json.load(open(f"{out}/{name}"))["results"]:
        cmd = r["command"].replace("|", "\\|")  # a pipe would end the table cell
        rows.append(f"| `{cmd}` | {r['mean']:.3f} | {big_size / r['mean'] / 1e6:,.0f} |")
    return "\n".join(rows)

def rss_file():
    rows = ["| Command | Max RSS [MiB] | Wall [s] |", "|:---|---:|---:|"]
    for line in open(f"{out}/rss_file.tsv"):
        label, kb, secs = line.rstrip("\n").split("\t")
        rows.append(f"| `{label}` | {int(kb) / 1024:.1f} | {float(secs):.2f} |")
    return "\n".join(rows)

def rss_stream():
    rows = ["| Consumer of 10 GiB on stdin | Max RSS [MiB] | Wall, consumer [s] | Wall, pipeline [s] "
            "| User + sys, consumer [s] | Throughput [MB/s] |",
            "|:---|---:|---:|---:|---:|---:|"]
    for line in open(f"{out}/rss_stream.tsv"):
        label, kb, secs, user, sys_, pipe = line.rstrip("\n").split("\t")
        cpu = float(user) + float(sys_)
        rows.append(f"| `{label}` | {int(kb) / 1024:.1f} | {float(secs):.2f} | {float(pipe):.2f} "
                    f"| {cpu:.2f} | {stream_bytes / float(pipe) / 1e6:,.0f} |")
    return "\n".join(rows)

def startup_summary():
    res = {r["command"]: r for r in json.load(open(f"{out}/startup.json"))["results"]}
    return "\n".join(f"| `{c}` | {r['mean'] * 1e3:.2f} | {r['stddev'] * 1e3:.2f} | {r['min'] * 1e3:.2f} "
                     f"| {len(r['times'])} |" for c, r in res.items())

bin_, small, big = e["BIN"], e["SMALL"], e["BIG"]
text = f"""# ctx-truncate benchmarks

Generated by `bash bench/run.sh` on {e['DATE_NOW']}. Every figure below was measured in that run;
rerun the script to refresh them (inputs are regenerated deterministically under `bench/out/`).

## Machine

| | |
|:---|:---|
| CPUs (`nproc`) | {e['NPROC']} |
| CPU model (`/proc/cpuinfo`) | {e['CPU_MODEL']} |
| Memory | {e['MEM_TOTAL']} |
| Kernel | {e['KERNEL']} |
| `rustc --version` | {e['RUSTC']} |
| Build | `cargo build --release --bin ctx --bin ctx-truncate` of commit {e['COMMIT']}; uncommitted changes in the working tree at build time: {e['DIRTY']} |
| hyperfine | {e['HYPERFINE']} |
| 1-min load average during the run | {e['LOADS']} (the benchmark itself adds about 1 to 3; more than that means other work competed for the {e['NPROC']} CPUs) |
| coreutils | {e['COREUTILS']} |

## Inputs

- `{small}`: {int(e['SMALL_SIZE']):,} bytes, log-like ASCII lines, {e['SMALL_TOKENS']} o200k tokens. It fits the
  default 12,000-char budget, so `ctx-truncate` passes it through unchanged (checked by the script).
- `{big}`: {big_size:,} bytes (1 GiB), {int(e['BIG_LINES']):,} lines (status lines, request lines,
  key=value lines, long JSON payloads, stack frames): {e['BLOCK_STATS']}.
  Generated by `python3 bench/gen_input.py PATH SIZE SEED` (fixed seeds).
- 10 GiB stream: `big.txt` catted {e['STREAM_COPIES']} times into a pipe ({stream_bytes:,} bytes); never stored on disk.

The 1 GiB file is in the page cache for all file runs (warm-up run first). MB = 10^6 bytes.

## a) Start-up: 10 KiB pass-through

```
hyperfine -N --warmup {e['STARTUP_WARMUP']} --min-runs {e['STARTUP_MIN_RUNS']} \\
    '{bin_} {small}' \\
    'head -c 12000 {small}' \\
    '{bin_} --max-tokens 4000 {small}' \\
    '{bin_} --max-tokens 12000 {small}' \\
    '{bin_} --count {small}'
```

What each row exercises: the plain run and `head -c` are process start-up plus a 10 KiB read.
`--max-tokens 4000`: 10,240 bytes is more than 4,000, so size alone cannot show the input fits and the o200k
tokenizer has to count it (3,479 tokens, so it passes through). `--max-tokens 12000`: the input fits by bytes
(a token is at least one byte), so deciding the fit needs no tokenizer; compare its time with the plain run
and with `--count` to see whether the tokenizer was loaded anyway. `--count` always loads the tokenizer.

{md('startup.md')}

| Command | Mean [ms] | σ [ms] | Min [ms] | Runs |
|:---|---:|---:|---:|---:|
{startup_summary()}

## b) Throughput: 1 GiB

### File argument

```
hyperfine -N --warmup {e['BIG_WARMUP']} --runs {e['BIG_RUNS']} \\
    '{bin_} --max-lines 100 {big}' \\
    '{bin_} {big}' \\
    '{bin_} --strategy tail --max-lines 100 {big}' \\
    'tail -n 100 {big}' \\
    'wc -l {big}'
```

{md('big_file.md')}

{throughput('big_file.json')}

`tail -n 100 FILE` seeks to the end of a regular file and reads only the last blocks, so its "throughput"
is not a read rate; `wc -l` reads everything.

### Standard input

```
hyperfine --warmup {e['BIG_WARMUP']} --runs {e['BIG_RUNS']} \\
    'cat {big} | {bin_} --max-lines 100' \\
    'cat {big} | tail -n 100' \\
    'cat {big} | wc -l' \\
    '{bin_} --max-lines 100 < {big}' \\
    'tail -n 100 < {big}'
```

(with a shell; `< FILE` gives a seekable stdin, `cat FILE |` a pipe that cannot be seeked.)

{md('big_stdin.md')}

{throughput('big_stdin.json')}

### Peak RSS on the 1 GiB file

```
/usr/bin/time -f '%M %e' {bin_} --max-lines 100 {big}
/usr/bin/time -f '%M %e' {bin_} {big}
/usr/bin/time -f '%M %e' {bin_} --strategy tail --max-lines 100 {big}
/usr/bin/time -f '%M %e' tail -n 100 {big}
```

{rss_file()}

## c) Peak RSS and wall time: 10 GiB on stdin

```
produce() {{ for i in $(seq {e['STREAM_COPIES']}); do cat {big}; done; }}   # 10 GiB
produce | /usr/bin/time -f '%M %e %U %S' {bin_} --max-tokens 4000 > /dev/null
produce | /usr/bin/time -f '%M %e %U %S' {bin_} > /dev/null
produce | /usr/bin/time -f '%M %e %U %S' {bin_} --strategy tail --max-lines 100 > /dev/null
produce | /usr/bin/time -f '%M %e %U %S' tail -n 100 > /dev/null
produce | /usr/bin/time -f '%M %e %U %S' wc -l > /dev/null
```

One run each. Max RSS is `%M` of the consumer (KiB / 1024). "Wall, pipeline" is `date` before and after
the whole pipeline; throughput is 10 GiB over that time.

{rss_stream()}
"""
with open(report, "w") as f:
    f.write(text)
PY

# --- summary on the terminal --------------------------------------------------------------------
log "summary"
cat "$OUT/startup.md"; echo
cat "$OUT/big_file.md"; echo
cat "$OUT/big_stdin.md"; echo
echo "peak RSS, 1 GiB file (KiB, s):"; cat "$OUT/rss_file.tsv"; echo
echo "10 GiB on stdin (max RSS KiB, consumer wall s, user s, sys s, pipeline wall s):"
cat "$OUT/rss_stream.tsv"
echo
echo "report: $ROOT/$REPORT"
