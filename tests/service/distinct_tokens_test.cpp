// "The service never emits a reward with a token listed twice": the real Portal accepts such a
// reward and marks it Funded holding only part of the money (protocol::repeated_token). Every
// quote shape the engine makes is checked on what the client receives: each intent of each step,
// execution.intent and every competing quote list each token once in reward.tokens and in
// route.tokens. Shapes: exact-in, exact-out and custom (two token pairs, a refund recipient),
// remote-solver prices, stitched routes with bucket candidates, a Solana source, legacy v3
// exactIn/exactOut entries and deposit-address intents.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <set>
#include <string>

#include "engine_fixture.h"
#include "eth/abi.h"
#include "protocol/intent_abi.h"
#include "service/deposits/deposit.h"
#include "service/legacy/legacy_quote.h"

namespace sr::service::testing {
namespace {

// The token members of one list, compared as the chain compares them: EVM hex without case.
void expect_distinct(const json& tokens, const std::string& path) {
  ASSERT_TRUE(tokens.is_array()) << path;
  std::set<std::string> seen;
  for (const json& entry : tokens) {
    std::string token = entry.at("token").get<std::string>();
    if (token.starts_with("0x")) {
      std::transform(token.begin(), token.end(), token.begin(), [](unsigned char c) { return std::tolower(c); });
    }
    EXPECT_TRUE(seen.insert(token).second) << path << " lists " << token << " twice: " << tokens.dump();
  }
}

void expect_distinct_intent(const json& intent, const std::string& path) {
  expect_distinct(intent.at("reward").at("tokens"), path + ".reward.tokens");
  expect_distinct(intent.at("route").at("tokens"), path + ".route.tokens");
}

// What a quote (with its competing quotes) holds, so no test passes by checking nothing.
struct Seen {
  std::size_t quotes = 0;
  std::size_t intents = 0;
  std::set<std::string> roles;
  std::set<std::string> ids;
};

void expect_distinct_quote(const json& quote, const std::string& path, Seen& seen) {
  ++seen.quotes;
  seen.ids.insert(quote.at("id").get<std::string>());
  const json& steps = quote.at("steps");
  for (std::size_t s = 0; s < steps.size(); ++s) {
    const json& intents = steps[s].at("intents");
    for (std::size_t i = 0; i < intents.size(); ++i) {
      const std::string entry_path = path + ".steps[" + std::to_string(s) + "].intents[" + std::to_string(i) + "]";
      expect_distinct_intent(intents[i].at("intent"), entry_path + ".intent");
      seen.roles.insert(intents[i].at("role").get<std::string>());
      ++seen.intents;
    }
  }
  expect_distinct_intent(quote.at("execution").at("intent"), path + ".execution.intent");
  const json& competing = quote.at("competingQuotes");
  for (std::size_t c = 0; competing.is_array() && c < competing.size(); ++c) {
    expect_distinct_quote(competing[c], path + ".competingQuotes[" + std::to_string(c) + "]", seen);
  }
}

json usdc_listed_twice() {
  return json::array({{{"token", kBaseUsdc}, {"amount", "12500000"}},
                      {{"token", "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913"}, {"amount", "12500000"}}});
}

// The checks below would see a repeat, whatever the spelling.
TEST(DistinctTokensCheck, SeesATokenListedTwice) {
  EXPECT_NONFATAL_FAILURE(expect_distinct(usdc_listed_twice(), "reward.tokens"),
                          "reward.tokens lists 0x833589fcd6edb6e08f4c7c32d4f71b54bda02913 twice");
}

json with_all_quotes(json body) {
  body["options"] = {{"allQuotes", true}};
  return body;
}

json exact_out_body(const std::string& amount = "99840001") {
  json body = exact_in_body();
  body["type"] = "exact-out";
  body["source"].erase("amount");
  body["destination"]["amount"] = amount;
  return body;
}

json custom_body() {
  json body = exact_in_body();
  body["type"] = "custom";
  body["destination"]["calls"] = json::array({{{"target", kRecipient}, {"data", "0xdeadbeef"}, {"value", "0"}},
                                              {{"target", kOptimismUsdc}, {"data", "0xa9059cbb"}}});
  return body;
}

json stitched_body(const std::string& type) {
  json body = {{"type", type},
               {"source", {{"chainId", 137}, {"token", kPolygonUsdc}, {"funder", kFunder}}},
               {"destination", {{"chainId", 1399811149}, {"token", kSolanaUsdc}, {"recipient", kSolanaRecipient}}},
               {"dappId", "engine-test"},
               {"options", {{"allQuotes", true}}}};
  if (type == "exact-out") {
    body["destination"]["amount"] = "99000000";
  } else {
    body["source"]["amount"] = "100000000";
  }
  return body;
}

class DistinctTokens : public EngineTest {
 protected:
  Seen check(const json& body, const json& key = acme_key(), const json& answers = json::array()) {
    const OpResult r = quote(body, key, kNow, kRandom, answers);
    EXPECT_EQ(r.status, 200) << body.dump() << "\n" << r.body.dump(2);
    Seen seen;
    if (r.status == 200) expect_distinct_quote(r.body, "quote", seen);
    return seen;
  }
};

TEST_F(DistinctTokens, DirectQuotesOfEveryTypeAndTheirCompetingQuotes) {
  json usdt_source = exact_in_body();
  usdt_source["source"]["token"] = "0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2";  // Base USDT -> Optimism USDC
  json refund_elsewhere = exact_in_body();
  refund_elsewhere["source"]["refundRecipient"] = kRecipient;
  for (const json& body : {exact_in_body(), exact_out_body(), custom_body(), usdt_source, refund_elsewhere}) {
    SCOPED_TRACE(body.dump());
    const Seen seen = check(with_all_quotes(body));
    EXPECT_GE(seen.quotes, 2u);  // the winner and at least one competing quote
    EXPECT_EQ(seen.intents, seen.quotes);
    EXPECT_EQ(seen.roles, std::set<std::string>{"direct"});
    // Without allQuotes the winner alone.
    EXPECT_EQ(check(body).quotes, 1u);
  }
}

TEST_F(DistinctTokens, RemoteSolverPrices) {
  for (auto& solver : config_json_["solvers"]) {
    if (solver["id"] == "atlas") {
      solver["url"] = "https://atlas.example/quote";
      solver["timeoutMs"] = 800;
    }
  }
  const std::uint64_t valid_until = kNow + 120;
  const json in = json::array(
      {{{"solverId", "atlas"}, {"answer", {{"amountOut", "99990000"}, {"estimatedFulfillTimeSec", 10}, {"validUntil", valid_until}}}}});
  const json out = json::array(
      {{{"solverId", "atlas"}, {"answer", {{"amountIn", "99900000"}, {"estimatedFulfillTimeSec", 10}, {"validUntil", valid_until}}}}});
  const OpResult remote = quote(exact_in_body(), acme_key(), kNow, kRandom, in);
  ASSERT_EQ(remote.status, 200) << remote.body.dump(2);
  EXPECT_EQ(remote.body["solver"]["id"], "atlas");  // the remote price wins
  EXPECT_GE(check(with_all_quotes(exact_in_body()), acme_key(), in).quotes, 2u);
  EXPECT_GE(check(with_all_quotes(exact_out_body("99000000")), acme_key(), out).quotes, 2u);
}

TEST_F(DistinctTokens, StitchedRoutesWithBucketCandidatesAndCompetingQuotes) {
  json clone = config_json_["solvers"][2];  // solbridge: a second solver for the second leg
  ASSERT_EQ(clone["id"], "solbridge");
  clone["id"] = "sunrise";
  clone["name"] = "Sunrise (simulation)";
  clone["feeBps"] = 9;
  config_json_["solvers"].push_back(clone);
  for (const std::string type : {"exact-in", "exact-out"}) {
    SCOPED_TRACE(type);
    const Seen seen = check(stitched_body(type));
    EXPECT_GE(seen.quotes, 2u);
    EXPECT_EQ(seen.roles, (std::set<std::string>{"stitched-source", "stitched-destination", "bucket-candidate"}));
  }
}

TEST_F(DistinctTokens, SolanaSourceQuotes) {
  for (auto& chain : config_json_["chains"]) {
    if (chain["chainId"] == 1399811149) chain["prover"] = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
  }
  for (auto& solver : config_json_["solvers"]) {
    if (solver["id"] == "solbridge") solver["routes"][0]["sources"].push_back({{"chainId", 1399811149}, {"symbol", "USDC"}});
  }
  json body = exact_in_body();
  body["source"] = {{"chainId", 1399811149}, {"token", kSolanaUsdc}, {"amount", "100000000"}, {"funder", kSolanaRecipient}};
  body["destination"] = {{"chainId", 8453}, {"token", kBaseUsdc}, {"recipient", kRecipient}};
  EXPECT_EQ(check(with_all_quotes(body)).roles, std::set<std::string>{"direct"});
}

// Legacy entries carry one source token and one encodedRoute each; they are the keyless v1
// engine's direct quotes re-shaped, so those quotes are checked and matched to the entries.
TEST_F(DistinctTokens, LegacyV3ExactInAndExactOutEntries) {
  const auto signer = secp256k1::SecretKey::from_hex(local_signer_key());
  for (const LegacyQuoteKind kind : {LegacyQuoteKind::exact_in, LegacyQuoteKind::exact_out}) {
    const bool exact_in = kind == LegacyQuoteKind::exact_in;
    SCOPED_TRACE(exact_in ? "exactIn" : "exactOut");
    const json legacy = {{"dAppID", "legacy-test"},
                         {"intentExecutionTypes", {"SELF_PUBLISH"}},
                         {"quoteRequest",
                          {{"sourceChainID", 8453},
                           {"destinationChainID", 10},
                           {"sourceToken", kBaseUsdc},
                           {"destinationToken", kOptimismUsdc},
                           {"sourceAmount", "75000000"},
                           {"funder", kFunder},
                           {"refundRecipient", kFunder},
                           {"recipient", kRecipient}}}};
    const OpResult entries = legacy_quote_op(config(), signer, {{"body", legacy}, {"now", kNow}, {"random", kRandom}}, kind);
    ASSERT_EQ(entries.status, 200) << entries.body.dump(2);

    json v1 = exact_in ? exact_in_body("75000000") : exact_out_body("75000000");
    v1["source"]["refundRecipient"] = kFunder;
    v1["dappId"] = "legacy-test";
    const Seen seen = check(with_all_quotes(v1), json{{"features", {"quotes", "all-quotes"}}});  // the legacy ops' own key
    ASSERT_GE(entries.body["data"].size(), 2u);
    for (const json& entry : entries.body["data"]) {
      EXPECT_TRUE(seen.ids.contains(entry["quoteID"].get<std::string>())) << entry["quoteID"];
      const json& response = entry["quoteData"]["quoteResponse"];
      const protocol::Route route = protocol::intent_abi::route_from_value(
          abi::decode_params({protocol::intent_abi::route_type()}, hex::decode(response["encodedRoute"].get<std::string>()))
              .at(0));
      EXPECT_EQ(route.tokens.size(), 1u);
    }
  }
}

TEST_F(DistinctTokens, DepositAddressIntents) {
  const auto signer = secp256k1::SecretKey::from_hex(local_signer_key());
  const json body = {{"source", {{"chainId", 8453}, {"token", kBaseUsdc}, {"amount", "25000000"}}},
                     {"destination", {{"chainId", 10}, {"token", kOptimismUsdc}, {"recipient", kRecipient}}},
                     {"refundRecipient", kFunder}};
  const OpResult created = deposit_create_op(config(), signer,
                                             {{"body", body},
                                              {"partner", "acme"},
                                              {"now", kNow},
                                              {"random", kRandom},
                                              {"confirmedChains", json::array({8453})}});
  ASSERT_EQ(created.status, 201) << created.body.dump(2);
  expect_distinct_intent(created.body["intent"], "deposit.intent");
  EXPECT_EQ(created.body["intent"]["reward"]["tokens"].size(), 1u);
}

}  // namespace
}  // namespace sr::service::testing
