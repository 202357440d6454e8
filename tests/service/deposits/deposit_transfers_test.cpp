// Deposit funding by plain transfer: routing Transfer logs to watched vaults (logs encoded and
// decoded by ethers, derived-vectors.json "depositTransfers"), the transfer filters pollPlan adds,
// and depositObserve's verdict: confirmation depth, re-read ranges replacing what they held (a
// reorganised transfer disappears), deduplication, the deadline, malformed input.
#include "service/deposits/deposit_transfers.h"

#include <gtest/gtest.h>

#include <set>

#include <algorithm>
#include <cctype>
#include <map>

#include "../config_fixture.h"
#include "crypto/hex.h"
#include "protocol/events.h"
#include "../../protocol/protocol_vectors.h"
#include "service/common/op_input.h"
#include "service/reader/poll_plan.h"

namespace sr::service {
namespace {

using json = nlohmann::ordered_json;
using protocol::testing::derived;
namespace ev = protocol::events;

const json& vectors() { return derived()["depositTransfers"]; }
const Config& production() { return testing::production_config(); }

const char* const kUsdcBase = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
constexpr std::uint64_t kNow = 1763700000;
constexpr std::uint64_t kDeadline = kNow + 3600;

OpResult route(const json& logs, const json& deposits = vectors()["deposits"], const json& chain_id = 8453) {
  return route_deposit_transfers_op(production(), {{"chainId", chain_id}, {"logs", logs}, {"deposits", deposits}});
}

std::vector<std::string> fields(const OpResult& r) {
  std::vector<std::string> out;
  for (const auto& e : r.body.value("errors", json::array())) out.push_back(e["field"]);
  return out;
}

TEST(RouteDepositTransfers, CountsWhatEthersDecodesAndNamesWhyTheRestIsIgnored) {
  const OpResult r = route(vectors()["logs"]);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["byVault"], vectors()["byVault"]);
  std::map<int, std::string> ignored;
  for (const auto& i : r.body["ignored"]) ignored[i["index"]] = i["reason"];
  EXPECT_EQ(ignored, (std::map<int, std::string>{{2, "a transfer of another token than the one that funds the vault"},
                                                 {4, "not a transfer into a watched deposit vault"},
                                                 {5, "not an ERC-20 Transfer"},
                                                 {6, "not an ERC-20 Transfer"}}));
  // Nobody watched: nothing is anybody's.
  EXPECT_EQ(route(vectors()["logs"], json::array()).body["byVault"], json::object());
}

// Which vaults' objects a range is handed to: those with transfers in it, and those whose
// unconfirmed transfers (recheckFrom) the range's last block reaches, so they can count them.
TEST(RouteDepositTransfers, TheRangeIsDueToVaultsWithTransfersAndToThoseItsLastBlockRechecks) {
  const json& byVault = vectors()["byVault"];
  ASSERT_FALSE(byVault.empty());
  json deposits = vectors()["deposits"];
  // A vault nobody paid in the range, once with nothing to recheck and once per recheck block.
  const auto quiet = [&](const json& recheck_from) {
    json list = deposits;
    list.push_back(json{{"vault", "0x00000000000000000000000000000000000000aa"}, {"token", kUsdcBase}, {"recheckFrom", recheck_from}});
    return list;
  };
  const auto due = [&](const json& list, const json& to_block) {
    json input{{"chainId", 8453}, {"logs", vectors()["logs"]}, {"deposits", list}};
    if (!to_block.is_null()) input["toBlock"] = to_block;
    const OpResult r = route_deposit_transfers_op(production(), input);
    EXPECT_EQ(r.status, 200) << r.body.dump();
    std::set<std::string> out;
    for (const json& v : r.body["due"]) out.insert(v.get<std::string>());
    return out;
  };
  std::set<std::string> paid;
  for (const auto& [vault, transfers] : byVault.items()) paid.insert(vault);
  EXPECT_EQ(due(quiet(nullptr), 200), paid);
  EXPECT_EQ(due(quiet(201), 200), paid) << "a recheck above the range waits for a range reaching it";
  std::set<std::string> with_quiet = paid;
  with_quiet.insert("0x00000000000000000000000000000000000000aa");
  EXPECT_EQ(due(quiet(200), 200), with_quiet) << "the range's last block reaches the recheck";
  EXPECT_EQ(due(quiet(150), 200), with_quiet);
  EXPECT_EQ(due(quiet(150), nullptr), std::set<std::string>{}) << "no range, nothing handed over";
  EXPECT_THROW(due(quiet("0x96"), 200), OpInputError);
}

TEST(RouteDepositTransfers, MalformedLogsAreRefusedNamingTheLogAndOddEventsIgnored) {
  json logs = vectors()["logs"];
  logs[1]["blockNumber"] = "0x065";  // not a canonical quantity
  logs[3].erase("transactionHash");
  EXPECT_EQ(route(logs).status, 400);
  EXPECT_EQ(fields(route(logs)), (std::vector<std::string>{"logs[1]", "logs[3]"}));
  EXPECT_EQ(fields(route(json::object())), std::vector<std::string>{"logs"});
  EXPECT_EQ(fields(route(json::array(), vectors()["deposits"], "8453")), std::vector<std::string>{"chainId"});
  const OpResult unknown_chain = route(json::array(), vectors()["deposits"], 999);
  EXPECT_EQ(unknown_chain.status, 422);
  EXPECT_EQ(fields(unknown_chain), std::vector<std::string>{"chainId"});

  // A Transfer whose value is not one word, or whose indexed address has non-zero padding, is
  // some contract's odd event, not a funding; a log marked removed is replaced by the re-read.
  logs = json::array({vectors()["logs"][0], vectors()["logs"][0], vectors()["logs"][0]});
  logs[0]["data"] = logs[0]["data"].get<std::string>().substr(0, 64);
  std::string topic = logs[1]["topics"][2];
  topic[2] = 'f';
  logs[1]["topics"][2] = topic;
  logs[2]["removed"] = true;
  const OpResult r = route(logs);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["byVault"], json::object());
  ASSERT_EQ(r.body["ignored"].size(), 3u);
  EXPECT_TRUE(r.body["ignored"][0]["reason"].get<std::string>().starts_with("malformed event: "));
  EXPECT_TRUE(r.body["ignored"][1]["reason"].get<std::string>().starts_with("malformed event: "));
  EXPECT_TRUE(r.body["ignored"][2]["reason"].get<std::string>().starts_with("removed by a reorganisation"));

