#!/usr/bin/env bash
# Installed size: `cargo install --locked --path .` into a fresh root, the files it installs
# and their total, side by side with the same install of BASELINE (default c15d3af, the last
# commit before the filters became names of one `ctx` binary), in one run.
# Report: bench/out/size.md.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.."
baseline=${BASELINE:-c15d3af}
mkdir -p bench/out
work=$(mktemp -d)
trap 'git worktree remove --force "$work/base" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
install() { # root path target-dir
    CARGO_TARGET_DIR=$3 cargo install --quiet --locked --path "$2" --root "$1" >&2
}
# The current tree reuses target/ (its release build); the baseline builds in a target of its
# own, so that neither overwrites the other's binaries.
install "$work/now" . "$PWD/target"
git worktree add --quiet --detach "$work/base" "$baseline"
install "$work/base" "$work/base" "$PWD/target/size-baseline"
table() { # root
    for f in "$1"/bin/*; do
        printf '| %s | %s |\n' "$(basename "$f")" "$(stat -c %s "$f" | python3 -c 'import sys; print(f"{int(sys.stdin.read())/1e6:.1f}")')"
    done
    printf '| **total** | **%s** |\n' "$(du -sb "$1/bin" | cut -f1 | python3 -c 'import sys; print(f"{int(sys.stdin.read())/1e6:.1f}")')"
}
{
    echo "# Installed size"
    echo
    echo "Run by \`bash bench/size.sh\` on $(date -u +%F): \`cargo install --locked --path .\` of $(git rev-parse --short HEAD) and of $baseline, each into a fresh root, on $(uname -m); sizes in MB (10^6 bytes). Goal (issue 15): the whole suite at most 60 MB."
    echo
    echo "| file (now) | MB |"
    echo "|---|---|"
    table "$work/now"
    echo
    echo "| file ($baseline) | MB |"
    echo "|---|---|"
    table "$work/base"
} > bench/out/size.md
cat bench/out/size.md
