// The verifier's entry points for native callers that hold nlohmann::json documents (the tests,
// the fuzz targets, the repository's embind module): each converts its documents to the
// verifier's JSON value and runs the one implementation the npm package runs. The package's
// module never calls these, so they do not reach its WebAssembly.
#include "json/nlohmann_bridge.h"
#include "verify/chain_directory.h"
#include "verify/deposit_verifier.h"
#include "verify/gasless_verifier.h"
#include "verify/quote_verifier.h"
#include "verify/slippage.h"

namespace sr::verify {

RequestDocument::RequestDocument(const nlohmann::json* request) {
  if (request == nullptr) return;
  converted_ = std::make_shared<const Json>(json::from_nlohmann(*request));
  request_ = converted_.get();
}

ChainDirectory ChainDirectory::from_json(const nlohmann::json& chains, bool check_svm) {
  return from_json(json::from_nlohmann(chains), check_svm);
}

TokenDirectory TokenDirectory::from_json(const nlohmann::json& tokens, const ChainDirectory& chains) {
  return from_json(json::from_nlohmann(tokens), chains);
}

Report verify_quote(const nlohmann::json& quote, const QuoteContext& context) {
  return verify_quote(json::from_nlohmann(quote), context);
}

nlohmann::json verify_quote_json(const nlohmann::json& args) {
  return json::to_nlohmann(verify_quote_json(json::from_nlohmann(args)));
}

Report verify_gasless_payload(const nlohmann::json& quote, const std::string& standard, const nlohmann::json& payload,
                              const nlohmann::json& signature, const GaslessContext& context) {
  return verify_gasless_payload(json::from_nlohmann(quote), standard, json::from_nlohmann(payload),
                                json::from_nlohmann(signature), context);
}

nlohmann::json verify_deposit_address_json(const nlohmann::json& args) {
  return json::to_nlohmann(verify_deposit_address_json(json::from_nlohmann(args)));
}

nlohmann::json verify_gasless_payload_json(const nlohmann::json& args) {
  return json::to_nlohmann(verify_gasless_payload_json(json::from_nlohmann(args)));
}

std::uint32_t read_slippage_millionths(const nlohmann::json& value, const Path& path) {
  return read_slippage_millionths(json::from_nlohmann(value), path);
}

}  // namespace sr::verify