  // The watch list is the worker's own data: malformed is a worker bug.
  EXPECT_THROW(route(json::array(), json::array({{{"vault", "0x12"}, {"token", kUsdcBase}}})), OpInputError);
}

// ---- the filters pollPlan adds ----------------------------------------------------------------

json watched(std::size_t count) {
  json out = json::array();
  for (std::size_t i = 0; i < count; ++i) {
    std::string vault = "0x" + std::string(40, '0');
    const std::string digits = std::to_string(i + 1);
    vault.replace(vault.size() - digits.size(), digits.size(), digits);
    out.push_back({{"vault", vault}, {"token", i % 2 ? kUsdcBase : "0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2"}});
  }
  return out;
}

TEST(PollPlanTransfers, ADeploymentMayNameSeveralEndpointsPerChain) {
  const json input = {{"cursors", {{"8453", 1000}}},
                      {"heads", {{"8453", 1010}}},
                      {"rpcUrls", {{"8453", {"https://a.example/key", "https://b.example/key"}}}}};
  const OpResult r = poll_plan_op(production(), input);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  ASSERT_EQ(r.body["chains"].size(), 1u);
  EXPECT_EQ(r.body["chains"][0]["rpcUrl"], "https://a.example/key");
  for (const json& bad : {json::array(), json{"https://a.example", 7}, json(7)}) {
    EXPECT_THROW(poll_plan_op(production(), {{"rpcUrls", {{"8453", bad}}}}), OpInputError) << bad.dump();
  }
}

