#include "service/funding/funding_preflight.h"

#include <algorithm>
#include <optional>
#include <string>

#include "crypto/hex.h"
#include "eth/abi.h"
#include "protocol/calldata.h"
#include "protocol/contract_calls.h"
#include "protocol/intent.h"
#include "protocol/intent_hash.h"
#include "service/common/op_input.h"
#include "service/funding/relay_calls.h"

namespace sr::service {

using json = nlohmann::ordered_json;
namespace calls = protocol::contract_calls;

namespace {

// An integer of an authorization, whichever JSON form it came in (decimal string, number, 0x-hex).
U256 as_uint(const json& value) { return std::get<U256>(abi::value_from_json(abi::Type::uint(), value)); }

// What the funding needs of the plan's token: the reward's amounts of it.
U256 needed_amount(const json& plan) {
  const Address token = Address::parse(plan.at("token").get<std::string>());
  U256 total;
  for (const json& t : plan.at("intent").at("reward").at("tokens")) {
    if (Address::parse(t.at("token").get<std::string>()) == token) {
      total = total.checked_add(U256::from_decimal(t.at("amount").get<std::string>())).value_or(U256::max());
    }
  }
  return total;
}

struct Plan {
  std::string standard;
  const ChainRecord* chain;
  Address token;
  Address funder;
  Address vault;
  U256 amount;
  Hash32 intent_hash;
  const json* authorization;
};

Plan read_plan(const Config& config, const json& plan) {
  Plan p;
  p.standard = plan.at("standard").get<std::string>();
  p.chain = &plan_chain(config, plan);
  p.token = Address::parse(plan.at("token").get<std::string>());
  p.funder = Address::parse(plan.at("funder").get<std::string>());
  p.vault = Address::parse(plan.at("vault").get<std::string>());
  p.amount = needed_amount(plan);
  const json& intent = plan.at("intent");
  const ChainRecord* destination = config.chain(intent.at("destination").get<std::uint64_t>());
  if (!destination) throw ParseError("the plan's destination chain is not configured");
  p.intent_hash = protocol::hash_intent(protocol::intent_from_json(intent, p.chain->vm, destination->vm), p.chain->vm, destination->vm).intent_hash;
  p.authorization = &plan.at("authorization");
  return p;
}

// The contract whose allowance Permit2/Permit3 spends, or nullopt for the token's own standards.
std::optional<Address> permit_contract(const Plan& p) {
  if (p.standard == "permit2") return p.chain->permit2;
  if (p.standard == "permit3") return p.chain->permit3;
  return std::nullopt;
}

std::string permit_contract_name(const Plan& p) { return p.standard == "permit2" ? "Permit2" : "Permit3"; }

json call(std::string_view id, const Address& to, const Bytes& data) {
  return {{"id", id}, {"to", to.checksummed()}, {"data", hex::encode(data)}};
}

class Results {
 public:
  Results(const json& results) : results_(results) {}

  // The return data of a call that succeeded; nullopt when it reverted.
  std::optional<Bytes> data(std::string_view id) const {
    const json& r = entry(id);
    if (!r.contains("result")) return std::nullopt;
    return hex::decode(r.at("result").get<std::string>());
  }
  const json& entry(std::string_view id) const {
    const auto it = results_.find(std::string(id));
    if (it == results_.end() || !it->is_object()) throw ParseError("results." + std::string(id) + " is missing");
    return *it;
  }
  U256 word(std::string_view id, std::size_t index = 0) const {
    const auto bytes = data(id);
    if (!bytes || bytes->size() < 32 * (index + 1)) throw ParseError("results." + std::string(id) + " is not a return value");
    return U256::from_be_bytes(ByteView(*bytes).subspan(32 * index, 32));
  }

