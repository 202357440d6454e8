// ERC-3009 authorizations and EIP-2612 permits under a token's own domain: the protocol page's
// type hashes, protocol-vectors.json permits.erc3009, and the generic EIP-712 hasher.
#include "protocol/erc3009.h"

#include <gtest/gtest.h>

#include "crypto/secp256k1.h"
#include "eth/eip712.h"
#include "eth/signer.h"
#include "protocol/eip2612.h"
#include "protocol_vectors.h"

namespace sr::protocol {
namespace {

using json = nlohmann::ordered_json;
using testing::h32;
using testing::parse_error_of;
using testing::vectors;

const json& v() { return vectors()["permits"]["erc3009"]; }
const TokenDomain kUsdcBase{"USD Coin", "2", 8453, Address::parse("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913")};

TEST(Erc3009, TypeHashesMatchThePage) {
  EXPECT_EQ(hex::encode(erc3009::type_hash(erc3009::Kind::transfer_with_authorization)),
            "0x7c7c6cdb67a18743f49ec6fa9b35f50d52ed05cbed4cc592e13b44501c1a2267");
  EXPECT_EQ(hex::encode(erc3009::type_hash(erc3009::Kind::receive_with_authorization)),
            "0xd099cc98ef71107a616c4f0f941f04c322d8e254fe26b3c6668db87aae413de8");
}

TEST(Erc3009, VectorDigestAndSigner) {
  const erc3009::Authorization auth = erc3009::parse(v()["message"]);
  EXPECT_EQ(kUsdcBase.separator(), eip712::domain_separator(v()["domain"]));
  const Hash32 digest = erc3009::digest(auth, kUsdcBase);
  EXPECT_EQ(digest, h32(v()["digest"]));
  EXPECT_EQ(eth::recover_address(digest, hex::decode(v()["signature"].get<std::string>())).checksummed(), v()["signer"]);
}

TEST(Erc3009, ReceiveWithAuthorizationAgreesWithTheGenericHasher) {
  json types = v()["types"];
  types["ReceiveWithAuthorization"] = types["TransferWithAuthorization"];
  types.erase("TransferWithAuthorization");
  const json typed = {{"types", types}, {"primaryType", "ReceiveWithAuthorization"}, {"domain", v()["domain"]}, {"message", v()["message"]}};
  const erc3009::Authorization auth = erc3009::parse(v()["message"]);
  EXPECT_EQ(erc3009::digest(auth, kUsdcBase, erc3009::Kind::receive_with_authorization), eip712::hash_typed_data(typed).digest);
  EXPECT_NE(erc3009::digest(auth, kUsdcBase, erc3009::Kind::receive_with_authorization), h32(v()["digest"]));
}

TEST(Erc3009, ValidOnlyStrictlyInsideTheWindow) {
  erc3009::Authorization auth = erc3009::parse(v()["message"]);  // validAfter 0, validBefore 1763700600
  EXPECT_FALSE(auth.valid_at(0));
  EXPECT_TRUE(auth.valid_at(1));
  EXPECT_TRUE(auth.valid_at(1763700599));
  EXPECT_FALSE(auth.valid_at(1763700600));
  auth.valid_after = 100;
  EXPECT_FALSE(auth.valid_at(100));
  EXPECT_TRUE(auth.valid_at(101));
  auth.valid_before = U256::max();
  EXPECT_TRUE(auth.valid_at(~std::uint64_t{0}));
}

TEST(Erc3009, ParserIsStrictAndNamesThePath) {
  const auto error_for = [](const json& j) { return parse_error_of([&] { erc3009::parse(j); }); };
  json j = v()["message"];
  j["value"] = 25000000;
  EXPECT_EQ(erc3009::parse(j).value, U256(25000000));
  j["value"] = "-1";
  EXPECT_NE(error_for(j).find("authorization.value: "), std::string::npos);
  j = v()["message"];
  j["nonce"] = "0x5a";
  EXPECT_NE(error_for(j).find("authorization.nonce: "), std::string::npos);
  j = v()["message"];
  j.erase("validBefore");
  EXPECT_EQ(error_for(j), "authorization is missing \"validBefore\"");
  j = v()["message"];
  j["v"] = 27;
  EXPECT_EQ(error_for(j), "authorization has unknown member \"v\"");
  j = v()["message"];
  j["to"] = "0xA11D30e83FeE682a0C00bD894ACaCE4289B41f7b";
  EXPECT_EQ(error_for(j), "authorization.to: address checksum does not match EIP-55");
  EXPECT_EQ(error_for(json::array()), "authorization must be an object");
}

json permit_json() {
  return {{"owner", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"},
          {"spender", "0xA11D30e83FeE682a0C00bD894ACaCE4289B41f7B"},
          {"value", "25000000"},
          {"nonce", "0"},
          {"deadline", "1763700600"}};
}

TEST(Eip2612, TypeHashMatchesThePageAndDigestTheGenericHasher) {
  EXPECT_EQ(hex::encode(eip2612::type_hash()), "0x6e71edae12b1b97f4d1f60370fef10105fa2faae0126114a169c64845d6126c9");
  const json typed = {
      {"types", json::parse(R"({"Permit":[{"name":"owner","type":"address"},{"name":"spender","type":"address"},
        {"name":"value","type":"uint256"},{"name":"nonce","type":"uint256"},{"name":"deadline","type":"uint256"}]})")},
      {"primaryType", "Permit"},
      {"domain", v()["domain"]},
      {"message", permit_json()}};
  const eip712::TypedDataHashes generic = eip712::hash_typed_data(typed);
  const eip2612::Permit permit = eip2612::parse(permit_json());
  EXPECT_EQ(eip2612::struct_hash(permit), generic.struct_hash);
  EXPECT_EQ(eip2612::digest(permit, kUsdcBase), generic.digest);
  // Signed by the vectors' key, it recovers to the owner.
  const auto key = secp256k1::SecretKey::from_hex(vectors()["quoteSignature"]["privateKey"].get<std::string>());
  const auto signature = secp256k1::sign_digest(generic.digest, key);
  EXPECT_EQ(eth::recover_address(eip2612::digest(permit, kUsdcBase), signature), permit.owner);
}

TEST(Eip2612, ParserIsStrictAndNamesThePath) {
  const auto error_for = [](const json& j) { return parse_error_of([&] { eip2612::parse(j); }); };
  json j = permit_json();
  j.erase("nonce");
  EXPECT_EQ(error_for(j), "permit is missing \"nonce\"");
  j = permit_json();
  j["deadline"] = "115792089237316195423570985008687907853269984665640564039457584007913129639936";  // 2^256
  EXPECT_NE(error_for(j).find("permit.deadline: "), std::string::npos);
  j = permit_json();
  j["spender"] = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
  EXPECT_NE(error_for(j).find("permit.spender: "), std::string::npos);
  j = permit_json();
  j["v"] = 27;
  EXPECT_EQ(error_for(j), "permit has unknown member \"v\"");
}

}  // namespace
}  // namespace sr::protocol