TEST(PollPlanTransfers, ChainsWithADeploymentEndpointAreReadWithTheirVaultsTransferFilters) {
  // Production chains have no rpcUrl of their own: only those the deployment names are read.
  const OpResult none = poll_plan_op(production(), {{"cursors", json::object()}});
  EXPECT_EQ(none.body["chains"], json::array());

  const json input = {{"cursors", {{"8453", 1000}}},
                      {"heads", {{"8453", 1010}}},
                      {"confirmations", 4},
                      {"rpcUrls", {{"8453", "https://base.example/key"}, {"1399811149", "https://solana.example"}}},
                      {"deposits", {{"8453", watched(150)}}}};
  const OpResult r = poll_plan_op(production(), input);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  ASSERT_EQ(r.body["chains"].size(), 1u);  // Solana logs are not eth_getLogs logs
  const json& chain = r.body["chains"][0];
  EXPECT_EQ(chain["rpcUrl"], "https://base.example/key");
  ASSERT_EQ(chain["ranges"].size(), 1u);
  const json& range = chain["ranges"][0];
  EXPECT_EQ(range["fromBlock"], 997);
  const json& filters = range["transferFilters"];
  ASSERT_EQ(filters.size(), 2u);  // 150 vaults, at most kVaultsPerTransferFilter per filter
  EXPECT_EQ(filters[0]["topics"][2].size(), kVaultsPerTransferFilter);
  EXPECT_EQ(filters[1]["topics"][2].size(), 150 - kVaultsPerTransferFilter);
  EXPECT_EQ(filters[0]["topics"][0], hex::encode(ev::erc20_transfer().topic0));
  EXPECT_TRUE(filters[0]["topics"][1].is_null());  // from anyone
  EXPECT_EQ(filters[0]["topics"][2][0], "0x" + std::string(63, '0') + "1");
  EXPECT_EQ(filters[0]["address"], (json{kUsdcBase, "0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2"}));
  EXPECT_EQ(filters[0]["fromBlock"], range["filter"]["fromBlock"]);
  EXPECT_EQ(filters[0]["toBlock"], "0x3f2");

  json without = input;
  without.erase("deposits");
  EXPECT_EQ(poll_plan_op(production(), without).body["chains"][0]["ranges"][0]["transferFilters"], json::array());
  json malformed = input;
  malformed["deposits"]["8453"][0].erase("token");
  EXPECT_THROW(poll_plan_op(production(), malformed), OpInputError);
}

// ---- depositObserve -----------------------------------------------------------------------------

// A stored deposit of 25 USDC on Base (what depositObserve reads of it).
json deposit() {
  return {{"record",
           {{"vaultAddress", vectors()["deposits"][0]["vault"]},
            {"intentHash", "0x" + std::string(64, '1')},
            {"quoteId", "00000000-0000-4000-8000-000000000001"},
            {"deadline", kDeadline},
            {"source", {{"chainId", 8453}, {"token", kUsdcBase}, {"amount", "25000000"}}}}},
          {"intent", {{"reward", {{"creator", "0x90F79bf6EB2c4f870365E785982E1f101E93b906"}}}}}};
}

// byVault is keyed by the lowercase vault.
const json& transfers_of(std::size_t deposit) {
  std::string vault = vectors()["deposits"][deposit]["vault"];
  std::transform(vault.begin(), vault.end(), vault.begin(), [](unsigned char c) { return std::tolower(c); });
  return vectors()["byVault"][vault];
}
const json& usdc_transfers() { return transfers_of(0); }
json first() { return usdc_transfers()[0]; }   // 10 USDC in block 100
json second() { return usdc_transfers()[1]; }  // 15 USDC in block 101

json observe(const json& held, std::uint64_t from, std::uint64_t to, const json& delivered, std::uint64_t confirmations = 4,
             std::uint64_t now = kNow) {
  const OpResult r = deposit_observe_op(production(), {{"deposit", deposit()},
                                                        {"transfers", held},
                                                        {"delivery", {{"fromBlock", from}, {"toBlock", to}, {"transfers", delivered}}},
                                                        {"confirmations", confirmations},
                                                        {"now", now}});
  EXPECT_EQ(r.status, 200) << r.body.dump();
  return r.body;
}

