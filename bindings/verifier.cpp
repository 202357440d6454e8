// The verifier module: what a browser needs to check a quote (crypto, eth, verify).
#include "exports.h"
#include "verify/deposit_verifier.h"
#include "verify/fee_statement.h"
#include "verify/gasless_verifier.h"
#include "verify/quote_verifier.h"

#ifdef SR_VERIFIER_PACKAGE
#include <cstdlib>
#include <utility>
#include <vector>

#include "crypto/catching.h"
#include "json/value.h"
#include "protocol/json_fields.h"
#include "small_blocks.h"
#include "verify/json_members.h"
#endif

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

// {"answer","request","chains","now"} -> the same report shape, for a deposit address.
inline std::string verify_deposit_address_json(std::string input) {
  return call_json(std::move(input), [](const Json& args) { return verify::verify_deposit_address_json(args); });
}

}  // namespace sr::bindings

#ifndef SR_VERIFIER_PACKAGE

EMSCRIPTEN_BINDINGS(sr_verifier) {
  sr::bindings::register_primitives();
  emscripten::function("verify_quote", &sr::bindings::verify_quote_json);
  emscripten::function("verify_gasless_payload", &sr::bindings::verify_gasless_payload_json);
  emscripten::function("verify_deposit_address", &sr::bindings::verify_deposit_address_json);
}

#else

// The npm package's module (js/scripts/build.mjs, SR_VERIFIER_PACKAGE): plain C exports instead of
// embind, whose JavaScript runtime was a third of the glue the browser downloads and whose string
// conversion was a character loop in JavaScript. Without the signing and generic ABI/EIP-712
// exports, libsecp256k1's generator table and the generic coders fall out of the binary.
//
// The protocol (js/src/verifier.js): JavaScript writes the UTF-8 JSON arguments into a buffer from
// sr_alloc, calls an export with (pointer, length), which takes the buffer over (frees it) and
// returns the reply's length; the reply, the same {"ok",...} JSON as the embind exports, is then
// at sr_reply() until the next call.
//
// The exports are not EMSCRIPTEN_KEEPALIVE: the link's export list (cmake/wasm.cmake) alone
// decides which the module keeps, so the package's quote-only module, the same objects linked with
// only the quote exports, leaves the gasless and deposit-address verifiers out.
namespace sr::bindings {
namespace {

std::string& reply() {
  static std::string text;
  return text;
}

// The argument buffer sr_alloc handed out, which the export takes over: read in place and freed
// when the call returns (no copy; the verifier's arguments are quotes and chain records, public
// data, so unlike the core's exports.h nothing is wiped).
struct Input {
  char* data;
  std::size_t size;
  ~Input() { std::free(data); }
  std::string_view text() const { return {data, size}; }
};

std::size_t answer(std::string text) {
  reply() = std::move(text);
  return reply().size();
}

// call_json (exports.h) on the verifier's own JSON value (json/value.h) instead of nlohmann's:
// the same replies, error messages included, for a fraction of the code. A function pointer (and the handle of the bound
// chain records, for the call that needs it) rather than a template: one copy for all exports.
using Call = sr::json::Value (*)(const sr::json::Value& args, int handle);

// The reply's error for a json::Error: nlohmann's parse_error gets the prefix; its out_of_range (a
// number overflow) does not.
std::string json_error_text(const sr::json::Error& e) {
  return e.syntax() ? std::string("arguments are not valid JSON: ") + e.what() : std::string(e.what());
}
constexpr const char* kUnknownError = "unknown error";

#ifdef SR_REPLAYED_ERRORS
// The error of the reply below for what was thrown, as its catch clauses word it.
std::string error_message(void* thrown, const std::type_info& type) {
  if (type == typeid(sr::json::Error)) return json_error_text(*static_cast<const sr::json::Error*>(thrown));
  const std::exception* e = sr::replay::as_exception(thrown, type);
  return e != nullptr ? e->what() : kUnknownError;
}
#endif

std::string call_value(const Input& input, Call fn, int handle = 0) {
  using sr::json::Value;
  Value reply = Value::object();
  const auto answer = [&] {
    Value args = sr::json::parse(input.text());
    if (!args.is_object()) throw sr::ParseError("arguments must be a JSON object");
    Value result = fn(args, handle);
    reply["ok"] = true;
    reply["result"] = std::move(result);
  };
  // (A reply answer() began has only "ok": the result is its last step.)
  const auto refuse = [&](std::string error) {
    reply["ok"] = false;
    reply["error"] = std::move(error);
  };
#ifdef SR_REPLAYED_ERRORS
  // The try/catch below, as one frame that catches everything (crypto/catching.h).
  sr::replay::begin();
  const sr::replay::Attempt attempt(nullptr, error_message);
  if (attempt.caught() == nullptr) {
    answer();
  } else {
    refuse(attempt.caught());
  }
#else
  try {
    answer();
  } catch (const sr::json::Error& e) {
    refuse(json_error_text(e));
  } catch (const std::exception& e) {
    refuse(e.what());
  } catch (...) {
    refuse(kUnknownError);
  }
#endif
  return reply.dump();
}

// Chain records read once for many verifications (verifier.forChains in the package, and the
// records of the last plain call): the ChainDirectory a verify_quote call would otherwise rebuild
// (and whose addresses it would checksum again) on every call. A page holds a handful at most, so
// a list searched in order: a std::map's tree code was 1 KiB of the download for nothing.
using BoundChains = std::vector<std::pair<int, verify::ChainDirectory>>;
BoundChains& bound_chains() {
  static BoundChains chains;
  return chains;
}

BoundChains::iterator find_bound(int handle) {
  auto it = bound_chains().begin();
  while (it != bound_chains().end() && it->first != handle) ++it;
  return it;
}

// The records bound under `handle`; a released handle fails the call with a clear message.
const verify::ChainDirectory& bound(int handle) {
  const auto found = find_bound(handle);
  if (found == bound_chains().end()) throw ParseError("these chain records were released");
  return found->second;
}

}  // namespace
}  // namespace sr::bindings

