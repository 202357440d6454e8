# WebAssembly builds (emcmake): two ES modules with embind.
#   verifier: crypto, eth, protocol, verify — what a browser needs to check a quote.
#   core:     everything, for the edge worker.
set(SR_WASM_LINK_FLAGS
  -sMODULARIZE=1 -sEXPORT_ES6=1
  -sDYNAMIC_EXECUTION=0          # workerd forbids eval / new Function
  -sFILESYSTEM=0
  -sALLOW_MEMORY_GROWTH=1
  # No "node": its branch require()s fs and path, which ES modules and workerd (where
  # process.versions.node can exist under nodejs_compat) do not have. Every host hands the
  # binary in instead: Node via wasmBinary, workerd via instantiateWasm with its compiled
  # module, browsers via locateFile/fetch.
  -sENVIRONMENT=web,worker
  -sINCOMING_MODULE_JS_API=[instantiateWasm,locateFile,print,printErr,wasmBinary])
# How C++ exceptions are caught (the core throws ParseError and friends and catches them):
#   js   emscripten's JavaScript exception handling: every call that may throw inside a scope
#        with destructors leaves the module through a JavaScript invoke_* trampoline;
#   wasm WebAssembly exception handling (-fwasm-exceptions; Debian's frozen cache has the
#        libc++/libc++abi/libunwind "-except" builds it needs): try/catch in the module itself,
#        nothing crosses into JavaScript unless something is thrown. Chrome 95, Firefox 100,
#        Safari 15.2, Node 17 and workerd run it. The npm package's verifier used it until replay
#        (bench/README.md has the measurements).
# Every C++ object must catch exceptions, not only the bindings: emcc's default is
# -fignore-exceptions, which drops catch blocks, so a core function that catches a ParseError
# would let it escape instead. add_compile_options() would reach only targets defined after
# this file (the layers are defined before it); CMAKE_CXX_FLAGS applies to the whole directory.
# The wasm-release preset (the modules the repository and the worker load) sets wasm: with js, the
# quote engine's allQuotes answer spent about a quarter of its time in the trampolines
# (bench/profiles/engine-callgrind.txt).
#   replay no unwinding code at all (-fignore-exceptions): a throw leaves the module through its host,
#        which runs the call again from the memory it had before, and the catch that was due then
#        takes its outcome (src/crypto/replayed_errors.cpp). The npm package's modules are built so
#        (js/scripts/build.mjs).
set(SR_WASM_EH "js" CACHE STRING "C++ exception handling in the wasm modules: js (emscripten's), wasm (-fwasm-exceptions) or replay")
if(SR_WASM_EH STREQUAL "replay")
  string(APPEND CMAKE_CXX_FLAGS " -fignore-exceptions -DSR_REPLAYED_ERRORS")
elseif(SR_WASM_EH STREQUAL "wasm")
  string(APPEND CMAKE_CXX_FLAGS " -fwasm-exceptions")
  list(APPEND SR_WASM_LINK_FLAGS -fwasm-exceptions)
else()
  string(APPEND CMAKE_CXX_FLAGS " -fexceptions")
  list(APPEND SR_WASM_LINK_FLAGS -sDISABLE_EXCEPTION_CATCHING=0)
endif()

