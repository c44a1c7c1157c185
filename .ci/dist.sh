#!/usr/bin/env bash
# Builds every release artifact of this checkout into one folder (default target/artifacts):
#
#   mingmang-VERSION-x86_64-linux.tar.gz   the engine and tools binaries (stripped, no debug
#                                          information), README, licences, rules, protocol
#   mingmang-VERSION-cp38-abi3-*.whl       the Python package (one manylinux2014 wheel, CPython 3.8 on)
#   mingmang-VERSION.tar.gz                the Python package's source distribution
#   mingmang-VERSION.tgz                   the npm package (rules library, engine worker, types)
#   mingmang-page-VERSION.zip              the page, static files for any web host
#   SHA256SUMS                             their checksums
#
# Installs what it needs where missing (maturin, auditwheel and zig in a virtual environment
# under target/, the WebAssembly toolchain through web/build.sh). .ci/artifacts.sh tests the result.
# Usage: .ci/dist.sh [OUT]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$(realpath -m "${1:-target/artifacts}")
version=$(sed -n '/^\[workspace.package\]/,/^\[/s/^version = "\(.*\)"$/\1/p' Cargo.toml)
[ -n "$version" ] || { echo "dist.sh: no version in Cargo.toml's [workspace.package]" >&2; exit 1; }
arch=$(uname -m)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
rm -rf "$out"
mkdir -p "$out"

python3 .ci/third_party.py "$stage/THIRD-PARTY.md"

# The engine: the binary hands match, datagen, tune, train and latency to mingmang-tools
# beside it, so both ship side by side.
cargo build --profile dist --locked -p mingmang -p mingmang-tools --bins
name="mingmang-$version-$arch-linux"
mkdir -p "$stage/$name/docs" "$stage/$name/protocol"
cp target/dist/mingmang target/dist/mingmang-tools README.md LICENSE CHANGELOG.md \
    "$stage/THIRD-PARTY.md" "$stage/$name/"
cp docs/rules.md "$stage/$name/docs/"
cp protocol/README.md "$stage/$name/protocol/"
tar -C "$stage" -czf "$out/$name.tar.gz" "$name"

# The Python package: maturin and auditwheel in a virtual environment of their own.
if ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    apt-get install -y -q python3-venv
fi
tools="$root/target/dist-tools"
if [ ! -x "$tools/bin/maturin" ] || [ ! -x "$tools/bin/auditwheel" ]; then
    rm -rf "$tools"
    python3 -m venv "$tools"
    "$tools/bin/python" -m pip install --quiet --upgrade pip
    "$tools/bin/python" -m pip install --quiet "maturin>=1.5,<2" "auditwheel>=6" ziglang
fi
# Linked by zig against glibc 2.17's symbols: the manylinux2014 tag, which every Linux pip
# installs on, without a manylinux container (maturin finds zig on the PATH).
PATH="$tools/bin:$PATH" "$tools/bin/maturin" build --locked --manifest-path python/Cargo.toml \
    --out "$out" --zig --compatibility manylinux2014
"$tools/bin/maturin" sdist --manifest-path python/Cargo.toml --out "$out"
for wheel in "$out"/*.whl; do
    # Fails on a wheel whose tag promises more than its symbols and libraries allow.
    "$tools/bin/auditwheel" show "$wheel"
done

# The page and the npm package, from one browser build.
web/build.sh
page="mingmang-page-$version"
cp -r web/dist "$stage/$page"
(cd "$stage" && python3 -m zipfile -c "$out/$page.zip" "$page")

npm="$stage/npm"
mkdir -p "$npm"
cp web/dist/mingmang.wasm web/engine-core.js web/engine-worker.js web/engine-client.js \
    web/rules.js web/node-worker.js web/package/index.js web/package/node.js \
    web/package/index.d.ts web/package/README.md LICENSE "$stage/THIRD-PARTY.md" "$npm/"
# The version is the workspace's, written into the package's manifest here alone.
python3 - "$version" web/package/package.json "$npm/package.json" <<'EOF'
import json, sys
version, source, target = sys.argv[1:]
manifest = json.load(open(source))
manifest["version"] = version
json.dump(manifest, open(target, "w"), indent=2)
EOF
(cd "$npm" && npm pack --quiet --pack-destination "$out" >/dev/null)

cd "$out"
sha256sum -- * > SHA256SUMS
echo "dist.sh: version $version in $out:"
ls -l --time-style=+ -- * | awk '{ printf "  %12d  %s\n", $5, $NF }'
echo "  binaries: mingmang $(stat -c %s "$root/target/dist/mingmang") bytes, mingmang-tools $(stat -c %s "$root/target/dist/mingmang-tools") bytes (stripped)"
