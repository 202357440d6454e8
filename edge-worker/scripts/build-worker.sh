#!/usr/bin/env bash
# Prepares the worker's build inputs: generated/config.js for one environment and wasm/core.{mjs,wasm}
# from the core's WebAssembly build. Usage: build-worker.sh [local|production] (default local).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
repo="$(cd "$here/.." && pwd)"
environment="${1:-local}"

node "$here/scripts/bundle-config.mjs" "$environment"
# The API reference GET /docs serves, rendered from openapi.json (cached in build/api-docs/).
node "$here/scripts/build-docs.mjs"

mkdir -p "$here/wasm"
# SR_WASM_DIR points at another core build (as for the tests/node suites), e.g. a helper's own.
built="${SR_WASM_DIR:-$repo/build/wasm-release}"
if [ ! -f "$built/core.mjs" ] || [ ! -f "$built/core.wasm" ]; then
  # A worker without its core answers nothing that matters; refuse to bundle one.
  echo "build-worker: $built/core.{mjs,wasm} not built; run npm run build (or bash scripts/build.sh --wasm-only) first" >&2
  exit 1
fi
cp "$built/core.mjs" "$built/core.wasm" "$here/wasm/"
echo "build-worker: core.wasm $(wc -c < "$here/wasm/core.wasm") bytes"
