#include "service/service.h"

#include <gtest/gtest.h>

#include "engine_fixture.h"

namespace sr::service::testing {
namespace {

std::string secrets() { return json{{"quoteSignerKey", local_signer_key()}}.dump(); }

const Service& local_service() {
  static const Service service(config_json("local").dump(), secrets());
  return service;
}

json call(std::string_view op, const json& input) { return json::parse(local_service().handle(op, input.dump())); }

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

TEST(ServiceConstruction, RefusesWhatItCannotServe) {
  EXPECT_THROW(Service("{}", secrets()), ConfigError);
  EXPECT_THROW(Service(config_json("local").dump(), "{}"), std::invalid_argument);
  EXPECT_THROW(Service(config_json("local").dump(), "[]"), std::invalid_argument);
  // Another key than the configured quoteSigner must not start.
  const json other = {{"quoteSignerKey", "0x0000000000000000000000000000000000000000000000000000000000000001"}};
  EXPECT_THROW(Service(config_json("local").dump(), other.dump()), ConfigError);
}

}  // namespace
}  // namespace sr::service::testing
