#include "service/quotes/quote_gas.h"

#include <string>
#include <vector>

#include "eth/u256.h"
#include "service/common/op_input.h"

namespace sr::service {

using Json = nlohmann::ordered_json;

namespace {

constexpr std::uint64_t kMinimumGas = 21'000;

// The quote and its competing quotes, in that order.
std::vector<Json*> quotes_of(Json& quote) {
  std::vector<Json*> out{&quote};
  if (quote.contains("competingQuotes") && quote["competingQuotes"].is_array()) {
    for (Json& q : quote["competingQuotes"]) out.push_back(&q);
  }
  return out;
}

bool evm_funding(const Json& quote) {
  const Json* execution = quote.contains("execution") ? &quote["execution"] : nullptr;
  return execution && execution->is_object() && execution->contains("transaction") &&
         (*execution)["transaction"].is_object() && (*execution)["transaction"].value("type", "") == "evm";
}

// The transactions of a quote's funding in sending order: its approvals, then the funding.
std::vector<Json*> transactions_of(Json& quote) {
  std::vector<Json*> out;
  Json& execution = quote["execution"];
  if (execution.contains("approvals") && execution["approvals"].is_array()) {
    for (Json& a : execution["approvals"]) out.push_back(&a);
  }
  out.push_back(&execution["transaction"]);
  return out;
}

std::string text(const Json& object, const char* name, const char* op) {
  if (!object.contains(name) || !object[name].is_string()) {
    throw OpInputError(std::string("op \"") + op + "\": a quote's transaction has no " + name);
  }
  return object[name].get<std::string>();
}

// A hex quantity of eth_simulateV1 ("0x5208"), or nullopt.
std::optional<std::uint64_t> quantity(const Json& value) {
  if (!value.is_string()) return std::nullopt;
  try {
    const U256 v = U256::from_hex(value.get<std::string>());
    if (v > U256(UINT64_MAX)) return std::nullopt;
    return v.as_u64();
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace

std::uint64_t estimated_gas_limit(std::uint64_t gas_used) {
  const std::uint64_t limit = gas_used + (gas_used * kGasMarginPercent + 99) / 100;
  return limit < kMinimumGas ? kMinimumGas : limit;
}

OpResult quote_gas_calls_op(const Json& input) {
  const OpInput in(input, "quoteGasCalls");
  Json quote = in.member("quote");
  if (!quote.is_object()) throw OpInputError("op \"quoteGasCalls\": quote must be a quote");
  Json simulations = Json::array();
  for (Json* q : quotes_of(quote)) {
    if (!evm_funding(*q)) continue;
    Json calls = Json::array();
    for (const Json* tx : transactions_of(*q)) {
      calls.push_back({{"from", text(*tx, "from", "quoteGasCalls")},
                       {"to", text(*tx, "to", "quoteGasCalls")},
                       {"data", text(*tx, "data", "quoteGasCalls")},
                       {"value", U256::from_decimal(text(*tx, "value", "quoteGasCalls")).to_hex()}});
    }
    simulations.push_back({{"quoteId", (*q)["id"]}, {"chainId", (*q)["execution"]["transaction"]["chainId"]}, {"calls", std::move(calls)}});
  }
  return ok({{"simulations", std::move(simulations)}});
}

OpResult quote_gas_op(const Json& input) {
  const OpInput in(input, "quoteGas");
  Json quote = in.member("quote");
  const Json& results = in.member("results");
  if (!quote.is_object()) throw OpInputError("op \"quoteGas\": quote must be a quote");
  if (!results.is_array()) throw OpInputError("op \"quoteGas\": results must be an array");
  for (Json* q : quotes_of(quote)) {
    if (!evm_funding(*q)) continue;
    const Json* found = nullptr;
    for (const Json& r : results) {
      if (r.is_object() && r.contains("quoteId") && r["quoteId"] == (*q)["id"]) found = &r;
    }
    if (!found || !found->contains("calls") || !(*found)["calls"].is_array()) continue;
    const Json& calls = (*found)["calls"];
    std::vector<Json*> txs = transactions_of(*q);
    if (calls.size() != txs.size()) continue;
    std::vector<std::uint64_t> limits;
    for (const Json& call : calls) {
      const auto used = call.is_object() ? quantity(call.value("gasUsed", Json())) : std::nullopt;
      // A call that reverts (a balance short of the amount, an allowance the node sees otherwise)
      // estimates nothing: the quote keeps its bounds.
      if (!used || !call.is_object() || call.value("status", Json()) != "0x1") break;
      limits.push_back(estimated_gas_limit(*used));
    }
    if (limits.size() != txs.size()) continue;
    for (std::size_t i = 0; i < txs.size(); ++i) {
      (*txs[i])["gas"] = limits[i];
      (*txs[i])["gasEstimated"] = true;
    }
    // `approval` is the last approval, as listed.
    Json& execution = (*q)["execution"];
    if (execution.contains("approvals") && execution["approvals"].is_array() && !execution["approvals"].empty()) {
      execution["approval"] = execution["approvals"].back();
    }
  }
  return ok({{"quote", std::move(quote)}});
}

}  // namespace sr::service
