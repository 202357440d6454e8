// ERC-3009 authorizations (circlefin/stablecoin-evm) under the token's own domain (TokenDomain):
//   TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)
//   ReceiveWithAuthorization(...the same fields...)
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

#include "json/path.h"
#include "json/value.h"

#include "crypto/bytes.h"
#include "eth/address.h"
#include "eth/u256.h"
#include "protocol/token_domain.h"

namespace sr::protocol::erc3009 {

enum class Kind { transfer_with_authorization, receive_with_authorization };

struct Authorization {
  Address from;
  Address to;  // for funding: the vault
  U256 value;
  U256 valid_after;
  U256 valid_before;
  Hash32 nonce{};

  // The token accepts it only while validAfter < now < validBefore (both strict).
  bool valid_at(std::uint64_t now) const;
  bool operator==(const Authorization&) const = default;
};

// {"from","to","value","validAfter","validBefore","nonce"}; integers as JSON integers or decimal
// strings, nonce 0x + 32 bytes. Strict, ParseError naming the path.
Authorization parse(const nlohmann::ordered_json& json, const sr::json::Path& path = "authorization");
Authorization parse(const sr::json::Value& json, const sr::json::Path& path = "authorization");

Hash32 type_hash(Kind kind);  // 0x7c7c6cdb... / 0xd099cc98...
Hash32 struct_hash(const Authorization& authorization, Kind kind = Kind::transfer_with_authorization);
Hash32 digest(const Authorization& authorization, const TokenDomain& domain,
              Kind kind = Kind::transfer_with_authorization);

}  // namespace sr::protocol::erc3009
