#!/usr/bin/env bash
# Peak memory of ctx-compact on one large JSON document (issue 13: "memory stays within about
# twice the largest record"; a one-line request body is one record as a file is read): a
# one-line OpenAI body holding about DOC_SIZE of tool output (default 800M; with its JSON the file
# comes out near 900 MB) from bench/gen_body.py, through --check,
# pruning and history compaction, each under /usr/bin/time; each output is restored from the
# store and compared with the input. Report: bench/out/docmem.md.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
OUT=bench/out
mkdir -p "$OUT"
SIZE=${DOC_SIZE:-800M}
BYTES=$(numfmt --from=iec "$SIZE")
cargo build --release --quiet --locked --bin ctx
BIN=target/$(rustc --print host-tuple)/release/ctx
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
BIG=$WORK/body.json
python3 bench/gen_body.py "$BIG" "$BYTES"
INPUT=$(stat -c %s "$BIG")
ROWS=$WORK/rows
: >"$ROWS"
# One row: label, the command, peak RSS, wall and user seconds, output size, restored or not.
run() {
    local label=$1 out=$2
    shift 2
    local t
    t=$( { /usr/bin/time -f '%M %e %U' "$@" >/dev/null; } 2>&1 | tail -1)
    local size=- restored=-
    if [[ -n $out ]]; then
        size=$(stat -c %s "$out")
        if "$BIN" compact --restore "$out" --store "$WORK/store" | cmp -s - "$BIG"; then restored=yes; else restored=NO; fi
    fi
    echo "$label|$t|$size|$restored" >>"$ROWS"
}
run "--check" "" "$BIN" compact --check "$BIG"
# Results past the newest 100 M tokens are pruned: about half of the body.
run "prune" "$WORK/prune.json" "$BIN" compact -q --force --protect 100000000 -o "$WORK/prune.json" --store "$WORK/store" "$BIG"
run "history" "$WORK/history.json" "$BIN" compact -q --force --no-prune --max-tokens 100000000 -o "$WORK/history.json" --store "$WORK/store" "$BIG"
export INPUT ROWS SIZE
export COMMIT=$(git rev-parse --short HEAD)
python3 - >"$OUT/docmem.md" <<'PY'
import os
e = os.environ
inp = int(e["INPUT"])
print("# Peak memory on one large JSON document\n")
print(f"Run by `bash bench/docmem.sh` (DOC_SIZE={e['SIZE']}) at {e['COMMIT']}: a one-line OpenAI request body of {inp:,} bytes "
      "from `bench/gen_body.py`, each command under `/usr/bin/time`; every output restored from the store "
      "(`ctx compact --restore OUT --store STORE`) and compared with the input byte for byte.\n")
print("| run | peak RSS MiB | RSS / input | RSS / (input + output) | wall s | user s | output bytes | restores |")
print("|---|---|---|---|---|---|---|---|")
for row in open(e["ROWS"]):
    label, t, size, restored = row.rstrip("\n").split("|")
    kb, wall, user = t.split()
    rss = int(kb) * 1024
    out = int(size) if size != "-" else 0
    both = f"{rss / (inp + out):.2f}" if out else "-"
    print(f"| `{label}` | {rss / 2**20:,.0f} | {rss / inp:.2f} | {both} | {wall} | {user} | {size} | {restored} |")
PY
cat "$OUT/docmem.md"
