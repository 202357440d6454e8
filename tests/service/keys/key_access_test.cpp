// Key features decided by the core: quotes need quotes (403), options.allQuotes needs all-quotes
// (400 naming the field),
// the gasless endpoints need a mapped partner and gasless (op "authorizeKey", 403), and a
// Service refuses to start on an invalid keys.json.
#include "service/keys/key_access.h"

#include <gtest/gtest.h>

#include "../engine_fixture.h"
#include "service/service.h"

namespace sr::service::testing {
namespace {

json all_quotes_body() {
  json body = exact_in_body();
  body["options"] = {{"allQuotes", true}};
  return body;
}

json quote_with(const json& body, const json& key) {
  return call("quote", {{"body", body}, {"key", key}, {"now", kNow}, {"random", kRandom}});
}

TEST(KeyFeatures, AllQuotesNeedsTheFeature) {
  const json refused = quote_with(all_quotes_body(), basic_key());
  EXPECT_EQ(refused["status"], 400);
  EXPECT_EQ(refused["body"]["code"], "invalid-request");
  ASSERT_EQ(refused["body"]["errors"].size(), 1u);
  EXPECT_EQ(refused["body"]["errors"][0]["field"], "options.allQuotes");
  EXPECT_NE(refused["body"]["detail"].get<std::string>().find("all-quotes"), std::string::npos);

  // The same key quotes without allQuotes, or with it false.
  EXPECT_EQ(quote_with(exact_in_body(), basic_key())["status"], 200);
  json explicit_false = exact_in_body();
  explicit_false["options"] = {{"allQuotes", false}};
  EXPECT_EQ(quote_with(explicit_false, basic_key())["status"], 200);

  // A key with the feature gets the competing quotes.
  const json granted = quote_with(all_quotes_body(), acme_key());
  EXPECT_EQ(granted["status"], 200);
  EXPECT_TRUE(granted["body"]["competingQuotes"].is_array());

}

TEST(KeyFeatures, QuotesNeedTheFeatureBeforeAnySolverIsAsked) {
  // A record that lists no features is granted none: not even a plain quote.
  json bare = acme_key();
  bare.erase("features");
  json only_gasless = acme_key();
  only_gasless["features"] = {"gasless"};
  for (const json& key : {bare, only_gasless}) {
    for (const json& answer : {quote_with(exact_in_body(), key),
                               call("solverRequests", {{"body", exact_in_body()}, {"key", key}, {"now", kNow}})}) {
      EXPECT_EQ(answer["status"], 403) << answer.dump();
      EXPECT_EQ(answer["body"]["code"], "feature-not-enabled");
      EXPECT_NE(answer["body"]["detail"].get<std::string>().find("quotes"), std::string::npos);
    }
  }
  // solverRequests applies all-quotes as the quote op does, so no solver is asked for a quote
  // the key may not have.
  const json refused = call("solverRequests", {{"body", all_quotes_body()}, {"key", basic_key()}, {"now", kNow}});
  EXPECT_EQ(refused["status"], 400);
  EXPECT_EQ(refused["body"]["errors"][0]["field"], "options.allQuotes");
  EXPECT_EQ(call("solverRequests", {{"body", all_quotes_body()}, {"key", acme_key()}, {"now", kNow}})["status"], 200);
  // Without a key (deposit addresses, which belong to a partner, not a key) nothing is refused.
  EXPECT_EQ(call("solverRequests", {{"body", all_quotes_body()}, {"now", kNow}})["status"], 200);
}

TEST(KeyFeatures, BodyErrorsComeBeforeTheFeatureCheck) {
  json body = all_quotes_body();
  body["source"]["amount"] = "-1";
  const json answer = quote_with(body, basic_key());
  EXPECT_EQ(answer["status"], 400);
  bool amount = false;
  for (const auto& e : answer["body"]["errors"]) amount = amount || e["field"] == "source.amount";
  EXPECT_TRUE(amount) << answer.dump();
}

TEST(KeyFeatures, GaslessNeedsAMappedPartnerAndTheFeature) {
  const json granted = call("authorizeKey", {{"key", acme_key()}, {"feature", "gasless"}});
  EXPECT_EQ(granted["status"], 200) << granted.dump();

  const json basic = call("authorizeKey", {{"key", basic_key()}, {"feature", "gasless"}});
  EXPECT_EQ(basic["status"], 403);
  EXPECT_EQ(basic["body"]["code"], "feature-not-enabled");
  EXPECT_NE(basic["body"]["detail"].get<std::string>().find("gasless"), std::string::npos);

  // Without a partner the answer stays partner-not-mapped, whatever the features.
  const json unmapped = call("authorizeKey", {{"key", unmapped_key()}, {"feature", "gasless"}});
  EXPECT_EQ(unmapped["status"], 403);
  EXPECT_EQ(unmapped["body"]["code"], "partner-not-mapped");
  json unknown_partner = acme_key();
  unknown_partner["partner"] = "nobody";
  EXPECT_EQ(call("authorizeKey", {{"key", unknown_partner}, {"feature", "gasless"}})["body"]["code"],
            "partner-not-mapped");
}

TEST(KeyFeatures, WebhooksNeedAMappedPartnerOnly) {
  // Any key of a configured partner manages that partner's webhooks, with or without features.
  json bare = acme_key();
  bare.erase("features");
  EXPECT_EQ(call("authorizeKey", {{"key", bare}, {"feature", "webhooks"}})["status"], 200);
  const json unmapped = call("authorizeKey", {{"key", unmapped_key()}, {"feature", "webhooks"}});
  EXPECT_EQ(unmapped["status"], 403);
  EXPECT_EQ(unmapped["body"]["code"], "partner-not-mapped");
  // The detail names what needs the partner, not another family of endpoints.
  const std::string detail = unmapped["body"]["detail"];
  EXPECT_NE(detail.find("webhook"), std::string::npos) << detail;
  EXPECT_EQ(detail.find("gasless"), std::string::npos) << detail;
  json unknown_partner = acme_key();
  unknown_partner["partner"] = "nobody";
  EXPECT_EQ(call("authorizeKey", {{"key", unknown_partner}, {"feature", "webhooks"}})["body"]["code"], "partner-not-mapped");
}

TEST(KeyFeatures, MalformedAuthorizeInputsAreWorkerBugs) {
  EXPECT_EQ(call("authorizeKey", {{"key", acme_key()}, {"feature", "teleport"}})["status"], 500);
  EXPECT_EQ(call("authorizeKey", {{"key", acme_key()}})["status"], 500);
  json bad = acme_key();
  bad["features"] = {"gasless", "teleport"};
  const json answer = call("authorizeKey", {{"key", bad}, {"feature", "gasless"}});
  EXPECT_EQ(answer["status"], 500);
  EXPECT_NE(answer["body"]["detail"].get<std::string>().find("key.features"), std::string::npos);
}

TEST(KeyFeatures, TheServiceRefusesAnInvalidKeysFile) {
  json config = config_json("local");
  config["keys"][0]["features"].push_back("everything");
  config["keys"][1]["enabled"] = true;
  try {
    Service service(config.dump(), local_secrets());
    FAIL() << "an invalid keys.json must stop the service";
  } catch (const ConfigError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("keys[0].features[3] must be one of"), std::string::npos) << what;
    EXPECT_NE(what.find("keys[1].enabled is not a known field"), std::string::npos) << what;
  }
}

}  // namespace
}  // namespace sr::service::testing
