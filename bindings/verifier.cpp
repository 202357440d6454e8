// The verifier module: what a browser needs to check a quote (crypto, eth, verify).
#include "exports.h"

EMSCRIPTEN_BINDINGS(sr_verifier) { sr::bindings::register_primitives(); }
