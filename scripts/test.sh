#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: the native GoogleTest suite (also under
# ASan+UBSan when CI=true or SR_ASAN=1) and every node:test suite against the WebAssembly builds.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/bootstrap.sh
asan=0
if [ "${CI:-}" = "true" ] || [ "${SR_ASAN:-0}" = "1" ]; then asan=1; fi
if [ "$asan" = 1 ]; then bash scripts/build.sh --asan; else bash scripts/build.sh; fi

echo "== native tests"
ctest --preset native-debug -j2 --timeout 300 | tail -n 5
test "${PIPESTATUS[0]}" -eq 0
if [ "$asan" = 1 ]; then
  echo "== native tests under ASan+UBSan"
  ctest --preset native-asan -j2 --timeout 600 | tail -n 5
  test "${PIPESTATUS[0]}" -eq 0
fi

if [ "${CI:-}" = "true" ]; then
  # Smoke pass of every libFuzzer target (clang, ASan+UBSan): committed regressions, then a few
  # seconds each from the seed corpora. Long runs: npm run fuzz (FUZZ_SECONDS per target).
  echo "== fuzz smoke"
  FUZZ_SECONDS="${FUZZ_SECONDS:-5}" bash fuzz/run.sh
fi

echo "== node tests"
# The web demo's browser test drives Debian's Chromium; without it that test fails and says why.
bash scripts/ensure-chromium.sh || echo "test: Chromium is not installed; web-demo/test/browser.test.mjs will fail" >&2
mapfile -t suites < <(find tests/node tests/bad-inputs js/test edge-worker/test web-demo/test -name '*.test.mjs' 2>/dev/null | sort)
if [ ${#suites[@]} -gt 0 ]; then
  node --test --test-concurrency=2 --test-reporter=spec "${suites[@]}"
fi
