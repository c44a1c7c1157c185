#!/usr/bin/env bash
# The browser build and its tests: installs Chromium, Node and the WebAssembly toolchain where
# missing, builds the native engine (the tests' reference) and the page, then runs the tests
# in headless Chromium. Runs from a clean clone with no standard input.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
if ! (command -v rustup >/dev/null 2>&1 && rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown); then
    # No rustup target: Debian's toolchain for browser builds (see web/build.sh).
    for p in rustc-web cargo-web rust-web-src lld; do
        dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
    done
fi
if [ ${#missing[@]} -gt 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    apt-get install -y -q "${missing[@]}"
fi

# The native engine (the tests' reference); the wasm crate's own checks and tests run with the
# workspace's (.ci/run).
cargo build --release
web/build.sh
cd web
# npm's cache stays in the clone.
npm ci --no-audit --no-fund --cache "$PWD/.npm-cache"
CHROMIUM="$(command -v chromium)" npm test
