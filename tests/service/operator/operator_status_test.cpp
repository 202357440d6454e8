// The relayer balance floor (relayer_floor.h) and the operator status (operator_status.h): an
// account below its chain's floor takes no new job, and the status shows it, with the readers'
// lag and their endpoints by origin only. Against a worker and anvil (an account drained with
// anvil_setBalance): edge-worker/test/operator/operator-status.test.mjs.
#include "service/operator/operator_status.h"

#include <gtest/gtest.h>

#include "../config_fixture.h"
#include "service/common/op_input.h"
#include "service/funding/relayer_floor.h"

namespace sr::service {
namespace {

using json = nlohmann::ordered_json;
using testing::config_json;

const char* const kAccount = "0x71bE63f3384f5fb98995898A86B02Fb2426c5788";
const char* const kOther = "0xdF3e18d64BC6A983f673Ab319CCaE4f1a57C7097";

// The local configuration: Base (8453) has a floor of 0.005 ETH; Ethereum (1) has none here.
const Config& config() {
  static const Config c = [] {
    json j = config_json("local");
    j["service"]["relay"]["minRelayerBalanceWei"] = {{"8453", "5000000000000000"}};
    return Config::from_json(j);
  }();
  return c;
}

OpResult floor_of(const json& balance, std::uint64_t chain = 8453) {
  return relayer_floor_op(config(), {{"chainId", chain}, {"address", kAccount}, {"balanceWei", balance}});
}

TEST(RelayerFloor, AnAccountAtOrAboveItsFloorTakesNewJobs) {
  for (const char* balance : {"5000000000000000", "0x11c37937e08000", "6000000000000000"}) {
    const OpResult r = floor_of(balance);
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["mayTakeJob"], true) << balance;
    EXPECT_EQ(r.body["floorWei"], "5000000000000000");
    EXPECT_TRUE(r.body["detail"].is_null());
  }
}

TEST(RelayerFloor, AnAccountBelowItsFloorTakesNoNewJobAndTheDetailNamesWhy) {
  const OpResult r = floor_of("0x11c37937e07fff");  // 4999999999999999 wei: one below
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["mayTakeJob"], false);
  EXPECT_EQ(r.body["balanceWei"], "4999999999999999");
  EXPECT_EQ(r.body["detail"],
            std::string("relayer account ") + kAccount +
                " holds 4999999999999999 wei on chain 8453 (Base), below its floor of 5000000000000000 wei "
                "(relay.minRelayerBalanceWei): it takes no new job until it is funded");
}

TEST(RelayerFloor, AChainWithoutAFloorTakesEveryJob) {
  const OpResult r = floor_of("0", 1);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["mayTakeJob"], true);
  EXPECT_TRUE(r.body["floorWei"].is_null());
}

TEST(RelayerFloor, WorkerInputsThatAreNotFiguresAreRefused) {
  EXPECT_THROW(floor_of("lots"), OpInputError);
  EXPECT_THROW(floor_of("1", 1399811149), OpInputError);  // Solana: no relayer
  EXPECT_THROW(floor_of("1", 999), OpInputError);
  EXPECT_THROW(relayer_floor_op(config(), {{"chainId", 8453}, {"address", "nope"}, {"balanceWei", "1"}}), OpInputError);
}

TEST(RelayerFloor, TheConfigurationRefusesAFloorThatIsNotAnAmount) {
  json j = config_json("local");
  j["service"]["relay"]["minRelayerBalanceWei"] = {{"8453", "-1"}};
  try {
    (void)Config::from_json(j);
    FAIL() << "accepted a negative floor";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("service.relay.minRelayerBalanceWei.8453"), std::string::npos) << e.what();
  }
}

json chain_input(json relayers, json reader = {{"head", 120}, {"cursor", 100}, {"finalized", 90}, {"polledAt", 1764345590}, {"lastError", nullptr}}) {
  return {{"chainId", 8453},
          {"reader", std::move(reader)},
          {"providers", json::array({{{"url", "https://base.example/v2/SECRET-KEY?x=1"}, {"coolingDownForMs", 0}, {"failures", 0}},
                                     {{"url", "https://user:pw@backup.example:8545/path"}, {"coolingDownForMs", 4000}, {"failures", 3}}})},
          {"relayers", std::move(relayers)}};
}

OpResult status_of(const json& chains) { return operator_status_op(config(), {{"now", 1764345601}, {"chains", chains}}); }

