// The verifier's rules against a signer that lies (api-contract "What a verifier refuses"; the
// table in js/README.md): every case takes a genuine answer of the quote engine (local
// configuration), changes what the funded intent does, and signs it again with the development
// quote signer (resign.h), so the signature and the hashes are right and only the rule the change
// breaks can refuse it. Each case names that rule.
#include <gtest/gtest.h>

#include <algorithm>

#include "../service/engine_fixture.h"
#include "protocol/erc20.h"
#include "protocol/portal_calldata.h"
#include "quote_fixture.h"
#include "resign.h"
#include "service/chain/registry.h"
#include "verify/quote_verifier.h"

namespace sr::verify {
namespace {

using nlohmann::json;
namespace st = service::testing;
using testing::failures;

const char* const kOther = "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc";
constexpr std::uint64_t kFiveYears = 5ull * 365 * 86400;

json stitched_body() {
  return {{"type", "exact-in"},
          {"source", {{"chainId", 137}, {"token", st::kPolygonUsdc}, {"funder", st::kFunder}, {"amount", "100000000"}}},
          {"destination", {{"chainId", 1399811149}, {"token", st::kSolanaUsdc}, {"recipient", st::kSolanaRecipient}}},
          {"dappId", "verify-test"}};
}

json exact_out_body() {
  json body = st::exact_in_body();
  body["type"] = "exact-out";
  body["source"].erase("amount");
  body["destination"]["amount"] = "99840001";
  return body;
}

json custom_body() {
  json body = st::exact_in_body();
  body["type"] = "custom";
  body["destination"]["calls"] = json::array({{{"target", st::kRecipient}, {"data", "0xdeadbeef"}, {"value", "0"}}});
  return body;
}

std::string transfer_data(const char* to, const std::string& amount) {
  return hex::encode(protocol::erc20::transfer(Address::parse(to), U256::from_decimal(amount)));
}

class VerifierRules : public st::EngineTest {
 protected:
  const ChainDirectory& chains() {
    if (!chains_) chains_ = ChainDirectory::from_json(json::parse(service::list_chains(config()).dump()));
    return *chains_;
  }
  json genuine(const json& body) { return json::parse(ok_quote(body).dump()); }
  Report verify(const json& quote, const json& body, std::uint32_t max_fee_bps = 300) {
    QuoteContext context{&chains(), &body, st::kNow};
    context.max_fee_bps = max_fee_bps;
    return verify_quote(quote, context);
  }
  // The change, re-signed, fails `rule` and no other check: the signature and every hash are
  // right, and nothing but the rule looks at what changed. (A quote whose roles are not one
  // funded intent fails every rule that reads the roles, with the same detail: `alone` false.)
  void expect_refused(const json& quote, const json& body, const std::string& rule, const std::string& detail = "",
                      bool alone = true) {
    const Report report = verify(quote, body);
    ASSERT_TRUE(report.find("signature")->ok) << failures(report);
    const Check* check = report.find(rule);
    ASSERT_NE(check, nullptr) << rule;
    EXPECT_FALSE(check->ok) << rule << " passed:\n" << failures(report);
    if (!detail.empty()) EXPECT_NE(check->detail.find(detail), std::string::npos) << check->detail;
    const std::string failed = failures(report);
    if (alone) EXPECT_TRUE(failed.rfind(rule + ": ", 0) == 0 && std::count(failed.begin(), failed.end(), '\n') == 1) << failed;
  }
  std::optional<ChainDirectory> chains_;
};

TEST_F(VerifierRules, GenuineAnswersOfEveryShapePass) {
  for (const json& body : std::vector<json>{st::exact_in_body(), exact_out_body(), custom_body(), stitched_body()}) {
    const json quote = genuine(body);
    const Report report = verify(quote, body);
    EXPECT_TRUE(report.ok()) << body.dump() << "\n" << failures(report);
  }
}

// (a) One funded intent. The funded intent pays someone else; a decoy that matches the request is
// listed as `direct` beside it, the funded one as `stitched-source`.
TEST_F(VerifierRules, AFundedIntentBesideADirectDecoyIsRefused) {
  const json body = st::exact_in_body();
  for (const bool null_hash : {false, true}) {
    json quote = genuine(body);
    json funded = quote["steps"][0];
    funded["intents"][0]["role"] = "stitched-source";
    json& route = funded["intents"][0]["intent"]["route"];
    route["calls"][0]["data"] = transfer_data(kOther, route["tokens"][0]["amount"]);
    route["salt"] = "0x" + std::string(64, '5');
    quote["steps"].push_back(funded);
    if (null_hash) quote["intentHash"] = nullptr;
    testing::resign_quote(quote, config(), 1, 0);
    if (!null_hash) ASSERT_EQ(quote["intentHash"], quote["steps"][1]["intents"][0]["intentHash"]);
    expect_refused(quote, body, "funded-intent", "1 direct, 1 stitched-source", false);
  }
}

TEST_F(VerifierRules, IntentHashNamesTheFundedIntentExactlyOnDirectQuotes) {
  json quote = genuine(st::exact_in_body());
  quote["intentHash"] = nullptr;
  testing::resign_quote(quote, config());
  expect_refused(quote, st::exact_in_body(), "funded-intent", "quote.intentHash");
  json stitched = genuine(stitched_body());
  stitched["intentHash"] = stitched["steps"][1]["intents"][0]["intentHash"];
  stitched["signature"] = protocol::sign_quote(stitched["id"], protocol::quote_intent_hashes(stitched), stitched["expiresAt"],
                                               stitched["source"]["chainId"],
                                               secp256k1::SecretKey::from_hex(st::local_signer_key()));
  // intent-hashes compares the same field with execution.intent's hash and refuses it too.
  expect_refused(stitched, stitched_body(), "funded-intent", "null on a stitched quote", false);
}

// (b) A first leg does only what a first leg does.
TEST_F(VerifierRules, AFirstLegThatPaysSomeoneIsRefused) {
  const json body = stitched_body();
  json quote = genuine(body);
  json& route = quote["steps"][0]["intents"][0]["intent"]["route"];
  const std::string amount = route["tokens"][0]["amount"];
  route["calls"] = json::array({{{"target", route["tokens"][0]["token"]}, {"data", transfer_data(kOther, amount)}, {"value", "0"}}});
  testing::resign_quote(quote, config());
  expect_refused(quote, body, "first-leg", "calls has 1 call(s)");
}

TEST_F(VerifierRules, AFirstLegThatFundsASecondIntentRefundingSomeoneElseIsRefused) {
  const json body = stitched_body();
  json quote = genuine(body);
  json& second = quote["steps"][1]["intents"][0]["intent"];
  second["reward"]["creator"] = kOther;
  // resign_quote makes the first leg publish and fund the changed second intent, consistently.
  testing::resign_quote(quote, config());
  expect_refused(quote, body, "first-leg", "refund recipient");
}

TEST_F(VerifierRules, AFirstLegWithAnExtraCallIsRefused) {
  const json body = stitched_body();
  json quote = genuine(body);
  json& route = quote["steps"][0]["intents"][0]["intent"]["route"];
  route["calls"].push_back({{"target", route["tokens"][0]["token"]}, {"data", transfer_data(kOther, "1")}, {"value", "0"}});
  testing::resign_quote(quote, config());
  expect_refused(quote, body, "first-leg", "calls has 3 call(s)");
}

// (c) The delivery route does exactly what was asked.
TEST_F(VerifierRules, ADeliveryWithASecondTransferToSomeoneElseIsRefused) {
  for (const json& body : std::vector<json>{st::exact_in_body(), custom_body()}) {
    json quote = genuine(body);
    json& route = quote["steps"][0]["intents"][0]["intent"]["route"];
    route["calls"].push_back({{"target", st::kOptimismUsdc}, {"data", transfer_data(kOther, "1000000")}, {"value", "0"}});
    route["tokens"][0]["amount"] = U256::from_decimal(route["tokens"][0]["amount"].get<std::string>()).add_or_throw(U256(1000000)).to_decimal();
    testing::resign_quote(quote, config());
    expect_refused(quote, body, "delivery-route");
  }
}

TEST_F(VerifierRules, ADeliveryWithACallThatAlwaysRevertsIsRefused) {
  const json body = st::exact_in_body();
  json quote = genuine(body);
  json& route = quote["steps"][0]["intents"][0]["intent"]["route"];
  // transferFrom of the recipient's money by the executor, which has no allowance: always reverts.
  route["calls"].push_back({{"target", st::kOptimismUsdc}, {"data", "0x23b872dd" + std::string(192, '0')}, {"value", "0"}});
  testing::resign_quote(quote, config());
  expect_refused(quote, body, "delivery-route", "the asked route makes");
}

TEST_F(VerifierRules, ADeliveryThatPaysSomeoneElseOrLeavesTokensBehindIsRefused) {
  const json body = st::exact_in_body();
  json quote = genuine(body);
  json& route = quote["steps"][0]["intents"][0]["intent"]["route"];
  route["calls"][0]["data"] = transfer_data(kOther, route["tokens"][0]["amount"]);
  testing::resign_quote(quote, config());
  expect_refused(quote, body, "delivery-route", "calls[0]");
  quote = genuine(body);
  json& more = quote["steps"][0]["intents"][0]["intent"]["route"]["tokens"][0]["amount"];
  more = U256::from_decimal(more.get<std::string>()).add_or_throw(U256(1)).to_decimal();
  testing::resign_quote(quote, config());
  expect_refused(quote, body, "delivery-route", "route.tokens must be exactly");
}

TEST_F(VerifierRules, ASolanaDeliveryToAnotherTokenAccountIsRefused) {
  const json body = stitched_body();
  json quote = genuine(body);
  json& call = quote["steps"][1]["intents"][0]["intent"]["route"]["calls"][0];
  call["target"] = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
  testing::resign_quote(quote, config());
  expect_refused(quote, body, "delivery-route", "calls[0]");
}

// (d) Deadlines within the chains' limits.
TEST_F(VerifierRules, ARewardDeadlineFiveYearsAheadIsRefused) {
  const json body = st::exact_in_body();
  json quote = genuine(body);
  json& reward = quote["steps"][0]["intents"][0]["intent"]["reward"];
  reward["deadline"] = reward["deadline"].get<std::uint64_t>() + kFiveYears;
  testing::resign_quote(quote, config());
  expect_refused(quote, body, "deadlines", "maxRewardWindowSec");
  quote = genuine(body);
  json& intent = quote["steps"][0]["intents"][0]["intent"];
  intent["route"]["deadline"] = intent["route"]["deadline"].get<std::uint64_t>() + kFiveYears;
  intent["reward"]["deadline"] = intent["reward"]["deadline"].get<std::uint64_t>() + kFiveYears;
  testing::resign_quote(quote, config());
  expect_refused(quote, body, "deadlines", "maxFillWindowSec");
  // The second leg of a stitched quote is bounded from the first leg's route deadline.
  quote = genuine(stitched_body());
  json& second = quote["steps"][1]["intents"][0]["intent"]["reward"];
  second["deadline"] = second["deadline"].get<std::uint64_t>() + kFiveYears;
  testing::resign_quote(quote, config());
  expect_refused(quote, stitched_body(), "deadlines", "steps[1].intents[0].intent.reward.deadline");
}

TEST_F(VerifierRules, ChainRecordsWithoutLimitsBoundNothingAndAreRefused) {
  json records = json::parse(service::list_chains(config()).dump());
  for (json& chain : records["chains"]) chain.erase("limits");
  const ChainDirectory without = ChainDirectory::from_json(records);
  const json body = st::exact_in_body();
  const Report report = verify_quote(genuine(body), QuoteContext{&without, &body, st::kNow});
  EXPECT_FALSE(report.find("deadlines")->ok);
  EXPECT_NE(report.find("deadlines")->detail.find("publishes no limits"), std::string::npos);
}

// (e) Amounts add up, under the fee ceiling.

// The quote's delivery moved from `was` to `out`: amountOut, minAmountOut (equal: nothing slips),
// the recipient's transfer and the route's tokens (which keep paying each fee after it) follow.
// A reward that also locks native value: on EVM the funding transaction carries it as its value, on
// Solana the Portal takes the lamports from the funder; either way the funder pays more than the
// token amount asked.
TEST_F(VerifierRules, ARewardThatAlsoTakesNativeValueIsRefused) {
  json from_solana = st::exact_in_body();
  from_solana["source"] = {{"chainId", 1399811149}, {"token", st::kSolanaUsdc}, {"amount", "100000000"}, {"funder", st::kSolanaRecipient}};
  from_solana["destination"] = {{"chainId", 8453}, {"token", st::kBaseUsdc}, {"recipient", st::kRecipient}};
  for (const json& body : std::vector<json>{st::exact_in_body(), from_solana}) {
    json quote = genuine(body);
    quote["steps"][0]["intents"][0]["intent"]["reward"]["nativeAmount"] = "1000000000";
    if (quote["execution"]["transaction"]["type"] == "evm") quote["execution"]["transaction"]["value"] = "1000000000";
    testing::resign_quote(quote, config());
    expect_refused(quote, body, "route-matches-request", "native units");
  }
}

// The expiry and every deadline moved a day later together: each deadline still follows expiresAt
// by what it did, so only the bound on expiresAt itself (the source chain's maxQuoteLifetimeSec
// after now) keeps the funds from being locked a day longer.
TEST_F(VerifierRules, AQuoteExpiringADayAheadWithItsDeadlinesIsRefused) {
  for (const json& body : std::vector<json>{st::exact_in_body(), stitched_body()}) {
    json quote = genuine(body);
    quote["expiresAt"] = quote["expiresAt"].get<std::uint64_t>() + 86'400;
    for (json& step : quote["steps"]) {
      for (json& entry : step["intents"]) {
        for (const char* part : {"route", "reward"}) {
          entry["intent"][part]["deadline"] = entry["intent"][part]["deadline"].get<std::uint64_t>() + 86'400;
        }
      }
    }
    testing::resign_quote(quote, config());
    expect_refused(quote, body, "deadlines", "maxQuoteLifetimeSec");
  }
}

void set_delivered(json& quote, const U256& was, const U256& out) {
  quote["destination"]["amountOut"] = out.to_decimal();
  quote["destination"]["minAmountOut"] = out.to_decimal();
  json& route = quote["steps"][0]["intents"][0]["intent"]["route"];
  const U256 tokens = U256::from_decimal(route["tokens"][0]["amount"].get<std::string>());
  route["tokens"][0]["amount"] = tokens.sub_or_throw(was).add_or_throw(out).to_decimal();
  route["calls"][0]["data"] = transfer_data(st::kRecipient, out.to_decimal());
}
TEST_F(VerifierRules, AnAmountOutUnrelatedToTheAmountIsRefused) {
  const json body = st::exact_in_body();
  json quote = genuine(body);
  // amountOut doubled, and minAmountOut and the route following it: only the statement is wrong.
  const U256 stated = U256::from_decimal(quote["destination"]["amountOut"].get<std::string>());
  const U256 out = stated.add_or_throw(stated);
  set_delivered(quote, stated, out);
  testing::resign_quote(quote, config());
  const Report report = verify(quote, body);
  EXPECT_EQ(failures(report).find("fees:"), 0u) << failures(report);
  EXPECT_NE(report.find("fees")->detail.find("the statement says"), std::string::npos) << report.find("fees")->detail;
}

// Less delivered than the statement allows is refused too: the difference would be a fee no entry
// names (the equation is an equality, not a bound).
TEST_F(VerifierRules, AnAmountOutBelowWhatTheAmountPaysForIsRefused) {
  const json body = st::exact_in_body();
  json quote = genuine(body);
  const U256 stated = U256::from_decimal(quote["destination"]["amountOut"].get<std::string>());
  set_delivered(quote, stated, stated.sub_or_throw(U256(1000)));
  testing::resign_quote(quote, config());
  const Report report = verify(quote, body);
  EXPECT_EQ(failures(report).find("fees:"), 0u) << failures(report);
  EXPECT_NE(report.find("fees")->detail.find("the statement says"), std::string::npos) << report.find("fees")->detail;
}

TEST_F(VerifierRules, FeesAboveTheCeilingAreRefusedAndTheDappSetsTheCeiling) {
  const json body = st::exact_in_body();
  json quote = genuine(body);
  // A gas fee of 5% that the statement accounts for: everything adds up, the fee is too large.
  const U256 amount = U256::from_decimal(quote["source"]["amount"].get<std::string>());
  json& fees = quote["fees"];
  U256 others;
  std::size_t gas = 0;
  for (std::size_t i = 0; i < fees.size(); ++i) {
    if (fees[i]["type"] == "gas") gas = i; else others = others.add_or_throw(U256::from_decimal(fees[i]["amount"].get<std::string>()));
  }
  const U256 gas_fee = *U256::mul_div(amount, U256(500), U256(10'000), Rounding::floor);
  fees[gas]["amount"] = gas_fee.to_decimal();
  const U256 out = amount.sub_or_throw(others).sub_or_throw(gas_fee);
  set_delivered(quote, U256::from_decimal(quote["destination"]["amountOut"].get<std::string>()), out);
  testing::resign_quote(quote, config());
  Report report = verify(quote, body);
  EXPECT_EQ(failures(report).find("fees:"), 0u) << failures(report);
  EXPECT_NE(report.find("fees")->detail.find("above the ceiling maxFeeBps 300"), std::string::npos);
  EXPECT_TRUE(verify(quote, body, 600).ok()) << failures(verify(quote, body, 600));
  // The genuine quote's fees (about 0.15%) pass the default and fail a dapp's 0.1% ceiling.
  EXPECT_TRUE(verify(genuine(body), body).ok());
  report = verify(genuine(body), body, 10);
  EXPECT_FALSE(report.find("fees")->ok);
}

TEST_F(VerifierRules, ExactOutChargesTheSmallestSourceAmount) {
  const json body = exact_out_body();
  json quote = genuine(body);
  // One unit more of the source amount (reward, approval and echo), consistently signed.
  const std::string more = U256::from_decimal(quote["source"]["amount"].get<std::string>()).add_or_throw(U256(1)).to_decimal();
  quote["source"]["amount"] = more;
  quote["steps"][0]["intents"][0]["intent"]["reward"]["tokens"][0]["amount"] = more;
  quote["execution"]["approval"]["data"] =
      hex::encode(protocol::erc20::approve(Address::parse(quote["execution"]["transaction"]["to"].get<std::string>()), U256::from_decimal(more)));
  quote["execution"]["approvals"] = json::array({quote["execution"]["approval"]});
  testing::resign_quote(quote, config());
  const Report report = verify(quote, body);
  EXPECT_EQ(failures(report).find("fees:"), 0u) << failures(report);
  EXPECT_NE(report.find("fees")->detail.find("smallest input"), std::string::npos);
}

}  // namespace
}  // namespace sr::verify
