#!/usr/bin/env bash
# The Python package's CI: builds and installs it from this checkout into a
# fresh virtual environment (the one command a user runs: pip install ./python), with the
# OpenSpiel, PettingZoo and pytest packages its tests use, and runs those tests against the
# native release binary. Runs after the cargo tests, from any directory, with no standard input.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's python3 needs its venv module installed separately.
if ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    apt-get install -y -q python3-venv
fi

# The crate's fmt, clippy and cargo tests run with the workspace's (.ci/run).
# The tests compare the package with the native engine.
cargo build --release --quiet --bin mingmang
export MINGMANG_BIN="$PWD/target/release/mingmang"

venv="$(mktemp -d)/venv"
trap 'rm -rf "$(dirname "$venv")"' EXIT
python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install --quiet "./python[test]"

# From the repository's root, so that the installed package is imported, not python/mingmang.
status=0
"$venv/bin/python" -m pytest -q python/tests || status=$?
if [ "$status" -eq 5 ]; then
    echo "python tests: pytest collected no tests" >&2
    exit 1
fi
exit "$status"
