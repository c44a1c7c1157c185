#!/usr/bin/env bash
# Builds the engine for the browser (WebAssembly) and the page into web/dist/.
#
# With rustup's wasm32-unknown-unknown target installed (`rustup target add
# wasm32-unknown-unknown`) it builds with that. Otherwise it uses Debian's toolchain for
# browser builds, which needs nothing from rustup: rustc-web and cargo-web compile the standard
# library for the target from rust-web-src (-Z build-std; its few crates come from crates.io or
# cargo's cache) and lld's wasm-ld links; it installs them when missing.
set -euo pipefail
cd "$(dirname "$0")"
# The crate is a member of the root workspace (its profile "web" is in the root Cargo.toml);
# its WebAssembly builds keep a target directory of their own, since they may use another
# compiler than the native builds.
export CARGO_TARGET_DIR="$PWD/target"

target=wasm32-unknown-unknown
# 128-bit SIMD, which every current browser runs (Chrome 91, Firefox 89, Safari 16.4 and
# later): the network's loops over its hidden layer vectorise, as they do natively.
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C target-feature=+simd128"
if command -v rustup >/dev/null 2>&1 && rustup target list --installed 2>/dev/null | grep -qx "$target"; then
    cargo build -p mingmang-web --profile web --target "$target"
else
    need=()
    for p in rustc-web cargo-web rust-web-src lld; do
        dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
    done
    if [ ${#need[@]} -gt 0 ]; then
        if [ "$(id -u)" -ne 0 ]; then
            echo "build.sh: install ${need[*]} (apt-get install ${need[*]}) or rustup's $target target" >&2
            exit 1
        fi
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -q >/dev/null
        apt-get install -y -q "${need[@]}" >/dev/null
    fi
    # Debian's cargo and rustc first: rustup's, if any, lack the target's std and its source.
    export PATH=/usr/bin:/usr/lib/llvm-14/bin:$PATH
    export RUSTC=/usr/bin/rustc
    # -Z build-std is a nightly flag; this lets Debian's stable compiler accept it.
    export RUSTC_BOOTSTRAP=1
    export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld
    cargo build -p mingmang-web --profile web --target "$target" -Z build-std=std,panic_abort
fi

rm -rf dist
mkdir -p dist
cp "target/$target/web/mingmang_web.wasm" dist/mingmang.wasm
cp index.html style.css app.js board.js clock.js ending.js sounds.js review.js record.js rulesText.js engine-client.js engine-core.js engine-worker.js rules.js \
    manifest.webmanifest icon.svg dist/
# The service worker caches every file for offline play; its cache is named after the
# build's contents, so a new build replaces the old cache.
files=$(cd dist && ls | sort)
version=$(cd dist && cat $files | sha256sum | cut -c1-16)
list=$(printf '"./%s",' $files)
sed -e "s|__VERSION__|$version|" -e "s|\"__FILES__\"|\"./\",${list%,}|" sw.js > dist/sw.js
echo "built web/dist ($(wc -c < dist/mingmang.wasm) bytes of WebAssembly, cache $version)"
