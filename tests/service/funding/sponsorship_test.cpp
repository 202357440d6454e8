// Sponsorship limits (sponsorship.h): a partner's daily gas budget per chain and its per-funder
// limit, counted from the rows the worker keeps per chain. The same against the real contracts on
// anvil, through the worker: edge-worker/test/funding/sponsorship.test.mjs.
#include "service/funding/sponsorship.h"

#include <gtest/gtest.h>

#include "../config_fixture.h"
#include "service/common/op_input.h"

namespace sr::service {
namespace {

using json = nlohmann::ordered_json;
using testing::config_json;

const char* const kFunder = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const char* const kOther = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
// 2026-11-27 12:00:00 UTC: day 20419, 43200 s to the next UTC day.
constexpr std::uint64_t kNow = 20419ULL * 86400 + 43200;
constexpr std::uint64_t kToday = 20419;
// Base's local ceiling (2 gwei) x both gas limits (200,000 + 800,000).
const char* const kHold = "2000000000000000";

// A partner "acme" whose budget on Base (8453) is 10^16 wei and whose funders get 2 fundings a day.
// Without Base's L1 data fee allowance, so that a hold is the ceiling's alone (the allowance has a
// test of its own: AnL2JobHoldsItsL1DataFeeAllowanceUntilItSettles).
const Config& config() {
  static const Config c = [] {
    json j = config_json("local");
    j["service"]["relay"].erase("l1DataFeeAllowanceWei");
    j["partners"][0]["sponsorship"] = {{"dailyGasBudgetWei", {{"8453", "10000000000000000"}}}, {"fundingsPerFunderPerDay", 2}};
    return Config::from_json(j);
  }();
  return c;
}

json plan(const std::string& standard = "erc3009", const std::string& funder = kFunder) {
  return {{"standard", standard}, {"chainId", 8453}, {"token", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"}, {"funder", funder}};
}

json held(const std::string& funder, const std::string& wei, std::uint64_t day = kToday) {
  return {{"day", day}, {"funder", funder}, {"holdWei", wei}, {"settled", false}, {"receipts", json::array()}};
}

json mined(const std::string& funder, json receipts, std::uint64_t day = kToday) {
  return {{"day", day}, {"funder", funder}, {"holdWei", kHold}, {"settled", true}, {"receipts", std::move(receipts)}};
}

OpResult admission(const json& rows, const json& the_plan = plan(), std::uint64_t now = kNow, const std::string& partner = "acme") {
  return sponsorship_admission_op(config(), {{"plan", the_plan}, {"partner", partner}, {"now", now}, {"rows", rows}});
}

TEST(Sponsorship, AFirstFundingIsAdmittedWithItsHoldAtTheCeiling) {
  const OpResult r = admission(json::array());
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["day"], kToday);
  EXPECT_EQ(r.body["funder"], kFunder);
  EXPECT_EQ(r.body["holdWei"], kHold);
  EXPECT_EQ(r.body["budget"], json({{"limitWei", "10000000000000000"}, {"spentWei", "0"}}));
  EXPECT_EQ(r.body["fundings"], json({{"limit", 2}, {"used", 0}}));
  // A plain transfer sends only the funding: its hold is the funding's gas limit alone.
  EXPECT_EQ(admission(json::array(), plan("transfer")).body["holdWei"], "1600000000000000");
}

// An unsettled job holds its gas limits at the chain's ceiling, the most the relay ops may price
// it at: a plan stored when plans carried its quote's covered price (maxFeePerGasCoveredWei, a
// figure of the submitter's) holds the same, whatever the figure.
TEST(Sponsorship, AJobHoldsAtTheChainsCeilingWhateverThePlanCarries) {
  for (const json& figure : {json("300000000"), json("5000000000"), json(3)}) {
    json carried = plan();
    carried["maxFeePerGasCoveredWei"] = figure;
    EXPECT_EQ(admission(json::array(), carried).body["holdWei"], kHold) << figure.dump();
  }
}

TEST(Sponsorship, TheBudgetCountsUnsettledHoldsAndMinedReceiptsOfTodayOnly) {
  // 4 unsettled holds of 2*10^15 and a settled job of 21000 gas at 1 gwei plus 100000 gas at
  // 0.5 gwei = 7.1*10^13: 8.071*10^15 < 10^16, admitted.
  json rows = json::array();
  for (int i = 0; i < 4; ++i) rows.push_back(held(i % 2 ? kOther : "0x90F79bf6EB2c4f870365E785982E1f101E93b906", kHold));
  rows.push_back(mined(kOther, json::array({{{"gasUsed", "0x5208"}, {"effectiveGasPrice", "0x3b9aca00"}},
                                            {{"gasUsed", "0x186a0"}, {"effectiveGasPrice", "0x1dcd6500"}}})));
  // Yesterday's and a settled job that sent nothing cost nothing today.
  rows.push_back(held(kOther, "9000000000000000", kToday - 1));
  rows.push_back(mined(kOther, json::array()));
  OpResult r = admission(rows);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["budget"]["spentWei"], "8071000000000000");

  // A receipt without an effective gas price (a node before London) counts the job at its hold.
  json unpriced = rows;
  unpriced[4]["receipts"][1]["effectiveGasPrice"] = nullptr;
  // 4 holds + this one's = 10^16, the whole budget.
  const OpResult at_hold = admission(unpriced);
  EXPECT_EQ(at_hold.status, 429);
  EXPECT_NE(at_hold.body["detail"].get<std::string>().find("is spent: 10000000000000000 wei today"), std::string::npos) << at_hold.body.dump();

  // One more hold reaches the budget: spent (10.071*10^15) >= budget. The next submit is refused.
  rows.push_back(held(kOther, kHold));
  r = admission(rows);
  ASSERT_EQ(r.status, 429) << r.body.dump();
  EXPECT_EQ(r.body["code"], "sponsorship-exhausted");
  const std::string detail = r.body["detail"];
  EXPECT_NE(detail.find("partner acme's daily gas budget on chain 8453 (10000000000000000 wei) is spent"), std::string::npos) << detail;
  EXPECT_NE(detail.find("nothing was sent"), std::string::npos) << detail;
  EXPECT_EQ(r.headers["Retry-After"], "43200");  // the next UTC day
  EXPECT_EQ(r.headers["RateLimit-Limit"], "10000000000000000");
  EXPECT_EQ(r.headers["RateLimit-Remaining"], "0");
  EXPECT_EQ(r.headers["RateLimit-Reset"], "43200");

  // Exactly the budget is spent; one wei less still admits (a budget is overshot by at most one job).
  EXPECT_EQ(admission(json::array({held(kOther, "10000000000000000")})).status, 429);
  EXPECT_EQ(admission(json::array({held(kOther, "9999999999999999")})).status, 200);
  // The same rows on the next day: a fresh budget.
  EXPECT_EQ(admission(rows, plan(), kNow + 43200).status, 200);
}

TEST(Sponsorship, AFunderGetsItsLimitOfFundingsPerDay) {
  // Two fundings of this funder today (one spelled in lowercase, one mined), others' and
  // yesterday's do not count.
  json rows = json::array({held("0x70997970c51812dc3a010c7d01b50e0d17dc79c8", kHold),
                           mined(kFunder, json::array({{{"gasUsed", "0x5208"}, {"effectiveGasPrice", "0x1"}}})),
                           held(kOther, kHold), held(kFunder, kHold, kToday - 1)});
  OpResult r = admission(rows);
  ASSERT_EQ(r.status, 429) << r.body.dump();
  EXPECT_EQ(r.body["code"], "sponsorship-exhausted");
  EXPECT_NE(r.body["detail"].get<std::string>().find(std::string("funder ") + kFunder + " has had its 2 relayed fundings on chain 8453 today"),
            std::string::npos) << r.body["detail"];
  EXPECT_EQ(r.headers["Retry-After"], "43200");
  EXPECT_EQ(r.headers["RateLimit-Limit"], "2");
  EXPECT_EQ(r.headers["RateLimit-Remaining"], "0");
  // Another funder of the same partner is admitted; it has one funding today.
  r = admission(rows, plan("erc3009", kOther));
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["fundings"]["used"], 1);
  // One second before midnight, Retry-After is one second.
  EXPECT_EQ(admission(rows, plan(), kToday * 86400 + 86399).headers["Retry-After"], "1");
}

TEST(Sponsorship, BothLimitsReachedNamesTheBudget) {
  json rows = json::array({held(kFunder, "6000000000000000"), held(kFunder, "6000000000000000")});
  const OpResult r = admission(rows);
  ASSERT_EQ(r.status, 429);
  EXPECT_EQ(r.body["code"], "sponsorship-exhausted");
  EXPECT_NE(r.body["detail"].get<std::string>().find("has had its 2 relayed fundings today"), std::string::npos);
}

TEST(Sponsorship, DefaultsComeFromServiceJson) {
  // acme has no budget of its own on Ethereum: the local default (10 ETH); and with no
  // partners.json sponsorship at all, service.json's funders' limit (1000 locally).
  const Config plain = Config::from_json(config_json("local"));
  const OpResult r = sponsorship_admission_op(
      plain, {{"plan", {{"standard", "permit2"}, {"chainId", 1}, {"funder", kFunder}}}, {"partner", "acme"}, {"now", kNow}, {"rows", json::array()}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["budget"]["limitWei"], "10000000000000000000");
  EXPECT_EQ(r.body["fundings"]["limit"], 1000);
  EXPECT_EQ(r.body["holdWei"], "20000000000000000");  // 20 gwei x 1,000,000 gas
  // The local test partner "frugal" sets one funding per funder.
  const OpResult frugal = sponsorship_admission_op(
      plain, {{"plan", {{"standard", "permit2"}, {"chainId", 1}, {"funder", kFunder}}}, {"partner", "frugal"}, {"now", kNow}, {"rows", json::array()}});
  EXPECT_EQ(frugal.body["fundings"]["limit"], 1);
}

TEST(Sponsorship, AnL2ReceiptCountsItsL1DataFee) {
  // Base's receipts carry l1Fee beside gas used x effective gas price: 21000 gas at 1 gwei plus
  // 0x2540be400 (10^10) wei of L1 data fee, and a second transaction with 10^9 wei of it.
  const json rows = json::array({mined(kOther, json::array({{{"gasUsed", "0x5208"}, {"effectiveGasPrice", "0x3b9aca00"}, {"l1Fee", "0x2540be400"}},
                                                            {{"gasUsed", "0x5208"}, {"effectiveGasPrice", "0x1"}, {"l1Fee", "0x3b9aca00"}}}))});
  OpResult r = admission(rows);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["budget"]["spentWei"], std::to_string(21'000ULL * 1'000'000'000 + 10'000'000'000 + 21'000 + 1'000'000'000));
  // No l1Fee (an L1, or a node that does not report it) or a null one: execution cost alone.
  json plain = rows;
  plain[0]["receipts"][0].erase("l1Fee");
  plain[0]["receipts"][1]["l1Fee"] = nullptr;
  EXPECT_EQ(admission(plain).body["budget"]["spentWei"], std::to_string(21'000ULL * 1'000'000'000 + 21'000));
  // An L1 data fee alone can spend the budget: 10^16 wei of it is the whole of acme's.
  const json costly = json::array({mined(kOther, json::array({{{"gasUsed", "0x0"}, {"effectiveGasPrice", "0x1"}, {"l1Fee", "0x2386f26fc10000"}}}))});
  EXPECT_EQ(admission(costly).status, 429);
  // A fee that is not a quantity is the worker's mistake, named.
  json bad = rows;
  bad[0]["receipts"][1]["l1Fee"] = "lots";
  try {
    admission(bad);
    ADD_FAILURE() << "a malformed l1Fee was accepted";
  } catch (const OpInputError& e) {
    EXPECT_NE(std::string(e.what()).find("rows[0].receipts[1].l1Fee"), std::string::npos) << e.what();
  }
}

TEST(Sponsorship, AnL2JobHoldsItsL1DataFeeAllowanceUntilItSettles) {
  // The local configuration as it is: Base (8453) has an L1 data fee allowance of 10^14 wei,
  // Ethereum (1) none.
  const Config plain = Config::from_json(config_json("local"));
  const auto ask = [&](std::uint64_t chain_id, const std::string& standard) {
    return sponsorship_admission_op(plain, {{"plan", {{"standard", standard}, {"chainId", chain_id}, {"funder", kFunder}}}, {"partner", "acme"}, {"now", kNow}, {"rows", json::array()}});
  };
  EXPECT_EQ(ask(8453, "erc3009").body["holdWei"], "2100000000000000");   // 2 gwei x 1,000,000 gas + 10^14
  EXPECT_EQ(ask(8453, "transfer").body["holdWei"], "1700000000000000");  // 2 gwei x 800,000 gas + 10^14
  EXPECT_EQ(ask(1, "erc3009").body["holdWei"], "20000000000000000");     // 20 gwei x 1,000,000 gas, no L1 fee
}

// A deposit address paid by plain transfers counts against its partner's budget like any relayed
// funding: a spent budget holds it (the address asks again later; its money waits in the vault).
TEST(Sponsorship, ADepositFundedByTransfersIsHeldByASpentBudgetLikeAnyOther) {
  const json spent = json::array({held(kFunder, "6000000000000000"), held(kFunder, "6000000000000000")});
  EXPECT_EQ(admission(spent).status, 429);
  const OpResult refused = admission(spent, plan("transfer"));
  ASSERT_EQ(refused.status, 429) << refused.body.dump();
  EXPECT_EQ(refused.body["code"], "sponsorship-exhausted");
  EXPECT_NE(refused.body["detail"].get<std::string>().find("daily gas budget"), std::string::npos) << refused.body.dump();
  EXPECT_EQ(refused.headers["RateLimit-Remaining"], "0");
  // Within the budget, its "funder" (the address's refund recipient, who signed nothing) is not
  // held by the funder limit that holds an authorization of the same address.
  const json two = json::array({held(kFunder, "1"), held(kFunder, "1")});
  EXPECT_EQ(admission(two).status, 429);
  const OpResult admitted = admission(two, plan("transfer"));
  ASSERT_EQ(admitted.status, 200) << admitted.body.dump();
  EXPECT_EQ(admitted.body["holdWei"], "1600000000000000");
  EXPECT_EQ(admitted.body["fundings"]["used"], 2);
  // Its row then counts against the partner like any other: once mined, its receipt spends the budget.
  const json after = json::array({mined(kOther, json::array({{{"gasUsed", "0x0"}, {"effectiveGasPrice", "0x1"}, {"l1Fee", "0x2386f26fc10000"}}}))});
  EXPECT_EQ(admission(after, plan("permit2", kOther)).status, 429);
  EXPECT_EQ(admission(after, plan("transfer", kOther)).status, 429);
}

TEST(Sponsorship, MalformedInputIsTheWorkersMistake) {
  EXPECT_THROW(admission(json::array(), plan(), kNow, "nobody"), OpInputError);
  EXPECT_THROW(admission(json::object()), OpInputError);
  EXPECT_THROW(admission(json::array({held(kFunder, "lots")})), OpInputError);
  EXPECT_THROW(admission(json::array({{{"day", kToday}, {"funder", kFunder}, {"holdWei", "1"}}})), OpInputError);
  EXPECT_THROW(admission(json::array(), {{"standard", "erc3009"}, {"chainId", 999}, {"funder", kFunder}}), OpInputError);
}

}  // namespace
}  // namespace sr::service