TEST(DepositObserve, FundedOnlyOnceTheTransfersAreConfirmedAtTheDepth) {
  // Read through block 101: both seen (25 USDC received), neither 4 blocks deep.
  json o = observe(json::array(), 97, 101, usdc_transfers());
  EXPECT_EQ(o["state"], "waiting");
  EXPECT_EQ(o["received"], "25000000");
  EXPECT_EQ(o["confirmed"], "0");
  EXPECT_EQ(o["recheckFrom"], 100);
  EXPECT_EQ(o["transfers"], usdc_transfers());

  // Read through 103: block 100 has 4 confirmations (100..103), block 101 three.
  o = observe(o["transfers"], 98, 103, usdc_transfers());
  EXPECT_EQ(o["state"], "waiting");
  EXPECT_EQ(o["confirmed"], "10000000");
  EXPECT_EQ(o["recheckFrom"], 101);

  // Read through 104, the window re-read once more (the same logs again): counted once, funded.
  o = observe(o["transfers"], 100, 104, usdc_transfers());
  EXPECT_EQ(o["state"], "funded");
  EXPECT_EQ(o["received"], "25000000");
  EXPECT_EQ(o["confirmed"], "25000000");
  EXPECT_TRUE(o["recheckFrom"].is_null());
  EXPECT_EQ(o["transfers"].size(), 2u);

  // One confirmation: the block that holds it is enough.
  EXPECT_EQ(observe(json::array(), 100, 101, usdc_transfers(), 1)["state"], "funded");
  EXPECT_EQ(observe(json::array(), 100, 101, usdc_transfers(), 3)["state"], "waiting");
}

TEST(DepositObserve, ARangeReadAgainReplacesWhatItHeld) {
  const json held = observe(json::array(), 97, 101, usdc_transfers())["transfers"];
  // Block 101 reorganised away: the re-read range no longer has the 15 USDC.
  json o = observe(held, 98, 104, json::array({first()}));
  EXPECT_EQ(o["transfers"], json::array({first()}));
  EXPECT_EQ(o["received"], "10000000");
  EXPECT_EQ(o["state"], "waiting");
  EXPECT_TRUE(o["recheckFrom"].is_null());  // nothing waits on depth: only new transfers matter

  // The transaction re-included in block 103: kept once, at its new place, not yet deep enough.
  json moved = second();
  moved["blockNumber"] = 103;
  o = observe(held, 101, 104, json::array({moved}));
  EXPECT_EQ(o["transfers"], json::array({first(), moved}));
  EXPECT_EQ(o["confirmed"], "10000000");
  EXPECT_EQ(o["recheckFrom"], 103);

  // A range that ends before the held blocks leaves them alone; a delivery listing a log twice keeps one.
  o = observe(held, 90, 99, json::array());
  EXPECT_EQ(o["transfers"], held);
  o = observe(json::array(), 100, 101, json::array({second(), first(), second()}));
  EXPECT_EQ(o["transfers"], usdc_transfers());  // ordered by block
}

TEST(DepositObserve, PastTheDeadlineNothingFunds) {
  EXPECT_EQ(observe(json::array(), 100, 110, usdc_transfers(), 4, kDeadline)["state"], "funded");
  const json o = observe(json::array(), 100, 110, usdc_transfers(), 4, kDeadline + 1);
  EXPECT_EQ(o["state"], "expired");
  EXPECT_EQ(o["confirmed"], "25000000");
  EXPECT_TRUE(o["recheckFrom"].is_null());
}

TEST(DepositObserve, MalformedInputIsAWorkerBug) {
  const auto call = [](json held, json delivered, std::uint64_t from = 100, std::uint64_t to = 101) {
    return deposit_observe_op(production(), {{"deposit", deposit()},
                                             {"transfers", std::move(held)},
                                             {"delivery", {{"fromBlock", from}, {"toBlock", to}, {"transfers", std::move(delivered)}}},
                                             {"confirmations", 4},
                                             {"now", kNow}});
  };
  json broken = first();
  broken.erase("logIndex");
  EXPECT_THROW(call(json::array({broken}), json::array()), OpInputError);
  broken = first();
  broken["value"] = "-1";
  EXPECT_THROW(call(json::array(), json::array({broken})), OpInputError);
  broken = first();
  broken["extra"] = 1;
  EXPECT_THROW(call(json::array(), json::array({broken})), OpInputError);
  EXPECT_THROW(call(json::array(), usdc_transfers(), 101, 101), OpInputError);  // block 100 outside the range
  EXPECT_THROW(call(json::array(), json::array(), 102, 101), OpInputError);
  EXPECT_THROW(call(json::array(), transfers_of(1)), OpInputError);  // USDT, not the deposit's USDC
}

}  // namespace
}  // namespace sr::service
