#include "service/quotes/quote_gas.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "eth/u256.h"
#include "service/common/op_input.h"

namespace sr::service {

using Json = nlohmann::ordered_json;

namespace {

constexpr std::uint64_t kMinimumGas = 21'000;

// The quote and its competing quotes, in that order, with the JSON pointer of each (RFC 6901).
std::vector<std::pair<const Json*, std::string>> quotes_of(const Json& quote) {
  std::vector<std::pair<const Json*, std::string>> out{{&quote, ""}};
  if (quote.contains("competingQuotes") && quote["competingQuotes"].is_array()) {
    std::size_t i = 0;
    for (const Json& q : quote["competingQuotes"]) out.emplace_back(&q, "/competingQuotes/" + std::to_string(i++));
  }
  return out;
}

bool evm_funding(const Json& quote) {
  const Json* execution = quote.contains("execution") ? &quote["execution"] : nullptr;
  return execution && execution->is_object() && execution->contains("transaction") &&
         (*execution)["transaction"].is_object() && (*execution)["transaction"].value("type", "") == "evm";
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

Json gas_simulations(const Json& quote) {
  Json simulations = Json::array();
  for (const auto& [q, at] : quotes_of(quote)) {
    if (!evm_funding(*q)) continue;
    const Json& execution = (*q)["execution"];
    // Its approvals, then the funding: the order a wallet sends them in.
    std::vector<std::pair<const Json*, std::string>> txs;
    if (execution.contains("approvals") && execution["approvals"].is_array()) {
      std::size_t i = 0;
      for (const Json& a : execution["approvals"]) txs.emplace_back(&a, at + "/execution/approvals/" + std::to_string(i++));
    }
    txs.emplace_back(&execution["transaction"], at + "/execution/transaction");
    Json calls = Json::array();
    Json paths = Json::array();
    for (const auto& [tx, path] : txs) {
      calls.push_back({{"from", text(*tx, "from", "quote")},
                       {"to", text(*tx, "to", "quote")},
                       {"data", text(*tx, "data", "quote")},
                       {"value", U256::from_decimal(text(*tx, "value", "quote")).to_hex()}});
      paths.push_back(path);
    }
    // `approval` repeats the last approval, so it takes the same gas.
    if (txs.size() > 1) paths.push_back(at + "/execution/approval");
    simulations.push_back({{"quoteId", (*q)["id"]}, {"chainId", execution["transaction"]["chainId"]},
                           {"calls", std::move(calls)}, {"transactions", std::move(paths)}});
  }
  return simulations;
}

OpResult quote_gas_op(const Json& input) {
  const OpInput in(input, "quoteGas");
  const Json& simulations = in.member("simulations");
  const Json& results = in.member("results");
  if (!simulations.is_array()) throw OpInputError("op \"quoteGas\": simulations must be an array");
  if (!results.is_array()) throw OpInputError("op \"quoteGas\": results must be an array");
  Json patch = Json::array();
  for (const Json& sim : simulations) {
    if (!sim.is_object() || !sim.contains("quoteId") || !sim.contains("calls") || !sim["calls"].is_array() ||
        !sim.contains("transactions") || !sim["transactions"].is_array()) {
      throw OpInputError("op \"quoteGas\": a simulation is not one the quote op answered");
    }
    const Json& paths = sim["transactions"];
    const std::size_t sent = sim["calls"].size();
    if (paths.size() != sent && !(sent >= 2 && paths.size() == sent + 1)) {
      throw OpInputError("op \"quoteGas\": a simulation's transactions do not match its calls");
    }
    for (const Json& path : paths) {
      if (!path.is_string() || path.get_ref<const std::string&>().rfind('/', 0) != 0) {
        throw OpInputError("op \"quoteGas\": a transaction is not named by a JSON pointer");
      }
    }
    const Json* found = nullptr;
    for (const Json& r : results) {
      if (r.is_object() && r.contains("quoteId") && r["quoteId"] == sim["quoteId"]) found = &r;
    }
    if (!found || !found->contains("calls") || !(*found)["calls"].is_array()) continue;
    const Json& calls = (*found)["calls"];
    if (calls.size() != sent) continue;
    std::vector<std::uint64_t> limits;
    for (const Json& call : calls) {
      const auto used = call.is_object() ? quantity(call.value("gasUsed", Json())) : std::nullopt;
      // A call that reverts (a balance short of the amount, an allowance the node sees otherwise)
      // estimates nothing: the quote keeps its bounds.
      if (!used || !call.is_object() || call.value("status", Json()) != "0x1") break;
      limits.push_back(estimated_gas_limit(*used));
    }
    if (limits.size() != sent) continue;
    for (std::size_t i = 0; i < paths.size(); ++i) {
      // The last path past the calls is `approval`, the last approval again (i == sent - 1 is the
      // funding, so the approval's limit is the one before it).
      const std::uint64_t gas = i < sent ? limits[i] : limits[sent - 2];
      patch.push_back({{"path", paths[i]}, {"set", {{"gas", gas}, {"gasEstimated", true}}}});
    }
  }
  return ok({{"patch", std::move(patch)}});
}

}  // namespace sr::service
