#include "service/legacy/legacy_quote.h"

#include "service/common/op_input.h"
#include "service/quotes/engine.h"
#include "service/quotes/solver_protocol.h"
#include "service/legacy/legacy_request.h"

namespace sr::service {
namespace {

using json = nlohmann::ordered_json;

// A v1 quote whose funded intent is also its delivery intent: the legacy format has one intent
// (one encodedRoute) per entry, so stitched routes have no legacy form.
bool is_direct(const json& quote) {
  return quote.at("steps").size() == 1 && quote.at("steps")[0].at("intents").size() == 1 &&
         quote.at("steps")[0].at("intents")[0].at("role") == "direct";
}

json legacy_fees(const json& quote) {
  json fees = json::array();
  for (const json& fee : quote.at("fees")) {
    const std::string type = fee.at("type").get<std::string>();
    // Who receives it: a fee recipient's address, or the solver that fills (gas, proving).
    const std::string receiver = fee.at("recipient").is_null() ? std::string("kept by the solver")
                                                               : "paid on chain to " + fee.at("recipient").get<std::string>();
    fees.push_back({{"name", type},
                    {"description", type + " fee, in " + fee.at("token").at("symbol").get<std::string>() + " on chain " +
                                        std::to_string(fee.at("token").at("chainId").get<std::uint64_t>()) + ", " +
                                        receiver + "; " +
                                        std::string(fee.at("estimate").get<bool>() ? "an estimate" : "binding")},
                    {"token",
                     {{"address", fee.at("token").at("address")},
                      {"decimals", fee.at("token").at("decimals")},
                      {"symbol", fee.at("token").at("symbol")}}},
                    {"amount", fee.at("amount")}});
  }
  return fees;
}

json legacy_entry(const Config& config, const json& quote, const std::string& receive_signed_intent_url) {
  const json& intent = quote.at("steps")[0].at("intents")[0];
  const ChainRecord* source = config.chain(quote.at("source").at("chainId").get<std::uint64_t>());
  const ChainRecord* destination = config.chain(quote.at("destination").at("chainId").get<std::uint64_t>());
  return {
      {"quoteID", quote.at("id")},
      {"solverID", quote.at("solver").at("id")},
      {"receiveSignedIntentUrl", receive_signed_intent_url},
      {"quoteData",
       {{"quoteResponse",
         {{"intentExecutionType", "SELF_PUBLISH"},
          {"sourceChainID", quote.at("source").at("chainId")},
          {"destinationChainID", quote.at("destination").at("chainId")},
          {"sourceToken", quote.at("source").at("token")},
          {"destinationToken", quote.at("destination").at("token")},
          {"sourceAmount", quote.at("source").at("amount")},
          {"destinationAmount", quote.at("destination").at("minAmountOut")},
          {"funder", quote.at("source").at("funder")},
          {"refundRecipient", intent.at("intent").at("reward").at("creator")},
          {"recipient", quote.at("destination").at("recipient")},
          {"fees", legacy_fees(quote)},
          {"deadline", intent.at("intent").at("reward").at("deadline")},
          {"estimatedFulfillTimeSec", quote.at("estimatedFulfillTimeSec")},
          {"encodedRoute", intent.at("encodedRoute")}}},
        {"contracts",
         {{"sourcePortal", source->portal.text()},
          {"destinationPortal", destination->portal.text()},
          {"prover", intent.at("intent").at("reward").at("prover")}}}}},
  };
}

}  // namespace

std::string receive_signed_intent_url(const Config& config, std::uint64_t source_chain_id,
                                      const ChainAddress& source_token) {
  const std::string gasless = config.service().base_url + "/v1/gasless";
  const TokenRecord* token = config.token(source_chain_id, source_token);
  if (!token || token->gasless.empty()) return gasless;
  return gasless + "/" + std::string(gasless_name(token->gasless.front()));
}

namespace {

// The v1 request a legacy request stands for: every solver's direct quote, keyless.
json v1_body(const LegacyQuoteRequest& request, LegacyQuoteKind kind) {
  json source = {{"chainId", request.source_chain_id},
                 {"token", request.source_token.text()},
                 {"funder", request.funder.text()},
                 {"refundRecipient", request.refund_recipient.text()}};
  json destination = {{"chainId", request.destination_chain_id},
                      {"token", request.destination_token.text()},
                      {"recipient", request.recipient.text()}};
  (kind == LegacyQuoteKind::exact_in ? source : destination)["amount"] = request.source_amount.to_decimal();
  return {{"type", kind == LegacyQuoteKind::exact_in ? "exact-in" : "exact-out"},
          {"source", source},
          {"destination", destination},
          {"dappId", request.dapp_id},
          {"options", {{"allQuotes", true}}}};
}

// Keyless: no partner, no partner fees; the legacy contract answers every competing quote, so
// both features are the op's own.
json keyless_grant() { return {{"features", {"quotes", "all-quotes"}}}; }

}  // namespace

OpResult legacy_solver_requests_op(const Config& config, const json& input) {
  const OpInput in(input, "legacySolverRequests");
  const json& kind_value = in.member("kind");
  const std::string kind_text = kind_value.is_string() ? kind_value.get<std::string>() : "";
  if (kind_text != "exactIn" && kind_text != "exactOut") {
    throw OpInputError("legacySolverRequests: kind must be \"exactIn\" or \"exactOut\"");
  }
  const auto validated = validate_legacy_quote_request(in.member("body"), config);
  if (!validated) return validated.error;
  const LegacyQuoteKind kind = kind_text == "exactIn" ? LegacyQuoteKind::exact_in : LegacyQuoteKind::exact_out;
  return solver_requests(config, {{"body", v1_body(*validated.value, kind)}, {"key", keyless_grant()}, {"now", in.unix_seconds("now")}});
}

OpResult legacy_quote_op(const Config& config, const secp256k1::SecretKey& signer, const json& input,
                         LegacyQuoteKind kind) {
  const auto validated = validate_legacy_quote_request(input.at("body"), config);
  if (!validated) return validated.error;
  const LegacyQuoteRequest& request = *validated.value;
  const json v1 = v1_body(request, kind);
  OpResult quoted = quote_op(config, signer,
                             {{"body", v1},
                              {"key", keyless_grant()},
                              {"now", input.at("now")},
                              {"random", input.at("random")},
                              {"solverAnswers", input.value("solverAnswers", json::array())}});
  if (quoted.status != 200) return quoted;

  const std::string url = receive_signed_intent_url(config, request.source_chain_id, request.source_token);
  json data = json::array();
  if (is_direct(quoted.body)) data.push_back(legacy_entry(config, quoted.body, url));
  if (quoted.body.at("competingQuotes").is_array()) {
    for (const json& competing : quoted.body.at("competingQuotes")) {
      if (is_direct(competing)) data.push_back(legacy_entry(config, competing, url));
    }
  }
  if (data.empty()) {
    return problem(ProblemCode::solver_error,
                   "only a multi-hop route serves this pair, and the legacy format has one intent per quote");
  }
  return ok({{"data", std::move(data)}});
}

}  // namespace sr::service
