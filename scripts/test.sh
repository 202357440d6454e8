#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: the native GoogleTest suite and every
# node:test suite against the WebAssembly builds. With CI=true (or SR_SANITIZE=1) the native suite
# is built by clang with ASan+UBSan (preset "fuzz", shared with the libFuzzer targets) instead of
# gcc's debug build, and every fuzz target gets a short smoke pass.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# Every phase's heading carries the seconds since the start, so a slow CI run says where its time went.
started=$SECONDS
phase() { echo "== $1 (at $((SECONDS - started)) s)"; }
bash scripts/bootstrap.sh
sanitize=0
if [ "${CI:-}" = "true" ] || [ "${SR_SANITIZE:-0}" = "1" ]; then sanitize=1; fi
# The native suite: ctest prints a line per test (hundreds), so its log is kept in the build
# directory and shown whole only for what failed: every failing test's output
# (--output-on-failure), then ctest's summary naming the failed tests. A pass shows the summary.
native_tests() {  # native_tests <preset> <timeout>
  local log="build/$1/ctest.log"
  if ctest --preset "$1" -j2 --timeout "$2" --output-on-failure >"$log" 2>&1; then
    grep -E 'tests passed|Total Test time' "$log"
  else
    grep -vE '^ +Start +[0-9]+: |^ *[0-9]+/[0-9]+ Test +#[0-9]+: .* +Passed +[0-9.]+ sec$' "$log"
    echo "test: native tests failed (full log: $log)" >&2
    return 1
  fi
}
if [ "$sanitize" = 1 ]; then
  phase build
  bash scripts/build.sh --sanitize
  phase "native tests (clang, ASan+UBSan)"
  native_tests fuzz 600
else
  phase build
  bash scripts/build.sh
  phase "native tests"
  native_tests native-debug 300
fi

if [ "$sanitize" = 1 ]; then
  # Smoke pass of every libFuzzer target (clang, ASan+UBSan): committed regressions, then a few
  # seconds each from the seed corpora. Long runs: npm run fuzz (FUZZ_SECONDS per target).
  phase "fuzz smoke"
  FUZZ_SECONDS="${FUZZ_SECONDS:-5}" FUZZ_PARALLEL="${FUZZ_PARALLEL:-2}" bash fuzz/run.sh
fi

phase "node tests"
# The web demo's browser test drives Debian's Chromium; without it that test fails and says why.
bash scripts/ensure-chromium.sh || echo "test: Chromium is not installed; web-demo/test/browser.test.mjs will fail" >&2
mapfile -t suites < <(find tests/node tests/bad-inputs js/test edge-worker/test web-demo/test -name '*.test.mjs' 2>/dev/null | sort)
if [ ${#suites[@]} -gt 0 ]; then
  # Bounded: a suite that hangs (a worker that never answers) fails the run with its name in the
  # spec report well inside CI's limit, instead of using the limit up with nothing printed.
  timeout --kill-after=30 "${SR_NODE_TESTS_TIMEOUT:-2400}" \
    node --test --test-concurrency=2 --test-timeout=600000 --test-reporter=spec "${suites[@]}"
fi
phase done
