// EIP-2612 permits under the token's own domain (TokenDomain):
//   Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)
#pragma once

#include <nlohmann/json.hpp>

#include "crypto/bytes.h"
#include "json/path.h"
#include "eth/address.h"
#include "eth/u256.h"
#include "protocol/token_domain.h"

namespace sr::protocol::eip2612 {

struct Permit {
  Address owner;
  Address spender;  // for deposit addresses: the vault
  U256 value;
  U256 nonce;
  U256 deadline;
  bool operator==(const Permit&) const = default;
};

// {"owner","spender","value","nonce","deadline"}; integers as JSON integers or decimal strings.
// Strict, ParseError naming the path.
Permit parse(const nlohmann::ordered_json& json, const sr::json::Path& path = "permit");

Hash32 type_hash();  // 0x6e71edae...
Hash32 struct_hash(const Permit& permit);
Hash32 digest(const Permit& permit, const TokenDomain& domain);

}  // namespace sr::protocol::eip2612
