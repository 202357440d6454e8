#include "protocol/intent.h"

#include "crypto/hex.h"
#include "protocol/json_fields.h"

namespace sr::protocol {
namespace {

using namespace json_fields;

template <class Doc>
std::vector<TokenAmount> token_amounts_from_json(const Doc& json, const Path& path, Vm vm) {
  return read_each(json, path, [vm](const Doc& item, const Path& item_path) {
    const Object o(item, item_path, {"token", "amount"});
    return TokenAmount{o.read("token", read_account, vm), o.read("amount", read_decimal, 256u)};
  });
}

Json token_amounts_to_json(const std::vector<TokenAmount>& tokens, Vm vm) {
  Json out = Json::array();
  for (const TokenAmount& t : tokens) out.push_back({{"token", t.token.to_string(vm)}, {"amount", t.amount.to_decimal()}});
  return out;
}

}  // namespace

std::optional<std::size_t> repeated_token(const std::vector<TokenAmount>& tokens) {
  for (std::size_t i = 1; i < tokens.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (tokens[j].token == tokens[i].token) return i;
    }
  }
  return std::nullopt;
}

template <class Doc>
Route route_from(const Doc& json, Vm destination_vm, const Path& path) {
  const Object o(json, path, {"salt", "deadline", "portal", "nativeAmount", "tokens", "calls"});
  Route route;
  route.salt = o.read("salt", read_hash32);
  route.deadline = o.read("deadline", read_u64);
  route.portal = o.read("portal", read_account, destination_vm);
  route.native_amount = o.read("nativeAmount", read_decimal, 256u);
  route.tokens = token_amounts_from_json(o["tokens"], o.path("tokens"), destination_vm);
  route.calls = read_each(o["calls"], o.path("calls"), [destination_vm](const Doc& item, const Path& item_path) {
    const Object c(item, item_path, {"target", "data", "value"});
    return Call{c.read("target", read_account, destination_vm), c.read("data", read_hex),
                c.read("value", read_decimal, 256u)};
  });
  return route;
}

template <class Doc>
Reward reward_from(const Doc& json, Vm source_vm, const Path& path) {
  const Object o(json, path, {"deadline", "creator", "prover", "nativeAmount", "tokens"});
  Reward reward;
  reward.deadline = o.read("deadline", read_u64);
  reward.creator = o.read("creator", read_account, source_vm);
  reward.prover = o.read("prover", read_account, source_vm);
  reward.native_amount = o.read("nativeAmount", read_decimal, 256u);
  reward.tokens = token_amounts_from_json(o["tokens"], o.path("tokens"), source_vm);
  return reward;
}

template <class Doc>
Intent intent_from(const Doc& json, Vm source_vm, Vm destination_vm, const Path& path) {
  const Object o(json, path, {"destination", "route", "reward"});
  return Intent{o.read("destination", read_u64_number), route_from(o["route"], destination_vm, o.path("route")),
                reward_from(o["reward"], source_vm, o.path("reward"))};
}

Route route_from_json(const Json& json, Vm destination_vm, const Path& path) {
  return route_from(json, destination_vm, path);
}

Reward reward_from_json(const Json& json, Vm source_vm, const Path& path) {
  return reward_from(json, source_vm, path);
}

Intent intent_from_json(const Json& json, Vm source_vm, Vm destination_vm, const Path& path) {
  return intent_from(json, source_vm, destination_vm, path);
}

Intent intent_from_json(const sr::json::Value& json, Vm source_vm, Vm destination_vm, const Path& path) {
  return intent_from(json, source_vm, destination_vm, path);
}

Json route_to_json(const Route& route, Vm destination_vm) {
  Json calls = Json::array();
  for (const Call& c : route.calls) {
    calls.push_back({{"target", c.target.to_string(destination_vm)}, {"data", hex::encode(c.data)},
                     {"value", c.value.to_decimal()}});
  }
  return {{"salt", hex::encode(route.salt)},
          {"deadline", u64_to_json(route.deadline)},
          {"portal", route.portal.to_string(destination_vm)},
          {"nativeAmount", route.native_amount.to_decimal()},
          {"tokens", token_amounts_to_json(route.tokens, destination_vm)},
          {"calls", std::move(calls)}};
}

Json reward_to_json(const Reward& reward, Vm source_vm) {
  return {{"deadline", u64_to_json(reward.deadline)},
          {"creator", reward.creator.to_string(source_vm)},
          {"prover", reward.prover.to_string(source_vm)},
          {"nativeAmount", reward.native_amount.to_decimal()},
          {"tokens", token_amounts_to_json(reward.tokens, source_vm)}};
}

Json intent_to_json(const Intent& intent, Vm source_vm, Vm destination_vm) {
  return {{"destination", intent.destination},
          {"route", route_to_json(intent.route, destination_vm)},
          {"reward", reward_to_json(intent.reward, source_vm)}};
}

}  // namespace sr::protocol
