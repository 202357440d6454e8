// Permit3 (eco/permit3) as the protocol page specifies it. Not plain EIP-712: the permit leaves
// carry no type hash, and one signature covers several chains through a Merkle root.
//   permitHash[i] = keccak256(abi.encode(modeOrExpiration, tokenKey, account, amountDelta))
//   chainHash     = keccak256(abi.encode(CHAIN_PERMITS_TYPEHASH, chainId, keccak256(concat(permitHash[]))))
//   merkleRoot    = the chain's hash processed with the proof, sorted pairs:
//                   (a, b) -> a < b ? keccak256(a ++ b) : keccak256(b ++ a); an empty proof gives chainHash
//   digest        = keccak256(0x1901 ++ domainSeparator ++
//                   keccak256(abi.encode(PERMIT3_TYPEHASH, owner, salt, deadline, timestamp, merkleRoot)))
// The domain is EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)
// = ("Permit3", "1", 1, 0xEc00030C0000245E27d1521Cc2EE88F071c2Ae34) on every chain.
#pragma once

#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

#include "json/path.h"
#include "json/value.h"

#include "crypto/bytes.h"
#include "eth/address.h"
#include "eth/u256.h"

namespace sr::protocol::permit3 {

const Address& permit3_address();  // 0xEc00030C0000245E27d1521Cc2EE88F071c2Ae34, same on every chain

// modeOrExpiration values with a fixed meaning; anything above kUnlock is an allowance increase
// whose value is the expiration.
inline constexpr std::uint64_t kTransfer = 0;
inline constexpr std::uint64_t kDecrease = 1;
inline constexpr std::uint64_t kLock = 2;
inline constexpr std::uint64_t kUnlock = 3;

struct AllowanceOrTransfer {
  std::uint64_t mode_or_expiration = 0;  // uint48
  Hash32 token_key{};                    // bytes32(uint256(uint160(token))) for an ERC-20
  Address account;                       // transfer recipient or approved spender (for funding: the vault)
  U256 amount_delta;                     // uint160; all ones = unlimited
  bool operator==(const AllowanceOrTransfer&) const = default;
};

struct ChainPermits {
  std::uint64_t chain_id = 0;
  std::vector<AllowanceOrTransfer> permits;
  bool operator==(const ChainPermits&) const = default;
};

// The signed payload of POST /v1/gasless/permit3 (edge-worker/openapi.json).
struct Permit3 {
  Address owner;
  Hash32 salt{};
  std::uint64_t deadline = 0;   // uint48
  std::uint64_t timestamp = 0;  // uint48
  ChainPermits chain_permits;
  std::vector<Hash32> proof;  // this chain's Merkle proof; empty for a single-chain permit
  bool operator==(const Permit3&) const = default;
};

// {"owner","salt","deadline","timestamp","chainPermits":{"chainId","permits":[{"modeOrExpiration",
// "tokenKey","account","amountDelta"}]},"proof":[...]} with "proof" optional (absent = []). Integers
// as JSON integers or decimal strings within their Solidity widths. Strict: unknown or missing
// members and out-of-range values throw ParseError naming the path ("permit3.chainPermits.permits[0].account: ...").
Permit3 parse(const nlohmann::ordered_json& json, const sr::json::Path& path = "permit3");
Permit3 parse(const sr::json::Value& json, const sr::json::Path& path = "permit3");

// bytes32(uint256(uint160(token))).
Hash32 token_key(const Address& token);
// ParseError unless the top 12 bytes are zero (an ERC-20 token key).
Address token_of_key(const Hash32& token_key);

Hash32 permit3_type_hash();        // 0xd03972e9...
Hash32 chain_permits_type_hash();  // 0xa6f88942...
Hash32 domain_separator();         // 0x7c26d5ae...

Hash32 leaf_hash(const AllowanceOrTransfer& permit);
Hash32 chain_hash(const ChainPermits& chain_permits);

// Sorted-pair Merkle tree over chain hashes, built level by level with an odd last node carried
// up unchanged (merkletreejs with sortPairs, as the Permit3 guides use). std::logic_error (a broken
// precondition, not an input error) for no leaves or an index out of range.
Hash32 merkle_root(const std::vector<Hash32>& leaves);
std::vector<Hash32> merkle_proof(const std::vector<Hash32>& leaves, std::size_t index);
// What Permit3 computes on chain (OpenZeppelin MerkleProof.processProof).
Hash32 root_from_proof(const Hash32& leaf, const std::vector<Hash32>& proof);

Hash32 struct_hash(const Address& owner, const Hash32& salt, std::uint64_t deadline, std::uint64_t timestamp,
                   const Hash32& merkle_root);
// The digest the owner signed: root from this chain's hash and the payload's proof.
Hash32 digest(const Permit3& permit);

}  // namespace sr::protocol::permit3
