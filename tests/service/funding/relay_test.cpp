// relayTransactions: the relayer's raw transactions for a verified plan (the vectors' Base ->
// Optimism intent and its ERC-3009 authorization), signed by anvil #11.
#include "service/funding/relay.h"

#include <gtest/gtest.h>

#include "../../protocol/protocol_vectors.h"
#include "../config_fixture.h"
#include "crypto/hex.h"
#include "crypto/keccak.h"
#include "protocol/intent.h"
#include "protocol/intent_hash.h"
#include "protocol/portal_calldata.h"
#include "service/common/op_input.h"

namespace sr::service {
namespace {

using json = nlohmann::ordered_json;
using protocol::testing::derived;
using protocol::testing::vectors;

const char* const kRelayerKey = "0x701b615bbdfb9de65240bc28bd21bbc0d996645a3dd57e7b12bc2bdf6f192c82";

using testing::local_config;

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

OpResult relay(const json& the_plan, std::uint64_t nonce = 7, const json& base_fee = "0x1dcd6500",
               const json& priority = "0x3b9aca00", const Config& config = local_config(),
               std::uint64_t mined_nonce = 7, const json& held = json::array()) {
  return relay_transactions_op(config, {{"plan", the_plan},
                                        {"relayerKey", kRelayerKey},
                                        {"nonce", nonce},
                                        {"minedNonce", mined_nonce},
                                        {"heldNonces", held},
                                        {"baseFeePerGas", base_fee},
                                        {"priorityFeeSuggestion", priority}});
}

// The signed EIP-1559 payload starts rlp([chainId, nonce, maxPriorityFeePerGas, maxFeePerGas,
// gasLimit, ...]); each quantity's minimal big-endian bytes, length-prefixed, follow in order.
std::string rlp_quantity(std::uint64_t value) {
  const std::string digits = U256(value).to_hex().substr(2);
  const std::string bytes = digits.size() % 2 ? "0" + digits : digits;
  if (value < 0x80) return bytes;
  return hex::encode(Bytes{static_cast<std::uint8_t>(0x80 + bytes.size() / 2)}, false) + bytes;
}
std::string fee_fields(std::uint64_t priority, std::uint64_t max_fee, std::uint64_t gas) {
  return rlp_quantity(priority) + rlp_quantity(max_fee) + rlp_quantity(gas);
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

// The local configuration prices as the relayer always has: twice the base fee plus the node's
// priority suggestion (1 gwei when it has none), 200k gas for the authorization, 800k for funding.
TEST(RelayTransactions, FeesAndGasLimitsComeFromTheRelayConfiguration) {
  const auto r = relay(plan("erc3009"));  // base fee 0.5 gwei, suggestion 1 gwei
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["maxPriorityFeePerGas"], "1000000000");
  EXPECT_EQ(r.body["maxFeePerGas"], "2000000000");
  const json& txs = r.body["transactions"];
  EXPECT_NE(txs[0]["raw"].get<std::string>().find(fee_fields(1'000'000'000, 2'000'000'000, 200'000)), std::string::npos);
  EXPECT_NE(txs[1]["raw"].get<std::string>().find(fee_fields(1'000'000'000, 2'000'000'000, 800'000)), std::string::npos);

  const auto fallback = relay(plan("erc3009"), 7, nullptr, nullptr);  // no base fee, no suggestion
  ASSERT_EQ(fallback.status, 200) << fallback.body.dump();
  EXPECT_EQ(fallback.body["maxPriorityFeePerGas"], "1000000000");
  EXPECT_EQ(fallback.body["maxFeePerGas"], "1000000000");

  json config_json = testing::config_json("local");
  json ceilings = config_json["service"]["relay"]["maxFeePerGasWei"];
  ceilings["8453"] = "1600000000";
  config_json["service"]["relay"] = {{"gasLimits", {{"authorization", 90000}, {"funding", 500000}}},
                                     {"baseFeeMultiplier", 3},
                                     {"fallbackPriorityFeeWei", "7"},
                                     {"maxFeePerGasWei", ceilings},
                                     {"sponsorship", config_json["service"]["relay"]["sponsorship"]}};
  const Config config = Config::from_json(config_json);
  const auto capped = relay(plan("erc3009"), 7, "0x1dcd6500", "0x3b9aca00", config);
  ASSERT_EQ(capped.status, 200) << capped.body.dump();
  EXPECT_EQ(capped.body["maxFeePerGas"], "1600000000");  // 3 * 0.5 + 1 gwei, lowered to the ceiling
  EXPECT_EQ(capped.body["maxPriorityFeePerGas"], "1000000000");
  EXPECT_NE(capped.body["transactions"][0]["raw"].get<std::string>().find(fee_fields(1'000'000'000, 1'600'000'000, 90'000)),
            std::string::npos);
  EXPECT_NE(capped.body["transactions"][1]["raw"].get<std::string>().find(fee_fields(1'000'000'000, 1'600'000'000, 500'000)),
            std::string::npos);
  const auto low = relay(plan("erc3009"), 7, "0x10", nullptr, config);
  EXPECT_EQ(low.body["maxPriorityFeePerGas"], "7");
  EXPECT_EQ(low.body["maxFeePerGas"], "55");  // 3 * 16 + 7
}

TEST(RelayFees, TheCeilingBoundsBothFields) {
  const auto fees = relay_fees(RelaySettings{}, U256(100), U256(10), U256(500));
  EXPECT_EQ(fees.max_fee_per_gas, U256(100));
  EXPECT_EQ(fees.max_priority_fee_per_gas, U256(100));
  EXPECT_THROW(relay_fees(RelaySettings{}, U256::max(), U256::max(), U256(1)), std::overflow_error);
}

TEST(RelayFees, AboveTheCeilingTheJobWaits) {
  const RelaySettings settings;  // fallback priority fee 1 gwei
  const U256 ceiling(10'000'000'000);  // 10 gwei
  EXPECT_EQ(gas_price_wait(settings, 31337, ceiling, U256(9'000'000'000), U256(1'000'000'000)), std::nullopt);  // at it
  EXPECT_EQ(gas_price_wait(settings, 31337, ceiling, std::nullopt, std::nullopt), std::nullopt);
  const auto spike = gas_price_wait(settings, 31337, ceiling, U256(9'000'000'001), U256(1'000'000'000));
  ASSERT_TRUE(spike.has_value());
  EXPECT_EQ(*spike,
            "chain 31337's gas price (base fee 9000000001 wei + priority fee 1000000000 wei) is above its ceiling of "
            "10000000000 wei (relay.maxFeePerGasWei); the job waits, nothing was sent");
  // The fallback priority fee counts when the node suggests none; a priority fee alone can exceed it.
  EXPECT_TRUE(gas_price_wait(settings, 1, U256(1'000'000'000), U256(1), std::nullopt).has_value());
  EXPECT_TRUE(gas_price_wait(settings, 1, ceiling, U256(0), U256(10'000'000'001)).has_value());
  // Sums past 2^256 are above every ceiling rather than an overflow.
  EXPECT_TRUE(gas_price_wait(settings, 1, U256::max(), U256::max(), U256(1)).has_value());
}

TEST(RelayTransactions, AboveTheChainsCeilingNothingIsSigned) {
  // Chain 8453's local ceiling is 2 gwei: 1.5 + 0.5 gwei goes, 1.5 + 0.6 gwei waits.
  const auto at = relay(plan("erc3009"), 7, "0x59682f00", "0x1dcd6500");
  ASSERT_EQ(at.status, 200) << at.body.dump();
  EXPECT_EQ(at.body["transactions"].size(), 2u);
  EXPECT_EQ(at.body["maxFeePerGas"], "2000000000");
  const auto above = relay(plan("erc3009"), 7, "0x59682f00", "0x23c34600");
  ASSERT_EQ(above.status, 200) << above.body.dump();
  EXPECT_EQ(above.body["waitingFor"], "gas-price");
  EXPECT_FALSE(above.body.contains("transactions"));
  EXPECT_EQ(above.body["from"], "0x71bE63f3384f5fb98995898A86B02Fb2426c5788");
  EXPECT_NE(above.body["detail"].get<std::string>().find("above its ceiling of 2000000000 wei"), std::string::npos)
      << above.body.dump();
}

// The nonce a kill -9 found taken again (bench:faults): a job signed and stored but not yet
// broadcast holds nonces the node does not know, so a job signed after it at the node's pending
// count would take one of them. While another job of the account holds a nonce at or above the
// mined count, nothing is signed: the job waits, naming the earliest such job.
TEST(RelayTransactions, AJobWaitsWhileAnotherJobOfTheAccountHoldsANonceNotMinedYet) {
  const json held = json::array({{{"jobId", "job:b"}, {"nonce", 8}}, {{"jobId", "job:a"}, {"nonce", 7}},
                                 {{"jobId", "job:old"}, {"nonce", 3}}});
  const auto waits = relay(plan("erc3009"), 7, "0x1dcd6500", "0x3b9aca00", local_config(), 7, held);
  ASSERT_EQ(waits.status, 200) << waits.body.dump();
  EXPECT_EQ(waits.body["waitingFor"], "relayer");
  EXPECT_FALSE(waits.body.contains("transactions"));
  EXPECT_EQ(waits.body["detail"],
            "the relayer account 0x71bE63f3384f5fb98995898A86B02Fb2426c5788 on chain 8453 has nonce 7 signed for "
            "job:a, not mined yet; this job is signed after it (nothing was sent)");
  // The node holding job:a's nonce 7 in its pool (pending count 8) changes nothing: its funding at 8
  // may not be sent yet.
  EXPECT_EQ(relay(plan("erc3009"), 8, "0x1dcd6500", "0x3b9aca00", local_config(), 7, held).body["waitingFor"], "relayer");
  // Every held nonce mined (by their jobs or, taken, by others): signed at the pending count.
  const auto goes = relay(plan("erc3009"), 9, "0x1dcd6500", "0x3b9aca00", local_config(), 9, held);
  ASSERT_EQ(goes.status, 200) << goes.body.dump();
  ASSERT_EQ(goes.body["transactions"].size(), 2u);
  EXPECT_EQ(goes.body["transactions"][0]["nonce"], 9);
  EXPECT_EQ(goes.body["transactions"][1]["nonce"], 10);
  // The waiting comes before the price: a job behind another is not said to wait for the price.
  EXPECT_EQ(relay(plan("erc3009"), 7, "0x59682f00", "0x23c34600", local_config(), 7, held).body["waitingFor"], "relayer");
}

TEST(RelayTransactions, NeverSignsBelowTheMinedCount) {
  // A node answering a pending count below the mined one (another endpoint, lagging).
  const auto r = relay(plan("erc3009"), 5, "0x1dcd6500", "0x3b9aca00", local_config(), 9);
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["transactions"][0]["nonce"], 9);
  EXPECT_EQ(r.body["transactions"][1]["nonce"], 10);
}

TEST(RelayTransactions, HeldNoncesAreCheckedInput) {
  for (const json& bad : {json(nullptr), json::object(), json::array({json{{"jobId", "job:a"}}}),
                          json::array({json{{"jobId", 1}, {"nonce", 1}}}), json::array({json{{"jobId", "job:a"}, {"nonce", -1}}})}) {
    EXPECT_THROW(relay(plan("erc3009"), 7, "0x1dcd6500", "0x3b9aca00", local_config(), 7, bad), OpInputError) << bad.dump();
  }
  EXPECT_THROW(relay_transactions_op(local_config(), {{"plan", plan("erc3009")}, {"relayerKey", kRelayerKey}, {"nonce", 7},
                                                      {"heldNonces", json::array()}, {"baseFeePerGas", nullptr},
                                                      {"priorityFeeSuggestion", nullptr}}),
               OpInputError);
}

TEST(RelayTransactions, FeeInputsMustBeRpcQuantities) {
  for (const json& bad : {json("1000"), json(1000), json("0x"), json("0xzz")}) {
    EXPECT_THROW(relay(plan("erc3009"), 7, bad), OpInputError) << bad.dump();
    EXPECT_THROW(relay(plan("erc3009"), 7, "0x1", bad), OpInputError) << bad.dump();
  }
  // A base fee no chain reports is above every ceiling: the job waits rather than overflowing.
  EXPECT_EQ(relay(plan("erc3009"), 7, "0x" + std::string(64, 'f')).body["waitingFor"], "gas-price");
  EXPECT_THROW(relay_transactions_op(local_config(), {{"plan", plan("erc3009")}, {"relayerKey", kRelayerKey}, {"nonce", 7}}),
               OpInputError);
}

// No figure a request carries prices the relayer (docs/security.md row 61): chain 8453's local
// ceiling is 2 gwei; the chain asks 0.5 gwei base fee + 1 gwei priority (2 x 0.5 + 1 = 2 gwei as
// maxFeePerGas). A plan stored when plans carried the price its quote's unsigned `gas` fee
// covered (maxFeePerGasCoveredWei) is priced exactly as one without it, whatever the figure: a
// tiny one would have held the job (and the account's later jobs) waiting under the chain's price.
TEST(RelayTransactions, NoFigureOfTheRequestPricesTheRelayer) {
  const auto chain_priced = relay(plan("erc3009"), 7, "0x5f5e100", "0x3b9aca00");  // 0.1 gwei base fee
  ASSERT_EQ(chain_priced.status, 200) << chain_priced.body.dump();
  EXPECT_EQ(chain_priced.body["maxFeePerGas"], "1200000000");
  for (const json& figure : {json("1"), json("1500000000"), json("5000000000"), json(3), json(nullptr)}) {
    json p = plan("erc3009");
    p["maxFeePerGasCoveredWei"] = figure;
    const auto r = relay(p, 7, "0x5f5e100", "0x3b9aca00");
    ASSERT_EQ(r.status, 200) << figure.dump() << r.body.dump();
    EXPECT_FALSE(r.body.contains("waitingFor")) << figure.dump();
    EXPECT_EQ(r.body["maxFeePerGas"], "1200000000") << figure.dump();
    EXPECT_EQ(r.body["transactions"], chain_priced.body["transactions"]) << figure.dump();
    // At the chain's 0.5 gwei base fee the market's 2 gwei is the ceiling: no more, no less.
    EXPECT_EQ(relay(p).body["maxFeePerGas"], "2000000000") << figure.dump();
  }
}

}  // namespace
}  // namespace sr::service
