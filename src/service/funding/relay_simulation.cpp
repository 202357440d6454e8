#include "service/funding/relay_simulation.h"

#include <string>
#include <vector>

#include "crypto/hex.h"
#include "eth/abi.h"
#include "service/common/op_input.h"
#include "service/funding/funding_preflight.h"
#include "service/funding/relay_calls.h"

namespace sr::service {

using json = nlohmann::ordered_json;

namespace {

U256 as_uint(const json& value) { return std::get<U256>(abi::value_from_json(abi::Type::uint(), value)); }

struct Window {
  std::string field;  // as the submit named it
  U256 closes;        // the last second at which the contract still accepts it
  // An allowance the funding transaction spends (it still matters once the authorization is mined).
  bool funding_spends = false;
};

// The windows of a plan's authorization that the relayer's transactions must land within. The
// field names are the submit's (a deposit-address ERC-2612 submit names its permit "permit").
std::vector<Window> windows(const json& plan) {
  const std::string standard = plan.at("standard").get<std::string>();
  std::vector<Window> out;
  // A plain transfer or a refund signs nothing: no window closes on it.
  if (standard == "transfer" || standard == "refund") return out;
  const json& a = plan.at("authorization");
  if (standard == "erc3009") {
    // FiatToken requires block.timestamp < validBefore.
    const U256 before = as_uint(a.at("validBefore"));
    out.push_back({"authorization.validBefore", before.is_zero() ? before : *before.checked_sub(U256(1))});
  } else if (standard == "erc2612") {
    out.push_back({"permit.deadline", as_uint(a.at("deadline"))});
  } else if (standard == "permit2") {
    out.push_back({"permit2.sigDeadline", as_uint(a.at("sigDeadline"))});
    // The vault pulls through the allowance in the funding transaction.
    const json& details = a.at("details");
    for (std::size_t i = 0; i < details.size(); ++i) {
      out.push_back({"permit2.details[" + std::to_string(i) + "].expiration", as_uint(details[i].at("expiration")), true});
    }
  } else if (standard == "permit3") {
    out.push_back({"permit3.deadline", as_uint(a.at("deadline"))});
    const json& permits = a.at("chainPermits").at("permits");
    for (std::size_t i = 0; i < permits.size(); ++i) {
      const U256 mode = as_uint(permits[i].at("modeOrExpiration"));
      // 0 transfers at once; 1..3 (decrease, lock, unlock) are refused at submit; above is an
      // allowance expiring then, which the funding transaction spends.
      if (mode > U256(3)) out.push_back({"permit3.chainPermits.permits[" + std::to_string(i) + "].modeOrExpiration", mode, true});
    }
  }
  return out;
}

OpResult would_fail(const std::string& reason) {
  return problem(ProblemCode::funding_would_fail,
                 "the funding would fail, so the relayer did not send it: " + reason + ". Nothing was sent");
}

std::string quantity(std::uint64_t value) { return U256(value).to_hex(); }

// Optional "from": "authorization" (the default: the whole job), or the Portal call's label,
// "funding" or "refund" (the authorization is mined already, or there is none: only the Portal
// call is left, as when its transaction is re-sent; a refund's transactions signed before refunds
// had their own label say "funding").
bool from_funding(const OpInput& in, const char* op) {
  const json* from = in.optional("from");
  if (!from) return false;
  if (*from != "authorization" && *from != "funding" && *from != "refund") {
    throw OpInputError(std::string("op \"") + op + "\": from must be \"authorization\", \"funding\" or \"refund\"");
  }
  return *from != "authorization";
}

}  // namespace

OpResult relay_simulation_op(const Config& config, const json& input) {
  const OpInput in(input, "relaySimulation");
  const json& plan = in.member("plan");
  const json& relayer = in.member("relayer");
  const std::uint64_t chain_time = in.unix_seconds("chainTime");
  const bool funding_only = from_funding(in, "relaySimulation");
  return guarded_plan_op("relaySimulation", [&] {
    const Address from = Address::parse(relayer.get<std::string>());
    const RelaySettings& settings = config.service().relay;
    const U256 latest_landing = U256(chain_time).checked_add(U256(settings.window_margin_sec)).value_or(U256::max());
    for (const Window& w : windows(plan)) {
      if (funding_only && !w.funding_spends) continue;
      if (w.closes < latest_landing) {
        return would_fail("the authorization's window closes: " + w.field + " ends at " + w.closes.to_decimal() +
                          ", within " + std::to_string(settings.window_margin_sec) + " s of the chain's time " +
                          std::to_string(chain_time) + ", too soon for the relayer's transactions to land");
      }
    }
    const RelayCalls relay = relay_calls(config, plan);
    json calls = json::array();
    const auto add = [&](std::string_view purpose, const ContractCall& call, std::uint64_t gas) {
      calls.push_back({{"purpose", purpose},
                       {"from", from.checksummed()},
                       {"to", call.to.checksummed()},
                       {"data", hex::encode(call.data)},
                       {"gas", quantity(gas)}});
    };
    if (relay.authorization && !funding_only) add("authorization", *relay.authorization, settings.authorization_gas_limit);
    add(relay.purpose, relay.funding, settings.funding_gas_limit);
    return ok({{"calls", std::move(calls)}});
  });
}

OpResult relay_simulation_verdict_op(const Config& config, const json& input) {
  const OpInput in(input, "relaySimulationVerdict");
  const json& plan = in.member("plan");
  const json& results = in.member("results");
  if (!results.is_array()) throw OpInputError("op \"relaySimulationVerdict\": results must be an array");
  const bool funding_only = from_funding(in, "relaySimulationVerdict");
  // Optional "at": "latest" when the calls were simulated on the latest block (a re-simulation
  // while the job's own transaction is still pending, which the pending state would include).
  const json* at = in.optional("at");
  if (at && *at != "pending" && *at != "latest") {
    throw OpInputError("op \"relaySimulationVerdict\": at must be \"pending\" or \"latest\"");
  }
  const std::string state = at && *at == "latest" ? "on the latest block" : "together against the pending state";
  return guarded_plan_op("relaySimulationVerdict", [&] {
    const RelayCalls relay = relay_calls(config, plan);
    std::vector<std::string> purposes;
    if (relay.authorization && !funding_only) purposes.push_back("authorization");
    purposes.emplace_back(relay.purpose);
    if (results.size() != purposes.size()) {
      throw OpInputError("op \"relaySimulationVerdict\": results must hold one entry per call (" + std::to_string(purposes.size()) + ")");
    }
    for (std::size_t i = 0; i < purposes.size(); ++i) {
      const json& r = results[i];
      if (!r.is_object() || !r.contains("status") || !r["status"].is_string()) {
        throw OpInputError("op \"relaySimulationVerdict\": results[" + std::to_string(i) + "].status is missing");
      }
      if (r["status"] == "0x1") continue;
      json failure = {{"error", "reverted"}};
      if (r.contains("error") && r["error"].is_object()) {
        const json& e = r["error"];
        if (e.contains("message") && e["message"].is_string()) failure["error"] = e["message"];
        if (e.contains("data") && e["data"].is_string()) failure["data"] = e["data"];
      }
      if (!failure.contains("data") && r.contains("returnData") && r["returnData"].is_string()) failure["data"] = r["returnData"];
      return would_fail("simulated " + state + ", the " + purposes[i] + " call reverts: " +
                        call_revert_reason(failure));
    }
    return ok({{"ok", true}});
  });
}

}  // namespace sr::service
