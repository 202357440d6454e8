#!/usr/bin/env bash
# Serves the API locally: starts the local chain stack (anvil nodes, contracts, reference solver;
# skip with SR_LOCAL_CHAINS=0), builds the worker's inputs for the local environment and runs
# `wrangler dev` on http://127.0.0.1:8787 with Durable Object state kept under .wrangler/.
# Run by `npm start` after the builds; alone it needs build/wasm-release (scripts/build.sh).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mkdir -p .wrangler

stack_pid=""
dev_pid=""
stop() { if [ -n "$1" ]; then kill "$1" 2>/dev/null || true; wait "$1" 2>/dev/null || true; fi; }
cleanup() { stop "$dev_pid"; stop "$stack_pid"; }
trap cleanup EXIT
trap 'exit 130' INT TERM

if [ "${SR_LOCAL_CHAINS:-1}" != 0 ] && [ -f scripts/chains/local.mjs ]; then
  log=.wrangler/local-chains.log
  echo "serve: starting the local chains (log: $log)"
  node scripts/chains/local.mjs > "$log" 2>&1 &
  stack_pid=$!
  for _ in $(seq 1 240); do
    if grep -q "^configuration in" "$log" 2>/dev/null; then break; fi
    if ! kill -0 "$stack_pid" 2>/dev/null; then break; fi
    sleep 0.5
  done
  if grep -q "^configuration in" "$log" 2>/dev/null; then
    export SR_LOCAL_CHAINS_DIR="$PWD/build/local-chains"
    grep -E "^Anvil|chain [0-9]+ at" "$log" || true
  else
    echo "serve: the local chains did not come up (see $log); serving without them" >&2
    stop "$stack_pid"
    stack_pid=""
  fi
fi

bash edge-worker/scripts/build-worker.sh local
cd edge-worker
echo "serve: http://127.0.0.1:${PORT:-8787} (try: curl -H 'x-api-key: dev-key-acme' http://127.0.0.1:${PORT:-8787}/v1/chains)"
# In the background and waited for, so a TERM to this script stops wrangler and the chains too.
../node_modules/.bin/wrangler dev --env local --ip 127.0.0.1 --port "${PORT:-8787}" \
  --persist-to ../.wrangler/state --show-interactive-dev-session=false "$@" &
dev_pid=$!
wait "$dev_pid"
