# libsecp256k1 (Debian's source package, unpacked by scripts/bootstrap.sh), compiled by us so the
# native and wasm builds use the same code with build options chosen per target.
if(NOT EXISTS "${SR_SECP256K1_DIR}/src/secp256k1.c")
  message(FATAL_ERROR "libsecp256k1 source not found in ${SR_SECP256K1_DIR}: run scripts/bootstrap.sh")
endif()

if(EMSCRIPTEN)
  # Small precomputed tables: the module stays a fraction of the size for little speed (bench/).
  set(SR_SECP_WINDOW 8 CACHE STRING "libsecp256k1 ECMULT_WINDOW_SIZE")
  # The signing table (G multiples for signing and key derivation): 4 bits is 64 point additions
  # per signature instead of 128 and 32 KiB more in a module that signs (the core signs every
  # quote: an allQuotes answer about 10% faster in wasm, bench/README.md). A module that only
  # verifies links no signing code and so no table (the npm package's verifier).
  set(SR_SECP_GEN_BITS 4 CACHE STRING "libsecp256k1 ECMULT_GEN_PREC_BITS")
else()
  set(SR_SECP_WINDOW 15 CACHE STRING "libsecp256k1 ECMULT_WINDOW_SIZE")
  set(SR_SECP_GEN_BITS 4 CACHE STRING "libsecp256k1 ECMULT_GEN_PREC_BITS")
endif()

add_library(secp256k1_lib STATIC
  "${SR_SECP256K1_DIR}/src/secp256k1.c"
  "${SR_SECP256K1_DIR}/src/precomputed_ecmult.c"
  "${SR_SECP256K1_DIR}/src/precomputed_ecmult_gen.c"
  "${CMAKE_SOURCE_DIR}/src/crypto/secp256k1_callbacks.c")
target_include_directories(secp256k1_lib SYSTEM PUBLIC "${SR_SECP256K1_DIR}/include")
target_compile_definitions(secp256k1_lib PRIVATE
  ENABLE_MODULE_RECOVERY=1
  USE_EXTERNAL_DEFAULT_CALLBACKS=1  # src/crypto/secp256k1_callbacks.c
  ECMULT_WINDOW_SIZE=${SR_SECP_WINDOW}
  ECMULT_GEN_PREC_BITS=${SR_SECP_GEN_BITS})
if(EMSCRIPTEN)
  # wasm32 has no native 128-bit multiply; libsecp256k1's default there emulates it and is
  # about 2.8x slower than its int64 code path.
  target_compile_definitions(secp256k1_lib PRIVATE USE_FORCE_WIDEMUL_INT64=1)
endif()
set_target_properties(secp256k1_lib PROPERTIES C_STANDARD 90 POSITION_INDEPENDENT_CODE ON)
target_compile_options(secp256k1_lib PRIVATE -w)
