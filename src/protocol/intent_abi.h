// The ABI (EVM) form of the intent structs: their tuple types and the conversion between the
// model and abi::Value. Every account word must be an EVM address here (ParseError otherwise).
#pragma once

#include "eth/abi.h"
#include "protocol/intent.h"

namespace sr::protocol::intent_abi {

// (address,uint256)
const abi::Type& token_amount_type();
// (bytes32,uint64,address,uint256,(address,uint256)[],(address,bytes,uint256)[])
const abi::Type& route_type();
// (uint64,address,address,uint256,(address,uint256)[])
const abi::Type& reward_type();
// (uint64,Route,Reward)
const abi::Type& intent_type();

abi::Value token_amounts_value(const std::vector<TokenAmount>& tokens);
abi::Value route_value(const Route& route);
abi::Value reward_value(const Reward& reward);
abi::Value intent_value(const Intent& intent);

// From values of exactly the types above (as abi::decode returns them).
std::vector<TokenAmount> token_amounts_from_value(const abi::Value& value);
Route route_from_value(const abi::Value& value);
Reward reward_from_value(const abi::Value& value);

}  // namespace sr::protocol::intent_abi
