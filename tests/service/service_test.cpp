#include "service/service.h"

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>

#include <gtest/gtest.h>

#include "engine_fixture.h"

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
  // Each quote id shares its first byte, and so its shard, with the intent it delivers.
  for (const json& r : out["registrations"]) {
    EXPECT_EQ(r["quoteId"].get<std::string>().substr(0, 2), r["deliveryIntentHash"].get<std::string>().substr(2, 2));
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

// The op names quoted in a list: "camelCase" words outside the {input members} braces.
std::set<std::string> quoted_ops(const std::string& list) {
  static const std::regex inputs("\\{[^}]*\\}");
  static const std::regex op("\"([a-z][A-Za-z0-9]+)\"");
  const std::string names = std::regex_replace(list, inputs, "");
  std::set<std::string> out;
  for (auto it = std::sregex_iterator(names.begin(), names.end(), op); it != std::sregex_iterator(); ++it) out.insert((*it)[1]);
  return out;
}

std::string source_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(ServiceOps, EveryListedOpIsDispatched) {
  // service.h's list of ops against every `op == "..."` of the dispatchers in src/service.
  const std::filesystem::path dir = std::filesystem::path(SR_SOURCE_DIR) / "src" / "service";
  const std::string header = source_text(dir / "service.h");
  const std::size_t list = header.find("Every op, where its shapes are:");
  ASSERT_NE(list, std::string::npos);
  const std::set<std::string> listed = quoted_ops(header.substr(list, header.find("std::string handle(") - list));
  std::set<std::string> dispatched;
  static const std::regex dispatch("op == \"([A-Za-z0-9]+)\"");
  for (const auto& file : std::filesystem::directory_iterator(dir)) {
    if (file.path().extension() != ".cpp") continue;
    const std::string text = source_text(file.path());
    for (auto it = std::sregex_iterator(text.begin(), text.end(), dispatch); it != std::sregex_iterator(); ++it) dispatched.insert((*it)[1]);
  }
  EXPECT_EQ(listed, dispatched);
  // And each one answers as an op (a worker mistake at worst), never "unknown op".
  for (const auto& op : dispatched) {
    const json answer = call(op, json::object());
    const std::string detail = answer["body"].is_object() ? answer["body"].value("detail", "") : "";
    EXPECT_EQ(detail.find("unknown op"), std::string::npos) << op;
  }
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
