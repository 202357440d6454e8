#!/usr/bin/env bash
# Serves the API locally: starts the local chain stack (anvil nodes, contracts, reference solver;
# skip with SR_LOCAL_CHAINS=0), builds the worker's inputs for the local environment (the local
# chains INSTEAD of config/local's copies of the production chains) and runs `wrangler dev` on
# http://127.0.0.1:8787 with Durable Object state kept under .wrangler/. The chains, the solver
# and the worker stop together. Once the worker answers, one scheduled run starts the status
# index, which then polls the chains from its own alarm every POLL_INTERVAL_MS.
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
    grep -E "chain [0-9]+ at" "$log" || true
    echo "serve: development accounts #1-#9 (same on every local chain; ETH, test USDC and USDT):"
    grep -E "^  #[1-9] " "$log" | awk '!seen[$2]++' || true
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
# CLOUDFLARE_CF_FETCH_ENABLED=false: the worker reads nothing of request.cf, so wrangler need not
# download Cloudflare's sample (which fails with a stack trace on a machine without that network).
CLOUDFLARE_CF_FETCH_ENABLED=false ../node_modules/.bin/wrangler dev --env local --ip 127.0.0.1 --port "${PORT:-8787}" \
  --persist-to ../.wrangler/state --show-interactive-dev-session=false --test-scheduled "$@" &
dev_pid=$!
# One scheduled run arms the status index's polling alarm (wrangler dev runs no crons).
(
  for _ in $(seq 1 120); do
    if curl -fsS -o /dev/null "http://127.0.0.1:${PORT:-8787}/__scheduled?cron=*+*+*+*+*" 2>/dev/null; then exit 0; fi
    kill -0 "$dev_pid" 2>/dev/null || exit 0
    sleep 0.5
  done
) &
wait "$dev_pid"
