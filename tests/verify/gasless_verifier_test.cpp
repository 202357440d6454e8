// verify_gasless_payload on authorizations signed here by the quote fixture's funder (anvil
// account 3) for its vault: each standard passes, and each change fails the check that names it.
#include "verify/gasless_verifier.h"

#include <gtest/gtest.h>

#include "protocol/erc3009.h"
#include "protocol/permit2.h"
#include "protocol/permit3.h"
#include "quote_fixture.h"

namespace sr::verify {
namespace {

using nlohmann::json;
using namespace testing;

// The well-known development key of kFunder (anvil account 3).
constexpr const char* kFunderKey = "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6";
constexpr const char* kOtherKey = "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a";

json production_tokens() {
  std::ifstream in(std::string(SR_SOURCE_DIR) + "/config/production/tokens.json");
  return json::parse(in);
}

struct Fixture {
  json quote = direct_quote();
  json chains_json = production_chains();
  json tokens_json = production_tokens();

  std::string vault() const { return quote["execution"]["vault"]; }

  Report verify(const std::string& standard, const json& payload, const std::string& signature,
                std::uint64_t now = kNow) const {
    const ChainDirectory chains = ChainDirectory::from_json(chains_json);
    const TokenDirectory tokens = TokenDirectory::from_json(tokens_json, chains);
    return verify_gasless_payload(quote, standard, payload, signature, GaslessContext{&chains, &tokens, now});
  }
};

std::string sign(const Hash32& digest, const char* key = kFunderKey) {
  return hex::encode(secp256k1::sign_digest(digest, secp256k1::SecretKey::from_hex(key)));
}

json erc3009_payload(const std::string& to, const std::string& value = "25000000",
                     std::uint64_t valid_before = kExpiresAt + 600) {
  return {{"from", kFunder},
          {"to", to},
          {"value", value},
          {"validAfter", 0},
          {"validBefore", valid_before},
          {"nonce", "0x" + std::string(63, '0') + "7"}};
}

std::string sign_erc3009(const json& payload, const char* key = kFunderKey) {
  const protocol::TokenDomain domain{"USD Coin", "2", 8453, Address::parse(kBaseUsdc)};
  return sign(protocol::erc3009::digest(protocol::erc3009::parse(payload), domain), key);
}

json permit2_payload(const std::string& spender, const std::string& amount = "25000000") {
  return {{"details", {{{"token", kBaseUsdc}, {"amount", amount}, {"expiration", kExpiresAt + 3600}, {"nonce", 0}}}},
          {"spender", spender},
          {"sigDeadline", kExpiresAt + 600}};
}

std::string sign_permit2(const json& payload) {
  return sign(protocol::permit2::digest(protocol::permit2::parse(payload), 8453,
                                        Address::parse("0x000000000022D473030F116dDEE9F6B43aC78BA3")));
}

json permit3_payload(const std::string& account, std::uint64_t mode = 0) {
  return {{"owner", kFunder},
          {"salt", "0x" + std::string(62, '0') + "01"},
          {"deadline", kExpiresAt + 600},
          {"timestamp", kNow},
          {"chainPermits",
           {{"chainId", 8453},
            {"permits",
             {{{"modeOrExpiration", mode},
               {"tokenKey", hex::encode(protocol::permit3::token_key(Address::parse(kBaseUsdc)))},
               {"account", account},
               {"amountDelta", "25000000"}}}}}},
          {"proof", json::array()}};
}

std::string sign_permit3(const json& payload) {
  return sign(protocol::permit3::digest(protocol::permit3::parse(payload)));
}

void expect_fails(const Report& report, const char* check, const char* detail_part) {
  EXPECT_FALSE(report.ok());
  ASSERT_NE(report.find(check), nullptr);
  EXPECT_FALSE(report.find(check)->ok) << failures(report);
  EXPECT_NE(report.find(check)->detail.find(detail_part), std::string::npos) << report.find(check)->detail;
}

TEST(VerifyGasless, FunderKeyIsTheFixtureFunder) {
  EXPECT_EQ(Address::from_public_key(secp256k1::public_key(secp256k1::SecretKey::from_hex(kFunderKey))),
            Address::parse(kFunder));
}

TEST(VerifyGasless, Erc3009BoundToTheVaultPassesAndEachChangeFails) {
  Fixture f;
  const json good = erc3009_payload(f.vault());
  const Report report = f.verify("erc3009", good, sign_erc3009(good));
  EXPECT_TRUE(report.ok()) << failures(report);
  EXPECT_EQ(report.checks.size(), 5u);

  const json other_to = erc3009_payload(kRecipient);
  expect_fails(f.verify("erc3009", other_to, sign_erc3009(other_to)), "binding", "payload.to is");
  const json short_value = erc3009_payload(f.vault(), "24999999");
  expect_fails(f.verify("erc3009", short_value, sign_erc3009(short_value)), "amount", "below the reward 25000000");
  const json early_end = erc3009_payload(f.vault(), "25000000", kExpiresAt - 1);
  expect_fails(f.verify("erc3009", early_end, sign_erc3009(early_end)), "validity", "ends before the quote expires");
  expect_fails(f.verify("erc3009", good, sign_erc3009(good, kOtherKey)), "signer", "signature recovers to");
  json not_yet = good;
  not_yet["validAfter"] = kNow;
  expect_fails(f.verify("erc3009", not_yet, sign_erc3009(not_yet)), "validity", "is not before now");

  Fixture no_support;
  for (json& token : no_support.tokens_json) token["gasless"] = json::array({"permit2"});
  expect_fails(no_support.verify("erc3009", good, sign_erc3009(good)), "standard", "does not list \"erc3009\"");
}

TEST(VerifyGasless, Permit2SpenderMustBeTheVault) {
  Fixture f;
  const json good = permit2_payload(f.vault());
  EXPECT_TRUE(f.verify("permit2", good, sign_permit2(good)).ok())
      << failures(f.verify("permit2", good, sign_permit2(good)));
  const json other = permit2_payload(kRecipient);
  expect_fails(f.verify("permit2", other, sign_permit2(other)), "binding", "payload.spender is");
  const json small = permit2_payload(f.vault(), "1");
  expect_fails(f.verify("permit2", small, sign_permit2(small)), "amount", "below the reward");
}

TEST(VerifyGasless, Permit3AccountsMustBeTheVault) {
  Fixture f;
  const json good = permit3_payload(f.vault());
  const Report report = f.verify("permit3", good, sign_permit3(good));
  EXPECT_TRUE(report.ok()) << failures(report);
  const json other = permit3_payload(kRecipient);
  expect_fails(f.verify("permit3", other, sign_permit3(other)), "binding", "permits[0].account is");
  const json lock = permit3_payload(f.vault(), 2);
  expect_fails(f.verify("permit3", lock, sign_permit3(lock)), "validity", "mode 2");
}

TEST(VerifyGasless, UnknownStandardAndMalformedPayload) {
  Fixture f;
  expect_fails(f.verify("permit9", json::object(), "0x"), "binding", "is not permit3, permit2 or erc3009");
  expect_fails(f.verify("erc3009", json::object(), "0x"), "binding", "payload");
}

TEST(VerifyGaslessJson, WholeBoundary) {
  Fixture f;
  const json payload = erc3009_payload(f.vault());
  const json args = {
      {"quote", f.quote},        {"standard", "erc3009"},   {"payload", payload}, {"signature", sign_erc3009(payload)},
      {"chains", f.chains_json}, {"tokens", f.tokens_json}, {"now", kNow}};
  EXPECT_EQ(verify_gasless_payload_json(args)["ok"], true);
}

}  // namespace
}  // namespace sr::verify
