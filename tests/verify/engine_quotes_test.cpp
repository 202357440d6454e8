// The verifier against real quotes from the quote engine (service::quote_op with the local
// configuration): direct exact-in, exact-out, custom, stitched multi-hop with bucket candidates,
// and competing quotes all pass every check; a change to any of them fails the named check, as
// does a consistently signed stitched quote whose second reward lists a token twice.
#include <gtest/gtest.h>

#include "../service/engine_fixture.h"
#include "quote_fixture.h"
#include "service/chain/registry.h"
#include "verify/quote_verifier.h"

namespace sr::verify {
namespace {

using nlohmann::json;
using service::testing::EngineTest;
namespace st = service::testing;
using testing::failures;

class EngineQuotes : public EngineTest {
 protected:
  Report verify(const json& quote, const json& request, std::uint64_t now = st::kNow) {
    chains_ = ChainDirectory::from_json(json::parse(service::list_chains(config()).dump()));  // GET /v1/chains
    return verify_quote(quote, QuoteContext{&*chains_, &request, now});
  }

  void expect_passes(const json& request) {
    const json quote = ok_quote(request);
    const Report report = verify(quote, request);
    EXPECT_TRUE(report.ok()) << failures(report) << quote.dump(2);
  }

  std::optional<ChainDirectory> chains_;
};

TEST_F(EngineQuotes, DirectExactInPasses) { expect_passes(st::exact_in_body()); }

TEST_F(EngineQuotes, ExactOutPasses) {
  json body = st::exact_in_body();
  body["type"] = "exact-out";
  body["source"].erase("amount");
  body["destination"]["amount"] = "99840001";
  expect_passes(body);
}

TEST_F(EngineQuotes, CustomPasses) {
  json body = st::exact_in_body();
  body["type"] = "custom";
  body["destination"]["calls"] = json::array({{{"target", st::kRecipient}, {"data", "0xdeadbeef"}, {"value", "0"}},
                                              {{"target", st::kOptimismUsdc}, {"data", "0xa9059cbb"}}});
  expect_passes(body);
}

TEST_F(EngineQuotes, SlippageAndRefundRecipientPass) {
  json body = st::exact_in_body();
  body["slippage"] = 0.0125;
  body["source"]["refundRecipient"] = st::kRecipient;
  expect_passes(body);
}

TEST_F(EngineQuotes, StitchedWithBucketCandidatesAndCompetingQuotesPasses) {
  auto clone = config_json_["solvers"][2];
  clone["id"] = "sunrise";
  clone["name"] = "Sunrise (simulation)";
  clone["feeBps"] = 9;
  config_json_["solvers"].push_back(clone);
  json body = {
      {"type", "exact-in"},
      {"source", {{"chainId", 137}, {"token", st::kPolygonUsdc}, {"funder", st::kFunder}, {"amount", "100000000"}}},
      {"destination", {{"chainId", 1399811149}, {"token", st::kSolanaUsdc}, {"recipient", st::kSolanaRecipient}}},
      {"dappId", "verify-test"},
      {"options", {{"allQuotes", true}}}};
  const json quote = ok_quote(body);
  ASSERT_TRUE(quote["intentHash"].is_null());
  const Report report = verify(quote, body);
  EXPECT_TRUE(report.ok()) << failures(report);
  EXPECT_NE(report.find("competing-quotes")->detail.find("competing quote(s)"), std::string::npos);
}

TEST_F(EngineQuotes, ADeliveryRewardListingATokenTwiceFailsIntentHashesEvenHashedAndSigned) {
  const json body = {
      {"type", "exact-in"},
      {"source", {{"chainId", 137}, {"token", st::kPolygonUsdc}, {"funder", st::kFunder}, {"amount", "100000000"}}},
      {"destination", {{"chainId", 1399811149}, {"token", st::kSolanaUsdc}, {"recipient", st::kSolanaRecipient}}},
      {"dappId", "verify-test"}};
  json quote = ok_quote(body);
  // The second hop's reward, which the first hop's fill publishes and funds on Arbitrum: split
  // into two entries of one token, with every derived field and the signature made consistent.
  json& entry = quote["steps"][1]["intents"][0];
  ASSERT_EQ(entry["role"], "stitched-destination");
  json& tokens = entry["intent"]["reward"]["tokens"];
  const U256 total = U256::from_decimal(tokens[0]["amount"].get<std::string>());
  const U256 half = *U256::mul_div(total, U256(1), U256(2), Rounding::floor);
  tokens = {{{"token", tokens[0]["token"]}, {"amount", half.to_decimal()}},
            {{"token", tokens[0]["token"]}, {"amount", total.sub_or_throw(half).to_decimal()}}};
  const protocol::Intent intent = st::decode_entry_intent(config(), entry);
  const auto hashes = protocol::hash_intent(intent, sr::Vm::evm, sr::Vm::svm);
  const service::ChainRecord& middle = *config().chain(entry["sourceChainId"].get<std::uint64_t>());
  entry["intentHash"] = hex::encode(hashes.intent_hash);
  entry["encodedRoute"] = hex::encode(hashes.encoded_route);
  entry["vault"] = protocol::evm_vault_address(middle.portal.evm(), hashes.intent_hash, *middle.vault_init_code_hash)
                       .checksummed();
  quote["signature"] = testing::sign_quote(quote);

  const Report report = verify(quote, body);
  EXPECT_TRUE(report.find("signature")->ok) << failures(report);
  EXPECT_TRUE(report.find("vault")->ok) << failures(report);
  const Check* check = report.find("intent-hashes");
  EXPECT_FALSE(check->ok);
  EXPECT_NE(check->detail.find("quote.steps[1].intents[0].intent.reward.tokens[1] lists token"), std::string::npos)
      << check->detail;
}

TEST_F(EngineQuotes, AllQuotesCompetingQuotesPass) {
  json body = st::exact_in_body();
  body["options"] = {{"allQuotes", true}};
  expect_passes(body);
}

TEST_F(EngineQuotes, TamperedEngineQuotesFailTheNamedCheck) {
  const json request = st::exact_in_body();
  const json quote = ok_quote(request);
  const auto expect_fails = [&](const char* check, auto&& change) {
    json q = quote;
    change(q);
    const Report report = verify(q, request);
    EXPECT_FALSE(report.find(check)->ok) << check << " passed after a change\n" << failures(report);
  };
  expect_fails("route-matches-request", [](json& q) { q["destination"]["recipient"] = st::kFunder; });
  expect_fails("funding-target", [](json& q) { q["execution"]["transaction"]["to"] = st::kRecipient; });
  expect_fails("signature", [](json& q) { q["expiresAt"] = q["expiresAt"].get<std::uint64_t>() + 1; });
  expect_fails("vault", [](json& q) { q["execution"]["vault"] = st::kRecipient; });
  expect_fails("slippage-bound", [](json& q) { q["slippage"] = 0.001; });
  expect_fails("intent-hashes",
               [](json& q) { q["steps"][0]["intents"][0]["intent"]["route"]["salt"] = "0x" + std::string(64, '1'); });
  const Report late = verify(quote, request, quote["expiresAt"].get<std::uint64_t>());
  EXPECT_FALSE(late.find("expiry")->ok);
}

}  // namespace
}  // namespace sr::verify
