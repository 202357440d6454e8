#include "service/quotes/solver_protocol.h"

#include <gtest/gtest.h>

#include "../engine_fixture.h"

namespace sr::service::testing {
namespace {

// Atlas becomes a remote solver; the others stay configured.
class RemoteSolverTest : public EngineTest {
 protected:
  RemoteSolverTest() {
    for (auto& solver : config_json_["solvers"]) {
      if (solver["id"] == "atlas") {
        solver["url"] = "https://atlas.example/quote";
        solver["timeoutMs"] = 800;
      }
    }
  }
  static constexpr std::uint64_t kExpires = kNow + 120;
};

TEST_F(RemoteSolverTest, SolverRequestsNameWhatToPost) {
  OpResult r = solver_requests(config(), {{"body", exact_in_body()}, {"now", kNow}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  ASSERT_EQ(r.body["requests"].size(), 1u);
  const json& req = r.body["requests"][0];
  EXPECT_EQ(req["solverId"], "atlas");
  EXPECT_EQ(req["url"], "https://atlas.example/quote");
  EXPECT_EQ(req["timeoutMs"], 800);
  EXPECT_EQ(req["body"], json({{"type", "exact-in"},
                               {"source", {{"chainId", 8453}, {"token", kBaseUsdc}, {"amount", "100000000"}}},
                               {"destination", {{"chainId", 10}, {"token", kOptimismUsdc}}},
                               {"deadline", kNow + 120 + 3600}}));
  // The same validation as "quote": a bad body answers 400 with its fields.
  json bad = exact_in_body();
  bad["source"]["amount"] = "-1";
  EXPECT_EQ(solver_requests(config(), {{"body", bad}, {"now", kNow}}).status, 400);
  // A pair the remote solver does not serve asks nobody.
  json usdt = exact_in_body();
  usdt["source"]["token"] = "0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2";
  EXPECT_TRUE(solver_requests(config(), {{"body", usdt}, {"now", kNow}}).body["requests"].empty());
}

TEST_F(RemoteSolverTest, AnswerValidationIsStrict) {
  const json good = {{"solverId", "atlas"},
                     {"answer", {{"amountOut", "99900000"}, {"estimatedFulfillTimeSec", 10}, {"validUntil", kExpires}}}};
  std::string id;
  auto answer = read_solver_answer(good, FixedSide::input, kExpires, &id);
  ASSERT_TRUE(answer);
  EXPECT_EQ(id, "atlas");
  EXPECT_EQ(answer->amount, U256{99'900'000});
  EXPECT_EQ(answer->estimated_fulfill_time_sec, 10u);
  // The flat form (answer members next to solverId) reads the same.
  json flat = good["answer"];
  flat["solverId"] = "atlas";
  EXPECT_TRUE(read_solver_answer(flat, FixedSide::input, kExpires, nullptr));

  auto refused = [&](json entry, FixedSide side = FixedSide::input) {
    return !read_solver_answer(entry, side, kExpires, nullptr).has_value();
  };
  EXPECT_TRUE(refused(good, FixedSide::output));  // amountIn expected
  json late = good;
  late["answer"]["validUntil"] = kExpires - 1;
  EXPECT_TRUE(refused(late));
  json extra = good;
  extra["answer"]["note"] = "x";
  EXPECT_TRUE(refused(extra));
  for (json amount : {json("0"), json("01"), json(99900000), json("1e6"), json(nullptr)}) {
    json bad = good;
    bad["answer"]["amountOut"] = amount;
    EXPECT_TRUE(refused(bad)) << amount.dump();
  }
  for (json t : {json(0), json(86401), json(-5), json(1.5), json("10")}) {
    json bad = good;
    bad["answer"]["estimatedFulfillTimeSec"] = t;
    EXPECT_TRUE(refused(bad)) << t.dump();
  }
  EXPECT_TRUE(refused(json::array()));
  EXPECT_TRUE(refused({{"answer", good["answer"]}}));

  // Collections: unknown, configured-but-local and duplicated solvers are dropped.
  json meridian = good;
  meridian["solverId"] = "meridian";
  json ghost = good;
  ghost["solverId"] = "ghost";
  const json mixed = json::array({good, meridian, ghost});
  auto all = read_solver_answers(&mixed, config(), FixedSide::input, kExpires);
  EXPECT_EQ(all.size(), 1u);
  EXPECT_TRUE(all.contains("atlas"));
  const json twice = json::array({good, good});
  EXPECT_TRUE(read_solver_answers(&twice, config(), FixedSide::input, kExpires).empty());
  EXPECT_TRUE(read_solver_answers(nullptr, config(), FixedSide::input, kExpires).empty());
}

TEST_F(RemoteSolverTest, RemotePriceCompetesUnderTheServiceFees) {
  // Atlas answers 99.9 USDC for the whole 100 USDC reward; the 0.1 USDC gateway fee comes off
  // that: 99.8 out, below meridian's 99.83, so meridian wins and atlas ranks second.
  const json answers = json::array(
      {{{"solverId", "atlas"},
        {"answer", {{"amountOut", "99900000"}, {"estimatedFulfillTimeSec", 10}, {"validUntil", kExpires}}}}});
  json body = exact_in_body();
  body["options"] = {{"allQuotes", true}};
  OpResult r = quote(body, acme_key(), kNow, kRandom, answers);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["solver"]["id"], "meridian");
  const json& atlas = r.body["competingQuotes"][0];
  EXPECT_EQ(atlas["solver"]["id"], "atlas");
  EXPECT_EQ(atlas["destination"]["amountOut"], "99800000");
  // gas = the solver's implied margin: 100 - 99.9.
  EXPECT_EQ(atlas["fees"][2], json({{"type", "gas"}, {"amount", "100000"},
                                    {"token", {{"chainId", 8453}, {"address", kBaseUsdc}, {"symbol", "USDC"}, {"decimals", 6}}},
                                    {"estimate", false}, {"recipient", nullptr}}));

  // A better answer wins, and its fulfil time is the answered one.
  json better = answers;
  better[0]["answer"]["amountOut"] = "99990000";
  r = quote(body, acme_key(), kNow, kRandom, better);
  EXPECT_EQ(r.body["solver"]["id"], "atlas");
  EXPECT_EQ(r.body["destination"]["amountOut"], "99890000");
  EXPECT_EQ(r.body["estimatedFulfillTimeSec"], 10);  // the answer's, not atlas's configured 20

  // Without an answer atlas is simply absent.
  r = quote(body, acme_key(), kNow, kRandom, json::array());
  EXPECT_EQ(r.body["solver"]["id"], "meridian");
  for (const auto& c : r.body["competingQuotes"]) EXPECT_NE(c["solver"]["id"], "atlas");
}

TEST_F(RemoteSolverTest, ExactOutAnswerPricesTheWholeDelivery) {
  json body = {{"type", "exact-out"},
               {"source", {{"chainId", 8453}, {"token", kBaseUsdc}, {"funder", kFunder}}},
               {"destination", {{"chainId", 10}, {"token", kOptimismUsdc}, {"recipient", kRecipient}, {"amount", "99000000"}}},
               {"dappId", "engine-test"}};
  // The solver is asked for the whole delivery: 99 USDC plus acme's gateway fee, 10 bps of it.
  const json asked = solver_requests(config(), {{"body", body}, {"key", acme_key()}, {"now", kNow}}).body;
  EXPECT_EQ(asked["requests"][0]["body"]["destination"]["amount"], "99099000");
  json answers = json::array(
      {{{"solverId", "atlas"},
        {"answer", {{"amountIn", "99150000"}, {"estimatedFulfillTimeSec", 10}, {"validUntil", kExpires}}}}});
  OpResult r = quote(body, acme_key(), kNow, kRandom, answers);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["solver"]["id"], "atlas");
  // Its price is the whole reward (below meridian's 99.168502); it keeps 99.15 - 99.099 as gas.
  EXPECT_EQ(r.body["source"]["amount"], "99150000");
  EXPECT_EQ(r.body["destination"]["minAmountOut"], "99000000");
  EXPECT_EQ(r.body["fees"][2]["amount"], "51000");
  // An answer asking less than the delivery is worth at par is paid at par (no negative fee).
  answers[0]["answer"]["amountIn"] = "99010000";
  r = quote(body, acme_key(), kNow, kRandom, answers);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["source"]["amount"], "99099000");
  EXPECT_EQ(r.body["fees"][2]["amount"], "0");
}

TEST_F(RemoteSolverTest, NoAnswerFromTheOnlyServingSolverIs502) {
  // Base USDC -> Ethereum USDC is served by atlas and meridian; make meridian remote too.
  for (auto& solver : config_json_["solvers"]) {
    if (solver["id"] == "meridian") {
      solver["url"] = "https://meridian.example/quote";
      solver["timeoutMs"] = 800;
    }
  }
  json body = exact_in_body();
  body["destination"]["chainId"] = 1;
  body["destination"]["token"] = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
  OpResult r = quote(body);
  EXPECT_EQ(r.status, 502);
  EXPECT_EQ(r.body["detail"].get<std::string>().rfind("no-answer:", 0), 0u) << r.body.dump();
}

}  // namespace
}  // namespace sr::service::testing
