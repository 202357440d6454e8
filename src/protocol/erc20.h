// ERC-20 call data the service builds and checks: approve (the funder's first transaction),
// transfer (the destination call of a plain transfer route).
#pragma once

#include "eth/address.h"
#include "eth/u256.h"
#include "protocol/calldata.h"
#include "protocol/intent.h"

namespace sr::protocol::erc20 {

const Function& approve_function();   // approve(address,uint256)  0x095ea7b3
const Function& transfer_function();  // transfer(address,uint256) 0xa9059cbb

Bytes approve(const Address& spender, const U256& amount);
Bytes transfer(const Address& recipient, const U256& amount);

// The (address, amount) argument pair of approve and transfer.
struct AmountTo {
  Address account;  // spender or recipient
  U256 amount;
  bool operator==(const AmountTo&) const = default;
};
// Strict inverses (selector, canonical arguments, no trailing bytes), else ParseError.
AmountTo decode_approve(ByteView calldata);
AmountTo decode_transfer(ByteView calldata);

// The one call of a plain transfer route on an EVM destination: token.transfer(recipient, amount),
// value 0.
Call transfer_call(const Address& token, const Address& recipient, const U256& amount);

}  // namespace sr::protocol::erc20
