#!/usr/bin/env bash
# Builds the native library and tests, and the two WebAssembly modules. Incremental: with nothing
# changed it only asks CMake and make, which takes a second or two.
#   --release   also build the native benchmarks (release preset) and the wasm build of
#               bench/native/secp_recover.cpp (bench/crypto.mjs)
#   --sanitize  build the native suite with clang, ASan+UBSan and the fuzz targets (preset "fuzz")
#               instead of the gcc debug build: what CI runs, one native compile instead of two
#   --wasm-only only the WebAssembly modules (what `npm start` serves)
#   --native-only only the native build (scripts/test.sh builds the two side by side under CI)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
jobs=$(nproc 2>/dev/null || echo 2)
presets=(native-debug)
native_only=0
for a in "$@"; do
  case "$a" in
    --release) presets+=(native-release) ;;
    --sanitize) presets=("${presets[@]/native-debug/fuzz}") ;;
    --wasm-only) presets=() ;;
    --native-only) native_only=1 ;;
    *) echo "build.sh: unknown option $a" >&2; exit 2 ;;
  esac
done

# Configures build/<preset> when it has never been, and again from scratch (--fresh) when what
# its cache was made from has changed: CMakePresets.json (cache variables are applied only at
# configure time), cmake/*.cmake, or the compiler (a cache keeps the compiler it found first).
# The stamp is the hash of those, kept in the build directory. Usage: configure <preset> <compiler> [wrapper]
configure() {
  local preset=$1 compiler=$2 dir="build/$1" stamp
  shift 2
  stamp=$({ cat CMakePresets.json cmake/*.cmake; command -v "$compiler" || true; "$compiler" --version 2>/dev/null || true; } | sha256sum | cut -d' ' -f1)
  if [ -f "$dir/CMakeCache.txt" ] && [ "$(cat "$dir/.preset-stamp" 2>/dev/null)" = "$stamp" ]; then return 0; fi
  local fresh=()
  if [ -f "$dir/CMakeCache.txt" ]; then
    echo "build.sh: $preset: CMakePresets.json, cmake/ or the compiler changed; reconfiguring"
    fresh=(--fresh)
  fi
  "$@" cmake --preset "$preset" ${fresh[@]+"${fresh[@]}"} >/dev/null
  echo "$stamp" > "$dir/.preset-stamp"
}

# Progress lines of Ninja (the presets' generator) and of make.
progress='^\[[0-9]+/[0-9]+\] |^ninja: no work to do|^\[ *[0-9]+%\] (Built target|Building|Linking)|^Consolidate|^-- |GLOB mismatch'
for p in ${presets[@]+"${presets[@]}"}; do
  if [ "$p" = fuzz ]; then configure "$p" clang++; else configure "$p" "${CXX:-c++}"; fi
  targets=()
  if [ "$p" = native-release ]; then
    # Only the benchmarks need release binaries; the test binary is the slowest part to build.
    for f in bench/native/*.cpp; do [ -e "$f" ] && targets+=(--target "bench_$(basename "$f" .cpp)"); done
  fi
  # pipefail makes the pipeline fail when cmake does; the braces keep grep's "no lines" quiet.
  cmake --build "build/$p" -j"$jobs" "${targets[@]}" 2>&1 | { grep -vE "$progress" || true; }
done

if [ "$native_only" = 1 ]; then exit 0; fi

# Debian's emscripten needs its optimizer's node modules from Debian's node path.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
# emcc runs binaryen's tools (wasm-metadce, wasm-opt, ...) by bare name, from PATH. Under `npm test`
# and `npm start`, npm puts node_modules/.bin first, where the pinned npm binaryen (132, for the
# package's second pass, which names its own path) shadows Debian's 108 that emcc 3.1.6 expects:
# the link then wrote a core.mjs with unminified import names beside a core.wasm importing
# minified ones, and the worker hung on its first request (CI timed out). emcc gets a PATH
# without any node_modules/.bin.
PATH=$(printf '%s' "$PATH" | tr ':' '\n' | grep -v '/node_modules/\.bin$' | paste -sd: -)
export PATH
# Debian ships emcc with a complete prebuilt, frozen system-library cache in
# /usr/share/emscripten/cache; pointing EM_CACHE elsewhere would make emcc refuse to build.
unset EM_CACHE
configure wasm-release em++ emcmake
cmake --build build/wasm-release -j"$jobs" 2>&1 | { grep -vE "$progress" || true; }
if [[ " ${presets[*]-} " == *" native-release "* ]]; then
  cmake --build build/wasm-release -j"$jobs" --target bench_secp_recover --target bench_secp_recover_web 2>&1 | { grep -vE "$progress" || true; }
fi
node scripts/wasm-sizes.mjs build/wasm-release
node scripts/check-wasm-glue.mjs build/wasm-release
node js/scripts/build.mjs  # the npm package's own verifier module (size-optimised, verifier exports only) into js/wasm/, with its gzip budget
