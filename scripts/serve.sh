#!/usr/bin/env bash
# Serves the API locally: builds the worker's inputs for the local environment and runs
# `wrangler dev` on http://127.0.0.1:8787 with Durable Object state kept under .wrangler/.
# Run by `npm start` after the builds; alone it needs build/wasm-release (scripts/build.sh).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash edge-worker/scripts/build-worker.sh local
cd edge-worker
echo "serve: http://127.0.0.1:8787 (try: curl -H 'x-api-key: dev-key-acme' http://127.0.0.1:8787/v1/chains)"
exec ../node_modules/.bin/wrangler dev --env local --ip 127.0.0.1 --port "${PORT:-8787}" \
  --persist-to ../.wrangler/state --show-interactive-dev-session=false "$@"
