#include "protocol/intent_abi.h"

#include <algorithm>

#include "crypto/catching.h"

namespace sr::protocol::intent_abi {
namespace {

Address evm(const Account& account, const char* field) {
  return rethrowing<ParseError>([&] { return account.to_evm(); },
                                [&](const ParseError& e) { throw_parse_error(std::string(field) + ": " + e.what()); });
}

const abi::ValueList& list(const abi::Value& value) { return std::get<abi::ValueList>(value); }

std::uint64_t u64(const abi::Value& value) { return std::get<U256>(value).as_u64(); }

Account account(const abi::Value& value) { return Account::from_evm(std::get<Address>(value)); }

}  // namespace

const abi::Type& token_amount_type() {
  static const abi::Type type = abi::Type::parse("(address,uint256)");
  return type;
}

const abi::Type& route_type() {
  static const abi::Type type =
      abi::Type::parse("(bytes32,uint64,address,uint256,(address,uint256)[],(address,bytes,uint256)[])");
  return type;
}

const abi::Type& reward_type() {
  static const abi::Type type = abi::Type::parse("(uint64,address,address,uint256,(address,uint256)[])");
  return type;
}

const abi::Type& intent_type() {
  static const abi::Type type = abi::Type::tuple({abi::Type::uint(64), route_type(), reward_type()});
  return type;
}

abi::Value token_amounts_value(const std::vector<TokenAmount>& tokens) {
  abi::ValueList out;
  for (const TokenAmount& t : tokens) out.push_back(abi::ValueList{evm(t.token, "token"), t.amount});
  return out;
}

abi::Value route_value(const Route& route) {
  abi::ValueList calls;
  for (const Call& c : route.calls) calls.push_back(abi::ValueList{evm(c.target, "route call target"), c.data, c.value});
  return abi::ValueList{Bytes(route.salt.begin(), route.salt.end()),
                        U256(route.deadline),
                        evm(route.portal, "route portal"),
                        route.native_amount,
                        token_amounts_value(route.tokens),
                        std::move(calls)};
}

abi::Value reward_value(const Reward& reward) {
  return abi::ValueList{U256(reward.deadline), evm(reward.creator, "reward creator"), evm(reward.prover, "reward prover"),
                        reward.native_amount, token_amounts_value(reward.tokens)};
}

abi::Value intent_value(const Intent& intent) {
  return abi::ValueList{U256(intent.destination), route_value(intent.route), reward_value(intent.reward)};
}

std::vector<TokenAmount> token_amounts_from_value(const abi::Value& value) {
  std::vector<TokenAmount> out;
  for (const abi::Value& item : list(value)) out.push_back({account(list(item).at(0)), std::get<U256>(list(item).at(1))});
  return out;
}

Route route_from_value(const abi::Value& value) {
  const abi::ValueList& v = list(value);
  Route route;
  const Bytes& salt = std::get<Bytes>(v.at(0));
  std::copy(salt.begin(), salt.end(), route.salt.begin());
  route.deadline = u64(v.at(1));
  route.portal = account(v.at(2));
  route.native_amount = std::get<U256>(v.at(3));
  route.tokens = token_amounts_from_value(v.at(4));
  for (const abi::Value& call : list(v.at(5))) {
    const abi::ValueList& c = list(call);
    route.calls.push_back({account(c.at(0)), std::get<Bytes>(c.at(1)), std::get<U256>(c.at(2))});
  }
  return route;
}

Reward reward_from_value(const abi::Value& value) {
  const abi::ValueList& v = list(value);
  return Reward{u64(v.at(0)), account(v.at(1)), account(v.at(2)), std::get<U256>(v.at(3)), token_amounts_from_value(v.at(4))};
}

}  // namespace sr::protocol::intent_abi
