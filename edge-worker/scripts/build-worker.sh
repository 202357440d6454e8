#!/usr/bin/env bash
# Prepares the worker's build inputs: generated/config.js for one environment and wasm/core.{mjs,wasm}
# from the core's WebAssembly build. Usage: build-worker.sh [local|production] (default local).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
repo="$(cd "$here/.." && pwd)"
environment="${1:-local}"

node "$here/scripts/bundle-config.mjs" "$environment"

mkdir -p "$here/wasm"
# SR_WASM_DIR points at another core build (as for the tests/node suites), e.g. a helper's own.
built="${SR_WASM_DIR:-$repo/build/wasm-release}"
if [ -f "$built/core.mjs" ] && [ -f "$built/core.wasm" ]; then
  cp "$built/core.mjs" "$built/core.wasm" "$here/wasm/"
  echo "build-worker: core.wasm $(wc -c < "$here/wasm/core.wasm") bytes"
else
  # Without the core build the worker still serves routing, keys and limits; engine-backed
  # endpoints answer 500 "the quote engine is not available" until `npm run build` has run.
  echo "build-worker: $built/core.{mjs,wasm} not built; using an engine-less placeholder" >&2
  printf 'export default async function createCore() { return {}; }\n' > "$here/wasm/core.mjs"
  printf '\x00asm\x01\x00\x00\x00' > "$here/wasm/core.wasm"
fi
