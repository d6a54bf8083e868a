#!/usr/bin/env bash
# Fact retention of ctx-compact's history compaction (offline: the extractive record) on the
# corpus sessions, at 50%, 25% and 10% of each session, side by side with keeping the newest
# records that fit (bench/facts.py says how facts are read and counted). Report: bench/out/facts.md.
# BIN_DIR=DIR uses binaries built elsewhere (default: a release build of this tree).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.."
if [ -z "${BIN_DIR:-}" ]; then
    cargo build --release --quiet --bin ctx --bin ctx-compact
    BIN_DIR=target/$(rustc --print host-tuple)/release
fi
corpus=${CTX_CORPUS:-../shared/corpus}/transcripts
mkdir -p bench/out
work=$(mktemp -d)
# The store's path is named in the summary, so its length is part of the output's size: a fixed
# path keeps the figures from changing with the length of a random one.
store=/tmp/ctx-facts-bench-store
trap 'rm -rf "$work" "$store"' EXIT
rm -rf "$store"
{
    echo "# Fact retention of history compaction"
    echo
    echo "Run by \`bash bench/facts.sh\` on $(date -u +%F) at $(git rev-parse --short HEAD): the facts an agent needs (the user's instructions, the commands run, the files named in tool calls, the first error line of each failed result), read from what the model is sent of each corpus session (no subagent lines, no \`toolUseResult\` copies), kept in what the model is sent of the compacted output (no LLM: the extractive record) and of the newest records that fit the same target, both measured in o200k tokens by ctx-compact's own count, with the store at \`$store\`. Goal (issues 13 and 23): at least even at 50%, ahead at every smaller target."
    echo
    python3 bench/facts.py "$BIN_DIR" "$work" "$store" \
        "$corpus/claude-code/5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl" \
        "$corpus/codex/rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl" \
        "$corpus/swe-agent/marshmallow-code__marshmallow-1867.traj"
} > bench/out/facts.md
cat bench/out/facts.md
