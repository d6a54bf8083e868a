#!/usr/bin/env bash
# Runs each small failing project under projects/ with its real tool and saves the tool's own
# output (stdout and stderr, as an agent's shell tool would see them) under outputs/. A project
# whose tool is missing is skipped with a note; the outputs already committed stay.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/outputs"
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$here/projects/." "$work/"
# The C project is 300 one-line files, written here rather than kept: part120.c does not
# compile, every 37th file has an unused variable, and make -k goes on past the error.
mkdir -p "$work/c-make/src"
python3 - "$work/c-make" <<'PY'
import sys
root = sys.argv[1]
objs = []
for i in range(300):
    body = f"int part_{i}(int x) {{ return x + {i}; }}\n"
    if i == 120:
        body = f"int part_{i}(int x) {{ return x + y; }}\n"
    if i % 37 == 5:
        body = f"int part_{i}(int x) {{ int unused; return x + {i}; }}\n"
    open(f"{root}/src/part{i}.c", "w").write(body)
    objs.append(f"src/part{i}.o")
rules = "all: app\n\napp: $(OBJS)\n\t$(CC) -o $@ $(OBJS)\n\n%.o: %.c\n\t$(CC) $(CFLAGS) -c $< -o $@\n"
open(f"{root}/Makefile", "w").write("CFLAGS = -Wall -O0\nOBJS = " + " ".join(objs) + "\n\n" + rules)
PY

run() { # name tool command...
    local name=$1 tool=$2
    shift 2
    if ! command -v "$tool" >/dev/null; then
        echo "skip $name: $tool is not installed" >&2
        return
    fi
    (cd "$work/${name%%.*}" && "$@") >"$out/$name" 2>&1
    echo "$name: exit $?, $(wc -l <"$out/$name") lines" >&2
}

export CARGO_TERM_COLOR=never NO_COLOR=1 CARGO_TARGET_DIR="$work/target"
run cargo-test.log cargo cargo test --offline --no-fail-fast
run cargo-build.log cargo cargo build --offline
run pytest.log pytest python3 -m pytest -v -p no:cacheprovider --junitxml=report.xml
[ -f "$work/pytest/report.xml" ] && python3 -c "import sys; print(open(sys.argv[1]).read().replace('><', '>\n<'))" "$work/pytest/report.xml" >"$out/junit.xml"
run c-make.log make make -k
run node-test.log node node --test --test-reporter=tap
run go-test.log go env GOFLAGS=-mod=mod GOPROXY=off go test -v ./...