 private:
  const json& results_;
};

std::string reward_status_name(const U256& status) {
  if (status == U256(1)) return "funded";
  if (status == U256(2)) return "withdrawn";
  if (status == U256(3)) return "refunded";
  return "status " + status.to_decimal();
}

// What a relayed funding holds of its funder's balance until it settles: the funder's own tokens
// (a plain transfer has already paid the vault, so it holds nothing of anyone's).
json reservation_of(const Plan& p) {
  if (p.standard == "transfer") return nullptr;
  return {{"chainId", p.chain->chain_id}, {"token", p.token.checksummed()}, {"funder", p.funder.checksummed()},
          {"amount", p.amount.to_decimal()}};
}

struct Held {
  U256 total;
  std::string jobs;  // "job:… (amount), …"
};

// The other reservations of the same chain, token and funder ("reserved": [{"jobId", "amount"}],
// what the worker's per-chain store holds under the reservation this op's preflight named; a row of
// the submit's own job counts once, not against itself). nullopt when the input has none.
std::optional<Held> reserved(const OpInput& in, const Plan& p) {
  const json* rows = in.optional("reserved");
  if (!rows || p.standard == "transfer") return std::nullopt;
  if (!rows->is_array()) throw OpInputError("op \"fundingPreflightVerdict\": reserved must be an array");
  const json* own = in.optional("jobId");
  Held held;
  for (const json& row : *rows) {
    if (!row.is_object() || !row.contains("jobId") || !row["jobId"].is_string() || !row.contains("amount") || !row["amount"].is_string()) {
      throw OpInputError("op \"fundingPreflightVerdict\": each reserved row must be {\"jobId\", \"amount\"}");
    }
    if (own && own->is_string() && *own == row["jobId"]) continue;
    const U256 amount = U256::from_decimal(row["amount"].get<std::string>());
    held.total = held.total.checked_add(amount).value_or(U256::max());
    if (!held.jobs.empty()) held.jobs += ", ";
    held.jobs += row["jobId"].get<std::string>() + " (" + amount.to_decimal() + ")";
  }
  if (held.jobs.empty()) return std::nullopt;
  return held;
}

OpResult would_fail(const std::string& reason) {
  return problem(ProblemCode::funding_would_fail,
                 "the funding would fail, so the relayer will not send it: " + reason + ". Nothing was sent and no job was created");
}

}  // namespace

namespace {

// Error(string)'s message read leniently: nodes differ in how they pad revert data (eth_simulateV1
// results have been seen without the final padding), and the reason is only shown, never trusted.
// The offset word, then the length word at that offset, then that many bytes, cut to what is there;
// nullopt unless the offset and length are plausible and the bytes are printable ASCII.
std::optional<std::string> error_string(ByteView args) {
  const auto word_at = [&](std::size_t at) -> std::optional<std::uint64_t> {
    if (at + 32 > args.size()) return std::nullopt;
    for (std::size_t i = at; i < at + 24; ++i) {
      if (args[i] != 0) return std::nullopt;
    }
    std::uint64_t value = 0;
    for (std::size_t i = at + 24; i < at + 32; ++i) value = (value << 8) | args[i];
    return value;
  };
  const auto offset = word_at(0);
  if (!offset || *offset > args.size()) return std::nullopt;
  const auto length = word_at(static_cast<std::size_t>(*offset));
  if (!length) return std::nullopt;
  const std::size_t start = static_cast<std::size_t>(*offset) + 32;
  const std::size_t end = std::min<std::size_t>(args.size(), start + std::min<std::uint64_t>(*length, 1024));
  std::string text;
  for (std::size_t i = start; i < end; ++i) {
    if (args[i] < 0x20 || args[i] > 0x7e) return std::nullopt;
    text.push_back(static_cast<char>(args[i]));
  }
  return text;
}

}  // namespace

// The reason a reverting call gives: Error(string), Panic(uint256), a custom error's selector, or
// the node's own message.
std::string call_revert_reason(const json& failure) {
  const std::string message = failure.value("error", std::string("reverted"));
  const json* data = failure.contains("data") && failure["data"].is_string() ? &failure["data"] : nullptr;
  if (!data) return message;
  Bytes bytes;
  try {
    bytes = hex::decode(data->get<std::string>());
  } catch (const ParseError&) {
    return message;
  }
  if (bytes.size() < 4) return message;
  const ByteView args = ByteView(bytes).subspan(4);
  const std::string selector = hex::encode(ByteView(bytes).first(4));
  try {
    if (selector == "0x08c379a0") {
      if (auto text = error_string(args)) return *text;
      return std::get<std::string>(abi::decode_params({abi::Type::string()}, args, abi::Mode::allow_trailing).at(0));
    }
    if (selector == "0x4e487b71") {
      return "panic " + std::get<U256>(abi::decode_params({abi::Type::uint()}, args, abi::Mode::allow_trailing).at(0)).to_decimal();
    }
  } catch (const ParseError&) {
  }
  return "custom error " + selector;
}

OpResult funding_preflight_op(const Config& config, const json& input) {
  const OpInput in(input, "fundingPreflight");
  const json& plan = in.member("plan");
  const json& relayer = in.member("relayer");
  const json* endpoint = in.optional("endpoint");
  if (endpoint && !endpoint->is_boolean()) throw OpInputError("op \"fundingPreflight\": endpoint must be true or false");
  // A relayer with no endpoint on the chain, or no key, can neither simulate nor send: the submit
  // is refused before anything is read, the endpoint named first.
  if ((endpoint && !endpoint->get<bool>()) || relayer.is_null()) {
    const std::string missing = endpoint && !endpoint->get<bool>() ? "no JSON-RPC endpoint for chain " + plan.at("chainId").dump()
                                                                    : "no key (worker secret RELAYER_KEY)";
    return would_fail("the relayer has " + missing + ", so it can neither simulate nor send this funding");
  }
  return guarded_plan_op("fundingPreflight", [&] {
    const Plan p = read_plan(config, plan);
    const Address from = Address::parse(relayer.get<std::string>());
    json calls = json::array();
    const Address holder = p.standard == "transfer" ? p.vault : p.funder;
    calls.push_back(call("balance", p.token, calls::erc20_balance_of().encode({holder})));
    const json& a = *p.authorization;
    if (p.standard == "erc3009") {
      calls.push_back(call("authorizationState", p.token,
                           calls::erc3009_authorization_state().encode({p.funder, hex::decode(a.at("nonce").get<std::string>())})));
    } else if (p.standard == "erc2612") {
      calls.push_back(call("permitNonce", p.token, calls::eip2612_nonces().encode({p.funder})));
    }
    if (const auto contract = permit_contract(p)) {
      calls.push_back(call("permitContractAllowance", p.token, calls::erc20_allowance().encode({p.funder, *contract})));
      if (p.standard == "permit2") {
        calls.push_back(call("permit2Nonce", *contract, calls::permit2_allowance().encode({p.funder, p.token, p.vault})));
      } else {
        calls.push_back(call("permit3Nonce", *contract,
                             calls::permit3_is_nonce_used().encode({p.funder, hex::decode(a.at("salt").get<std::string>())})));
      }
    }
    calls.push_back(call("rewardStatus", p.chain->portal.evm(),
                         calls::portal_get_reward_status().encode({Bytes(p.intent_hash.begin(), p.intent_hash.end())})));
    if (const auto authorization = relay_calls(config, plan).authorization) {
      json simulated = call("authorization", authorization->to, authorization->data);
      simulated["from"] = from.checksummed();
      calls.push_back(std::move(simulated));
    }
    return ok({{"calls", std::move(calls)}, {"reservation", reservation_of(p)}});
  });
}

json funding_reservation(const Config& config, const json& plan, std::string_view op) {
  json reservation;
  guarded_plan_op(op, [&] {
    // A refund the relayer sends (refund_relay.h) moves the vault's money back, nobody's balance.
    if (plan.at("standard") == "refund") return ok(json::object());
    reservation = reservation_of(read_plan(config, plan));
    return ok(json::object());
  });
  return reservation;
}

OpResult funding_preflight_verdict_op(const Config& config, const json& input) {
  const OpInput in(input, "fundingPreflightVerdict");
  const json& plan = in.member("plan");
  const json& results_json = in.member("results");
  if (!results_json.is_object()) throw OpInputError("op \"fundingPreflightVerdict\": results must be an object");
  return guarded_plan_op("fundingPreflightVerdict", [&] {
    const Plan p = read_plan(config, plan);
    const Results results(results_json);
    const json& a = *p.authorization;

    const U256 status = results.word("rewardStatus");
    if (!status.is_zero()) {
      return would_fail("intent already funded: the Portal " + p.chain->portal.evm().checksummed() + " reports intent " +
                        hex::encode(p.intent_hash) + " as " + reward_status_name(status) +
                        ", so publishing and funding it again would revert");
    }
    const U256 balance = results.word("balance");
    if (balance < p.amount) {
      const std::string holder = p.standard == "transfer" ? "the vault " + p.vault.checksummed() : p.funder.checksummed();
      return would_fail("insufficient balance: " + holder + " holds " + balance.to_decimal() + " of token " +
                        p.token.checksummed() + ", the funding needs " + p.amount.to_decimal());
    }
    if (const auto held = reserved(in, p)) {
      if (balance.checked_sub(held->total).value_or(U256()) < p.amount) {
        return would_fail("insufficient balance once reserved: " + p.funder.checksummed() + " holds " + balance.to_decimal() +
                          " of token " + p.token.checksummed() + ", of which " + held->total.to_decimal() +
                          " is reserved by its accepted fundings not yet settled (" + held->jobs +
                          "), the funding needs " + p.amount.to_decimal());
      }
    }
    if (const auto contract = permit_contract(p)) {
      const U256 allowance = results.word("permitContractAllowance");
      if (allowance < p.amount) {
        return would_fail(permit_contract_name(p) + " not approved: " + p.funder.checksummed() + " allows " +
                          permit_contract_name(p) + " " + contract->checksummed() + " to spend " + allowance.to_decimal() +
                          " of token " + p.token.checksummed() + ", the funding needs " + p.amount.to_decimal() +
                          " (send token.approve(" + contract->checksummed() + ", amount) first)");
      }
    }
    if (p.standard == "erc3009" && !results.word("authorizationState").is_zero()) {
      return would_fail("authorization already used: nonce " + a.at("nonce").get<std::string>() + " of " +
                        p.funder.checksummed() + " was spent on chain");
    }
    if (p.standard == "erc2612") {
      const U256 current = results.word("permitNonce");
      const U256 signed_nonce = as_uint(a.at("nonce"));
      if (current != signed_nonce) {
        return would_fail("authorization already used: the permit's nonce is " + signed_nonce.to_decimal() +
                          " but the token expects " + current.to_decimal() + " for " + p.funder.checksummed());
      }
    }
    if (p.standard == "permit2") {
      const U256 current = results.word("permit2Nonce", 2);
      const U256 signed_nonce = as_uint(a.at("details").at(0).at("nonce"));
      if (current != signed_nonce) {
        return would_fail("authorization already used: the Permit2 nonce is " + signed_nonce.to_decimal() + " but Permit2 expects " +
                          current.to_decimal() + " for this owner, token and vault");
      }
    }
    if (p.standard == "permit3" && !results.word("permit3Nonce").is_zero()) {
      return would_fail("authorization already used: Permit3 salt " + a.at("salt").get<std::string>() + " of " +
                        p.funder.checksummed() + " was spent on chain");
    }
    if (p.standard != "transfer" && !results.data("authorization")) {
      return would_fail("the authorization call reverts: " + call_revert_reason(results.entry("authorization")));
    }
    return ok({{"ok", true}});
  });
}

}  // namespace sr::service
