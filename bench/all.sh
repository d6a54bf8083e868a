#!/usr/bin/env bash
# Runs every benchmark and assembles bench/BENCHMARKS.md from their reports:
#   bench/run.sh          ctx-truncate: start-up, throughput, memory (against head, tail, wc)
#   bench/chunk-score.sh  ctx-chunk against text-splitter and semchunk; ctx-score throughput
#   bench/llm.sh          ctx-summarize's LLM client: concurrency and cost per call (loopback server)
#   bench/compact.sh      ctx-compact: token savings, throughput on 1 GB of JSONL against jq, memory
#   bench/structure.sh    --from html|json: time against python3's html.parser and jq, tokens saved
#   bench/replay.sh       ctx-compact before every request: prefix stability and LLM calls, with and without --state
#   bench/reallogs.sh     the headline: decisive lines of real third-party logs (labelled by others) kept,
#                         every strategy against the peers' rules (needs the set built: see the script)
#   bench/fidelity.sh     a small regression set: decisive lines of our own projects' real tool outputs
#   bench/salient.sh      salient on 1 GiB of real log lines against grep -c error: speed and memory
#   bench/hook.sh         ctx hook claude: latency per event, fitting output and 1 MB
#   bench/size.sh         the installed size of the suite
#   bench/facts.sh        facts kept by history compaction against the newest records that fit
#   bench/docmem.sh       ctx-compact's peak memory on one JSON document of about 900 MB
#   bench/tokens.sh       token counting: 10 KiB --count against wc -c, 8 MB against tiktoken and tiktoken-rs, 10 GiB
# Each script can also be run alone; its report lands in bench/out/. ASSEMBLE_ONLY=1 skips the
# runs and only assembles the reports already in bench/out/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [ -z "${ASSEMBLE_ONLY:-}" ]; then
    bash bench/run.sh
    bash bench/chunk-score.sh
    bash bench/llm.sh
    bash bench/compact.sh
    bash bench/structure.sh
    bash bench/replay.sh
    if [ -f bench/out/reallogs/needles.jsonl ] || [ -n "${CTX_REALLOGS_MIRRORS:-}" ]; then
        bash bench/reallogs.sh
    else
        echo "bench/reallogs.sh not run: fetch the repositories of ../shared/reallogs/README.md and name their directory in CTX_REALLOGS_MIRRORS" >&2
    fi
    bash bench/fidelity.sh
    bash bench/salient.sh
    bash bench/hook.sh
    bash bench/size.sh
    bash bench/facts.sh
    bash bench/docmem.sh
    bash bench/tokens.sh
fi
{
    echo "# Benchmarks"
    echo
    echo "Assembled by \`bash bench/all.sh\` from the reports of \`bench/run.sh\`, \`bench/chunk-score.sh\`,"
    echo "\`bench/llm.sh\`, \`bench/compact.sh\`, \`bench/structure.sh\`, \`bench/replay.sh\`, \`bench/reallogs.sh\`, \`bench/fidelity.sh\`, \`bench/salient.sh\`, \`bench/hook.sh\`, \`bench/size.sh\` and \`bench/facts.sh\`; each section says when it was run and on what. Every figure comes from those runs."
    echo "The machine has 2 cores shared by producer and consumer in the pipe runs: figures vary by 20-40% between runs."
    echo
    sed 's/^#/##/' bench/out/truncate.md
    echo
    cat bench/out/chunk-score.md
    echo
    sed 's/^#/##/' bench/out/llm.md
    echo
    sed 's/^#/##/' bench/out/compact.md
    echo
    sed 's/^#/##/' bench/out/structure.md
    echo
    sed 's/^#/##/' bench/out/replay.md
    echo
    if [ -f bench/out/reallogs.md ]; then
        sed 's/^#/##/' bench/out/reallogs.md
        echo
    fi
    sed 's/^#/##/' bench/out/fidelity.md
    echo
    sed 's/^#/##/' bench/out/salient.md
    echo
    sed 's/^#/##/' bench/out/hook.md
    echo
    sed 's/^#/##/' bench/out/size.md
    echo
    sed 's/^#/##/' bench/out/facts.md
    echo
    sed 's/^#/##/' bench/out/docmem.md
    echo
    sed 's/^#/##/' bench/out/tokens.md
} > bench/BENCHMARKS.md
echo "report: bench/BENCHMARKS.md"
