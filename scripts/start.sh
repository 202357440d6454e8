#!/usr/bin/env bash
# Installs what is missing, builds, and (once the edge worker exists) serves the API locally.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/bootstrap.sh
bash scripts/build.sh --wasm-only  # the native test build is not needed to serve
if [ -f edge-worker/wrangler.toml ]; then
  exec bash scripts/serve.sh
fi
echo "start: built build/wasm-release/{verifier,core}.{mjs,wasm}"
