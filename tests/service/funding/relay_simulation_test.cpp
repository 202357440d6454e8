// The relayer's simulation right before signing (relay_simulation.h): the windows checked against
// the chain's time with relay.windowMarginSec, the calls named exactly as relayTransactions signs
// them, and the verdict on eth_simulateV1's answers. The vectors' Base -> Optimism intent; the
// same against the real contracts on anvil runs in edge-worker/test/funding/relayer-adversarial.test.mjs.
#include "service/funding/relay_simulation.h"

#include <gtest/gtest.h>

#include "../config_fixture.h"
#include "relay_plan_fixture.h"
#include "crypto/hex.h"
#include "service/common/op_input.h"
#include "service/funding/relay_calls.h"

namespace sr::service {
namespace {

using json = nlohmann::ordered_json;
using testing::local_config;

const char* const kRelayer = "0x71bE63f3384f5fb98995898A86B02Fb2426c5788";
// The vectors' ERC-3009 authorization is valid before 1763700600; Permit2's sigDeadline is
// 1763700600 and its allowance expires at 1763707200; Permit3's deadline is 1763700600.
constexpr std::uint64_t kValidBefore = 1763700600;

json plan(const std::string& standard) { return testing::relay_plan(standard); }

OpResult simulation(const json& the_plan, std::uint64_t chain_time) {
  return relay_simulation_op(local_config(), {{"plan", the_plan}, {"relayer", kRelayer}, {"chainTime", chain_time}});
}

std::string detail(const OpResult& r) { return r.body.value("detail", std::string()); }

TEST(RelaySimulation, NamesTheJobsCallsInOrderWithTheSignedBytesAndGasLimits) {
  const OpResult r = simulation(plan("erc3009"), kValidBefore - 600);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  const json& calls = r.body["calls"];
  ASSERT_EQ(calls.size(), 2u);
  const RelayCalls relay = relay_calls(local_config(), plan("erc3009"));
  EXPECT_EQ(calls[0]["purpose"], "authorization");
  EXPECT_EQ(calls[0]["from"], kRelayer);
  EXPECT_EQ(calls[0]["to"], relay.authorization->to.checksummed());
  EXPECT_EQ(calls[0]["data"], hex::encode(relay.authorization->data));
  EXPECT_EQ(calls[0]["gas"], U256(local_config().service().relay.authorization_gas_limit).to_hex());
  EXPECT_EQ(calls[1]["purpose"], "funding");
  EXPECT_EQ(calls[1]["to"], local_config().chain(8453)->portal.evm().checksummed());
  EXPECT_EQ(calls[1]["data"], hex::encode(relay.funding.data));
  EXPECT_EQ(calls[1]["gas"], U256(local_config().service().relay.funding_gas_limit).to_hex());
  // A plain transfer has paid the vault: only the funding.
  const OpResult transfer = simulation(plan("transfer"), kValidBefore);
  ASSERT_EQ(transfer.status, 200);
  ASSERT_EQ(transfer.body["calls"].size(), 1u);
  EXPECT_EQ(transfer.body["calls"][0]["purpose"], "funding");
}

// FiatToken requires block.timestamp < validBefore; the relayer wants relay.windowMarginSec (60 s
// locally) more, for its transactions to land.
TEST(RelaySimulation, AWindowClosingWithinTheMarginIsNotSent) {
  const std::uint64_t margin = local_config().service().relay.window_margin_sec;
  ASSERT_EQ(margin, 60u);
  // The last second the authorization is valid is kValidBefore - 1.
  EXPECT_EQ(simulation(plan("erc3009"), kValidBefore - 1 - margin).status, 200);
  const OpResult late = simulation(plan("erc3009"), kValidBefore - margin);
  EXPECT_EQ(late.status, 422);
  EXPECT_EQ(late.body["code"], "funding-would-fail");
  EXPECT_NE(detail(late).find("authorization.validBefore ends at 1763700599"), std::string::npos) << detail(late);
  EXPECT_NE(detail(late).find("within 60 s of the chain's time 1763700540"), std::string::npos) << detail(late);
  EXPECT_NE(detail(late).find("Nothing was sent"), std::string::npos);

  // Permit2: the signature's deadline, then the allowance the vault spends.
  EXPECT_EQ(simulation(plan("permit2"), kValidBefore - margin).status, 200);  // sigDeadline is inclusive
  EXPECT_NE(detail(simulation(plan("permit2"), kValidBefore - margin + 1)).find("permit2.sigDeadline"), std::string::npos);
  json permit2 = plan("permit2");
  permit2["authorization"]["sigDeadline"] = "1763800000";
  EXPECT_NE(detail(simulation(permit2, 1763707200 - margin + 1)).find("permit2.details[0].expiration"), std::string::npos);

  // Permit3: its deadline, then an allowance's expiration; a transfer (mode 0) has none.
  EXPECT_NE(detail(simulation(plan("permit3"), kValidBefore - margin + 1)).find("permit3.deadline"), std::string::npos);
  json permit3 = plan("permit3");
  permit3["authorization"]["deadline"] = 1763800000;
  EXPECT_NE(detail(simulation(permit3, 1763707200 - margin + 1)).find("permit3.chainPermits.permits[0].modeOrExpiration"),
            std::string::npos);
  permit3["authorization"]["chainPermits"]["permits"][0]["modeOrExpiration"] = "0";
  EXPECT_EQ(simulation(permit3, 1763707200).status, 200);

  // EIP-2612 (deposit addresses): the permit's deadline.
  EXPECT_NE(detail(simulation(plan("erc2612"), 1763703600 - margin + 1)).find("permit.deadline"), std::string::npos);
}

TEST(RelaySimulation, AReversionOfEitherCallFailsTheJobWithItsReason) {
  const auto judge = [](const json& results) {
    return relay_simulation_verdict_op(local_config(), {{"plan", plan("erc3009")}, {"results", results}});
  };
  const json success = {{"status", "0x1"}, {"returnData", "0x"}};
  EXPECT_EQ(judge(json::array({success, success})).status, 200);

  // "ERC20: transfer amount exceeds balance" as Error(string), the way FiatToken reverts when the
  // balance moved away after the job was accepted.
  const std::string exceeds =
      "0x08c379a00000000000000000000000000000000000000000000000000000000000000020"
      "0000000000000000000000000000000000000000000000000000000000000026"
      "45524332303a207472616e7366657220616d6f756e7420657863656564732062616c616e63650000000000000000000000000000000000000000000000000000";
  const OpResult poor = judge(json::array({{{"status", "0x0"}, {"returnData", exceeds}, {"error", {{"code", 3}, {"message", "execution reverted"}, {"data", exceeds}}}}, success}));
  EXPECT_EQ(poor.status, 422);
  EXPECT_EQ(poor.body["code"], "funding-would-fail");
  EXPECT_NE(detail(poor).find("the authorization call reverts: ERC20: transfer amount exceeds balance"), std::string::npos) << detail(poor);

  // The funding reverting on top of a successful authorization (a custom error).
  const OpResult funding = judge(json::array({success, {{"status", "0x0"}, {"returnData", "0xdeadbeef"}}}));
  EXPECT_NE(detail(funding).find("the funding call reverts: custom error 0xdeadbeef"), std::string::npos) << detail(funding);

  // One entry per call, each with a status: anything else is the worker's bug.
  EXPECT_THROW(judge(json::array({success})), OpInputError);
  EXPECT_THROW(judge(json::array({success, json::object()})), OpInputError);
  EXPECT_THROW(judge(json::object()), OpInputError);
  EXPECT_THROW(relay_simulation_op(local_config(), {{"plan", plan("erc3009")}, {"relayer", kRelayer}}), OpInputError);
}

}  // namespace
}  // namespace sr::service
