// relayTransactions: the relayer's raw transactions for a verified plan (the vectors' Base ->
// Optimism intent and its ERC-3009 authorization), signed by anvil #11.
#include "service/relay.h"

#include <gtest/gtest.h>

#include "../protocol/protocol_vectors.h"
#include "config_fixture.h"
#include "crypto/hex.h"
#include "crypto/keccak.h"
#include "protocol/intent.h"
#include "protocol/intent_hash.h"
#include "protocol/portal_calldata.h"

namespace sr::service {
namespace {

using nlohmann::json;
using protocol::testing::derived;
using protocol::testing::vectors;

const char* const kRelayerKey = "0x701b615bbdfb9de65240bc28bd21bbc0d996645a3dd57e7b12bc2bdf6f192c82";

const Config& local_config() {
  static const Config config = Config::from_json(testing::config_json("local"));
  return config;
}

json plan(const std::string& standard) {
  const json& p = vectors()["permits"]["erc3009"];
  return {{"standard", standard},
          {"chainId", 8453},
          {"token", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"},
          {"funder", p["signer"]},
          {"vault", vectors()["intents"][0]["vault"]},
          {"intent", vectors()["intents"][0]["intent"]},
          {"authorization", p["message"]},
          {"signature", p["signature"]}};
}

OpResult relay(const json& the_plan, std::uint64_t nonce = 7) {
  return relay_transactions_op(local_config(), {{"plan", the_plan},
                                                {"relayerKey", kRelayerKey},
                                                {"nonce", nonce},
                                                {"maxFeePerGas", "2000000000"},
                                                {"maxPriorityFeePerGas", "1000000000"},
                                                {"gasLimits", {200000, 800000}}});
}

bool contains(const std::string& raw, const Bytes& data) { return raw.find(hex::encode(data, false)) != std::string::npos; }

TEST(RelayTransactions, Erc3009AuthorizationThenPublishAndFundFor) {
  const auto r = relay(plan("erc3009"));
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["from"], "0x71bE63f3384f5fb98995898A86B02Fb2426c5788");
  const json& txs = r.body["transactions"];
  ASSERT_EQ(txs.size(), 2u);
  EXPECT_EQ(txs[0]["purpose"], "authorization");
  EXPECT_EQ(txs[0]["to"], "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
  EXPECT_EQ(txs[0]["nonce"], 7);
  EXPECT_NE(txs[0]["raw"].get<std::string>().find("e3ee160e"), std::string::npos);  // transferWithAuthorization
  EXPECT_EQ(txs[1]["purpose"], "funding");
  EXPECT_EQ(txs[1]["to"], "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df");
  EXPECT_EQ(txs[1]["nonce"], 8);
  const auto intent = protocol::intent_from_json(vectors()["intents"][0]["intent"], Vm::evm, Vm::evm);
  const Bytes funding = protocol::portal::publish_and_fund_for(
      intent.destination, protocol::encode_route(intent.route, Vm::evm), intent.reward, false,
      Address::parse(vectors()["permits"]["erc3009"]["signer"].get<std::string>()), Address{});
  EXPECT_TRUE(contains(txs[1]["raw"], funding));
  for (const auto& tx : txs) {
    EXPECT_EQ(tx["hash"], hex::encode(keccak256(hex::decode(tx["raw"].get<std::string>()))));
  }
  // Deterministic: the same inputs give the same bytes (a relayer re-asking after a crash).
  EXPECT_EQ(relay(plan("erc3009")).body, r.body);
}

TEST(RelayTransactions, TransferPlansOnlyFund) {
  auto transfer = plan("transfer");
  transfer["authorization"] = nullptr;
  transfer["signature"] = nullptr;
  const auto r = relay(transfer);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  ASSERT_EQ(r.body["transactions"].size(), 1u);
  EXPECT_EQ(r.body["transactions"][0]["purpose"], "funding");
  EXPECT_EQ(r.body["transactions"][0]["nonce"], 7);
}

// Permit3: the permit call on the canonical Permit3 (single chain, then with a Merkle proof),
// then publishAndFundFor naming Permit3 as the permit contract. The expected call data is
// ethers' encoding of the same arguments (Interface.encodeFunctionData).
TEST(RelayTransactions, Permit3PermitThenPublishAndFundForThroughPermit3) {
  const json& v = vectors()["permits"]["permit3"];
  json p3 = plan("permit3");
  p3["authorization"] = {{"owner", v["owner"]},         {"salt", v["salt"]},
                         {"deadline", v["deadline"]},   {"timestamp", v["timestamp"]},
                         {"chainPermits", v["chainPermits"]}, {"proof", json::array()}};
  p3["signature"] = v["signature"];
  const auto r = relay(p3);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  const json& txs = r.body["transactions"];
  ASSERT_EQ(txs.size(), 2u);
  EXPECT_EQ(txs[0]["to"], "0xEc00030C0000245E27d1521Cc2EE88F071c2Ae34");
  const json& expected = derived()["permit3Relay"];
  EXPECT_TRUE(contains(txs[0]["raw"], hex::decode(expected["single"].get<std::string>())));
  const auto intent = protocol::intent_from_json(vectors()["intents"][0]["intent"], Vm::evm, Vm::evm);
  EXPECT_TRUE(contains(txs[1]["raw"], protocol::portal::publish_and_fund_for(
                                          intent.destination, protocol::encode_route(intent.route, Vm::evm), intent.reward,
                                          false, Address::parse(v["owner"].get<std::string>()),
                                          Address::parse("0xEc00030C0000245E27d1521Cc2EE88F071c2Ae34"))));
  p3["authorization"]["proof"] = v["multichain"]["proofForFirst"];
  const auto with_proof = relay(p3);
  ASSERT_EQ(with_proof.status, 200) << with_proof.body.dump();
  EXPECT_TRUE(contains(with_proof.body["transactions"][0]["raw"], hex::decode(expected["withProof"].get<std::string>())));
}

}  // namespace
}  // namespace sr::service
