// The core module: everything, for the edge worker.
#include "exports.h"

EMSCRIPTEN_BINDINGS(sr_core) { sr::bindings::register_primitives(); }
