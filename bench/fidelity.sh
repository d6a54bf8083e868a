#!/usr/bin/env bash
# Fidelity: how many of the decisive lines of real tool outputs (bench/fidelity/outputs, made by
# bench/fidelity/generate.sh from the small failing projects in bench/fidelity/projects) each
# method keeps. The binaries come from CTX_BIN_DIR (default: a release build of this checkout).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ -z "${CTX_BIN_DIR:-}" ]; then
    (cd "$here/.." && cargo build --release --quiet --bin ctx-truncate --bin ctx-summarize)
    CTX_BIN_DIR="$here/../target/release"
fi
CTX_BIN_DIR=$(cd "$CTX_BIN_DIR" && pwd)
[ "${REGENERATE:-0}" = 1 ] && "$here/fidelity/generate.sh"
cd "$here/fidelity"
python3 measure.py "$CTX_BIN_DIR" outputs/*
