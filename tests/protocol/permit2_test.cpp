// Permit2 PermitSingle / PermitBatch against the protocol page, protocol-vectors.json
// permits.permit2Single and the generic EIP-712 hasher.
#include "protocol/permit2.h"

#include <gtest/gtest.h>

#include "eth/eip712.h"
#include "eth/signer.h"
#include "protocol_vectors.h"

namespace sr::protocol::permit2 {
namespace {

using json = nlohmann::ordered_json;
using protocol::testing::h32;
using protocol::testing::parse_error_of;
using protocol::testing::vectors;

const json& v() { return vectors()["permits"]["permit2Single"]; }
const Address kPermit2 = Address::parse("0x000000000022D473030F116dDEE9F6B43aC78BA3");

// The gasless payload: details as a one-entry list.
json payload() {
  const json& m = v()["message"];
  return {{"details", json::array({m["details"]})}, {"spender", m["spender"]}, {"sigDeadline", m["sigDeadline"]}};
}

TEST(Permit2, DomainSeparatorMatchesThePage) {
  EXPECT_EQ(hex::encode(domain_separator(1, kPermit2)), "0x866a5aba21966af95d6c7ab78eb2b2fc913915c28be3b9aa07cc04ff903e3f28");
  EXPECT_EQ(domain_separator(8453, kPermit2), eip712::domain_separator(v()["domain"]));
}

TEST(Permit2, SingleVectorDigestAndSigner) {
  const Permit2 permit = parse(payload());
  EXPECT_FALSE(permit.is_batch());
  EXPECT_EQ(digest(permit, 8453, kPermit2), h32(v()["digest"]));
  EXPECT_EQ(eth::recover_address(digest(permit, 8453, kPermit2), hex::decode(v()["signature"].get<std::string>())).checksummed(),
            v()["signer"]);
  EXPECT_EQ(hex::encode(permit_single_type_hash()),
            hex::encode(eip712::type_hash("PermitSingle", eip712::types_from_json(v()["types"]))));
}

TEST(Permit2, BatchAgreesWithTheGenericHasher) {
  json p = payload();
  p["details"].push_back({{"token", "0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2"}, {"amount", 7}, {"expiration", 1763707200}, {"nonce", 3}});
  const Permit2 permit = parse(p);
  EXPECT_TRUE(permit.is_batch());
  const json typed = {
      {"types", json::parse(R"({"PermitBatch":[{"name":"details","type":"PermitDetails[]"},{"name":"spender","type":"address"},
        {"name":"sigDeadline","type":"uint256"}],"PermitDetails":[{"name":"token","type":"address"},{"name":"amount","type":"uint160"},
        {"name":"expiration","type":"uint48"},{"name":"nonce","type":"uint48"}]})")},
      {"primaryType", "PermitBatch"},
      {"domain", v()["domain"]},
      {"message", p}};
  const eip712::TypedDataHashes generic = eip712::hash_typed_data(typed);
  EXPECT_EQ(struct_hash(permit), generic.struct_hash);
  EXPECT_EQ(digest(permit, 8453, kPermit2), generic.digest);
  EXPECT_EQ(permit_batch_type_hash(), eip712::type_hash("PermitBatch", eip712::types_from_json(typed["types"])));
}

std::string error_for(const json& j) {
  return parse_error_of([&] { parse(j); });
}

TEST(Permit2, ParserIsStrictAndNamesThePath) {
  json j = payload();
  j["details"] = json::array();
  EXPECT_EQ(error_for(j), "permit2.details must hold at least one entry");
  j = payload();
  j["details"] = v()["message"]["details"];  // an object, as in PermitSingle's message, is not the payload form
  EXPECT_EQ(error_for(j), "permit2.details must be an array");
  j = payload();
  j["details"][0]["expiration"] = "281474976710656";
  EXPECT_EQ(error_for(j), "permit2.details[0].expiration must be below 2^48");
  j = payload();
  j["details"][0]["amount"] = "1461501637330902918203684832716283019655932542976";
  EXPECT_EQ(error_for(j), "permit2.details[0].amount must be below 2^160");
  j = payload();
  j["details"][0].erase("nonce");
  EXPECT_EQ(error_for(j), "permit2.details[0] is missing \"nonce\"");
  j = payload();
  j["spender"] = 5;
  EXPECT_EQ(error_for(j), "permit2.spender must be a string");
  j = payload();
  j["sigDeadline"] = "0x10";
  EXPECT_NE(error_for(j).find("permit2.sigDeadline: "), std::string::npos);
  j = payload();
  j["permitted"] = true;
  EXPECT_EQ(error_for(j), "permit2 has unknown member \"permitted\"");
}

}  // namespace
}  // namespace sr::protocol::permit2
