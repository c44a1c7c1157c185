#!/usr/bin/env bash
# Tests the release artifacts that .ci/dist.sh built, each as a user gets it, away from the
# checkout's build:
#   - the engine tarball, unpacked elsewhere: the protocol, GTP and perft tests drive its binary;
#   - the wheel, in a fresh virtual environment with no cargo on the PATH: the Python tests;
#   - the npm package, installed into a scratch project: rules and search in Node, and the
#     worker in Chromium (web/tests/package.test.js);
#   - the page's zip, unpacked and served as plain files: the browser tests in Chromium.
# Each fails if its artifact lacks a file it needs. Installs Chromium and Node where missing.
# Usage: .ci/artifacts.sh [DIR]   (default target/artifacts)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
dir=$(realpath "${1:-target/artifacts}")
version=$(sed -n '/^\[workspace.package\]/,/^\[/s/^version = "\(.*\)"$/\1/p' Cargo.toml)
export MINGMANG_VERSION="$version"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || missing+=(python3-venv)
if [ ${#missing[@]} -gt 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    apt-get install -y -q "${missing[@]}"
fi

# One artifact of each kind, named as dist.sh names them.
one() {
    local found=("$dir"/$1)
    [ ${#found[@]} -eq 1 ] && [ -f "${found[0]}" ] || { echo "artifacts.sh: no single $1 in $dir" >&2; exit 1; }
    echo "${found[0]}"
}
# Fails unless the listing on stdin holds every path given.
holds() {
    local what=$1 listing
    shift
    listing=$(cat)
    for path in "$@"; do
        grep -qxF "$path" <<<"$listing" || { echo "artifacts.sh: $what lacks $path" >&2; exit 1; }
    done
}
tarball=$(one "mingmang-$version-*-linux.tar.gz")
wheel=$(one "mingmang-$version-cp38-abi3-*.whl")
sdist=$(one "mingmang-$version.tar.gz")
npm_package=$(one "mingmang-$version.tgz")
page_zip=$(one "mingmang-page-$version.zip")
(cd "$dir" && sha256sum --check --quiet SHA256SUMS)
# The README's install table names these very files: a renamed artifact fails here.
readme_names=$(sed -n '/^## Install/,/^## /p' README.md | grep -oE 'mingmang-[A-Za-z0-9._-]+\.(zip|tar\.gz|whl|tgz)' | sort -u)
[ -n "$readme_names" ] || { echo "artifacts.sh: README's Install section names no artifact" >&2; exit 1; }
for file in $readme_names; do
    [ -f "$dir/$file" ] || { echo "artifacts.sh: README's Install section names $file, which dist.sh did not build" >&2; exit 1; }
done

echo "== the engine tarball"
name=$(basename "$tarball" .tar.gz)
tar -tzf "$tarball" | holds "$(basename "$tarball")" "$name/mingmang" "$name/mingmang-tools" \
    "$name/README.md" "$name/LICENSE" "$name/THIRD-PARTY.md" "$name/CHANGELOG.md" \
    "$name/docs/rules.md" "$name/protocol/README.md"
tar -xzf "$tarball" -C "$scratch"
bin="$scratch/$name/mingmang"
"$bin" --version | grep -q "^mingmang $version " || { echo "artifacts.sh: $bin --version is not $version" >&2; exit 1; }
if readelf -S "$bin" | grep -q '\.debug_'; then
    echo "artifacts.sh: the shipped binary carries debug information" >&2
    exit 1
fi
MINGMANG_BIN="$bin" cargo test --release --quiet --test protocol --test gtp --test perft_cli \
    --test match_mingmang
# The other tests compare with the shipped binary too.
export MINGMANG_BIN="$bin"

echo "== the Python sdist"
tar -tzf "$sdist" | holds "$(basename "$sdist")" "mingmang-$version/PKG-INFO" \
    "mingmang-$version/pyproject.toml" "mingmang-$version/python/Cargo.toml" \
    "mingmang-$version/python/src/lib.rs" "mingmang-$version/src/lib.rs" \
    "mingmang-$version/crates/rules/src/lib.rs" "mingmang-$version/LICENSE"
if tar -tzf "$sdist" | grep -E '/docs/matches/|\.png$|/tests/.*\.rs$'; then
    echo "artifacts.sh: the sdist holds match journals, pictures or engine tests" >&2
    exit 1
fi

echo "== the wheel"
python3 -m zipfile -l "$wheel" | awk 'NR > 1 { print $1 }' | holds "$(basename "$wheel")" \
    mingmang/__init__.py mingmang/_mingmang.abi3.so mingmang/_mingmang.pyi mingmang/py.typed
venv="$scratch/venv"
python3 -m venv "$venv"
# Only the environment's own programs: no cargo, no rustc, nothing to build from source.
(
    export PATH="$venv/bin"
    if command -v cargo >/dev/null 2>&1; then echo "artifacts.sh: cargo is on the PATH" >&2; exit 1; fi
    python -m pip install --quiet --upgrade pip
    python -m pip install --quiet "$wheel[test]"
    python -c "import mingmang, sys; sys.exit(mingmang.__version__ != '$version')"
    # From the scratch folder, so that the installed package is imported, not python/mingmang.
    cd "$scratch"
    status=0
    python -m pytest -q -p no:cacheprovider "$root/python/tests" || status=$?
    [ "$status" -ne 5 ] || { echo "python tests: pytest collected no tests" >&2; exit 1; }
    exit "$status"
)

echo "== the npm package"
project="$scratch/npm-project"
mkdir -p "$project"
cp web/tests/package.test.js "$project/"
(
    cd "$project"
    printf '{ "name": "scratch", "private": true, "type": "module" }\n' > package.json
    # playwright-core at the browser tests' version; npm's cache stays in the clone.
    playwright=$(node -p "require('$root/web/package.json').devDependencies['playwright-core']")
    npm install --no-audit --no-fund --cache "$root/web/.npm-cache" "$npm_package" \
        "playwright-core@$playwright" typescript@5 >/dev/null
    # The declarations type-check a program that uses the package's whole surface.
    cat > uses.ts <<'EOF'
import { EngineClient, loadRules, RulesError, startEngine, type GameState } from 'mingmang';
const rules = await loadRules();
const game = rules.newGame({ Variant: 'gala' });
const state: GameState = game.play(game.state().legal[0]);
const legal: string[] = state.legal;
const won: boolean = state.outcome.status === 'p1win';
const perft: number = game.perft(2);
const engine: EngineClient = startEngine();
const unlisten: () => void = engine.listen((line: string) => void line);
const lines: Promise<string[]> = engine.request('isready', (l) => l === 'readyok');
const refused: Error = new RulesError('x');
void [legal, won, perft, unlisten, lines, refused, rules.info.engineOptions[0].range];
EOF
    npx tsc --noEmit --strict --target es2022 --module nodenext --moduleResolution nodenext uses.ts
    CHROMIUM="$(command -v chromium)" node --test package.test.js
)

echo "== the page"
python3 -m zipfile -e "$page_zip" "$scratch"
page="$scratch/$(basename "$page_zip" .zip)"
for file in index.html app.js engine-worker.js engine-core.js mingmang.wasm sw.js manifest.webmanifest; do
    [ -f "$page/$file" ] || { echo "artifacts.sh: the page's zip lacks $file" >&2; exit 1; }
done
cd web
npm ci --no-audit --no-fund --cache "$PWD/.npm-cache" >/dev/null
MINGMANG_WEB_DIST="$page" CHROMIUM="$(command -v chromium)" npm test
