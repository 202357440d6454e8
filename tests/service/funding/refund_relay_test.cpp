// Refunds nobody has to send (refund_relay.h): when the relayer sends an intent's refund itself,
// and what it sends. The refund call is cross-checked against the status body's ready-to-send
// refund (the same bytes anyone may send) and the Portal's refund selector; the relay ops take the
// plan like any other (no authorization, no window, no funder limit, the partner's budget). The
// same against the real Portal on anvil: edge-worker/test/funding/refunds-chains.test.mjs.
#include "service/funding/refund_relay.h"

#include <gtest/gtest.h>

#include <functional>

#include "../config_fixture.h"
#include "crypto/hex.h"
#include "protocol/intent_hash.h"
#include "protocol/portal_calldata.h"
#include "service/common/op_input.h"
#include "service/funding/funding_preflight.h"
#include "service/funding/relay.h"
#include "service/funding/relay_calls.h"
#include "service/funding/relay_simulation.h"
#include "service/funding/sponsorship.h"
#include "service/status/status_queries.h"

namespace sr::service {
namespace {

using json = nlohmann::ordered_json;
using testing::local_config;

constexpr std::uint64_t kSource = 8453;
constexpr std::uint64_t kDestination = 10;
constexpr std::uint64_t kRouteDeadline = 1'800'000'000;
constexpr std::uint64_t kRewardDeadline = 1'800'003'600;
const char* const kCreator = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const char* const kQuoteUuid = "6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f";

Hash32 filled(std::uint8_t byte) {
  Hash32 h;
  h.fill(byte);
  return h;
}

ChainTx tx_on(std::uint64_t chain, std::uint8_t n) { return ChainTx{chain, filled(n), std::uint64_t{100} + n, 0, std::nullopt}; }

// A Base -> Optimism intent the service registered from a quote and the chain shows funded.
IntentRecord funded_record() {
  IntentRecord r;
  r.intent_hash = filled(0xab);
  r.source_chain_id = kSource;
  r.destination_chain_id = kDestination;
  r.route_deadline = kRouteDeadline;
  r.reward_deadline = kRewardDeadline;
  r.role = "delivery";
  r.quote_id = kQuoteUuid;
  r.route_hash = filled(0x11);
  protocol::Reward reward;
  reward.deadline = kRewardDeadline;
  reward.creator = protocol::Account::from_evm(Address::parse(kCreator));
  reward.prover = local_config().chain(kSource)->prover->account();
  reward.tokens = {{protocol::Account::from_evm(Address::parse("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913")), U256(25'000'000)}};
  r.reward = reward;
  r.tx(IntentStep::published) = tx_on(kSource, 1);
  r.tx(IntentStep::funded) = tx_on(kSource, 1);
  r.funded_complete = true;
  r.updated_at = kRouteDeadline - 3000;
  return r;
}

json check(const IntentRecord& record, std::uint64_t now, const json& owner, json chain_times = json::object()) {
  json input{{"record", record_to_json(record)}, {"now", now}, {"chainTimes", std::move(chain_times)}};
  if (!owner.is_null()) input["owner"] = owner;
  const OpResult r = intent_status_check_with_refund_op(local_config(), input);
  EXPECT_EQ(r.status, 200) << r.body.dump();
  return r.body;
}

// Every row: a record and an owner, at the reward deadline or not; whether the relayer refunds.
TEST(RefundRelay, RefundsOnlyRegisteredFundedUnprovenIntentsPastTheirRewardDeadlineWithAPayingPartner) {
  struct Row {
    const char* name;
    std::function<void(IntentRecord&)> change;
    json owner;
    std::uint64_t now;
    bool refunds;
  };
  const auto none = [](IntentRecord&) {};
  const std::vector<Row> rows = {
      {"refundable, a keyed quote's intent", none, "key:dev-acme", kRewardDeadline, true},
      {"refundable, a deposit address's intent", none, "partner:frugal", kRewardDeadline + 5, true},
      {"a second before the reward deadline (expired, not refundable yet)", none, "key:dev-acme", kRewardDeadline - 1, false},
      {"pending, before the route deadline", none, "key:dev-acme", kRouteDeadline, false},
      {"no owner: nobody's sponsorship pays", none, nullptr, kRewardDeadline, false},
      {"a key mapped to no partner", none, "key:dev-unmapped", kRewardDeadline, false},
      {"an unknown key", none, "key:nobody", kRewardDeadline, false},
      {"an unknown partner", none, "partner:nobody", kRewardDeadline, false},
      {"an owner of no known kind", none, "acme", kRewardDeadline, false},
      {"not registered by the service (no quote id)", [](IntentRecord& r) { r.quote_id.reset(); }, "key:dev-acme", kRewardDeadline, false},
      {"never funded", [](IntentRecord& r) { r.tx(IntentStep::funded).reset(); }, "key:dev-acme", kRewardDeadline, false},
      {"partly funded: refundable, what the vault holds goes back",
       [](IntentRecord& r) { r.funded_complete = false; }, "key:dev-acme", kRewardDeadline, true},
      {"filled (the solver may still prove it)", [](IntentRecord& r) { r.tx(IntentStep::fulfilled) = tx_on(kDestination, 2); }, "key:dev-acme", kRewardDeadline, false},
      {"proven", [](IntentRecord& r) { r.tx(IntentStep::proven) = tx_on(kSource, 3); }, "key:dev-acme", kRewardDeadline, false},
      {"withdrawn", [](IntentRecord& r) { r.tx(IntentStep::withdrawn) = tx_on(kSource, 4); }, "key:dev-acme", kRewardDeadline, false},
      {"refunded already (by anyone)", [](IntentRecord& r) { r.tx(IntentStep::refunded) = tx_on(kSource, 5); }, "key:dev-acme", kRewardDeadline, false},
      {"no reward kept (an old record)", [](IntentRecord& r) { r.reward.reset(); }, "key:dev-acme", kRewardDeadline, false},
      {"no route hash kept", [](IntentRecord& r) { r.route_hash.reset(); }, "key:dev-acme", kRewardDeadline, false},
      {"a Solana source (its refund is no EVM call)", [](IntentRecord& r) { r.source_chain_id = 1399811149; }, "key:dev-acme", kRewardDeadline, false},
      {"an unconfigured source chain", [](IntentRecord& r) { r.source_chain_id = 999; }, "key:dev-acme", kRewardDeadline, false},
  };
  for (const Row& row : rows) {
    IntentRecord record = funded_record();
    row.change(record);
    const json answer = check(record, row.now, row.owner);
    EXPECT_EQ(!answer["refundJob"].is_null(), row.refunds) << row.name << ": " << answer.dump();
  }
}

TEST(RefundRelay, TheSourceChainsClockDecidesAndTheRecheckComesThatMuchSooner) {
  const IntentRecord record = funded_record();
  const std::uint64_t now = kRewardDeadline - 100;
  // The source chain's latest block is already at the deadline: refundable now, by its clock.
  json answer = check(record, now, "key:dev-acme", {{std::to_string(kSource), kRewardDeadline}});
  EXPECT_EQ(answer["status"]["status"], "refundable");
  EXPECT_FALSE(answer["refundJob"].is_null());
  EXPECT_TRUE(answer["recheckAt"].is_null());
  // Its clock 97 s ahead of the worker's: the deadline comes in 3 s of the worker's clock, not 100.
  answer = check(record, now, "key:dev-acme", {{std::to_string(kSource), kRewardDeadline - 3}});
  EXPECT_NE(answer["status"]["status"], "refundable");
  EXPECT_TRUE(answer["refundJob"].is_null());
  EXPECT_EQ(answer["recheckAt"], now + 3);
  // The destination's clock ahead: the route deadline comes sooner too (pending -> expired).
  const json pending = check(record, kRouteDeadline - 50, "key:dev-acme", {{std::to_string(kDestination), kRouteDeadline - 10}});
  EXPECT_EQ(pending["status"]["status"], "pending");
  EXPECT_EQ(pending["recheckAt"], kRouteDeadline - 50 + 11);
  // No chain clock: the worker's (as before).
  EXPECT_EQ(check(record, kRouteDeadline - 50, "key:dev-acme")["recheckAt"], kRouteDeadline + 1);
}

TEST(RefundRelay, TheJobIsOnePerIntentAndItsPlanIsThePortalsRefundAnyoneMaySend) {
  const IntentRecord record = funded_record();
  const json answer = check(record, kRewardDeadline, "key:dev-acme");
  const json& start = answer["refundJob"];
  const std::string id = "refund:" + hex::encode(record.intent_hash);
  EXPECT_EQ(start["jobKey"], id);
  EXPECT_EQ(start["partner"], "acme");
  EXPECT_EQ(start["retryAfterSec"], kRefundRetryAfterSec);
  EXPECT_EQ(start["job"]["id"], id);
  EXPECT_EQ(start["job"]["status"], "accepted");
  EXPECT_EQ(start["job"]["standard"], "refund");
  EXPECT_EQ(start["job"]["quoteId"], kQuoteUuid);
  EXPECT_EQ(start["job"]["intentHash"], hex::encode(record.intent_hash));
  EXPECT_EQ(start["job"]["chainId"], kSource);
  EXPECT_EQ(start["job"]["createdAt"], kRewardDeadline);
  const json& plan = start["plan"];
  EXPECT_EQ(plan["standard"], "refund");
  EXPECT_EQ(plan["chainId"], kSource);
  EXPECT_EQ(plan["funder"], kCreator);  // the refund recipient
  // The relayer's one call is exactly the status's ready-to-send refund, to the source Portal.
  const RelayCalls calls = relay_calls(local_config(), plan);
  EXPECT_FALSE(calls.authorization.has_value());
  const json& offered = answer["status"]["refund"]["transaction"];
  EXPECT_EQ(calls.funding.to.checksummed(), offered["to"]);
  EXPECT_EQ(hex::encode(calls.funding.data), offered["data"]);
  EXPECT_EQ(calls.funding.to, local_config().chain(kSource)->portal.evm());
  EXPECT_EQ(hex::encode(calls.funding.data).substr(0, 10), "0x308adade");  // refund(uint64,bytes32,Reward)
  EXPECT_EQ(calls.funding.data, protocol::portal::refund(kDestination, *record.route_hash, *record.reward));
}

TEST(RefundRelay, TheRelayOpsTakeTheRefundPlanWithNoAuthorizationWindowReservationOrFunderLimit) {
  const json plan = check(funded_record(), kRewardDeadline, "key:dev-acme")["refundJob"]["plan"];
  const Config& config = local_config();
  // Simulated right before signing: the one call, whatever the chain's time (no window).
  const OpResult sim = relay_simulation_op(config, {{"plan", plan}, {"relayer", "0x71bE63f3384f5fb98995898A86B02Fb2426c5788"}, {"chainTime", kRewardDeadline + 999'999}});
  ASSERT_EQ(sim.status, 200) << sim.body.dump();
  ASSERT_EQ(sim.body["calls"].size(), 1u);
  EXPECT_EQ(sim.body["calls"][0]["purpose"], "refund");
  EXPECT_EQ(sim.body["calls"][0]["data"], hex::encode(relay_calls(config, plan).funding.data));
  // A refund someone else sent first makes ours revert: the verdict refuses it, nothing is sent.
  const OpResult reverted = relay_simulation_verdict_op(config, {{"plan", plan}, {"results", json::array({{{"status", "0x0"}, {"returnData", "0x"}}})}});
  EXPECT_EQ(reverted.status, 422);
  const OpResult passes = relay_simulation_verdict_op(config, {{"plan", plan}, {"results", json::array({{{"status", "0x1"}}})}});
  EXPECT_EQ(passes.status, 200);
  // It holds nobody's balance (the vault's money goes back).
  EXPECT_TRUE(funding_reservation(config, plan, "test").is_null());
  // The partner's budget counts it like any relayed job, at its one transaction's most; the
  // refund recipient's count of fundings never refuses it (nobody signed anything).
  const std::uint64_t now = kRewardDeadline;
  const std::uint64_t day = now / kSecondsPerDay;
  json rows = json::array();
  for (int i = 0; i < 5000; ++i) rows.push_back({{"day", day}, {"funder", kCreator}, {"holdWei", "0"}, {"settled", true}, {"receipts", json::array()}});
  const OpResult admitted = sponsorship_admission_op(config, {{"plan", plan}, {"partner", "acme"}, {"now", now}, {"rows", rows}});
  ASSERT_EQ(admitted.status, 200) << admitted.body.dump();
  const U256 ceiling = config.service().relay.max_fee_per_gas_wei.at(kSource);
  const U256 allowance = config.service().relay.l1_data_fee_allowance_wei.count(kSource) ? config.service().relay.l1_data_fee_allowance_wei.at(kSource) : U256();
  EXPECT_EQ(admitted.body["holdWei"], (*U256(config.service().relay.funding_gas_limit).checked_mul(ceiling)).checked_add(allowance)->to_decimal());
  // A spent budget refuses it: the 429 the worker reads as "later".
  const json spent = json::array({{{"day", day}, {"funder", kCreator}, {"holdWei", "100000000000000000000"}, {"settled", false}, {"receipts", json::array()}}});
  EXPECT_EQ(sponsorship_admission_op(config, {{"plan", plan}, {"partner", "acme"}, {"now", now}, {"rows", spent}}).status, 429);
}

// A refund's one call is labelled "refund" wherever the relay ops label calls (the signed
// transaction, the simulated call, the re-send's simulation and replacement), never "funding";
// transactions a relayer signed before the label existed ("funding") are still taken.
TEST(RefundRelay, TheRefundsCallIsLabelledRefundInEveryRelayOp) {
  const json plan = check(funded_record(), kRewardDeadline, "key:dev-acme")["refundJob"]["plan"];
  const Config& config = local_config();
  const char* const key = "0x701b615bbdfb9de65240bc28bd21bbc0d996645a3dd57e7b12bc2bdf6f192c82";  // anvil #11
  const OpResult signed_ = relay_transactions_op(config, {{"plan", plan}, {"relayerKey", key}, {"nonce", 3u}, {"minedNonce", 3u}, {"heldNonces", json::array()}, {"baseFeePerGas", "0x1"}, {"priorityFeeSuggestion", nullptr}});
  ASSERT_EQ(signed_.status, 200) << signed_.body.dump();
  ASSERT_EQ(signed_.body["transactions"].size(), 1u);
  EXPECT_EQ(signed_.body["transactions"][0]["purpose"], "refund");
  EXPECT_EQ(signed_.body["transactions"][0]["to"], local_config().chain(kSource)->portal.evm().checksummed());
  for (const char* from : {"refund", "funding"}) {
    SCOPED_TRACE(from);
    const OpResult sim = relay_simulation_op(config, {{"plan", plan}, {"relayer", "0x71bE63f3384f5fb98995898A86B02Fb2426c5788"}, {"chainTime", kRewardDeadline}, {"from", from}});
    ASSERT_EQ(sim.status, 200) << sim.body.dump();
    EXPECT_EQ(sim.body["calls"].size(), 1u);
    EXPECT_EQ(sim.body["calls"][0]["purpose"], "refund");
    const OpResult reverted = relay_simulation_verdict_op(config, {{"plan", plan}, {"from", from}, {"at", "latest"}, {"results", json::array({{{"status", "0x0"}, {"returnData", "0x"}}})}});
    EXPECT_EQ(reverted.status, 422);
    EXPECT_NE(reverted.body["detail"].get<std::string>().find("the refund call reverts"), std::string::npos) << reverted.body.dump();
    // Held by the node for long: re-priced, the replacement labelled as the transaction was.
    const OpResult replaced = relay_replace_op(config, {{"plan", plan}, {"relayerKey", key}, {"transaction", {{"purpose", from}, {"nonce", 3u}, {"maxFeePerGas", "1000000001"}, {"maxPriorityFeePerGas", "100000001"}, {"cancelling", false}, {"known", true}, {"blocksWaited", 1000u}}}, {"minedNonce", 3u}, {"baseFeePerGas", nullptr}, {"priorityFeeSuggestion", "0x1"}, {"simulation", {{"ok", true}}}});
    ASSERT_EQ(replaced.status, 200) << replaced.body.dump();
    EXPECT_EQ(replaced.body["action"], "replace") << replaced.body.dump();
    EXPECT_EQ(replaced.body["transaction"]["purpose"], from);
  }
  EXPECT_THROW(relay_simulation_op(config, {{"plan", plan}, {"relayer", "0x71bE63f3384f5fb98995898A86B02Fb2426c5788"}, {"chainTime", kRewardDeadline}, {"from", "withdrawal"}}), OpInputError);
}

TEST(RefundRelay, AMalformedOwnerIsTheWorkersBug) {
  EXPECT_THROW(intent_status_check_with_refund_op(local_config(), {{"record", record_to_json(funded_record())}, {"now", kRewardDeadline}, {"owner", 7}}),
               OpInputError);
}

}  // namespace
}  // namespace sr::service
