# WebAssembly builds (emcmake): two ES modules with embind.
#   verifier: crypto, eth, protocol, verify — what a browser needs to check a quote.
#   core:     everything, for the edge worker.
set(SR_WASM_LINK_FLAGS
  -lembind
  -sMODULARIZE=1 -sEXPORT_ES6=1
  -sDYNAMIC_EXECUTION=0          # workerd forbids eval / new Function
  -sFILESYSTEM=0
  -sALLOW_MEMORY_GROWTH=1
  # No "node": its branch require()s fs and path, which ES modules and workerd (where
  # process.versions.node can exist under nodejs_compat) do not have. Every host hands the
  # binary in instead: Node via wasmBinary, workerd via instantiateWasm with its compiled
  # module, browsers via locateFile/fetch.
  -sENVIRONMENT=web,worker
  -sINCOMING_MODULE_JS_API=[instantiateWasm,locateFile,print,printErr,wasmBinary]
  -sDISABLE_EXCEPTION_CATCHING=0)
# Every C++ object must catch exceptions, not only the bindings: emcc's default is
# -fignore-exceptions, which drops catch blocks, so a core function that catches a ParseError
# would let it escape instead. add_compile_options() would reach only targets defined after
# this file (the layers are defined before it); CMAKE_CXX_FLAGS applies to the whole directory.
string(APPEND CMAKE_CXX_FLAGS " -fexceptions")

# Bindings for eth concepts switch on as their implementations land (the glob in sr_layer
# re-runs CMake when a file appears).
set(SR_WASM_FEATURES)
foreach(concept eip712 abi)
  string(TOUPPER "${concept}" upper)
  if(EXISTS "${CMAKE_SOURCE_DIR}/src/eth/${concept}.cpp")
    list(APPEND SR_WASM_FEATURES SR_HAVE_${upper}=1)
  endif()
endforeach()

function(sr_wasm_module name binding)
  add_executable(${name} "${CMAKE_SOURCE_DIR}/bindings/${binding}")
  target_compile_definitions(${name} PRIVATE ${SR_WASM_FEATURES})
  target_link_libraries(${name} PRIVATE ${ARGN})
  target_link_options(${name} PRIVATE ${SR_WASM_LINK_FLAGS} -sEXPORT_NAME=create_${name})
  set_target_properties(${name} PROPERTIES SUFFIX ".mjs")
endfunction()

if(EXISTS "${CMAKE_SOURCE_DIR}/bindings/verifier.cpp")
  sr_wasm_module(verifier verifier.cpp sr_verify)
endif()
if(EXISTS "${CMAKE_SOURCE_DIR}/bindings/core.cpp")
  sr_wasm_module(core core.cpp sr_service sr_verify)
endif()
