#include "protocol/portal_calldata.h"

#include "protocol/intent_abi.h"

namespace sr::protocol::portal {
namespace {

#define SR_REWARD "(uint64,address,address,uint256,(address,uint256)[])"
#define SR_ROUTE "(bytes32,uint64,address,uint256,(address,uint256)[],(address,bytes,uint256)[])"

abi::Value bytes_value(ByteView bytes) { return Bytes(bytes.begin(), bytes.end()); }
abi::Value hash_value(const Hash32& hash) { return Bytes(hash.begin(), hash.end()); }

}  // namespace

// Each accessor parses its signature once, on first use.
#define SR_FUNCTION(accessor, signature) \
  const Function& accessor() {           \
    static const Function f(signature);  \
    return f;                            \
  }
SR_FUNCTION(publish_and_fund_function, "publishAndFund(uint64,bytes," SR_REWARD ",bool)")
SR_FUNCTION(publish_and_fund_intent_function, "publishAndFund((uint64," SR_ROUTE "," SR_REWARD "),bool)")
SR_FUNCTION(publish_function, "publish(uint64,bytes," SR_REWARD ")")
SR_FUNCTION(fund_function, "fund(uint64,bytes32," SR_REWARD ",bool)")
SR_FUNCTION(fund_for_function, "fundFor(uint64,bytes32," SR_REWARD ",bool,address,address)")
SR_FUNCTION(publish_and_fund_for_function, "publishAndFundFor(uint64,bytes," SR_REWARD ",bool,address,address)")
SR_FUNCTION(refund_function, "refund(uint64,bytes32," SR_REWARD ")")
SR_FUNCTION(withdraw_function, "withdraw(uint64,bytes32," SR_REWARD ")")
SR_FUNCTION(intent_vault_address_function, "intentVaultAddress(uint64,bytes," SR_REWARD ")")
SR_FUNCTION(fulfill_function, "fulfill(bytes32," SR_ROUTE ",bytes32,bytes32)")
#undef SR_FUNCTION
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
