// Call data for the EVM Portal's functions (protocol page, "Portal"). Rewards and routes are
// written in ABI form, so every account word in them must be an EVM address (ParseError
// otherwise). Selectors follow from the canonical signatures below.
#pragma once

#include <cstdint>

#include "crypto/bytes.h"
#include "eth/address.h"
#include "protocol/calldata.h"
#include "protocol/intent.h"

namespace sr::protocol::portal {

// The functions, by their canonical signatures (Reward and Intent written out as tuples).
const Function& publish_and_fund_function();         // publishAndFund(uint64,bytes,Reward,bool)       0xdf00f8fa
const Function& publish_and_fund_intent_function();  // publishAndFund(Intent,bool)                    0xe353b5e6
const Function& publish_function();                  // publish(uint64,bytes,Reward)                   0x645c890c
const Function& fund_function();                     // fund(uint64,bytes32,Reward,bool)               0x9f24b4dd
const Function& fund_for_function();                 // fundFor(uint64,bytes32,Reward,bool,address,address) 0xf16f5138
const Function& publish_and_fund_for_function();     // publishAndFundFor(uint64,bytes,Reward,bool,address,address) 0x55a0bec0
const Function& refund_function();                   // refund(uint64,bytes32,Reward)                  0x308adade
const Function& withdraw_function();                 // withdraw(uint64,bytes32,Reward)                0xf987b9bc
const Function& intent_vault_address_function();     // intentVaultAddress(uint64,bytes,Reward)        0x0742ebe4
const Function& fulfill_function();                  // fulfill(bytes32,Route,bytes32,bytes32)         0x52a8339e

// The ordinary funding call: publishAndFund(destination, encodedRoute, reward, allowPartial).
// encoded_route is the route in the destination VM's format (see encode_route).
Bytes publish_and_fund(std::uint64_t destination, ByteView encoded_route, const Reward& reward, bool allow_partial);
Bytes publish_and_fund_intent(const Intent& intent, bool allow_partial);  // EVM destination only
Bytes publish(std::uint64_t destination, ByteView encoded_route, const Reward& reward);
Bytes fund(std::uint64_t destination, const Hash32& route_hash, const Reward& reward, bool allow_partial);
Bytes fund_for(std::uint64_t destination, const Hash32& route_hash, const Reward& reward, bool allow_partial,
               const Address& funder, const Address& permit_contract);
Bytes publish_and_fund_for(std::uint64_t destination, ByteView encoded_route, const Reward& reward, bool allow_partial,
                           const Address& funder, const Address& permit_contract);
Bytes refund(std::uint64_t destination, const Hash32& route_hash, const Reward& reward);
Bytes withdraw(std::uint64_t destination, const Hash32& route_hash, const Reward& reward);
Bytes intent_vault_address(std::uint64_t destination, ByteView encoded_route, const Reward& reward);
// Destination side: fulfill(intentHash, route, rewardHash, claimant).
Bytes fulfill(const Hash32& intent_hash, const Route& route, const Hash32& reward_hash, const Hash32& claimant);

struct PublishAndFund {
  std::uint64_t destination = 0;
  Bytes encoded_route;
  Reward reward;
  bool allow_partial = false;
  bool operator==(const PublishAndFund&) const = default;
};

// Strict inverse of publish_and_fund (selector, canonical ABI, nothing after it).
PublishAndFund decode_publish_and_fund(ByteView calldata);

}  // namespace sr::protocol::portal
