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

cargo build --release
# The wasm crate's own checks, on this machine's target.
if cargo fmt --version >/dev/null 2>&1; then
    cargo fmt --manifest-path web/Cargo.toml --check
fi
if cargo clippy --version >/dev/null 2>&1; then
    cargo clippy --manifest-path web/Cargo.toml --all-targets -- -D warnings
fi
cargo test --manifest-path web/Cargo.toml
web/build.sh
cd web
# npm's cache stays in the clone.
npm ci --no-audit --no-fund --cache "$PWD/.npm-cache"
CHROMIUM="$(command -v chromium)" npm test
