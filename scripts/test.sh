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
# The sanitized suite under CI: the test binary itself in eight gtest shards, run two at a time
# (one per core), each next one started as one ends, instead of ctest's process per test. Under
# ASan every process maps its shadow memory and loads the configuration again: ctest -j2 took
# 112 s of CPU for the 784 tests, one process 36 s (bench/README.md). Eight, not two: gtest deals
# the tests out by their index, and two long tests (about half of the suite's CPU) once fell in
# the same one of two shards, which then ran 45 CPU-s beside the other's 4; in eight small shards
# the long ones end up beside several short ones. Same binary, same tests; gtest's brief output
# shows each failure whole and its summary names the failed tests.
native_shards() {  # native_shards <preset> <timeout per shard, s>
  local dir="build/$1" shards=8 status=0 i
  rm -f "$dir"/shard*.log
  # xargs runs at most two at once and exits non-zero when any shard did. Each shard's failure is
  # an exit 1 of its bash: a command killed by a signal (an abort under UBSan) or exiting 255
  # would make xargs stop starting the shards still to run.
  seq 0 $((shards - 1)) | xargs -P2 -I{} env GTEST_TOTAL_SHARDS=$shards GTEST_SHARD_INDEX={} \
    bash -c 'cd "$0" && timeout --kill-after=30 "$1" ./sr_tests --gtest_brief=1 >"shard$GTEST_SHARD_INDEX.log" 2>&1 || exit 1' \
    "$dir" "$2" || status=1
  for ((i = 0; i < shards; i++)); do
    if [ "$status" = 0 ]; then grep -E '^\[(==========|  PASSED  )\]' "$dir/shard$i.log"; else cat "$dir/shard$i.log" 2>/dev/null || true; fi
  done
  if [ "$status" != 0 ]; then echo "test: native tests failed (logs: $dir/shard0.log ... shard$((shards - 1)).log)" >&2; return 1; fi
}
node_tests() {
  phase "node tests"
  # The web demo's browser test drives Debian's Chromium; without it that test fails and says why.
  bash scripts/ensure-chromium.sh || echo "test: Chromium is not installed; web-demo/test/browser.test.mjs will fail" >&2
  local suites
  mapfile -t suites < <(find tests/node tests/bad-inputs js/test edge-worker/test web-demo/test -name '*.test.mjs' 2>/dev/null | sort)
  if [ ${#suites[@]} -gt 0 ]; then
    # Bounded: a suite that hangs (a worker that never answers) fails the run with its name in the
    # spec report well inside CI's limit, instead of using the limit up with nothing printed.
    timeout --kill-after=30 "${SR_NODE_TESTS_TIMEOUT:-2400}" \
      node --test --test-concurrency=2 --test-timeout=600000 --test-reporter=spec "${suites[@]}"
  fi
}

if [ "$sanitize" = 1 ]; then
  # Two lanes side by side, so that neither core waits on the other lane's serial steps (CMake's
  # configures, links, the wasm link's optimiser passes, the node suites' waits on their workers
  # and chains): the WebAssembly build then the node suites, which need only it, at normal
  # priority; the sanitized native build then the native suite at the lowest priority (nice 19),
  # so they take only the CPU the first lane leaves and the node suites run as they would alone.
  # The native lane's output is kept in a file and shown when it is done, in one piece.
  mkdir -p build
  native_log=build/native-lane.log
  (
    renice -n 19 -p "$BASHPID" >/dev/null
    phase "native build (clang, ASan+UBSan; nice 19, beside the wasm build and the node suites)"
    bash scripts/build.sh --sanitize --native-only
    phase "native tests (clang, ASan+UBSan)"
    native_shards fuzz 1200
    phase "native lane done"
  ) >"$native_log" 2>&1 &
  native_lane=$!
  node_status=0
  phase "wasm build"
  # (Inside `||` errexit is off: each step says itself whether the next one runs.)
  { bash scripts/build.sh --wasm-only && node_tests; } || node_status=$?
  native_status=0
  wait "$native_lane" || native_status=$?
  echo "---- native lane (build/native-lane.log)"
  cat "$native_log"
  echo "---- end of native lane"
  if [ "$native_status" != 0 ] || [ "$node_status" != 0 ]; then
    echo "test: failed: native lane status $native_status, wasm build and node suites status $node_status" >&2
    exit 1
  fi
  # Smoke pass of every libFuzzer target (clang, ASan+UBSan): committed regressions, then a few
  # seconds each from the seed corpora. Long runs: npm run fuzz (FUZZ_SECONDS per target). Last and
  # alone, at normal priority: each target's budget is seconds, so it gets both cores' worth.
  phase "fuzz smoke"
  FUZZ_SECONDS="${FUZZ_SECONDS:-5}" FUZZ_PARALLEL="${FUZZ_PARALLEL:-2}" bash fuzz/run.sh
else
  phase build
  bash scripts/build.sh
  phase "native tests"
  native_tests native-debug 300
  node_tests
fi
phase done
