#include "service/legacy/legacy_quote.h"

#include <gtest/gtest.h>

#include <tuple>

#include "../engine_fixture.h"
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

// The operator's protocol fee recipient on the legacy body's destination chain (Optimism).
std::string config_fee_recipient() { return local_config().service().fee_recipient(10)->text(); }

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
    // The solver keeps gas and proving in the source token; the route pays protocol (and a
    // partner's gateway) in the destination token, to the recipient the description names.
    const bool paid_out = fee["name"] == "protocol" || fee["name"] == "gateway";
    EXPECT_EQ(fee["token"]["address"], paid_out ? v1["destination"]["token"] : json(kBaseUsdc)) << fee.dump();
    if (paid_out) {
      EXPECT_NE(fee["description"].get<std::string>().find(config_fee_recipient()), std::string::npos) << fee.dump();
    } else {
      EXPECT_NE(fee["description"].get<std::string>().find("kept by the solver"), std::string::npos) << fee.dump();
    }
  }
  for (std::size_t i = 1; i < data.size(); ++i) {
    EXPECT_EQ(data[i]["quoteID"], v1["competingQuotes"][i - 1]["id"]);
  }
  // Eco's receiveSignedIntentUrl is a required string: this service's endpoint taking a signed
  // authorization of Base USDC's first gasless standard, under the configured base URL.
  for (const json& entry : data) EXPECT_EQ(entry["receiveSignedIntentUrl"], "http://127.0.0.1:8787/v1/gasless/permit3");
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

TEST(LegacyQuote, ReceiveSignedIntentUrlIsTheGaslessEndpointOfTheSourceTokensFirstStandard) {
  json j = config_json("local");
  j["service"]["baseUrl"] = "https://api.example.com/routes";
  for (json& token : j["tokens"]) {
    if (token["chainId"] == 10 && token["symbol"] == "USDC") token["gasless"] = {"erc3009"};
    if (token["chainId"] == 8453 && token["symbol"] == "USDC") token["gasless"] = {"permit2", "erc3009"};
  }
  const Config config = Config::from_json(j);
  const auto evm = [](const char* address) { return ChainAddress::parse(Vm::evm, address); };
  EXPECT_EQ(receive_signed_intent_url(config, 8453, evm(kBaseUsdc)), "https://api.example.com/routes/v1/gasless/permit2");
  EXPECT_EQ(receive_signed_intent_url(config, 10, evm(kOptimismUsdc)), "https://api.example.com/routes/v1/gasless/erc3009");
  EXPECT_EQ(receive_signed_intent_url(config, 137, evm(kPolygonUsdc)), "https://api.example.com/routes/v1/gasless/permit3");
  // Solana tokens list no gasless standard: the prefix of the gasless endpoints, still a URL.
  EXPECT_EQ(receive_signed_intent_url(config, 1399811149, ChainAddress::parse(Vm::svm, kSolanaUsdc)),
            "https://api.example.com/routes/v1/gasless");
}

TEST(LegacyQuote, GaslessExecutionAnswers400PointingToV1Gasless) {
  json body = legacy_body();
  body["intentExecutionTypes"] = {"GASLESS"};
  for (const char* op : {"legacyExactIn", "legacyExactOut"}) {
    const json out = call(op, legacy_input(body));
    ASSERT_EQ(out["status"], 400) << out.dump();
    EXPECT_EQ(out["body"]["code"], "invalid-request");
    EXPECT_EQ(out["body"]["errors"][0]["field"], "intentExecutionTypes") << out.dump();
    EXPECT_NE(out["body"]["detail"].get<std::string>().find("/v1/gasless"), std::string::npos) << out.dump();
  }
}

// Production lists no solver until an operator adds a real one: a well-formed quote request then
// answers 502 solver-error saying so, on both interfaces, instead of a quote nobody would fill.
TEST(LegacyQuote, ProductionWithoutSolversAnswers502NamingTheMissingSolver) {
  const Config& production = production_config();
  ASSERT_TRUE(production.solvers().empty());
  const auto signer = secp256k1::SecretKey::from_hex(local_signer_key());
  const auto expect_no_solver = [](const OpResult& result) {
    EXPECT_EQ(result.status, 502) << result.body.dump();
    EXPECT_EQ(result.body["code"], "solver-error");
    EXPECT_NE(result.body["detail"].get<std::string>().find("no solver is configured in this deployment"), std::string::npos)
        << result.body.dump();
  };
  expect_no_solver(legacy_quote_op(production, signer, legacy_input(legacy_body()), LegacyQuoteKind::exact_in));
  expect_no_solver(legacy_quote_op(production, signer, legacy_input(legacy_body("75000000")), LegacyQuoteKind::exact_out));
  expect_no_solver(quote_op(production, signer,
                            {{"body", exact_in_body()}, {"key", acme_key()}, {"now", kNow}, {"random", kRandom}}));
  // A bad request is still a 400 first: the missing solver is not the client's error to fix.
  json bad = legacy_body();
  bad["quoteRequest"]["sourceAmount"] = "0";
  EXPECT_EQ(legacy_quote_op(production, signer, legacy_input(bad), LegacyQuoteKind::exact_in).status, 400);
}

// The legacy request asks remote solvers exactly as the v1 request it stands for would.
TEST(LegacyQuote, SolverRequestsAreThoseOfTheV1RequestItStandsFor) {
  json j = config_json("local");
  for (json& solver : j["solvers"]) {
    if (solver["id"] == "meridian") {
      solver["url"] = "https://meridian.example/quote";
      solver["timeoutMs"] = 900;
      solver["name"] = "Meridian Markets";
    }
  }
  const Config config = Config::from_json(j);
  for (const auto& [kind, type, side] : {std::tuple{"exactIn", "exact-in", "source"}, std::tuple{"exactOut", "exact-out", "destination"}}) {
    SCOPED_TRACE(kind);
    const OpResult plan = legacy_solver_requests_op(config, {{"body", legacy_body("75000000")}, {"kind", kind}, {"now", kNow}});
    ASSERT_EQ(plan.status, 200) << plan.body.dump();
    ASSERT_EQ(plan.body["requests"].size(), 1u) << plan.body.dump();
    const json& request = plan.body["requests"][0];
    EXPECT_EQ(request["solverId"], "meridian");
    EXPECT_EQ(request["url"], "https://meridian.example/quote");
    EXPECT_EQ(request["timeoutMs"], 900);
    EXPECT_EQ(request["body"]["type"], type);
    EXPECT_EQ(request["body"][side]["amount"], "75000000");
  }
  // In-process solvers only (the local configuration): nothing to ask.
  const json none = call("legacySolverRequests", {{"body", legacy_body()}, {"kind", "exactIn"}, {"now", kNow}});
  EXPECT_EQ(none["status"], 200);
  EXPECT_EQ(none["body"]["requests"], json::array());
  // The legacy request's own 400 (legacy paths), and a worker mistake is a 500.
  json bad = legacy_body();
  bad["intentExecutionTypes"] = {"GASLESS"};
  const json refused = call("legacySolverRequests", {{"body", bad}, {"kind", "exactOut"}, {"now", kNow}});
  EXPECT_EQ(refused["status"], 400);
  EXPECT_EQ(refused["body"]["errors"][0]["field"], "intentExecutionTypes");
  EXPECT_EQ(call("legacySolverRequests", {{"body", legacy_body()}, {"kind", "reverse"}, {"now", kNow}})["status"], 500);
  EXPECT_EQ(call("legacySolverRequests", {{"body", legacy_body()}, {"kind", "exactIn"}})["status"], 500);
}

}  // namespace
}  // namespace sr::service::testing
