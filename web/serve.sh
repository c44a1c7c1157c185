#!/usr/bin/env bash
# Builds the page and serves it at http://localhost:${PORT:-8000}/ (any static file server
# will do: the page needs nothing but files).
set -euo pipefail
cd "$(dirname "$0")"
./build.sh
echo "open http://localhost:${PORT:-8000}/"
exec python3 -m http.server --bind 127.0.0.1 --directory dist "${PORT:-8000}"
