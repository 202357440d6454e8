#include "service/legacy/legacy_quote.h"

#include <gtest/gtest.h>

#include "engine_fixture.h"
#include "service/service.h"

namespace sr::service::testing {
namespace {

json legacy_body(const std::string& amount = "100000000") {
  return {{"dAppID", "legacy-test"},
          {"intentExecutionTypes", {"SELF_PUBLISH"}},
          {"quoteRequest",
           {{"sourceChainID", 8453},
            {"destinationChainID", 10},
            {"sourceToken", kBaseUsdc},
            {"destinationToken", kOptimismUsdc},
            {"sourceAmount", amount},
            {"funder", kFunder},
            {"refundRecipient", kFunder},
            {"recipient", kRecipient}}}};
}

json legacy_input(const json& body) { return {{"body", body}, {"now", kNow}, {"random", kRandom}}; }

// The same request through the v1 op, keyless, with the same clock and randomness: the legacy
// entries must be exactly the v1 engine's direct quotes, re-shaped.
json v1_quote(const std::string& type, const std::string& amount) {
  json body = {{"type", type},
               {"source", {{"chainId", 8453}, {"token", kBaseUsdc}, {"funder", kFunder}, {"refundRecipient", kFunder}}},
               {"destination", {{"chainId", 10}, {"token", kOptimismUsdc}, {"recipient", kRecipient}}},
               {"dappId", "legacy-test"},
               {"options", {{"allQuotes", true}}}};
  (type == "exact-in" ? body["source"] : body["destination"])["amount"] = amount;
  const json out = call("quote", {{"body", body}, {"key", {{"features", {"quotes", "all-quotes"}}}}, {"now", kNow}, {"random", kRandom}});
  EXPECT_EQ(out["status"], 200) << out.dump();
  return out["body"];
}

TEST(LegacyQuote, ExactInEntriesAreTheEnginesDirectQuotes) {
  const json out = call("legacyExactIn", legacy_input(legacy_body()));
  ASSERT_EQ(out["status"], 200) << out.dump();
  const json v1 = v1_quote("exact-in", "100000000");
  const json& data = out["body"]["data"];
  ASSERT_EQ(data.size(), 1 + v1["competingQuotes"].size());
  const json& first = data[0];
  EXPECT_EQ(first["quoteID"], v1["id"]);
  EXPECT_EQ(first["solverID"], v1["solver"]["id"]);
  const json& response = first["quoteData"]["quoteResponse"];
  EXPECT_EQ(response["intentExecutionType"], "SELF_PUBLISH");
  EXPECT_EQ(response["sourceAmount"], "100000000");
  EXPECT_EQ(response["destinationAmount"], v1["destination"]["minAmountOut"]);
  EXPECT_EQ(response["encodedRoute"], v1["steps"][0]["intents"][0]["encodedRoute"]);
  EXPECT_EQ(response["deadline"], v1["steps"][0]["intents"][0]["intent"]["reward"]["deadline"]);
  EXPECT_EQ(response["recipient"], kRecipient);
  EXPECT_GT(response["estimatedFulfillTimeSec"].get<std::uint64_t>(), 0u);
  EXPECT_EQ(first["quoteData"]["contracts"]["sourcePortal"], v1["execution"]["transaction"]["to"]);
  for (const json& fee : response["fees"]) {
    EXPECT_TRUE(fee["name"].is_string() && fee["description"].is_string() && fee["amount"].is_string());
    EXPECT_EQ(fee["token"]["address"], kBaseUsdc);
  }
  for (std::size_t i = 1; i < data.size(); ++i) {
    EXPECT_EQ(data[i]["quoteID"], v1["competingQuotes"][i - 1]["id"]);
  }
}

TEST(LegacyQuote, ExactOutDeliversTheRequestedAmount) {
  const json out = call("legacyExactOut", legacy_input(legacy_body("75000000")));
  ASSERT_EQ(out["status"], 200) << out.dump();
  const json v1 = v1_quote("exact-out", "75000000");
  const json& response = out["body"]["data"][0]["quoteData"]["quoteResponse"];
  EXPECT_EQ(response["destinationAmount"], "75000000");
  EXPECT_EQ(response["sourceAmount"], v1["source"]["amount"]);
  EXPECT_GT(U256::from_decimal(response["sourceAmount"].get<std::string>()), U256::from_decimal("75000000"));
}

TEST(LegacyQuote, ErrorsNameTheLegacyFields) {
  json body = legacy_body();
  body.erase("dAppID");
  body["quoteRequest"]["sourceAmount"] = "0";
  const json out = call("legacyExactIn", legacy_input(body));
  EXPECT_EQ(out["status"], 400);
  std::vector<std::string> fields;
  for (const json& e : out["body"]["errors"]) fields.push_back(e["field"]);
  EXPECT_NE(std::find(fields.begin(), fields.end(), "dAppID"), fields.end()) << out.dump();
  EXPECT_NE(std::find(fields.begin(), fields.end(), "quoteRequest.sourceAmount"), fields.end()) << out.dump();

  body = legacy_body();
  body["quoteRequest"]["destinationChainID"] = 999;
  EXPECT_EQ(call("legacyExactOut", legacy_input(body))["status"], 422);
  EXPECT_EQ(call("legacyExactIn", legacy_input(legacy_body("1")))["status"], 502);
}

}  // namespace
}  // namespace sr::service::testing
