// Approvals only when needed: what op "quote" lists under execution.approvals and states under
// checks, from the funder's allowance and balance as the worker read them (funder_checks.h), and
// the gas limit every EVM transaction of a quote carries.
#include "service/quotes/funder_checks.h"

#include <gtest/gtest.h>

#include "../engine_fixture.h"
#include "protocol/contract_calls.h"
#include "service/common/op_input.h"
#include "service/quotes/solver_protocol.h"
#include "protocol/erc20.h"

namespace sr::service::testing {
namespace {

// A word as eth_call returns it.
std::string word(std::uint64_t value) { return hex::encode(U256(value).to_be_bytes()); }

json reads(std::uint64_t allowance, std::uint64_t balance, const char* block = "0x1b4") {
  return {{"chainId", 8453},
          {"blockNumber", block},
          {"results", {{"allowance", {{"result", word(allowance)}}}, {"balance", {{"result", word(balance)}}}}}};
}

class FunderChecks : public EngineTest {
 protected:
  OpResult quote_with(const json& body, const json* funder_reads) {
    const auto signer = secp256k1::SecretKey::from_hex(local_signer_key());
    json input = {{"body", body}, {"key", acme_key()}, {"now", kNow}, {"random", kRandom}};
    if (funder_reads) input["funderReads"] = *funder_reads;
    return quote_op(config(), signer, input);
  }
  json quote_read(const json& funder_reads, const json& body = exact_in_body()) {
    OpResult r = quote_with(body, &funder_reads);
    EXPECT_EQ(r.status, 200) << r.body.dump();
    return r.body;
  }
  // The approvals as (spender, amount), after checking what every one of them is.
  std::vector<std::string> approved(const json& quote) {
    std::vector<std::string> out;
    const json& approvals = quote["execution"]["approvals"];
    for (const auto& a : approvals) {
      EXPECT_EQ(a["to"], kBaseUsdc);
      EXPECT_EQ(a["from"], kFunder);
      EXPECT_EQ(a["value"], "0");
      EXPECT_EQ(a["gas"], 100000);
      EXPECT_EQ(a["gasEstimated"], false);
      const auto call = protocol::erc20::decode_approve(hex::decode(a["data"].get<std::string>()));
      EXPECT_EQ(call.account, config().chain(8453)->portal.evm());
      out.push_back(call.amount.to_decimal());
    }
    EXPECT_EQ(quote["execution"]["approval"], approvals.empty() ? json(nullptr) : approvals.back());
    return out;
  }
  void make_base_usdc_reset() {
    for (auto& token : config_json_["tokens"]) {
      if (token["chainId"] == 8453 && token["address"] == kBaseUsdc) token["approvalReset"] = true;
    }
  }
};

using Amounts = std::vector<std::string>;

TEST_F(FunderChecks, SolverRequestsNameTheReadsOfTheFunderOnTheSourceToken) {
  const OpResult r = solver_requests(config(), {{"body", exact_in_body()}, {"key", acme_key()}, {"now", kNow}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  const json& reads = r.body["funderReads"];
  EXPECT_EQ(reads["chainId"], 8453);
  ASSERT_EQ(reads["calls"].size(), 2u);
  const Address portal = config().chain(8453)->portal.evm();
  const Address funder = Address::parse(kFunder);
  EXPECT_EQ(reads["calls"][0], json({{"id", "allowance"}, {"to", kBaseUsdc},
                                     {"data", hex::encode(protocol::contract_calls::erc20_allowance().encode({funder, portal}))}}));
  EXPECT_EQ(reads["calls"][1], json({{"id", "balance"}, {"to", kBaseUsdc},
                                     {"data", hex::encode(protocol::contract_calls::erc20_balance_of().encode({funder}))}}));
}

TEST_F(FunderChecks, AnAllowanceThatCoversTheAmountNeedsNoApproval) {
  const json q = quote_read(reads(100'000'000, 250'000'000));
  EXPECT_EQ(approved(q), Amounts{});
  EXPECT_EQ(q["checks"], json({{"allowance", {{"spender", config().chain(8453)->portal.text()},
                                              {"actual", "100000000"}, {"required", "100000000"}}},
                               {"balance", {{"actual", "250000000"}, {"required", "100000000"}}},
                               {"blockNumber", 436}}));
  EXPECT_EQ(q["execution"]["transaction"]["gas"], 600000);
  EXPECT_EQ(q["execution"]["transaction"]["gasEstimated"], false);
}

TEST_F(FunderChecks, AShortAllowanceIsApprovedAndAShortBalanceStatedNotRefused) {
  const json q = quote_read(reads(99'999'999, 5));
  EXPECT_EQ(approved(q), Amounts{"100000000"});
  EXPECT_EQ(q["checks"]["balance"], json({{"actual", "5"}, {"required", "100000000"}}));
}

TEST_F(FunderChecks, AResetTokenIsApprovedForZeroFirstOnlyOverALeftoverAllowance) {
  make_base_usdc_reset();
  EXPECT_EQ(approved(quote_read(reads(7, 200'000'000))), (Amounts{"0", "100000000"}));
  EXPECT_EQ(approved(quote_read(reads(0, 200'000'000))), Amounts{"100000000"});
  EXPECT_EQ(approved(quote_read(reads(100'000'000, 200'000'000))), Amounts{});
  // Unread, a leftover allowance cannot be ruled out: the reset is listed.
  OpResult unread = quote_with(exact_in_body(), nullptr);
  ASSERT_EQ(unread.status, 200);
  EXPECT_EQ(approved(unread.body), (Amounts{"0", "100000000"}));
}

TEST_F(FunderChecks, WithoutAReadTheApprovalIsListedAndNothingIsChecked) {
  OpResult r = quote_with(exact_in_body(), nullptr);
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(approved(r.body), Amounts{"100000000"});
  EXPECT_TRUE(r.body["checks"].is_null());
  // A call the node refused (or a token without the function) reads as no read.
  json refused = reads(100'000'000, 1);
  refused["results"]["allowance"] = {{"error", "execution reverted"}};
  const json q = quote_read(refused);
  EXPECT_EQ(approved(q), Amounts{"100000000"});
  EXPECT_TRUE(q["checks"].is_null());
}

TEST_F(FunderChecks, EveryCompetingQuoteIsJudgedForItsOwnAmount) {
  // Exact-out: each solver charges its own source amount; an allowance between them covers some.
  json body = {{"type", "exact-out"},
               {"source", {{"chainId", 8453}, {"token", kBaseUsdc}, {"funder", kFunder}}},
               {"destination", {{"chainId", 10}, {"token", kOptimismUsdc}, {"recipient", kRecipient}, {"amount", "99000000"}}},
               {"options", {{"allQuotes", true}}},
               {"dappId", "engine-test"}};
  const json q = quote_read(reads(99'200'000, 1'000'000'000), body);
  ASSERT_FALSE(q["competingQuotes"].empty());
  for (const json* each : {&q, &q["competingQuotes"][0]}) {
    const std::string amount = (*each)["source"]["amount"];
    EXPECT_EQ((*each)["checks"]["allowance"]["required"], amount);
    const bool covered = U256::from_decimal(amount) <= U256(99'200'000);
    EXPECT_EQ(approved(*each), covered ? Amounts{} : Amounts{amount}) << amount;
  }
}

TEST_F(FunderChecks, MalformedReadsAreTheWorkersMistake) {
  json other_chain = reads(1, 1);
  other_chain["chainId"] = 10;
  EXPECT_THROW(quote_with(exact_in_body(), &other_chain), OpInputError);
  json bad_block = reads(1, 1, "436");
  EXPECT_THROW(quote_with(exact_in_body(), &bad_block), OpInputError);
  json missing = reads(1, 1);
  missing["results"].erase("balance");
  EXPECT_THROW(quote_with(exact_in_body(), &missing), OpInputError);
}

// The block a quote's funder reads pin to (op "solverRequests"' funderReads.blockNumber): a head
// the worker kept is reused while it is younger than the deployment's bound, never past
// kMaxHeadReuseMs; otherwise nothing is named and the worker asks the node's head.
class HeadReuseRule : public EngineTest {
 protected:
  static constexpr std::uint64_t kAskedAt = 1'763'700'000'000;
  static json kept(const char* block = "0x1b4", std::uint64_t read_at = kAskedAt) {
    return {{"8453", {{"blockNumber", block}, {"readAtMs", read_at}}}};
  }
  // What op solverRequests names for a Base source, the worker's clock `elapsed` ms after it asked.
  json named(const json& heads, std::uint64_t elapsed, std::uint64_t reuse_ms) {
    const OpResult r = solver_requests(config(), {{"body", exact_in_body()},
                                                  {"now", kNow},
                                                  {"nowMs", kAskedAt + elapsed},
                                                  {"headReuseMs", reuse_ms},
                                                  {"heads", heads}});
    EXPECT_EQ(r.status, 200) << r.body.dump();
    return r.body["funderReads"];
  }
};

TEST_F(HeadReuseRule, AKeptHeadIsReusedOnlyWithinTheBound) {
  EXPECT_EQ(named(kept(), 0, 1000)["blockNumber"], "0x1b4");
  EXPECT_EQ(named(kept(), 999, 1000)["blockNumber"], "0x1b4");
  // At the bound and past it: asked again.
  EXPECT_FALSE(named(kept(), 1000, 1000).contains("blockNumber"));
  EXPECT_FALSE(named(kept(), 60'000, 1000).contains("blockNumber"));
  // The calls are the same either way.
  EXPECT_EQ(named(kept(), 0, 1000)["calls"], named(kept(), 5000, 1000)["calls"]);
}

TEST_F(HeadReuseRule, NoBoundNoClockOrAClockBehindTheHeadMeansAsking) {
  EXPECT_FALSE(named(kept(), 0, 0).contains("blockNumber"));
  // A clock earlier than the ask (it went back) proves nothing about the head's age.
  const OpResult back = solver_requests(config(), {{"body", exact_in_body()}, {"now", kNow}, {"nowMs", kAskedAt - 1}, {"headReuseMs", 1000}, {"heads", kept()}});
  EXPECT_FALSE(back.body["funderReads"].contains("blockNumber"));
  // Without the worker's clock, kept heads are not read at all.
  const OpResult no_clock = solver_requests(config(), {{"body", exact_in_body()}, {"now", kNow}, {"headReuseMs", 1000}, {"heads", kept()}});
  EXPECT_FALSE(no_clock.body["funderReads"].contains("blockNumber"));
  // Another chain's head is not this one's.
  EXPECT_FALSE(named({{"10", kept()["8453"]}}, 0, 1000).contains("blockNumber"));
}

TEST_F(HeadReuseRule, TheDeploymentsBoundIsCappedAtTwoSeconds) {
  static_assert(kMaxHeadReuseMs == 2000);
  EXPECT_EQ(named(kept(), kMaxHeadReuseMs - 1, 60'000)["blockNumber"], "0x1b4");
  EXPECT_FALSE(named(kept(), kMaxHeadReuseMs, 60'000).contains("blockNumber"));
}

TEST_F(HeadReuseRule, AMalformedKeptHeadIsTheWorkersMistake) {
  EXPECT_THROW(named(kept("436"), 0, 1000), OpInputError);
  EXPECT_THROW(named(kept("0x01b4"), 0, 1000), OpInputError);
  json no_time = kept();
  no_time["8453"].erase("readAtMs");
  EXPECT_THROW(named(no_time, 0, 1000), OpInputError);
  EXPECT_THROW(named(json::array(), 0, 1000), OpInputError);
  try {
    named({{"8453", "0x1b4"}}, 0, 1000);
    ADD_FAILURE() << "a head that is not an object was read";
  } catch (const OpInputError& e) {
    EXPECT_NE(std::string(e.what()).find("heads.8453"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace sr::service::testing
