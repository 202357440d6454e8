# Native targets: the GoogleTest suite, benchmarks and (with clang) fuzz targets.
find_package(GTest REQUIRED)
file(GLOB_RECURSE SR_TEST_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/tests/*.cpp")
add_executable(sr_tests ${SR_TEST_SOURCES})
target_link_libraries(sr_tests PRIVATE sr_service sr_verify GTest::gtest GTest::gtest_main)
target_compile_definitions(sr_tests PRIVATE
  SR_SOURCE_DIR="${CMAKE_SOURCE_DIR}"
  SR_VECTORS_DIR="${CMAKE_SOURCE_DIR}/tests/vectors")
include(GoogleTest)
gtest_discover_tests(sr_tests DISCOVERY_TIMEOUT 60)

# Native benchmarks (figures, not assertions), one executable per file in bench/native/.
file(GLOB SR_BENCH_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/bench/native/*.cpp")
foreach(src ${SR_BENCH_SOURCES})
  get_filename_component(n "${src}" NAME_WE)
  add_executable(bench_${n} "${src}")
  target_link_libraries(bench_${n} PRIVATE sr_service sr_verify)
  target_compile_definitions(bench_${n} PRIVATE SR_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
endforeach()

if(SR_FUZZ)
  file(GLOB SR_FUZZ_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/fuzz/*.cpp")
  foreach(src ${SR_FUZZ_SOURCES})
    get_filename_component(n "${src}" NAME_WE)
    add_executable(fuzz_${n} "${src}")
    target_compile_options(fuzz_${n} PRIVATE -fsanitize=fuzzer,address,undefined)
    target_link_options(fuzz_${n} PRIVATE -fsanitize=fuzzer,address,undefined)
    target_link_libraries(fuzz_${n} PRIVATE sr_service sr_verify)
    target_compile_definitions(fuzz_${n} PRIVATE SR_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
  endforeach()
endif()
