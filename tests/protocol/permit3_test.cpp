// Permit3 against the protocol page and protocol-vectors.json permits.permit3: leaves without a
// type hash, chain hash, sorted-pair Merkle root and proof, digest and signer.
#include "protocol/permit3.h"

#include <gtest/gtest.h>

#include "crypto/keccak.h"
#include "eth/abi.h"
#include "eth/eip712.h"
#include "eth/signer.h"
#include "protocol_vectors.h"

namespace sr::protocol::permit3 {
namespace {

using json = nlohmann::ordered_json;
using protocol::testing::h32;
using protocol::testing::parse_error_of;
using protocol::testing::vectors;

const json& v() { return vectors()["permits"]["permit3"]; }

// The payload as the gasless endpoint receives it, from the vector's inputs.
json payload() {
  return {{"owner", v()["owner"]},
          {"salt", v()["salt"]},
          {"deadline", v()["deadline"]},
          {"timestamp", v()["timestamp"]},
          {"chainPermits", v()["chainPermits"]},
          {"proof", json::array()}};
}

TEST(Permit3, TypeHashesAndDomainMatchThePage) {
  EXPECT_EQ(hex::encode(permit3_type_hash()), "0xd03972e930b6969709cd3676df97ebe1300cbbe4bc08eb4f3d452dbceac71343");
  EXPECT_EQ(hex::encode(chain_permits_type_hash()), "0xa6f8894254ef0170aa945eed6bafa0738af4c2f8a2fb61153830175597968056");
  EXPECT_EQ(hex::encode(domain_separator()), "0x7c26d5aeaa49e0df9d99c70b3e1f760ccecbea8ff74ae7365d7cb5ca51250f48");
  EXPECT_EQ(domain_separator(), h32(v()["domainSeparator"]));
  EXPECT_EQ(domain_separator(), eip712::domain_separator({{"name", "Permit3"}, {"version", "1"}, {"chainId", 1},
                                                          {"verifyingContract", "0xEc00030C0000245E27d1521Cc2EE88F071c2Ae34"}}));
}

TEST(Permit3, SingleChainVectorHashesAndRecoversTheOwner) {
  const Permit3 permit = parse(payload());
  ASSERT_EQ(permit.chain_permits.permits.size(), 1u);
  EXPECT_EQ(leaf_hash(permit.chain_permits.permits[0]), h32(v()["permitLeafHashes"][0]));
  const Hash32 chain = chain_hash(permit.chain_permits);
  EXPECT_EQ(chain, h32(v()["chainHash"]));
  EXPECT_EQ(root_from_proof(chain, {}), h32(v()["merkleRootSingle"]));
  EXPECT_EQ(merkle_root({chain}), h32(v()["merkleRootSingle"]));
  EXPECT_EQ(struct_hash(permit.owner, permit.salt, permit.deadline, permit.timestamp, chain), h32(v()["structHash"]));
  EXPECT_EQ(digest(permit), h32(v()["digest"]));
  EXPECT_EQ(eth::recover_address(digest(permit), hex::decode(v()["signature"].get<std::string>())),
            Address::parse(v()["owner"].get<std::string>()));
  EXPECT_EQ(token_of_key(permit.chain_permits.permits[0].token_key),
            Address::parse("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"));
  EXPECT_EQ(token_key(Address::parse("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913")), permit.chain_permits.permits[0].token_key);
}

TEST(Permit3, LeafIsAbiEncodeWithoutTypeHashAndChainHashIsHashStruct) {
  const Permit3 permit = parse(payload());
  const AllowanceOrTransfer& p = permit.chain_permits.permits[0];
  const Bytes encoded = abi::encode_params(
      {abi::Type::uint(48), abi::Type::fixed_bytes(32), abi::Type::address(), abi::Type::uint(160)},
      {U256(p.mode_or_expiration), Bytes(p.token_key.begin(), p.token_key.end()), p.account, p.amount_delta});
  EXPECT_EQ(leaf_hash(p), keccak256(ByteView(encoded)));
  // Same type hash as plain EIP-712, but plain hashStruct would hash each array element with its
  // own type hash; Permit3's untyped leaves give a different chain hash ("not plain EIP-712").
  const eip712::Types types = eip712::types_from_json(json::parse(R"({
    "ChainPermits": [{"name":"chainId","type":"uint64"},{"name":"permits","type":"AllowanceOrTransfer[]"}],
    "AllowanceOrTransfer": [{"name":"modeOrExpiration","type":"uint48"},{"name":"tokenKey","type":"bytes32"},
                            {"name":"account","type":"address"},{"name":"amountDelta","type":"uint160"}]})"));
  EXPECT_EQ(eip712::type_hash("ChainPermits", types), chain_permits_type_hash());
  EXPECT_NE(eip712::hash_struct("ChainPermits", types, v()["chainPermits"]), chain_hash(permit.chain_permits));
}

TEST(Permit3, MultichainRootAndProofMatchTheVector) {
  std::vector<Hash32> leaves;
  for (const json& leaf : v()["multichain"]["leaves"]) leaves.push_back(h32(leaf));
  const Hash32 root = h32(v()["multichain"]["root"]);
  EXPECT_EQ(merkle_root(leaves), root);
  std::vector<Hash32> proof_for_first;
  for (const json& p : v()["multichain"]["proofForFirst"]) proof_for_first.push_back(h32(p));
  EXPECT_EQ(merkle_proof(leaves, 0), proof_for_first);
  for (std::size_t i = 0; i < leaves.size(); ++i) EXPECT_EQ(root_from_proof(leaves[i], merkle_proof(leaves, i)), root);
  // The first leaf is this payload's chain hash: with the proof, its digest signs the shared root.
  json with_proof = payload();
  with_proof["proof"] = v()["multichain"]["proofForFirst"];
  const Permit3 permit = parse(with_proof);
  EXPECT_EQ(digest(permit), eip712::digest(domain_separator(), struct_hash(permit.owner, permit.salt, permit.deadline,
                                                                           permit.timestamp, root)));
  EXPECT_NE(digest(permit), h32(v()["digest"]));
}

TEST(Permit3, FiveLeafTreeCarriesTheOddNodeUp) {
  std::vector<Hash32> leaves(5);
  for (std::size_t i = 0; i < leaves.size(); ++i) leaves[i] = keccak256(std::string(1, static_cast<char>('a' + i)));
  const auto pair = [](const Hash32& a, const Hash32& b) {
    Bytes joined;
    const Hash32& lo = a < b ? a : b;
    const Hash32& hi = a < b ? b : a;
    joined.insert(joined.end(), lo.begin(), lo.end());
    joined.insert(joined.end(), hi.begin(), hi.end());
    return keccak256(ByteView(joined));
  };
  const Hash32 expected = pair(pair(pair(leaves[0], leaves[1]), pair(leaves[2], leaves[3])), leaves[4]);
  EXPECT_EQ(merkle_root(leaves), expected);
  EXPECT_EQ(merkle_proof(leaves, 4), std::vector<Hash32>{pair(pair(leaves[0], leaves[1]), pair(leaves[2], leaves[3]))});
  for (std::size_t i = 0; i < leaves.size(); ++i) EXPECT_EQ(root_from_proof(leaves[i], merkle_proof(leaves, i)), expected);
  EXPECT_THROW(merkle_root({}), std::logic_error);
  EXPECT_THROW(merkle_proof(leaves, 5), std::logic_error);
}

std::string error_for(const json& j) {
  return parse_error_of([&] { parse(j); });
}

TEST(Permit3, ParserIsStrictAndNamesThePath) {
  EXPECT_EQ(parse(payload()).deadline, 1763700600u);
  json j = payload();
  j.erase("proof");
  EXPECT_TRUE(parse(j).proof.empty());
  j = payload();
  j["witness"] = "0x";
  EXPECT_EQ(error_for(j), "permit3 has unknown member \"witness\"");
  j = payload();
  j.erase("salt");
  EXPECT_EQ(error_for(j), "permit3 is missing \"salt\"");
  j = payload();
  j["deadline"] = "281474976710656";  // 2^48
  EXPECT_EQ(error_for(j), "permit3.deadline must be below 2^48");
  j = payload();
  j["timestamp"] = -1;
  EXPECT_EQ(error_for(j), "permit3.timestamp must be a decimal string or a non-negative integer");
  j = payload();
  j["chainPermits"]["chainId"] = "18446744073709551616";
  EXPECT_EQ(error_for(j), "permit3.chainPermits.chainId must be below 2^64");
  j = payload();
  j["chainPermits"]["permits"][0]["amountDelta"] = "1461501637330902918203684832716283019655932542976";  // 2^160
  EXPECT_EQ(error_for(j), "permit3.chainPermits.permits[0].amountDelta must be below 2^160");
  j = payload();
  j["chainPermits"]["permits"][0]["modeOrExpiration"] = 1.5;
  EXPECT_EQ(error_for(j),
            "permit3.chainPermits.permits[0].modeOrExpiration must be a decimal string or a non-negative integer");
  j = payload();
  j["chainPermits"]["permits"][0]["account"] = "0xa11D30e83FeE682a0C00bD894ACaCE4289B41f7B";
  EXPECT_EQ(error_for(j), "permit3.chainPermits.permits[0].account: address checksum does not match EIP-55");
  j = payload();
  j["chainPermits"]["permits"][0]["tokenKey"] = "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913";
  EXPECT_NE(error_for(j).find("permit3.chainPermits.permits[0].tokenKey: "), std::string::npos);
  j = payload();
  j["chainPermits"]["permits"][0]["token"] = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
  EXPECT_EQ(error_for(j), "permit3.chainPermits.permits[0] has unknown member \"token\"");
  j = payload();
  j["proof"] = "0x";
  EXPECT_EQ(error_for(j), "permit3.proof must be an array");
  j = payload();
  j["proof"] = {"0x12"};
  EXPECT_NE(error_for(j).find("permit3.proof[0]: "), std::string::npos);
  j = payload();
  j["chainPermits"] = json::array();
  EXPECT_EQ(error_for(j), "permit3.chainPermits must be an object");
  EXPECT_THROW(token_of_key(h32(json("0x3333333333333333333333333333333333333333333333333333333333333333"))), ParseError);
}

}  // namespace
}  // namespace sr::protocol::permit3
