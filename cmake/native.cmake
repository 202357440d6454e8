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
  # With clang, the code of everything the header defines inline (GoogleTest's, nlohmann's and
  # the fixtures' functions, and the template instantiations the header makes) is generated
  # once, into an object of its own compiled from the .pch (-fpch-codegen), and every test file
  # calls it there instead of emitting its own copy: at -O0 under ASan those copies were about
  # half a test file's compile (eip712_test.cpp 5.6 CPU-s, 2.1 with it; bench/README.md).
  # Same flags, same sanitizers: the object is compiled from the header exactly as the files were.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    set(sr_tests_pch_dir "${CMAKE_CURRENT_BINARY_DIR}/CMakeFiles/sr_tests.dir")
    set_source_files_properties("${sr_tests_pch_dir}/cmake_pch.hxx.cxx" PROPERTIES COMPILE_OPTIONS -fpch-codegen)
    string(TOUPPER "${CMAKE_BUILD_TYPE}" sr_config)
    separate_arguments(sr_cxx_flags UNIX_COMMAND "${CMAKE_CXX_FLAGS} ${CMAKE_CXX_FLAGS_${sr_config}}")
    set(sr_tests_pch_code "${sr_tests_pch_dir}/cmake_pch_code.o")
    # The object holds every inline function the header defines, used or not, and a few call what
    # the installed libraries do not define (GoogleTest's char8_t printers: Debian's libgtest is
    # built before C++20; an internal of libstdc++'s filesystem): each function gets a section of
    # its own (-ffunction-sections) and the suite's link drops those nothing calls (--gc-sections).
    add_custom_command(OUTPUT "${sr_tests_pch_code}"
      COMMAND ${CMAKE_CXX_COMPILER} ${sr_cxx_flags} "$<TARGET_PROPERTY:sr_tests,COMPILE_OPTIONS>" -ffunction-sections
              -c "${sr_tests_pch_dir}/cmake_pch.hxx.pch" -o "${sr_tests_pch_code}"
      DEPENDS "${sr_tests_pch_dir}/cmake_pch.hxx.pch"
      COMMENT "Generating the code of sr_tests' precompiled header"
      COMMAND_EXPAND_LISTS VERBATIM)
    # Only the suite's link waits for it (a source of sr_tests would have to be built before the
    # precompiled header it is made from: a cycle).
    add_custom_target(sr_tests_pch_code DEPENDS "${sr_tests_pch_code}")
    set_property(TARGET sr_tests APPEND PROPERTY LINK_DEPENDS "${sr_tests_pch_code}")
    target_link_options(sr_tests PRIVATE "${sr_tests_pch_code}" -Wl,--gc-sections)
  endif()
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