# Per-file optimisation for a size-optimised build (the npm package's verifier). When these are
# set, CMAKE_CXX_FLAGS_<CONFIG> carries no -O level and every C++ source gets exactly one of them:
#   SR_WASM_SPEED_FLAGS for the few sources where verification spends its time: the binding,
#     whose translation unit decides how nlohmann's parser and serialiser are compiled (under LTO
#     its template copies win), and Keccak and hex, which run on every address and hash;
#   SR_WASM_SIZE_FLAGS for everything else.
# Why exactly one level per file: emcc compiles -Os/-Oz with -fno-inline-functions, which marks
# every function not declared inline as noinline in the LTO bitcode, and a later -O2 on the same
# command line does not undo it. Nothing is then inlined even at link time, and with
# emscripten's JavaScript exception handling every call left standing inside a scope with
# destructors goes out to JavaScript through an invoke_* wrapper. Measured on the package in
# one process (16 distinct quotes, bench/README.md): plain -Oz 1.94 ms per verification;
# -Oz -finline-functions 1.34 ms; that plus the three files at -O2 1.07 ms, for 1.2 KiB gzip
# more than plain -Oz (-O2 everywhere: 0.78 ms, but 31 KiB more, over the package's budget).
set(SR_WASM_SPEED_FLAGS "" CACHE STRING "Compile options of the verification hot spots (per-file optimisation)")
set(SR_WASM_SIZE_FLAGS "" CACHE STRING "Compile options of every other C++ source (per-file optimisation)")
if(SR_WASM_SPEED_FLAGS OR SR_WASM_SIZE_FLAGS)
  set(hot "${CMAKE_SOURCE_DIR}/bindings/verifier.cpp" "${CMAKE_SOURCE_DIR}/src/crypto/keccak.cpp"
          "${CMAKE_SOURCE_DIR}/src/crypto/hex.cpp")
  set(cxx_sources "${CMAKE_SOURCE_DIR}/bindings/core.cpp")
  foreach(layer json crypto eth protocol verify service)
    get_target_property(layer_sources sr_${layer} SOURCES)
    if(layer_sources)
      list(APPEND cxx_sources ${layer_sources})
    endif()
  endforeach()
  list(REMOVE_ITEM cxx_sources ${hot})
  set_source_files_properties(${hot} PROPERTIES COMPILE_OPTIONS "${SR_WASM_SPEED_FLAGS}")
  set_source_files_properties(${cxx_sources} PROPERTIES COMPILE_OPTIONS "${SR_WASM_SIZE_FLAGS}")
endif()

# The npm package's verifier (js/scripts/build.mjs): plain C exports instead of embind
# (bindings/verifier.cpp says why), and only verify_quote / verify_gasless_payload /
# verify_deposit_address and the bound chain records. The repository's own verifier module keeps embind and the primitives.
option(SR_VERIFIER_PACKAGE "Build the verifier module as the npm package ships it" OFF)
set(SR_VERIFIER_PACKAGE_EXPORTS
  _sr_alloc _sr_reply _sr_verify_quote _sr_verify_gasless_payload _sr_bind_chains _sr_release_chains
  _sr_verify_quote_bound _sr_verify_deposit_address _sr_verify_deposit_address_bound)
# The package's quote-only module (`stableroutes/quotes`): the same objects linked again with only
# the quote exports, so LTO and wasm-ld drop the gasless and deposit-address verifiers (most dapps
# only check quotes; bench/README.md has the sizes). The export list alone decides what the module
# keeps: bindings/verifier.cpp marks none of its exports keepalive.
set(SR_QUOTE_VERIFIER_PACKAGE_EXPORTS
  _sr_alloc _sr_reply _sr_verify_quote _sr_bind_chains _sr_release_chains _sr_verify_quote_bound)
# The EVM-only quote module (`stableroutes/quotes/evm`): the quote-only link once more, with
# bindings/evm_only.cpp, whose `svm_checked = false` LTO folds, so the Solana readers, Borsh and
# ed25519 drop out (protocol/vm.h).
# Each module built with SR_WASM_EH=replay also exports what its host needs to run a call again:
# where the memory to keep is, and the stack pointer.
if(SR_WASM_EH STREQUAL "replay")
  list(APPEND SR_VERIFIER_PACKAGE_EXPORTS _sr_replay_regions stackSave stackRestore)
  list(APPEND SR_QUOTE_VERIFIER_PACKAGE_EXPORTS _sr_replay_regions stackSave stackRestore)
endif()

# Import and export names unminified: js/src/wasm-host.js instantiates the module by them, in
# place of emscripten's generated JavaScript loader. emcc keeps them when library_exports.js is
# linked (its only switch for that; the library adds nothing the module calls).
function(sr_package_wasm_link name exports)
  list(JOIN exports "," joined)
  string(MAKE_C_IDENTIFIER "create_${name}" export_name)
  target_link_options(${name} PRIVATE ${SR_WASM_LINK_FLAGS} -sEXPORT_NAME=${export_name}
                      "-sEXPORTED_FUNCTIONS=${joined}" -lexports.js)
  set_target_properties(${name} PROPERTIES SUFFIX ".mjs" LINKER_LANGUAGE CXX)
