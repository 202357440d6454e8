#include "service/service.h"

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "engine_fixture.h"
#include "service/op_table.h"
#include "service/status/quote_registration.h"

namespace sr::service::testing {
namespace {

TEST(ServiceOps, ChainsAndTokens) {
  const json chains = call("chains", json::object());
  EXPECT_EQ(chains["status"], 200);
  EXPECT_EQ(chains["body"]["chains"].size(), 6u);
  const json base = call("tokens", {{"chainId", "8453"}});
  EXPECT_EQ(base["status"], 200);
  for (const auto& token : base["body"]["tokens"]) EXPECT_EQ(token["chainId"], 8453);
  EXPECT_EQ(call("tokens", {{"chainId", nullptr}})["body"]["tokens"].size(), 12u);
  EXPECT_EQ(call("tokens", {{"chainId", "08453"}})["status"], 400);
}

TEST(ServiceOps, QuoteAnswersEachStatus) {
  json input = {{"body", exact_in_body()}, {"key", acme_key()}, {"now", kNow}, {"random", kRandom}};
  json out = call("quote", input);
  EXPECT_EQ(out["status"], 200);
  EXPECT_EQ(out["body"]["solver"]["id"], "atlas");

  input["body"]["slippage"] = 2;
  input["body"]["swapType"] = "exact-in";
  out = call("quote", input);
  EXPECT_EQ(out["status"], 400);
  EXPECT_EQ(out["body"]["code"], "invalid-request");
  EXPECT_GE(out["body"]["errors"].size(), 2u);

  input["body"] = exact_in_body();
  input["body"]["destination"]["chainId"] = 999;
  out = call("quote", input);
  EXPECT_EQ(out["status"], 422);
  EXPECT_EQ(out["body"]["code"], "chain-not-supported");

  input["body"] = exact_in_body("1");
  out = call("quote", input);
  EXPECT_EQ(out["status"], 502);
  EXPECT_EQ(out["body"]["code"], "solver-error");
}

// A quote answer carries what registerQuote ("fresh") would answer for each of its quotes, so the
// worker stores them without sending the quote back; refusals carry none.
TEST(ServiceOps, QuoteAnswersCarryTheRegistrationOfEveryQuote) {
  json body = exact_in_body();
  body["options"] = {{"allQuotes", true}};
  const json out = call("quote", {{"body", body}, {"key", acme_key()}, {"now", kNow}, {"random", kRandom}});
  ASSERT_EQ(out["status"], 200) << out.dump();
  const json& competing = out["body"]["competingQuotes"];
  ASSERT_GE(competing.size(), 1u);
  ASSERT_EQ(out["registrations"].size(), competing.size() + 1);
  const auto registered = [](const json& quote) {
    const json r = call("registerQuote", {{"quote", quote}, {"fresh", true}, {"now", kNow}});
    EXPECT_EQ(r["status"], 200) << r.dump();
    return r["body"];
  };
  EXPECT_EQ(out["registrations"][0], registered(out["body"]));
  EXPECT_EQ(out["registrations"][0]["deliveryIntentHash"], out["body"]["intentHash"]);
  EXPECT_EQ(out["registrations"][0]["quoteId"], out["body"]["id"].get<std::string>().substr(6));
  for (std::size_t i = 0; i < competing.size(); ++i) EXPECT_EQ(out["registrations"][i + 1], registered(competing[i]));
  // Each quote id starts with the first 6 bytes of the intent it delivers: its shard, and the
  // range of that shard's records that holds it.
  for (const json& r : out["registrations"]) {
    EXPECT_TRUE(quote_id_leads_to(r["quoteId"].get<std::string>(), r["deliveryIntentHash"].get<std::string>()));
  }

  // A multi-hop answer: funding, delivery and bucket-candidate intents, registered alike.
  json stitched = {{"type", "exact-in"},
                   {"source", {{"chainId", 137}, {"token", kPolygonUsdc}, {"amount", "100000000"}, {"funder", kFunder}}},
                   {"destination", {{"chainId", 1399811149}, {"token", kSolanaUsdc}, {"recipient", kSolanaRecipient}}},
                   {"dappId", "service-test"},
                   {"options", {{"allQuotes", true}}}};
  const json hops = call("quote", {{"body", stitched}, {"key", acme_key()}, {"now", kNow}, {"random", kRandom}});
  ASSERT_EQ(hops["status"], 200) << hops.dump();
  ASSERT_TRUE(hops["body"]["intentHash"].is_null());
  EXPECT_EQ(hops["registrations"][0], registered(hops["body"]));
  EXPECT_GE(hops["registrations"][0]["records"].size(), 2u);
  for (std::size_t i = 0; i < hops["body"]["competingQuotes"].size(); ++i) {
    EXPECT_EQ(hops["registrations"][i + 1], registered(hops["body"]["competingQuotes"][i]));
  }

  body["source"]["chainId"] = 999;
  EXPECT_FALSE(call("quote", {{"body", body}, {"key", acme_key()}, {"now", kNow}, {"random", kRandom}}).contains("registrations"));
}

TEST(ServiceOps, WorkerMistakesAre500NeverExceptions) {
  EXPECT_EQ(call("nope", json::object())["status"], 500);
  EXPECT_EQ(json::parse(local_service().handle("quote", "{not json"))["status"], 500);
  json input = {{"body", exact_in_body()}, {"key", acme_key()}, {"now", kNow}};
  const json missing_random = call("quote", input);
  EXPECT_EQ(missing_random["status"], 500);
  EXPECT_EQ(missing_random["body"]["code"], "internal");
  EXPECT_NE(missing_random["body"]["detail"].get<std::string>().find("random"), std::string::npos);
  input["random"] = "0x00";  // too short to make ids from
  EXPECT_EQ(call("quote", input)["status"], 500);
  input["random"] = kRandom;
  input["now"] = -1;
  EXPECT_EQ(call("quote", input)["status"], 500);
  EXPECT_EQ(call("solverRequests", {{"body", exact_in_body()}})["status"], 500);
  EXPECT_EQ(call("solverRequests", {{"body", exact_in_body()}, {"now", kNow}})["status"], 200);
}

// The op table against ops.json: the same names, in the same order, under the same areas.
TEST(ServiceOps, TheTableAndItsDocumentAgree) {
  std::ifstream in(std::filesystem::path(SR_SOURCE_DIR) / "src" / "service" / "ops.json");
  const json document = json::parse(in);
  std::vector<std::pair<std::string, std::string>> documented;
  for (const auto& [name, op] : document.at("ops").items()) documented.emplace_back(name, op.at("area").get<std::string>());
  std::vector<std::pair<std::string, std::string>> tabled;
  for (const Op& op : op_table()) tabled.emplace_back(std::string(op.name), std::string(op.area));
  EXPECT_EQ(tabled, documented);
  // Each op is described, not merely named: a summary, real input and answer schemas (not the bare
  // {"type": "object"} placeholder) and the non-2xx statuses it answers. tests/node/core-ops.test.mjs
  // checks the schemas against what the core answers.
  const json placeholder = {{"type", "object"}};
  for (const auto& [name, op] : document.at("ops").items()) {
    EXPECT_TRUE(op.at("summary").is_string()) << name;
    EXPECT_TRUE(op.at("input").is_object()) << name;
    EXPECT_NE(op.at("input"), placeholder) << name;
    EXPECT_TRUE(op.at("answer").is_object()) << name;
    EXPECT_NE(op.at("answer"), placeholder) << name;
    EXPECT_TRUE(op.at("problems").is_array()) << name;
  }
}

// Each op of the table answers as an op (a worker mistake at worst), never "unknown op".
TEST(ServiceOps, EveryTabledOpIsDispatched) {
  for (const Op& op : op_table()) {
    EXPECT_EQ(find_op(op.name), &op);
    const json answer = call(std::string(op.name), json::object());
    const std::string detail = answer["body"].is_object() ? answer["body"].value("detail", "") : "";
    EXPECT_EQ(detail.find("unknown op"), std::string::npos) << op.name;
  }
  EXPECT_EQ(find_op("noSuchOp"), nullptr);
  EXPECT_NE(call("noSuchOp", json::object())["body"]["detail"].get<std::string>().find("unknown op"), std::string::npos);
}

TEST(ServiceConstruction, RefusesWhatItCannotServe) {
  EXPECT_THROW(Service("{}", local_secrets()), ConfigError);
  EXPECT_THROW(Service(config_json("local").dump(), "{}"), std::invalid_argument);
  EXPECT_THROW(Service(config_json("local").dump(), "[]"), std::invalid_argument);
  // Another key than the configured quoteSigner must not start.
  const json other = {{"quoteSignerKey", "0x0000000000000000000000000000000000000000000000000000000000000001"}};
  EXPECT_THROW(Service(config_json("local").dump(), other.dump()), ConfigError);
}

}  // namespace
}  // namespace sr::service::testing