TEST(OperatorStatus, ShowsLagProvidersByOriginAndEachAccountAgainstItsFloor) {
  const OpResult r = status_of(json::array({chain_input(json::array(
      {{{"address", kAccount}, {"balanceWei", "0x1"}, {"openJobs", 0}, {"balanceError", nullptr}},
       {{"address", kOther}, {"balanceWei", "9000000000000000"}, {"openJobs", 2}, {"balanceError", nullptr}}}))}));
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["generatedAt"], 1764345601);
  const json& chain = r.body["chains"][0];
  EXPECT_EQ(chain["name"], "Base");
  EXPECT_EQ(chain["reader"]["lagBlocks"], 20);
  EXPECT_EQ(chain["reader"]["finalized"], 90);
  // No key, path, query or user info of a provider URL is shown.
  EXPECT_EQ(chain["providers"][0], json({{"origin", "https://base.example"}, {"healthy", true}, {"coolingDownForMs", 0}, {"failures", 0}}));
  EXPECT_EQ(chain["providers"][1]["origin"], "https://backup.example:8545");
  EXPECT_EQ(chain["providers"][1]["healthy"], false);
  EXPECT_EQ(r.body.dump().find("SECRET"), std::string::npos);
  EXPECT_EQ(r.body.dump().find("pw@"), std::string::npos);
  EXPECT_EQ(chain["relayers"][0], json({{"address", kAccount}, {"balanceWei", "1"}, {"floorWei", "5000000000000000"}, {"belowFloor", true}, {"openJobs", 0}, {"balanceError", nullptr}}));
  EXPECT_EQ(chain["relayers"][1]["belowFloor"], false);
  EXPECT_EQ(chain["relayers"][1]["openJobs"], 2);
  // The alert is the relayer's own reason (op relayerFloor), so the two never disagree.
  ASSERT_EQ(r.body["alerts"].size(), 1U) << r.body.dump();
  EXPECT_EQ(r.body["alerts"][0], "chain 8453 (Base): " + floor_of("0x1").body["detail"].get<std::string>());
  EXPECT_EQ(r.body["healthy"], false);
}

TEST(OperatorStatus, HealthyWhenEveryAccountIsAboveItsFloorAndTheReaderRuns) {
  const OpResult r = status_of(json::array({chain_input(json::array({{{"address", kAccount}, {"balanceWei", "5000000000000000"}, {"openJobs", 1}}}))}));
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["alerts"], json::array());
  EXPECT_EQ(r.body["healthy"], true);
}

TEST(OperatorStatus, AlertsForAReaderWithoutHeadAFailedRoundNoEndpointAndAnUnreadableBalance) {
  json unread = chain_input(json::array({{{"address", kAccount}, {"balanceWei", nullptr}, {"balanceError", "eth_getBalance: timeout"}}}), nullptr);
  unread["providers"] = json::array();
  json failed = chain_input(json::array(), {{"head", 10}, {"cursor", 12}, {"lastError", "eth_getLogs: 503"}});
  failed["providers"][0]["coolingDownForMs"] = 1000;
  const OpResult r = status_of(json::array({unread, failed}));
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_TRUE(r.body["chains"][0]["reader"]["head"].is_null());
  EXPECT_TRUE(r.body["chains"][0]["relayers"][0]["belowFloor"].is_null());
  EXPECT_EQ(r.body["chains"][1]["reader"]["lagBlocks"], 0);  // a cursor past a lagging node's head
  EXPECT_EQ(r.body["alerts"], json::array({
                                  "chain 8453 (Base): the reader has not read the chain's head yet",
                                  "chain 8453 (Base): no JSON-RPC endpoint (CHAIN_RPC_URLS): the chain is neither read nor relayed on",
                                  std::string("chain 8453 (Base): the balance of relayer account ") + kAccount + " could not be read: eth_getBalance: timeout",
                                  "chain 8453 (Base): the reader's last round failed: eth_getLogs: 503",
                                  "chain 8453 (Base): every JSON-RPC endpoint is cooling down after failures",
                              }));
}

TEST(OperatorStatus, WorkerInputsThatAreNotFiguresAreRefused) {
  EXPECT_THROW(status_of(json::array({{{"chainId", 1399811149}}})), OpInputError);
  EXPECT_THROW(status_of(json::array({chain_input(json::array({{{"address", kAccount}, {"balanceWei", "x"}}}))})), OpInputError);
  json bad = chain_input(json::array());
  bad["reader"]["head"] = -1;
  EXPECT_THROW(status_of(json::array({bad})), OpInputError);
  EXPECT_THROW(operator_status_op(config(), {{"now", 1}, {"chains", "all"}}), OpInputError);
}

}  // namespace
}  // namespace sr::service
