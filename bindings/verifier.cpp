// The verifier module: what a browser needs to check a quote (crypto, eth, verify).
#include "exports.h"
#include "verify/gasless_verifier.h"
#include "verify/quote_verifier.h"

namespace sr::bindings {

// {"quote","chains","request"?,"now"} -> {"ok","checks":[{"name","ok","detail"}]}. The outer
// reply is ok:false only for a malformed context; a bad quote is a report with failed checks.
inline std::string verify_quote_json(std::string input) {
  return call_json(std::move(input), [](const Json& args) { return verify::verify_quote_json(args); });
}

// {"quote","standard","payload","signature","chains","tokens","now"} -> the same report shape.
inline std::string verify_gasless_payload_json(std::string input) {
  return call_json(std::move(input), [](const Json& args) { return verify::verify_gasless_payload_json(args); });
}

}  // namespace sr::bindings

EMSCRIPTEN_BINDINGS(sr_verifier) {
  // The npm package links this file on its own (js/scripts/build.mjs) with SR_VERIFIER_PACKAGE:
  // without the signing and generic ABI/EIP-712 exports, libsecp256k1's generator table and the
  // generic coders fall out of the binary, which keeps the download within its size budget.
#ifndef SR_VERIFIER_PACKAGE
  sr::bindings::register_primitives();
#endif
  emscripten::function("verify_quote", &sr::bindings::verify_quote_json);
  emscripten::function("verify_gasless_payload", &sr::bindings::verify_gasless_payload_json);
}
