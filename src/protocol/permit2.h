// Uniswap Permit2 allowance permits, as the vault pulls funds with them:
//   PermitSingle(PermitDetails details,address spender,uint256 sigDeadline)
//   PermitBatch(PermitDetails[] details,address spender,uint256 sigDeadline)
//   PermitDetails(address token,uint160 amount,uint48 expiration,uint48 nonce)
// under EIP712Domain(string name,uint256 chainId,address verifyingContract) — no version — with
// name "Permit2" and the chain's Permit2 contract (chain configuration).
#pragma once

#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

#include "json/path.h"
#include "json/value.h"

#include "crypto/bytes.h"
#include "eth/address.h"
#include "eth/u256.h"

namespace sr::protocol::permit2 {

struct PermitDetails {
  Address token;
  U256 amount;                   // uint160
  std::uint64_t expiration = 0;  // uint48
  std::uint64_t nonce = 0;       // uint48
  bool operator==(const PermitDetails&) const = default;
};

// The payload of POST /v1/gasless/permit2: one entry in details is signed as PermitSingle,
// several as PermitBatch.
struct Permit2 {
  std::vector<PermitDetails> details;  // at least one
  Address spender;                     // for funding: the vault
  U256 sig_deadline;
  bool is_batch() const { return details.size() != 1; }
  bool operator==(const Permit2&) const = default;
};

// {"details": [{"token","amount","expiration","nonce"}], "spender", "sigDeadline"}; integers as JSON
// integers or decimal strings within their widths. Strict, ParseError naming the path; an empty
// details list is refused.
Permit2 parse(const nlohmann::ordered_json& json, const sr::json::Path& path = "permit2");
Permit2 parse(const sr::json::Value& json, const sr::json::Path& path = "permit2");

Hash32 permit_details_type_hash();
Hash32 permit_single_type_hash();
Hash32 permit_batch_type_hash();

Hash32 domain_separator(std::uint64_t chain_id, const Address& permit2_contract);
Hash32 details_hash(const PermitDetails& details);
// hashStruct(PermitSingle) for one details entry, hashStruct(PermitBatch) otherwise.
Hash32 struct_hash(const Permit2& permit);
Hash32 digest(const Permit2& permit, std::uint64_t chain_id, const Address& permit2_contract);

}  // namespace sr::protocol::permit2
