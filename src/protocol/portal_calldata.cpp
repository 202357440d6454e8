#include "protocol/portal_calldata.h"

#include "protocol/intent_abi.h"

namespace sr::protocol::portal {
namespace {

#define SR_REWARD "(uint64,address,address,uint256,(address,uint256)[])"
#define SR_ROUTE "(bytes32,uint64,address,uint256,(address,uint256)[],(address,bytes,uint256)[])"

abi::Value bytes_value(ByteView bytes) { return Bytes(bytes.begin(), bytes.end()); }
abi::Value hash_value(const Hash32& hash) { return Bytes(hash.begin(), hash.end()); }

}  // namespace

const Function& publish_and_fund_function() {
  static const Function f("publishAndFund(uint64,bytes," SR_REWARD ",bool)");
  return f;
}
const Function& publish_and_fund_intent_function() {
  static const Function f("publishAndFund((uint64," SR_ROUTE "," SR_REWARD "),bool)");
  return f;
}
const Function& publish_function() {
  static const Function f("publish(uint64,bytes," SR_REWARD ")");
  return f;
}
const Function& fund_function() {
  static const Function f("fund(uint64,bytes32," SR_REWARD ",bool)");
  return f;
}
const Function& fund_for_function() {
  static const Function f("fundFor(uint64,bytes32," SR_REWARD ",bool,address,address)");
  return f;
}
const Function& publish_and_fund_for_function() {
  static const Function f("publishAndFundFor(uint64,bytes," SR_REWARD ",bool,address,address)");
  return f;
}
const Function& refund_function() {
  static const Function f("refund(uint64,bytes32," SR_REWARD ")");
  return f;
}
const Function& withdraw_function() {
  static const Function f("withdraw(uint64,bytes32," SR_REWARD ")");
  return f;
}
const Function& intent_vault_address_function() {
  static const Function f("intentVaultAddress(uint64,bytes," SR_REWARD ")");
  return f;
}
const Function& fulfill_function() {
  static const Function f("fulfill(bytes32," SR_ROUTE ",bytes32,bytes32)");
  return f;
}

#undef SR_REWARD
#undef SR_ROUTE

Bytes publish_and_fund(std::uint64_t destination, ByteView encoded_route, const Reward& reward, bool allow_partial) {
  return publish_and_fund_function().encode(
      {U256(destination), bytes_value(encoded_route), intent_abi::reward_value(reward), allow_partial});
}

Bytes publish_and_fund_intent(const Intent& intent, bool allow_partial) {
  return publish_and_fund_intent_function().encode({intent_abi::intent_value(intent), allow_partial});
}

Bytes publish(std::uint64_t destination, ByteView encoded_route, const Reward& reward) {
  return publish_function().encode({U256(destination), bytes_value(encoded_route), intent_abi::reward_value(reward)});
}

Bytes fund(std::uint64_t destination, const Hash32& route_hash, const Reward& reward, bool allow_partial) {
  return fund_function().encode({U256(destination), hash_value(route_hash), intent_abi::reward_value(reward), allow_partial});
}

Bytes fund_for(std::uint64_t destination, const Hash32& route_hash, const Reward& reward, bool allow_partial,
               const Address& funder, const Address& permit_contract) {
  return fund_for_function().encode({U256(destination), hash_value(route_hash), intent_abi::reward_value(reward),
                                     allow_partial, funder, permit_contract});
}

Bytes publish_and_fund_for(std::uint64_t destination, ByteView encoded_route, const Reward& reward, bool allow_partial,
                           const Address& funder, const Address& permit_contract) {
  return publish_and_fund_for_function().encode({U256(destination), bytes_value(encoded_route),
                                                 intent_abi::reward_value(reward), allow_partial, funder,
                                                 permit_contract});
}

Bytes refund(std::uint64_t destination, const Hash32& route_hash, const Reward& reward) {
  return refund_function().encode({U256(destination), hash_value(route_hash), intent_abi::reward_value(reward)});
}

Bytes withdraw(std::uint64_t destination, const Hash32& route_hash, const Reward& reward) {
  return withdraw_function().encode({U256(destination), hash_value(route_hash), intent_abi::reward_value(reward)});
}

Bytes intent_vault_address(std::uint64_t destination, ByteView encoded_route, const Reward& reward) {
  return intent_vault_address_function().encode(
      {U256(destination), bytes_value(encoded_route), intent_abi::reward_value(reward)});
}

Bytes fulfill(const Hash32& intent_hash, const Route& route, const Hash32& reward_hash, const Hash32& claimant) {
  return fulfill_function().encode(
      {hash_value(intent_hash), intent_abi::route_value(route), hash_value(reward_hash), hash_value(claimant)});
}

PublishAndFund decode_publish_and_fund(ByteView calldata) {
  const std::vector<abi::Value> args = publish_and_fund_function().decode(calldata);
  return PublishAndFund{std::get<U256>(args.at(0)).as_u64(), std::get<Bytes>(args.at(1)),
                        intent_abi::reward_from_value(args.at(2)), std::get<bool>(args.at(3))};
}

}  // namespace sr::protocol::portal
