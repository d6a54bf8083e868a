#!/usr/bin/env bash
# Fact retention of ctx-compact's history compaction (offline: the extractive record) on the
# corpus sessions, at 50%, 25% and 10% of each session, side by side with keeping the newest
# records that fit (bench/facts.py says how facts are read and counted). Report: bench/out/facts.md.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.."
cargo build --release --quiet --bin ctx --bin ctx-compact
corpus=../shared/corpus/transcripts
mkdir -p bench/out
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
{
    echo "# Fact retention of history compaction"
    echo
    echo "Run by \`bash bench/facts.sh\` on $(date -u +%F) at $(git rev-parse --short HEAD): the facts an agent needs (the user's instructions, the commands run, the files named in tool calls, the first error line of each failed result), read from each corpus session, kept in the compacted output (no LLM: the extractive record) and in the newest records that fit the same target, both measured in o200k tokens by ctx-compact's own count. Goal (issue 13): ahead at every target."
    echo
    python3 bench/facts.py target/$(rustc --print host-tuple)/release "$work" \
        "$corpus/claude-code/5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl" \
        "$corpus/codex/rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl" \
        "$corpus/swe-agent/marshmallow-code__marshmallow-1867.traj"
} > bench/out/facts.md
cat bench/out/facts.md
