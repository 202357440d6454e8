# Native targets: the GoogleTest suite, benchmarks and (with clang) fuzz targets.
find_package(GTest REQUIRED)
file(GLOB_RECURSE SR_TEST_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/tests/*.cpp")
add_executable(sr_tests ${SR_TEST_SOURCES})
target_link_libraries(sr_tests PRIVATE sr_service sr_verify GTest::gtest GTest::gtest_main)
target_compile_definitions(sr_tests PRIVATE
  SR_SOURCE_DIR="${CMAKE_SOURCE_DIR}"
  SR_VECTORS_DIR="${CMAKE_SOURCE_DIR}/tests/vectors")
# In the sanitized build (preset "fuzz", what CI runs) the suite's own sources are compiled
# without optimisation: the layers under test keep -O2 (the fuzz targets link them, and their
# speed is the fuzzers' reach), while GoogleTest's macro-heavy test files, a large share of that
# build, cost about half the CPU at -O0 (quote_verifier_test.cpp 18.6 s against 32.7 s,
# eip712_test.cpp 9.5 against 18.0); the suite then runs slower (94 s against about 30 under ASan),
# a smaller cost. ASan and UBSan instrument them all the same.
# Nor are they instrumented for coverage (fuzzer-no-link): nothing fuzzes the suite's own code,
# whose coverage hooks only call the sanitizer runtime's no-ops; ASan and UBSan stay on. The
# instrumentation was about a third of a test file's code generation at -O0 (eip712_test.cpp 6.8
# CPU-s against 5.4, bench/README.md). The fuzz targets' entry points linked into the suite keep it.
if(SR_FUZZ)
  target_compile_options(sr_tests PRIVATE -O0 -fno-sanitize=fuzzer-no-link)
endif()
# Precompiled headers (preset "fuzz", what CI builds from scratch): the suite's files all parse
# GoogleTest and nlohmann's JSON, most of the compile of a test file at -O0. Off by default so
# the gcc debug build still catches a file that forgets an include. With them the three headers
# the most test files include (the configuration fixture, whose inline loaders instantiate the
# ordered JSON's parse, op_input.h and hex.h): about 0.5 CPU-s less a file (bench/README.md).
if(SR_PCH)
  target_precompile_headers(sr_tests PRIVATE <gtest/gtest.h> <nlohmann/json.hpp> <algorithm> <array>
                            <cstdint> <optional> <set> <string> <string_view> <vector>
                            "${CMAKE_SOURCE_DIR}/tests/service/config_fixture.h"
                            "${CMAKE_SOURCE_DIR}/src/service/common/op_input.h"
                            "${CMAKE_SOURCE_DIR}/src/crypto/hex.h")
endif()
# The fuzz targets are compiled into the suite too, each entry point renamed sr_fuzz_entry_<target>
# by a generated wrapper (a source property would rename it in the libFuzzer binaries as well), so
# tests/fuzz/seeds_test.cpp can replay every committed seed on every build, without libFuzzer.
# Each wrapper is an object library of its own, compiled once for both: the suite links them all,
# and fuzz_<target> (below) links its own with a one-line entry point that calls it. Built at the
# layers' level (not the suite's -O0): a fuzz target's speed is the fuzzer's reach.
file(GLOB SR_FUZZ_TARGET_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/fuzz/*.cpp")
set(SR_FUZZ_TARGET_LIST "")
set(SR_FUZZ_PCH_OWNER "")
foreach(src ${SR_FUZZ_TARGET_SOURCES})
  get_filename_component(n "${src}" NAME_WE)
  set(wrapper "${CMAKE_BINARY_DIR}/fuzz_seeds/${n}.cpp")
  file(CONFIGURE OUTPUT "${wrapper}" CONTENT "#define LLVMFuzzerTestOneInput sr_fuzz_entry_${n}\n#include \"${src}\"\n")
  add_library(sr_fuzz_entry_${n} OBJECT "${wrapper}")
  target_link_libraries(sr_fuzz_entry_${n} PUBLIC sr_service sr_verify)
  target_compile_definitions(sr_fuzz_entry_${n} PRIVATE SR_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
  # Precompiled headers (preset "fuzz"): every target parses fuzz_support.h, which brings the
  # service's configuration and nlohmann's JSON with the parse and dump its inline helpers
  # instantiate: most of a small target's compile (base64: 4.4 CPU-s, 0.3 with the header). One
  # header for all 22, made by the first: their flags are the same.
  if(SR_PCH)
    if(SR_FUZZ_PCH_OWNER)
      target_precompile_headers(sr_fuzz_entry_${n} REUSE_FROM ${SR_FUZZ_PCH_OWNER})
    else()
      target_precompile_headers(sr_fuzz_entry_${n} PRIVATE <nlohmann/json.hpp> <algorithm> <cstdint>
                                <string> <string_view> <vector> "${CMAKE_SOURCE_DIR}/fuzz/fuzz_support.h")
      set(SR_FUZZ_PCH_OWNER sr_fuzz_entry_${n})
    endif()
  endif()
  target_link_libraries(sr_tests PRIVATE sr_fuzz_entry_${n})
  string(APPEND SR_FUZZ_TARGET_LIST "SR_FUZZ_TARGET(${n})\n")
endforeach()
file(CONFIGURE OUTPUT "${CMAKE_BINARY_DIR}/fuzz_seeds/fuzz_targets.inc" CONTENT "${SR_FUZZ_TARGET_LIST}")
target_include_directories(sr_tests PRIVATE "${CMAKE_BINARY_DIR}/fuzz_seeds")
include(GoogleTest)
gtest_discover_tests(sr_tests DISCOVERY_TIMEOUT 60)

# Native benchmarks (figures, not assertions), one executable per file in bench/native/. Not in
# the sanitized build: their figures come from the release preset (bench/*.mjs), and no test runs them.
if(NOT SR_FUZZ)
  file(GLOB SR_BENCH_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/bench/native/*.cpp")
  foreach(src ${SR_BENCH_SOURCES})
    get_filename_component(n "${src}" NAME_WE)
    add_executable(bench_${n} "${src}")
    target_link_libraries(bench_${n} PRIVATE sr_service sr_verify)
    target_compile_definitions(bench_${n} PRIVATE SR_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
  endforeach()
endif()

if(SR_FUZZ)
  foreach(src ${SR_FUZZ_TARGET_SOURCES})
    get_filename_component(n "${src}" NAME_WE)
    set(entry "${CMAKE_BINARY_DIR}/fuzz_main/${n}.cpp")
    file(CONFIGURE OUTPUT "${entry}" CONTENT [=[
#include <cstddef>
#include <cstdint>
extern "C" int sr_fuzz_entry_@n@(const std::uint8_t* data, std::size_t size);
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) { return sr_fuzz_entry_@n@(data, size); }
]=] @ONLY)
    add_executable(fuzz_${n} "${entry}")
    target_link_options(fuzz_${n} PRIVATE -fsanitize=fuzzer,address,undefined)
    target_link_libraries(fuzz_${n} PRIVATE sr_fuzz_entry_${n})
  endforeach()
endif()
