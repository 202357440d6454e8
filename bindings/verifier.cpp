// The verifier module: what a browser needs to check a quote (crypto, eth, verify).
#include "exports.h"
#include "verify/quote_verifier.h"

namespace sr::bindings {

// {"quote","chains","request"?,"now"} -> {"ok","checks":[{"name","ok","detail"}]}. The outer
// reply is ok:false only for a malformed context; a bad quote is a report with failed checks.
inline std::string verify_quote_json(std::string input) {
  return call_json(std::move(input), [](const Json& args) { return verify::verify_quote_json(args); });
}

}  // namespace sr::bindings

EMSCRIPTEN_BINDINGS(sr_verifier) {
  sr::bindings::register_primitives();
  emscripten::function("verify_quote", &sr::bindings::verify_quote_json);
}
