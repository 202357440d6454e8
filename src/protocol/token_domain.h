// A token's own EIP-712 domain, as ERC-3009 and EIP-2612 use it:
// EIP712Domain(string name,string version,uint256 chainId,address verifyingContract) with the
// token as verifying contract. Name and version come from token configuration (USDC on Base
// and Arbitrum: "USD Coin", "2").
#pragma once

#include <cstdint>
#include <string>

#include "crypto/bytes.h"
#include "eth/address.h"

namespace sr::protocol {

struct TokenDomain {
  std::string name;
  std::string version;
  std::uint64_t chain_id = 0;
  Address token;  // verifyingContract

  Hash32 separator() const;
};

}  // namespace sr::protocol