extern "C" {

char* sr_alloc(std::size_t size) { return static_cast<char*>(std::malloc(size > 0 ? size : 1)); }

const char* sr_reply() { return sr::bindings::reply().data(); }

std::size_t sr_verify_quote(char* data, std::size_t size) {
  using namespace sr::bindings;
  return answer(call_value(Input{data, size}, [](const sr::verify::Json& args, int) { return sr::verify::verify_quote_json(args); }));
}

std::size_t sr_verify_gasless_payload(char* data, std::size_t size) {
  using namespace sr::bindings;
  return answer(call_value(Input{data, size},
                           [](const sr::verify::Json& args, int) { return sr::verify::verify_gasless_payload_json(args); }));
}

std::size_t sr_verify_deposit_address(char* data, std::size_t size) {
  using namespace sr::bindings;
  return answer(call_value(Input{data, size},
                           [](const sr::verify::Json& args, int) { return sr::verify::verify_deposit_address_json(args); }));
}

// {"chains"} -> {"ok":true,"result":handle}: the records read as verify_quote reads them (the
// same ParseError messages), kept until sr_release_chains(handle).
std::size_t sr_bind_chains(char* data, std::size_t size) {
  using namespace sr::bindings;
  return answer(call_value(Input{data, size}, [](const sr::verify::Json& args, int) -> sr::json::Value {
    static int next_handle = 0;
    auto directory = sr::verify::ChainDirectory::from_json(sr::verify::member(args, "chains", ""));
    const int handle = ++next_handle;
    bound_chains().emplace_back(handle, std::move(directory));
    return handle;
  }));
}

void sr_release_chains(int handle) {
  using namespace sr::bindings;
  const auto found = find_bound(handle);
  if (found == bound_chains().end()) return;
  if (found != bound_chains().end() - 1) std::swap(*found, bound_chains().back());
  bound_chains().pop_back();
}

// {"quote","request"?,"now"} against the bound records: verify_quote's reply, by the same steps
// as verify::verify_quote_json after its chain records are read.
std::size_t sr_verify_quote_bound(int handle, char* data, std::size_t size) {
  using namespace sr::bindings;
  return answer(call_value(Input{data, size}, [](const sr::verify::Json& args, int handle) {
    namespace jf = sr::protocol::json_fields;
    using sr::verify::member;
    const sr::verify::ChainDirectory& chains = bound(handle);
    const sr::verify::Json* request = sr::verify::optional_member(args, "request", "");
    if (request != nullptr && !request->is_object()) throw sr::ParseError("request: must be an object or null");
    const std::uint64_t now = jf::read_u64_number(member(args, "now", ""), "now");
    return sr::verify::to_json(
        sr::verify::verify_quote(member(args, "quote", ""), sr::verify::QuoteContext{&chains, request, now, sr::verify::read_max_fee_bps(args)}));
  }, handle));
}

// {"answer","request","now"} against the bound records: verify_deposit_address's reply, by the
// same steps as verify::verify_deposit_address_json after its chain records are read.
std::size_t sr_verify_deposit_address_bound(int handle, char* data, std::size_t size) {
  using namespace sr::bindings;
  return answer(call_value(Input{data, size}, [](const sr::verify::Json& args, int handle) {
    namespace jf = sr::protocol::json_fields;
    using sr::verify::member;
    const sr::verify::ChainDirectory& chains = bound(handle);
    const sr::verify::Json& request = member(args, "request", "");
    if (!request.is_object()) {
      throw sr::ParseError("request: must be the deposit-address request object {source, destination, refundRecipient}");
    }
    const std::uint64_t now = jf::read_u64_number(member(args, "now", ""), "now");
    return sr::verify::to_json(sr::verify::verify_deposit_address(
        member(args, "answer", ""), sr::verify::DepositContext{&chains, &request, now, sr::verify::read_max_fee_bps(args)}));
  }, handle));
}

}  // extern "C"

#endif
