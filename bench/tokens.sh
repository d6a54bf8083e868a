#!/usr/bin/env bash
# Token counting (issue 15), side by side in one run:
#   a) `ctx-truncate --count` and `ctx truncate --count` of a 10 KiB file against `wc -c` on it:
#      wall time (hyperfine) and peak RSS (/usr/bin/time -f %M); also `ctx-truncate` as a
#      symlink to `ctx` (bench/out/links), which README suggests for pipes;
#   b) exact o200k count of 8 MB of prose (the corpus's Markdown, reST and HTML, as
#      bench/chunk-score.sh builds it) against Python tiktoken (offline, from the o200k vocabulary
#      tiktoken-rs ships) and tiktoken-rs (examples/tiktoken_rs_count.rs); process time,
#      start-up and vocabulary load included;
#   c) 10 GiB on stdin through `ctx-truncate --max-tokens 4000`: wall time and peak RSS
#      (STREAM_SIZE overrides the size, e.g. 1G for a quick run).
# Report: bench/out/tokens.md. Every figure comes from the run that wrote it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
OUT=bench/out
mkdir -p "$OUT"
STREAM_SIZE=${STREAM_SIZE:-10G}
log() { printf '\n==> %s\n' "$*" >&2; }
command -v hyperfine >/dev/null || { apt-get update && apt-get install -y hyperfine; }

log "cargo install (into bench/out/install) and cargo build --release --example tiktoken_rs_count"
# Timed as installed: `cargo install` copies the binaries, and a copy starts faster than the
# linker's own output file (about 0.8 ms of a 10 KiB --count here: the kernel maps a copied
# file's pages in larger pieces).
cargo install --quiet --locked --path . --root "$OUT/install" --target-dir target --force
cargo build --release --example tiktoken_rs_count
BIN=$OUT/install/bin
SMALL=$OUT/small.txt
[[ -f $SMALL && $(stat -c %s "$SMALL") -eq 10240 ]] || python3 bench/gen_input.py "$SMALL" 10240 1

# --- a) 10 KiB --count ------------------------------------------------------------------------
# Also through a symlink named ctx-truncate, as README suggests for pipes: `ctx` runs as the
# tool its name says, without the thin entry point's exec.
mkdir -p "$OUT/links"
ln -sf "$PWD/$BIN/ctx" "$OUT/links/ctx-truncate"
hyperfine -N --warmup 20 --min-runs 200 --export-json "$OUT/tokens-small.json" \
    "$BIN/ctx-truncate --count $SMALL" "$BIN/ctx truncate --count $SMALL" "wc -c $SMALL" \
    "$BIN/ctx --version" "$OUT/links/ctx-truncate --count $SMALL" >&2
rss() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; }
RSS_TRUNCATE=$(rss "$BIN/ctx-truncate" --count "$SMALL")
RSS_CTX=$(rss "$BIN/ctx" truncate --count "$SMALL")
RSS_WC=$(rss wc -c "$SMALL")

# --- b) 8 MB of prose, exact o200k ------------------------------------------------------------
PROSE=$OUT/prose-8mb.txt
python3 bench/gen_prose.py "${CTX_CORPUS:-../shared/corpus}/outputs" "$PROSE" 8000000
VOCAB=$(cargo metadata --format-version 1 | python3 -c '
import json, os, sys
m = json.load(sys.stdin)
tk = next(p for p in m["packages"] if p["name"] == "tiktoken-rs")
print(os.path.join(os.path.dirname(tk["manifest_path"]), "assets", "o200k_base.tiktoken"))')
VENV=$OUT/venv
PY=$VENV/bin/python
[[ -x $PY ]] || python3 -m venv "$VENV"
"$PY" -m pip install --quiet tiktoken
cat > "$OUT/tiktoken_count.py" <<'PY'
import sys
sys.path.insert(0, "bench")
from semchunk_bench import o200k_offline
enc = o200k_offline(sys.argv[1])
print(len(enc.encode_ordinary(open(sys.argv[2], encoding="utf-8").read())))
PY
OURS=$("$BIN/ctx-truncate" --count "$PROSE")
THEIRS=$("$PY" "$OUT/tiktoken_count.py" "$VOCAB" "$PROSE")
[[ $OURS == "$THEIRS" ]] || { echo "counts differ: ctx $OURS, tiktoken $THEIRS" >&2; exit 1; }
cp target/$(rustc --print host-tuple)/release/examples/tiktoken_rs_count "$BIN/"   # a copy too, as ours are
RS=$BIN/tiktoken_rs_count
[[ $OURS == "$("$RS" "$PROSE")" ]] || { echo "counts differ: ctx $OURS, tiktoken-rs $("$RS" "$PROSE")" >&2; exit 1; }
hyperfine -N --warmup 2 --runs 10 --export-json "$OUT/tokens-prose.json" \
    "$BIN/ctx-truncate --count $PROSE" "$PY $OUT/tiktoken_count.py $VOCAB $PROSE" "$RS $PROSE" >&2

# --- c) the stream ----------------------------------------------------------------------------
STREAM_CMD="head -c $STREAM_SIZE /dev/zero | tr '\\0' 'a' | $BIN/ctx-truncate --max-tokens 4000 | wc -c"
STREAM=$( { /usr/bin/time -f '%e %M' sh -c "$STREAM_CMD" >/dev/null; } 2>&1 | tail -1)

export RSS_TRUNCATE RSS_CTX RSS_WC OURS PROSE STREAM STREAM_CMD SMALL
python3 - >"$OUT/tokens.md" <<'PY'
import json, os
e = os.environ
def means(path):
    return [(r["command"], r["mean"], r["stddev"], r.get("user", 0) + r.get("system", 0)) for r in json.load(open(path))["results"]]
small, prose = means("bench/out/tokens-small.json"), means("bench/out/tokens-prose.json")
wc = small[2][1]
print(f"# Token counting\n\nRun by `bash bench/tokens.sh`; load average {open('/proc/loadavg').read().split()[0]} at the end.\n")
print("| 10 KiB `--count` | mean ms | ± | vs `wc -c` | peak RSS KB |\n|---|---|---|---|---|")
for (cmd, m, sd, _), rss in zip(small, [e["RSS_TRUNCATE"], e["RSS_CTX"], e["RSS_WC"], "-", "-"]):
    print(f"| `{cmd}` | {m*1e3:.2f} | {sd*1e3:.2f} | {m/wc:.2f}x | {rss} |")
print(f"\n| 8 MB prose, o200k ({int(e['OURS']):,} tokens, identical) | wall s | user+sys s |\n|---|---|---|")
for cmd, m, sd, cpu in prose:
    print(f"| `{cmd}` | {m:.3f} ± {sd:.3f} | {cpu:.3f} |")
print(f"\nctx / tiktoken process time (user+sys): {prose[0][3]/prose[1][3]:.2f}x; wall: {prose[0][1]/prose[1][1]:.2f}x")
print(f"ctx / tiktoken-rs process time (user+sys): {prose[0][3]/prose[2][3]:.2f}x; wall: {prose[0][1]/prose[2][1]:.2f}x")
secs, kb = e["STREAM"].split()
print(f"\nStream: `{e['STREAM_CMD']}`: {secs} s, peak RSS {kb} KB ({int(kb)/1024:.1f} MiB; the largest process of the pipeline)")
PY
cat "$OUT/tokens.md"
