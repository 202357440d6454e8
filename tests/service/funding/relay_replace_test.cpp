// relayReplace: what the relayer does about one of its transactions that has no receipt yet
// (stuck behind a fee spike, dropped by the node, or its call would now revert). The plan is the
// vectors' Base -> Optimism intent with its ERC-3009 authorization (relay_test.cpp), signed by
// anvil #11; the local configuration replaces after 2 blocks and caps chain 8453 at 2 gwei.
#include <gtest/gtest.h>

#include "../../protocol/protocol_vectors.h"
#include "../config_fixture.h"
#include "crypto/hex.h"
#include "crypto/keccak.h"
#include "service/common/op_input.h"
#include "service/funding/relay.h"

namespace sr::service {
namespace {

using json = nlohmann::ordered_json;
using protocol::testing::vectors;
using testing::local_config;

const char* const kRelayerKey = "0x701b615bbdfb9de65240bc28bd21bbc0d996645a3dd57e7b12bc2bdf6f192c82";
const char* const kRelayer = "0x71bE63f3384f5fb98995898A86B02Fb2426c5788";

json plan() {
  const json& p = vectors()["permits"]["erc3009"];
  return {{"standard", "erc3009"},
          {"chainId", 8453},
          {"token", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"},
          {"funder", p["signer"]},
          {"vault", vectors()["intents"][0]["vault"]},
          {"intent", vectors()["intents"][0]["intent"]},
          {"authorization", p["message"]},
          {"signature", p["signature"]}};
}

// A funding transaction at nonce 8 sent at 1000000001 / 100000001 wei, held by the node, waited
// on for `blocks` blocks; the chain's price now: no base fee, priority suggestion 1 wei (so the
// 10% raise, not the market, sets the replacement's fees).
json stuck(std::uint64_t blocks, bool known = true) {
  return {{"purpose", "funding"},        {"nonce", 8},
          {"maxFeePerGas", "1000000001"}, {"maxPriorityFeePerGas", "100000001"},
          {"cancelling", false},          {"known", known},
          {"blocksWaited", blocks}};
}

OpResult replace(const json& transaction, const json& simulation = nullptr, std::uint64_t mined_nonce = 8,
                 const json& base_fee = nullptr, const json& priority = "0x1") {
  return relay_replace_op(local_config(), {{"plan", plan()},
                                           {"relayerKey", kRelayerKey},
                                           {"transaction", transaction},
                                           {"minedNonce", mined_nonce},
                                           {"baseFeePerGas", base_fee},
                                           {"priorityFeeSuggestion", priority},
                                           {"simulation", simulation}});
}

const json kPasses = {{"ok", true}};

// The rlp of a quantity as it appears in the signed payload (relay_test.cpp).
std::string rlp_quantity(const U256& value) {
  std::string digits = value.to_hex().substr(2);
  if (digits.size() % 2) digits = "0" + digits;
  if (value < U256(0x80)) return digits;
  return hex::encode(Bytes{static_cast<std::uint8_t>(0x80 + digits.size() / 2)}, false) + digits;
}

// The signed funding transaction of relayTransactions at nonce 7 (authorization 7, funding 8).
json original_funding() {
  const auto r = relay_transactions_op(local_config(), {{"plan", plan()},
                                                        {"relayerKey", kRelayerKey},
                                                        {"nonce", std::uint64_t{7}},
                                                        {"minedNonce", std::uint64_t{7}},
                                                        {"heldNonces", json::array()},
                                                        {"baseFeePerGas", nullptr},
                                                        {"priorityFeeSuggestion", "0x1"}});
  return r.body["transactions"][1];
}

TEST(RelayReplace, HeldAndNotDueItWaits) {
  for (std::uint64_t blocks : {0u, 1u}) {
    const auto r = replace(stuck(blocks));
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body, (json{{"action", "wait"}, {"detail", nullptr}, {"transaction", nullptr}}));
  }
}

TEST(RelayReplace, ANonceTakenByAnotherTransactionFailsTheJob) {
  const auto r = replace(stuck(5), kPasses, 9);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["action"], "fail");
  EXPECT_EQ(r.body["detail"], "the relayer's nonce 8 on chain 8453 was taken by another transaction, so the funding "
                              "transaction (or its replacements) can no longer be mined; nothing more was sent");
}

// Due (2 blocks locally): first the remaining calls are simulated again, then the same call at the
// same nonce is signed with both fees raised 10%, rounded up.
TEST(RelayReplace, DueItIsSimulatedThenReplacedWithFeesRaisedTenPercentRoundedUp) {
  EXPECT_EQ(replace(stuck(2)).body["action"], "simulate");
  const auto r = replace(stuck(2), kPasses);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["action"], "replace");
  const json& tx = r.body["transaction"];
  EXPECT_EQ(tx["purpose"], "funding");
  EXPECT_EQ(tx["kind"], "replacement");
  EXPECT_EQ(tx["nonce"], 8);
  EXPECT_EQ(tx["maxFeePerGas"], "1100000002");         // ceil(1000000001 * 1.1)
  EXPECT_EQ(tx["maxPriorityFeePerGas"], "110000002");  // ceil(100000001 * 1.1)
  const json original = original_funding();
  EXPECT_EQ(tx["to"], original["to"]);
  const std::string raw = tx["raw"];
  // rlp([chainId 8453, nonce 8, priority, max fee, gas 800000, to, value, data...]) follows the list header.
  const std::string fees = "82210508" + rlp_quantity(U256(110000002)) + rlp_quantity(U256(1100000002)) +
                           rlp_quantity(U256(800'000));
  EXPECT_NE(raw.find(fees), std::string::npos) << raw;
  // The same call: the original's calldata (after its own fee fields) is in the replacement.
  const std::string original_raw = original["raw"];
  const std::string calldata = original_raw.substr(original_raw.find("ec000064576f9c95a8623bc0eff3db6d296ea6df") + 40, 400);
  EXPECT_NE(raw.find(calldata), std::string::npos);
  EXPECT_NE(tx["hash"], original["hash"]);
  EXPECT_EQ(tx["hash"], hex::encode(keccak256(hex::decode(raw))));
}

// The chain's price above the 10% raise: the replacement pays it (2 x 0.5 gwei + 1 gwei = 2 gwei,
// exactly chain 8453's local ceiling).
TEST(RelayReplace, TheMarketPriceWinsWhenHigherAndTheCeilingBoundsIt) {
  const auto r = replace(stuck(3), kPasses, 8, "0x1dcd6500", "0x3b9aca00");
  ASSERT_EQ(r.body["action"], "replace") << r.body.dump();
  EXPECT_EQ(r.body["transaction"]["maxFeePerGas"], "2000000000");
  EXPECT_EQ(r.body["transaction"]["maxPriorityFeePerGas"], "1000000000");
  // A spike far above the ceiling: capped at 2 gwei, not the 1000 gwei asked.
  const auto spike = replace(stuck(3), kPasses, 8, "0xe8d4a51000", "0x3b9aca00");
  EXPECT_EQ(spike.body["transaction"]["maxFeePerGas"], "2000000000");
}

TEST(RelayReplace, AtTheCeilingItWaits) {
  json at_ceiling = stuck(10);
  at_ceiling["maxFeePerGas"] = "1900000000";  // a 10% raise would pass the 2 gwei ceiling
  const auto r = replace(at_ceiling, kPasses, 8, "0x1dcd6500", "0x3b9aca00");
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["action"], "wait");
  EXPECT_EQ(r.body["transaction"], nullptr);
  EXPECT_NE(r.body["detail"].get<std::string>().find("at the chain's ceiling of 2000000000 wei"), std::string::npos);
}

// Dropped (or reorganised away): the node no longer holds it and its nonce is free. Simulated
// again, then the same bytes go again however long ago they were sent, while they still pay the
// base fee; priced under it, a replacement at the chain's price (the 10% raise is kept for nodes
// that may still hold it, else the market price: it need not wait at the ceiling).
TEST(RelayReplace, ADroppedTransactionIsSimulatedAndBroadcastAgain) {
  EXPECT_EQ(replace(stuck(0, false)).body["action"], "simulate");
  const auto again = replace(stuck(0, false), kPasses);
  EXPECT_EQ(again.body["action"], "rebroadcast");
  EXPECT_EQ(again.body["transaction"], nullptr);
  EXPECT_EQ(replace(stuck(50, false), kPasses, 8, "0x3b9aca01").body["action"], "rebroadcast");  // 1 gwei + 1 wei < its max
  const auto under = replace(stuck(0, false), kPasses, 8, "0x3b9aca02", "0x3b9aca00");  // the base fee above its max
  ASSERT_EQ(under.body["action"], "replace") << under.body.dump();
  EXPECT_EQ(under.body["detail"], "dropped by the node, and its fees no longer pay the chain's base fee");
  EXPECT_EQ(under.body["transaction"]["maxFeePerGas"], "2000000000");  // 2 x base + 1 gwei, at the ceiling
  // Dropped with its fees at the ceiling and the base fee above them: the chain's price, capped.
  json at_ceiling = stuck(4, false);
  at_ceiling["maxFeePerGas"] = "2000000000";
  at_ceiling["maxPriorityFeePerGas"] = "1000000000";
  const auto dropped = replace(at_ceiling, kPasses, 8, "0x77359401", "0x3b9aca00");
  EXPECT_EQ(dropped.body["action"], "replace") << dropped.body.dump();
  EXPECT_EQ(dropped.body["transaction"]["maxFeePerGas"], "2000000000");
}

// The call would now revert (its authorization used or expired, the intent funded by someone
// else): it is not re-sent. The nonce is filled with a 0-value transfer to the relayer itself,
// replacing the stuck one, so the account's later nonces are not stuck behind it.
TEST(RelayReplace, ACallThatWouldNowRevertIsCancelledWithASelfTransfer) {
  const auto r = replace(stuck(2), {{"error", "the funding would fail: intent already funded"}});
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["action"], "cancel");
  EXPECT_EQ(r.body["detail"], "simulated again before re-sending, the funding would fail: intent already funded");
  const json& tx = r.body["transaction"];
  EXPECT_EQ(tx["kind"], "cancel");
  EXPECT_EQ(tx["purpose"], "funding");
  EXPECT_EQ(tx["to"], kRelayer);
  EXPECT_EQ(tx["nonce"], 8);
  EXPECT_EQ(tx["maxFeePerGas"], "1100000002");
  const std::string raw = tx["raw"];
  // nonce 8, the raised fees, 21000 gas, to the relayer, value 0, no data, no access list.
  const std::string body = "08" + rlp_quantity(U256(110000002)) + rlp_quantity(U256(1100000002)) +
                           rlp_quantity(U256(21'000)) + "94" + std::string("71be63f3384f5fb98995898a86b02fb2426c5788") +
                           "8080c0";
  EXPECT_NE(raw.find(body), std::string::npos) << raw;

  // A cancellation stuck in its turn is raised again, with no simulation asked.
  json cancelling = stuck(2);
  cancelling["cancelling"] = true;
  cancelling["maxFeePerGas"] = "1100000002";
  cancelling["maxPriorityFeePerGas"] = "110000002";
  const auto again = replace(cancelling);
  EXPECT_EQ(again.body["action"], "cancel");
  EXPECT_EQ(again.body["transaction"]["maxFeePerGas"], "1210000003");
  EXPECT_EQ(replace(stuck(1)).body["action"], "wait");

  // Dropped (or reorganised away) and it would now revert: nothing re-sent and nothing to fill.
  const auto gone = replace(stuck(0, false), {{"error", "the funding would fail: intent already funded"}});
  EXPECT_EQ(gone.body["action"], "fail");
  EXPECT_EQ(gone.body["detail"], "simulated again before re-sending the funding transaction at nonce 8 on chain 8453, "
                                 "which the node no longer holds: the funding would fail: intent already funded "
                                 "(nothing new was sent)");
  EXPECT_EQ(gone.body["transaction"], nullptr);
}

// A stuck transaction is replaced or cancelled at any price up to the chain's 2 gwei ceiling,
// whatever the plan carries: a plan stored when plans carried its quote's covered price
// (maxFeePerGasCoveredWei, a figure of the submitter's unsigned copy of the quote) is not held
// under it.
TEST(RelayReplace, AReplacementGoesUpToTheChainsCeilingWhateverThePlanCarries) {
  json carried = plan();
  carried["maxFeePerGasCoveredWei"] = "1500000000";
  const auto ask = [&](const json& transaction, const json& simulation) {
    return relay_replace_op(local_config(), {{"plan", carried},
                                             {"relayerKey", kRelayerKey},
                                             {"transaction", transaction},
                                             {"minedNonce", 8},
                                             {"baseFeePerGas", "0x1dcd6500"},
                                             {"priorityFeeSuggestion", "0x3b9aca00"},
                                             {"simulation", simulation}});
  };
  // The market (2 x 0.5 + 1 = 2 gwei, the ceiling): the replacement goes there.
  const auto r = ask(stuck(3), kPasses);
  ASSERT_EQ(r.body["action"], "replace") << r.body.dump();
  EXPECT_EQ(r.body["transaction"]["maxFeePerGas"], "2000000000");
  EXPECT_EQ(r.body["transaction"]["maxPriorityFeePerGas"], "1000000000");
  EXPECT_EQ(r.body["transaction"], replace(stuck(3), kPasses, 8, "0x1dcd6500", "0x3b9aca00").body["transaction"]);

  // 1.4 gwei sent: a 10% raise (1.54 gwei) is under the ceiling, so it is replaced, not held.
  json near = stuck(10);
  near["maxFeePerGas"] = "1400000000";
  const auto raised = ask(near, kPasses);
  ASSERT_EQ(raised.body["action"], "replace") << raised.body.dump();
  EXPECT_EQ(raised.body["transaction"]["maxFeePerGas"], "2000000000");
  // A cancellation likewise, up to the ceiling.
  json low = stuck(10);
  low["maxFeePerGas"] = "1000000000";
  low["maxPriorityFeePerGas"] = "100000000";
  const auto cancel = ask(low, {{"error", "the funding would fail: intent already funded"}});
  ASSERT_EQ(cancel.body["action"], "cancel") << cancel.body.dump();
  EXPECT_EQ(cancel.body["transaction"]["maxFeePerGas"], "2000000000");
  // Only the ceiling holds one back: at it, with no room for a 10% raise, it waits.
  json at = stuck(10);
  at["maxFeePerGas"] = "1900000000";
  const auto waits = ask(at, kPasses);
  EXPECT_EQ(waits.body["action"], "wait") << waits.body.dump();
  EXPECT_NE(waits.body["detail"].get<std::string>().find("its fees are at the chain's ceiling of 2000000000 wei (relay.maxFeePerGasWei): it waits"),
            std::string::npos) << waits.body.dump();
}

TEST(RelayReplace, ReplacementFeesRaiseBothFieldsOrNone) {
  const U256 ceiling(2'000'000'000);
  const RelayFees sent{U256(1'000'000'000), U256(1'000'000'000)};
  const auto fees = replacement_fees(sent, RelayFees{U256(1), U256(1)}, ceiling);
  ASSERT_TRUE(fees);
  EXPECT_EQ(fees->max_fee_per_gas, U256(1'100'000'000));
  EXPECT_EQ(fees->max_priority_fee_per_gas, U256(1'100'000'000));
  // The priority fee never exceeds the max fee: 1.9 gwei both, ceiling 2 gwei: no room.
  EXPECT_FALSE(replacement_fees({U256(1'900'000'000), U256(1'900'000'000)}, {U256(1), U256(1)}, ceiling));
  // Priority under max: 1.9 gwei max at the ceiling gives 2 gwei only (< 2.09): none.
  EXPECT_FALSE(replacement_fees({U256(1'900'000'000), U256(1)}, {U256(1), U256(1)}, ceiling));
}

TEST(RelayReplace, MalformedInputsAreWorkerBugsNamingTheField) {
  const auto expect_bad = [](const json& transaction, const std::string& field) {
    try {
      replace(transaction);
      ADD_FAILURE() << "accepted " << transaction.dump();
    } catch (const OpInputError& e) {
      EXPECT_NE(std::string(e.what()).find(field), std::string::npos) << e.what();
    }
  };
  json t = stuck(2);
  t["purpose"] = "cancel";
  expect_bad(t, "transaction.purpose");
  t = stuck(2);
  t["maxFeePerGas"] = "0x10";
  expect_bad(t, "transaction.maxFeePerGas");
  t = stuck(2);
  t.erase("blocksWaited");
  expect_bad(t, "transaction.blocksWaited");
  t = stuck(2);
  t["known"] = "yes";
  expect_bad(t, "transaction.cancelling and transaction.known");
  EXPECT_THROW(replace(stuck(2), {{"ok", false}}), OpInputError);
}

}  // namespace
}  // namespace sr::service
