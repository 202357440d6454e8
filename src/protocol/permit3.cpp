#include "protocol/permit3.h"

#include <algorithm>
#include <stdexcept>

#include "crypto/keccak.h"
#include "protocol/json_fields.h"
#include "protocol/typed_words.h"

namespace sr::protocol::permit3 {
namespace {

using namespace json_fields;
using typed_words::keccak_words;
using typed_words::word;

constexpr unsigned kUint48 = 48;
constexpr unsigned kUint160 = 160;

// Generic over the JSON type, as json_fields' readers are.
constexpr auto read_u48 = [](const auto& value, const Path& path) -> std::uint64_t {
  return read_uint(value, path, kUint48).as_u64();
};

constexpr auto read_permit = [](const auto& value, const Path& path) -> AllowanceOrTransfer {
  const Object o(value, path, {"modeOrExpiration", "tokenKey", "account", "amountDelta"});
  return AllowanceOrTransfer{o.read("modeOrExpiration", read_u48), o.read("tokenKey", read_hash32),
                             o.read("account", read_address), o.read("amountDelta", read_uint, kUint160)};
};

Hash32 hash_pair(const Hash32& a, const Hash32& b) {
  return a < b ? keccak_words({a, b}) : keccak_words({b, a});
}

template <class Doc>
Permit3 parse_from(const Doc& json, const Path& path) {
  const Object o(json, path, {"owner", "salt", "deadline", "timestamp", "chainPermits"}, {"proof"});
  Permit3 out;
  out.owner = o.read("owner", read_address);
  out.salt = o.read("salt", read_hash32);
  out.deadline = o.read("deadline", read_u48);
  out.timestamp = o.read("timestamp", read_u48);
  const Object chain(o["chainPermits"], o.path("chainPermits"), {"chainId", "permits"});
  out.chain_permits.chain_id = chain.read("chainId", read_uint, 64u).as_u64();
  out.chain_permits.permits = read_each(chain["permits"], chain.path("permits"), read_permit);
  if (const Doc* proof = o.find("proof")) out.proof = read_each(*proof, o.path("proof"), read_hash32);
  return out;
}

}  // namespace

const Address& permit3_address() {
  static const Address address = Address::parse("0xEc00030C0000245E27d1521Cc2EE88F071c2Ae34");
  return address;
}

Permit3 parse(const nlohmann::ordered_json& doc, const Path& path) { return parse_from(doc, path); }
Permit3 parse(const sr::json::Value& doc, const Path& path) { return parse_from(doc, path); }

Hash32 token_key(const Address& token) { return word(token); }

Address token_of_key(const Hash32& key) {
  if (!std::all_of(key.begin(), key.begin() + 12, [](std::uint8_t b) { return b == 0; })) {
    throw_parse_error("token key is not an ERC-20 address (its top 12 bytes are not zero)");
  }
  return Address::from_bytes(ByteView(key).subspan(12));
}

Hash32 permit3_type_hash() {
  static const Hash32 hash =
      keccak256("Permit3(address owner,bytes32 salt,uint48 deadline,uint48 timestamp,bytes32 merkleRoot)");
  return hash;
}

Hash32 chain_permits_type_hash() {
  static const Hash32 hash = keccak256(
      "ChainPermits(uint64 chainId,AllowanceOrTransfer[] permits)AllowanceOrTransfer(uint48 modeOrExpiration,"
      "bytes32 tokenKey,address account,uint160 amountDelta)");
  return hash;
}

Hash32 domain_separator() {
  static const Hash32 separator = typed_words::Domain{"Permit3", "1", 1, permit3_address()}.separator();
  return separator;
}

Hash32 leaf_hash(const AllowanceOrTransfer& permit) {
  return keccak_words({word(permit.mode_or_expiration), permit.token_key, word(permit.account), word(permit.amount_delta)});
}

Hash32 chain_hash(const ChainPermits& chain_permits) {
  std::vector<Hash32> leaves;
  leaves.reserve(chain_permits.permits.size());
  for (const AllowanceOrTransfer& permit : chain_permits.permits) leaves.push_back(leaf_hash(permit));
  return keccak_words({chain_permits_type_hash(), word(chain_permits.chain_id), keccak_words(leaves)});
}

std::vector<Hash32> merkle_proof(const std::vector<Hash32>& leaves, std::size_t index) {
  if (leaves.empty()) throw std::logic_error("a Merkle tree needs at least one leaf");
  if (index >= leaves.size()) throw std::logic_error("Merkle leaf index out of range");
  std::vector<Hash32> proof;
  std::vector<Hash32> level = leaves;
  while (level.size() > 1) {
    const std::size_t sibling = index ^ 1;
    if (sibling < level.size()) proof.push_back(level[sibling]);
    std::vector<Hash32> next;
    for (std::size_t i = 0; i < level.size(); i += 2) {
      next.push_back(i + 1 < level.size() ? hash_pair(level[i], level[i + 1]) : level[i]);
    }
    level = std::move(next);
    index /= 2;
  }
  return proof;
}

Hash32 merkle_root(const std::vector<Hash32>& leaves) {
  if (leaves.empty()) throw std::logic_error("a Merkle tree needs at least one leaf");
  return root_from_proof(leaves[0], merkle_proof(leaves, 0));
}

Hash32 root_from_proof(const Hash32& leaf, const std::vector<Hash32>& proof) {
  Hash32 node = leaf;
  for (const Hash32& sibling : proof) node = hash_pair(node, sibling);
  return node;
}

Hash32 struct_hash(const Address& owner, const Hash32& salt, std::uint64_t deadline, std::uint64_t timestamp,
                   const Hash32& merkle_root) {
  return keccak_words({permit3_type_hash(), word(owner), salt, word(deadline), word(timestamp), merkle_root});
}

Hash32 digest(const Permit3& permit) {
  const Hash32 root = root_from_proof(chain_hash(permit.chain_permits), permit.proof);
  return typed_words::typed_digest(domain_separator(),
                                   struct_hash(permit.owner, permit.salt, permit.deadline, permit.timestamp, root));
}

}  // namespace sr::protocol::permit3
