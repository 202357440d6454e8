#!/usr/bin/env bash
# The web demo: the API as `npm start` serves it (local chains, reference solver, worker on
# 127.0.0.1:8787) plus the demo's backend on http://127.0.0.1:${DEMO_PORT:-8080}.
# When a worker already answers at WORKER_URL (e.g. `npm start` in another terminal), it is reused
# and only the demo backend starts. Ctrl-C stops what this script started.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export WORKER_URL="${WORKER_URL:-http://127.0.0.1:${PORT:-8787}}"

worker_up() { curl -fsS -o /dev/null "$WORKER_URL/health" 2>/dev/null; }

start_pid=""
demo_pid=""
stop() { if [ -n "$1" ]; then kill "$1" 2>/dev/null || true; wait "$1" 2>/dev/null || true; fi; }
trap 'stop "$demo_pid"; stop "$start_pid"' EXIT
trap 'exit 130' INT TERM

if worker_up; then
  echo "demo: using the worker already running at $WORKER_URL"
else
  echo "demo: starting the API as npm start does (log: .wrangler/demo-start.log)"
  mkdir -p .wrangler
  bash scripts/start.sh > .wrangler/demo-start.log 2>&1 &
  start_pid=$!
  # The first start builds the core and the contracts; that can take minutes.
  for _ in $(seq 1 1200); do
    worker_up && break
    if ! kill -0 "$start_pid" 2>/dev/null; then
      echo "demo: npm start stopped; see .wrangler/demo-start.log" >&2
      tail -n 20 .wrangler/demo-start.log >&2
      exit 1
    fi
    sleep 0.5
  done
  worker_up || { echo "demo: the worker did not answer at $WORKER_URL" >&2; exit 1; }
fi

[ -f js/wasm/verifier.wasm ] || node js/scripts/build.mjs >/dev/null
node web-demo/server.mjs &
demo_pid=$!
# Whichever stops first (the backend, or the API this script started) ends the demo.
wait -n "$demo_pid" ${start_pid:+"$start_pid"}
