#!/usr/bin/env bash
# Builds the native library and tests, and the two WebAssembly modules. Incremental: with nothing
# changed it only asks CMake and make, which takes a second or two.
#   --release   also build the native benchmarks (release preset)
#   --sanitize  build the native suite with clang, ASan+UBSan and the fuzz targets (preset "fuzz")
#               instead of the gcc debug build: what CI runs, one native compile instead of two
#   --wasm-only only the WebAssembly modules (what `npm start` serves)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
jobs=$(nproc 2>/dev/null || echo 2)
presets=(native-debug)
for a in "$@"; do
  case "$a" in
    --release) presets+=(native-release) ;;
    --sanitize) presets=("${presets[@]/native-debug/fuzz}") ;;
    --wasm-only) presets=() ;;
    *) echo "build.sh: unknown option $a" >&2; exit 2 ;;
  esac
done

progress='^\[ *[0-9]+%\] (Built target|Building|Linking)|^Consolidate|^-- |GLOB mismatch'
for p in ${presets[@]+"${presets[@]}"}; do
  [ -f "build/$p/CMakeCache.txt" ] || cmake --preset "$p" >/dev/null
  targets=()
  if [ "$p" = native-release ]; then
    # Only the benchmarks need release binaries; the test binary is the slowest part to build.
    for f in bench/native/*.cpp; do [ -e "$f" ] && targets+=(--target "bench_$(basename "$f" .cpp)"); done
  fi
  # pipefail makes the pipeline fail when cmake does; the braces keep grep's "no lines" quiet.
  cmake --build "build/$p" -j"$jobs" "${targets[@]}" 2>&1 | { grep -vE "$progress" || true; }
done

# Debian's emscripten needs its optimizer's node modules from Debian's node path.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
# Debian ships emcc with a complete prebuilt, frozen system-library cache in
# /usr/share/emscripten/cache; pointing EM_CACHE elsewhere would make emcc refuse to build.
unset EM_CACHE
[ -f build/wasm-release/CMakeCache.txt ] || emcmake cmake --preset wasm-release >/dev/null
cmake --build build/wasm-release -j"$jobs" 2>&1 | { grep -vE "$progress" || true; }
node scripts/wasm-sizes.mjs build/wasm-release
node js/scripts/build.mjs  # the npm package's own verifier module (size-optimised, verifier exports only) into js/wasm/, with its gzip budget
