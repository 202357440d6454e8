// The Portal's intent model (protocol page, "Intent"), VM-neutral: every address is an Account
// word and every amount a U256, so one model serves EVM and SVM chains on either side. The VM of
// each side is given where it matters: route fields belong to the destination chain, reward fields
// to the source chain.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "json/path.h"
#include "json/value.h"

#include "crypto/bytes.h"
#include "eth/u256.h"
#include "protocol/account.h"
#include "protocol/vm.h"

namespace sr::protocol {

struct Call {
  Account target;
  Bytes data;
  U256 value;  // native value sent with the call; the SVM encoding has no place for it
  bool operator==(const Call&) const = default;
};

struct TokenAmount {
  Account token;
  U256 amount;
  bool operator==(const TokenAmount&) const = default;
};

struct Route {
  Hash32 salt{};
  std::uint64_t deadline = 0;
  Account portal;  // the destination chain's Portal
  U256 native_amount;
  std::vector<TokenAmount> tokens;
  std::vector<Call> calls;
  bool operator==(const Route&) const = default;
};

struct Reward {
  std::uint64_t deadline = 0;
  Account creator;  // where refunds go
  Account prover;   // the source chain's prover
  U256 native_amount;
  std::vector<TokenAmount> tokens;
  bool operator==(const Reward&) const = default;
};

// The index of the first entry whose token an earlier entry already lists, or nullopt. A reward
// must never list a token twice: the Portal's vault tops each entry up to its amount against the
// one balance it holds of that token, so the second entry is met by the first one's transfer and
// the Portal accepts the reward and marks it Funded holding only part of it.
std::optional<std::size_t> repeated_token(const std::vector<TokenAmount>& tokens);

struct Intent {
  std::uint64_t destination = 0;  // destination chain id
  Route route;
  Reward reward;
  bool operator==(const Intent&) const = default;
};

// JSON form of the API and protocol-vectors.json:
//   {"destination": 10,
//    "route": {"salt": "0x..32 bytes", "deadline": 1763701200, "portal": addr, "nativeAmount": "0",
//              "tokens": [{"token": addr, "amount": "24875000"}],
//              "calls": [{"target": addr, "data": "0x...", "value": "0"}]},
//    "reward": {"deadline": 1763704800, "creator": addr, "prover": addr, "nativeAmount": "0",
//               "tokens": [{"token": addr, "amount": "25000000"}]}}
// Deadlines are JSON integers, or decimal strings for values above 2^53 - 1 (both spellings
// are read); amounts are decimal strings; route addresses are written for destination_vm and
// reward addresses for source_vm (EIP-55 or base58). Strict: unknown or missing members, wrong
// types and out-of-range values throw ParseError naming the path ("intent.route.calls[0].data: ...").
Intent intent_from_json(const nlohmann::ordered_json& json, Vm source_vm, Vm destination_vm,
                        const sr::json::Path& path = "intent");
Route route_from_json(const nlohmann::ordered_json& json, Vm destination_vm, const sr::json::Path& path = "route");
Reward reward_from_json(const nlohmann::ordered_json& json, Vm source_vm, const sr::json::Path& path = "reward");
// The same from the verifier's JSON value (one implementation for both).
Intent intent_from_json(const sr::json::Value& json, Vm source_vm, Vm destination_vm,
                        const sr::json::Path& path = "intent");

// The inverse. Throws ParseError when an account word cannot be written on its VM (an EVM
// field whose top 12 bytes are not zero).
nlohmann::ordered_json intent_to_json(const Intent& intent, Vm source_vm, Vm destination_vm);
nlohmann::ordered_json route_to_json(const Route& route, Vm destination_vm);
nlohmann::ordered_json reward_to_json(const Reward& reward, Vm source_vm);

}  // namespace sr::protocol