endfunction()

function(sr_wasm_module name binding)
  add_executable(${name} "${CMAKE_SOURCE_DIR}/bindings/${binding}")
  target_link_libraries(${name} PRIVATE ${ARGN})
  target_link_options(${name} PRIVATE ${SR_WASM_LINK_FLAGS} -lembind -sEXPORT_NAME=create_${name})
  set_target_properties(${name} PROPERTIES SUFFIX ".mjs")
endfunction()

if(EXISTS "${CMAKE_SOURCE_DIR}/bindings/verifier.cpp" AND SR_VERIFIER_PACKAGE)
  # The binding compiled once (an object library) and linked into both package modules: the
  # quote-only module costs the package build one link and its wasm-opt passes, no compilation.
  add_library(sr_verifier_binding OBJECT "${CMAKE_SOURCE_DIR}/bindings/verifier.cpp")
  target_link_libraries(sr_verifier_binding PUBLIC sr_verify)
  target_compile_definitions(sr_verifier_binding PRIVATE SR_VERIFIER_PACKAGE=1)
  add_executable(verifier)
  target_link_libraries(verifier PRIVATE sr_verifier_binding)
  sr_package_wasm_link(verifier "${SR_VERIFIER_PACKAGE_EXPORTS}")
  add_executable(quote-verifier)
  target_link_libraries(quote-verifier PRIVATE sr_verifier_binding)
  sr_package_wasm_link(quote-verifier "${SR_QUOTE_VERIFIER_PACKAGE_EXPORTS}")
  add_executable(quote-verifier-evm "${CMAKE_SOURCE_DIR}/bindings/evm_only.cpp")
  target_link_libraries(quote-verifier-evm PRIVATE sr_verifier_binding)
  sr_package_wasm_link(quote-verifier-evm "${SR_QUOTE_VERIFIER_PACKAGE_EXPORTS}")
elseif(EXISTS "${CMAKE_SOURCE_DIR}/bindings/verifier.cpp")
  sr_wasm_module(verifier verifier.cpp sr_verify)
endif()
if(EXISTS "${CMAKE_SOURCE_DIR}/bindings/core.cpp")
  sr_wasm_module(core core.cpp sr_service sr_verify)
endif()

# The native recovery benchmark (bench/native/secp_recover.cpp) compiled to wasm: the same C++ loop
# over the same core function as build/native-release/bench_secp_recover, with no JSON boundary, so
# bench/crypto.mjs shows the compiled recovery's ratio to native apart from what the modules' JSON
# boundary adds. Twice: run by Node (bench_secp_recover), and by a page in Chromium
# (bench_secp_recover_web, `bench/crypto.mjs --browser`), whose V8 is the engine a dapp's users run
# and may be newer than Node's. Built by `scripts/build.sh --release` only, not by `all`.
foreach(target bench_secp_recover bench_secp_recover_web)
  add_executable(${target} EXCLUDE_FROM_ALL "${CMAKE_SOURCE_DIR}/bench/native/secp_recover.cpp")
  target_link_libraries(${target} PRIVATE sr_eth)
  if(SR_WASM_EH STREQUAL "wasm")
    target_link_options(${target} PRIVATE -fwasm-exceptions)
  else()
    target_link_options(${target} PRIVATE -sDISABLE_EXCEPTION_CATCHING=0)
  endif()
  set_target_properties(${target} PROPERTIES SUFFIX ".js")
endforeach()
# Synchronous compilation: the async path of Debian's emscripten 3.1.6 fetch()es the .wasm by file
# path, which Node 18+ (it has a global fetch) rejects as an invalid URL.
target_link_options(bench_secp_recover PRIVATE -sENVIRONMENT=node -sALLOW_MEMORY_GROWTH=1 -sWASM_ASYNC_COMPILATION=0)
# The page calls main itself, once per round (callMain), after the runtime is ready.
target_link_options(bench_secp_recover_web PRIVATE -sENVIRONMENT=web -sALLOW_MEMORY_GROWTH=1 -sINVOKE_RUN=0
  -sEXPORTED_RUNTIME_METHODS=callMain)
