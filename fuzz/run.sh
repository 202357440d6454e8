#!/usr/bin/env bash
# Builds the libFuzzer targets (CMake preset "fuzz": clang, ASan+UBSan, every layer
# instrumented) and runs each in turn at low priority, one at a time unless FUZZ_PARALLEL says more.
#   FUZZ_SECONDS=60     time per target (default 60)
#   FUZZ_RUNS=10000000  also stop a target after this many executions (whichever comes first)
#   FUZZ_TARGETS="hex abi"  only these targets (names of fuzz/*.cpp without .cpp)
#   FUZZ_JOBS=2         build parallelism
#   FUZZ_PARALLEL=1     targets run side by side (default 1: the machine is shared; the test
#                       script's short smoke pass runs two, one per core, as nothing else runs then)
# Each run starts from the committed seeds (fuzz/corpus/<target>) plus the inputs it found before
# (build/fuzz/corpus/<target>, not committed), replays fuzz/regressions/<target>/ first, and
# writes crashes to build/fuzz/artifacts/<target>/. The summary lists executions and exec/s per
# target; the exit status is non-zero if any target found a crash, leak or invariant violation.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
seconds="${FUZZ_SECONDS:-60}"
jobs="${FUZZ_JOBS:-2}"
runs_limit=()
if [ -n "${FUZZ_RUNS:-}" ]; then runs_limit=(-runs="$FUZZ_RUNS"); fi
if [ -n "${FUZZ_TARGETS:-}" ]; then
  read -r -a targets <<< "$FUZZ_TARGETS"
else
  targets=()
  for f in fuzz/*.cpp; do targets+=("$(basename "$f" .cpp)"); done
fi

[ -f build/fuzz/CMakeCache.txt ] || cmake --preset fuzz >/dev/null
nice -n 10 cmake --build build/fuzz -j"$jobs" --target "${targets[@]/#/fuzz_}" | { grep -E 'error|warning: unused' || true; }

parallel="${FUZZ_PARALLEL:-1}"
# One target: its regressions, then the run; its summary line and status go to files, so targets
# run side by side still print their summary in a fixed order.
fuzz_target() {
  local t=$1 failed=0
  local bin="build/fuzz/fuzz_$t"
  local work="build/fuzz/corpus/$t"
  local artifacts="build/fuzz/artifacts/$t"
  mkdir -p "$work" "$artifacts"
  if [ -d "fuzz/regressions/$t" ] && [ -n "$(ls -A "fuzz/regressions/$t")" ]; then
    if ! "$bin" "fuzz/regressions/$t"/* >"build/fuzz/$t.regressions.log" 2>&1; then
      echo "fuzz: $t fails a committed regression input; see build/fuzz/$t.regressions.log" >&2
      failed=1
    fi
  fi
  local log="build/fuzz/$t.log" status=ok runs rate cov
  nice -n 10 "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    ${runs_limit[@]+"${runs_limit[@]}"} -artifact_prefix="$artifacts/" "$work" "fuzz/corpus/$t" >"$log" 2>&1 || status=FAILED
  runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo 0)
  rate=$(grep -oE 'exec/s: *[0-9]+' "$log" | tail -1 | grep -oE '[0-9]+$' || echo 0)
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+$' || echo 0)
  printf '%-22s %-6s %12s runs %8s exec/s  cov %s\n' "$t" "$status" "$runs" "$rate" "$cov" >"build/fuzz/$t.summary"
  if [ "$status" != ok ]; then
    failed=1
    echo "fuzz: $t FAILED; log build/fuzz/$t.log, input in $artifacts/" >&2
    grep -E 'ERROR|INVARIANT|runtime error' "$log" | head -5 >&2 || true
  fi
  return "$failed"
}

failed=0
pids=()
for t in "${targets[@]}"; do
  rm -f "build/fuzz/$t.summary"
  fuzz_target "$t" &
  pids+=($!)
  # At most $parallel at once: wait for the oldest before starting another.
  if [ "${#pids[@]}" -ge "$parallel" ]; then
    wait "${pids[0]}" || failed=1
    pids=("${pids[@]:1}")
  fi
done
for pid in ${pids[@]+"${pids[@]}"}; do wait "$pid" || failed=1; done
for t in "${targets[@]}"; do cat "build/fuzz/$t.summary" 2>/dev/null || echo "$t: no summary (the run did not finish)"; done
exit "$failed"
