// The relayer object's transitions (op "relayerStep"), as a table: state x event -> writes,
// effects, reply. Every row is a decision the object used to take in JavaScript; the object now
// only performs what these answers name.
#include "service/funding/relayer_step.h"

#include <gtest/gtest.h>

#include "service/common/op_input.h"

namespace sr::service {
namespace {

using Json = nlohmann::ordered_json;

const char* const kJob = "job:7f3c2a10-9d4e-4b1a-8c2f-5e6d7a8b9c0d";
const char* const kHash = "0x2222222222222222222222222222222222222222222222222222222222222222";
const char* const kAddress = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";

Json relay_state(bool pinned, bool stored) {
  return {{"jobId", kJob}, {"chainId", 8453}, {"account", pinned ? Json(kAddress) : Json(2)}, {"pinned", pinned}, {"stored", stored}};
}

// The state after `n` transactions were prepared and the one at `index` landed.
Json landed_state(bool stored, std::uint64_t n, std::uint64_t index, const char* kind, const char* status) {
  Json s = relay_state(true, stored);
  s["transactions"] = n;
  s["index"] = index;
  s["landed"] = {{"attempt", {{"kind", kind}, {"purpose", "funding"}, {"hash", kHash}, {"nonce", 7}, {"reason", "the authorization was spent"}}},
                 {"receipt", {{"status", status}, {"blockNumber", "0x1b4"}}}};
  return s;
}

Json route_state() { return {{"jobId", kJob}, {"chainId", 8453}}; }
Json route(bool endpoint, bool keyed, Json pinned, bool found) {
  return {{"kind", "route"}, {"endpoint", endpoint}, {"keyed", keyed}, {"pinned", std::move(pinned)}, {"pinnedKeyFound", found}};
}

Json open_row(int open) { return {{"table", "sent"}, {"where", {{"job_id", kJob}}}, {"set", {{"open", open}}}}; }

struct Row {
  const char* name;
  Json state;
  Json event;
  Json writes;
  Json effects;
  Json reply;
};

const std::string kMissingPinned = std::string("the relayer has no key for account ") + kAddress + " on chain 8453 (RELAYER_KEY, RELAYER_KEYS)";
const std::string kMissingByPosition = "the relayer has no key for account 2 on chain 8453 (RELAYER_KEY, RELAYER_KEYS)";

std::vector<Row> rows() {
  const Json none = Json::array();
  const Json thrown_node = {{"thrown", "connection refused"}, {"refused", false}};
  const Json thrown_refused = {{"thrown", "the relayer key is unusable: bad key"}, {"refused", true}};
  Json prepared_2 = relay_state(true, false);
  prepared_2["transactions"] = 2;
  return {
      // relay: the row is opened first; a key found prepares, a new job checking the floor.
      {"relay, key, new job", relay_state(true, false), {{"kind", "relay"}, {"keyFound", true}}, Json::array({open_row(1)}),
       {{{"kind", "prepare"}, {"checkFloor", true}, {"sign", true}}}, nullptr},
      {"relay, key, stored job", relay_state(true, true), {{"kind", "relay"}, {"keyFound", true}}, Json::array({open_row(1)}),
       {{{"kind", "prepare"}, {"checkFloor", false}, {"sign", false}}}, nullptr},
      {"relay, no key, pinned, signed before", relay_state(true, true), {{"kind", "relay"}, {"keyFound", false}}, Json::array({open_row(1)}), none,
       {{"inFlight", kMissingPinned}}},
      {"relay, no key, pinned, new", relay_state(true, false), {{"kind", "relay"}, {"keyFound", false}}, Json::array({open_row(1)}), none,
       {{"retry", kMissingPinned}}},
      {"relay, no key, by position", relay_state(false, false), {{"kind", "relay"}, {"keyFound", false}}, {open_row(1), open_row(0)}, none,
       {{"error", kMissingByPosition}}},
      // prepared
      {"prepared, signed", relay_state(true, false), {{"kind", "prepared"}, {"result", {{"transactions", 2}}}}, none,
       {{{"kind", "land"}, {"index", 0}, {"fresh", true}, {"waitMs", 60000}}}, nullptr},
      {"prepared, stored", relay_state(true, true), {{"kind", "prepared"}, {"result", {{"transactions", 1}}}}, none,
       {{{"kind", "land"}, {"index", 0}, {"fresh", false}, {"waitMs", 60000}}}, nullptr},
      {"prepared, waiting for gas price", relay_state(true, false),
       {{"kind", "prepared"}, {"result", {{"waitingFor", "gas-price"}, {"detail", "above the ceiling"}}}}, none, none,
       {{"waitingFor", "gas-price"}, {"detail", "above the ceiling"}}},
      {"prepared, simulation refused", relay_state(true, false), {{"kind", "prepared"}, {"result", {{"error", "would revert"}}}},
       Json::array({open_row(0)}), none, {{"error", "would revert"}}},
      {"prepared, node down, new job", relay_state(true, false), {{"kind", "prepared"}, {"result", thrown_node}}, none, none,
       {{"retry", "chain 8453: connection refused"}}},
      {"prepared, node down, stored job", relay_state(true, true), {{"kind", "prepared"}, {"result", thrown_node}}, none, none,
       {{"inFlight", "chain 8453: connection refused"}}},
      {"prepared, key unusable", relay_state(true, true), {{"kind", "prepared"}, {"result", thrown_refused}}, Json::array({open_row(0)}), none,
       {{"error", "the relayer key is unusable: bad key"}}},
      // landed
      {"landed, receipt", prepared_2,
       {{"kind", "landed"},
        {"result", {{"receipt", {{"status", "0x1"}, {"blockNumber", "0x10"}, {"gasUsed", "0x5208"}}},
                    {"attempt", {{"kind", "original"}, {"purpose", "authorization"}, {"hash", kHash}, {"nonce", 7}}}}}},
       none, {{{"kind", "recordReceipt"}, {"hash", kHash}}}, nullptr},
      {"landed, node down", prepared_2, {{"kind", "landed"}, {"result", thrown_node}}, none, none,
       {{"inFlight", "chain 8453: connection refused"}}},
      {"landed, refused", prepared_2, {{"kind", "landed"}, {"result", thrown_refused}}, Json::array({open_row(0)}), none,
       {{"error", "the relayer key is unusable: bad key"}}},
      {"landed, nonce taken", prepared_2, {{"kind", "landed"}, {"result", {{"error", "nonce 7 taken"}}}}, Json::array({open_row(0)}), none,
       {{"error", "nonce 7 taken"}}},
      {"landed, no receipt in its while", prepared_2, {{"kind", "landed"}, {"result", {{"inFlight", "no receipt yet"}}}}, none, none,
       {{"inFlight", "no receipt yet"}}},
      // recorded
      {"recorded, the store did not answer", landed_state(false, 2, 0, "original", "0x1"), {{"kind", "recorded"}, {"failed", "timeout"}},
       none, none,
       {{"inFlight", std::string("chain 8453: the receipt of ") + kHash + " could not be recorded yet (timeout)"}}},
      {"recorded, first of two, lands the next", landed_state(false, 2, 0, "original", "0x1"), {{"kind", "recorded"}, {"failed", nullptr}},
       none, {{{"kind", "land"}, {"index", 1}, {"fresh", true}, {"waitMs", 60000}}}, nullptr},
      {"recorded, last, mined", landed_state(true, 2, 1, "replacement", "0x1"), {{"kind", "recorded"}, {"failed", nullptr}},
       Json::array({open_row(0)}), none, {{"transactionHash", kHash}, {"blockNumber", 436}}},
      {"recorded, reverted", landed_state(false, 2, 1, "original", "0x0"), {{"kind", "recorded"}, {"failed", nullptr}}, Json::array({open_row(0)}),
       none, {{"error", std::string("the funding transaction ") + kHash + " reverted on chain 8453"}}},
      {"recorded, cancelled", landed_state(false, 2, 1, "cancel", "0x1"), {{"kind", "recorded"}, {"failed", nullptr}}, Json::array({open_row(0)}),
       none,
       {{"error", std::string("the authorization was spent; the relayer filled its nonce 7 on chain 8453 with a 0-value transfer to itself (") +
                      kHash + ") instead of its funding transaction, so the intent was not funded"}}},
      // which object relays the job
      {"route, no endpoint", route_state(), route(false, true, kAddress, true), none, none,
       {{"error", "no JSON-RPC endpoint is configured for chain 8453, so the relayer cannot submit there"}}},
      {"route, no key at all", route_state(), route(true, false, kAddress, true), none, none,
       {{"error", "the relayer has no key (worker secret RELAYER_KEY)"}}},
      {"route, stored before pinning", route_state(), route(true, true, nullptr, false), none,
       {{{"kind", "relayByPosition"}}}, nullptr},
      {"route, pinned, its key found", route_state(), route(true, true, kAddress, true), none,
       {{{"kind", "relayAt"}, {"address", kAddress}}}, nullptr},
      {"route, pinned, its key gone", route_state(), route(true, true, kAddress, false), none,
       {{{"kind", "holds"}, {"address", kAddress}}}, nullptr},
      {"held, it signed: the job waits for the key", route_state(), {{"kind", "held"}, {"address", kAddress}, {"holds", true}}, none, none,
       {{"inFlight", std::string("the key of relayer account ") + kAddress +
                         ", which signed this job's transactions on chain 8453, is no longer among RELAYER_KEY and RELAYER_KEYS; the job waits for it"}}},
      {"held, it signed nothing: another account", route_state(), {{"kind", "held"}, {"address", kAddress}, {"holds", false}}, none,
       {{{"kind", "repin"}}}, nullptr},
      // waiting for a receipt
      {"polled, nonce used, none of ours", {{"nonce", 7}}, {{"kind", "polled"}, {"used", 8}, {"found", false}}, none,
       {{{"kind", "readReceipts"}, {"afterMs", 1500}}}, nullptr},
      {"polled, nonce not used", {{"nonce", 7}}, {{"kind", "polled"}, {"used", 7}, {"found", false}}, none, none, nullptr},
      {"polled, found", {{"nonce", 7}}, {{"kind", "polled"}, {"used", 8}, {"found", true}}, none, none, nullptr},
      {"send refused, already known", Json::object(), {{"kind", "sendRefused"}, {"message", "ALREADY KNOWN"}}, none, none, {{"sent", true}}},
      {"send refused, nonce too low", Json::object(), {{"kind", "sendRefused"}, {"message", "nonce too low: next 8"}}, none, none,
       {{"sent", true}}},
      {"send refused, underpriced", Json::object(), {{"kind", "sendRefused"}, {"message", "replacement transaction underpriced"}}, none,
       none, {{"sent", true}}},
      {"send refused, insufficient funds", Json::object(), {{"kind", "sendRefused"}, {"message", "insufficient funds for gas"}}, none,
       none, {{"sent", false}}},
  };
}

TEST(RelayerStep, EachStateAndEventAnswersItsWritesEffectsAndReply) {
  for (const Row& row : rows()) {
    SCOPED_TRACE(row.name);
    const OpResult r = relayer_step_op({{"state", row.state}, {"event", row.event}});
    ASSERT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body["writes"], row.writes);
    EXPECT_EQ(r.body["effects"], row.effects);
    EXPECT_EQ(r.body["reply"], row.reply);
    EXPECT_EQ(r.body["alarmAt"], nullptr);
  }
}

// Following the effects from relay to the mined funding: every transaction is landed in turn and
// the state carries what the next event needs.
TEST(RelayerStep, ARelayOfTwoTransactionsRunsToItsFunding) {
  Json state = relay_state(true, false);
  auto step = [&](const Json& event) {
    const OpResult r = relayer_step_op({{"state", state}, {"event", event}});
    EXPECT_EQ(r.status, 200) << r.body.dump();
    state = r.body["state"];
    return r.body;
  };
  EXPECT_EQ(step({{"kind", "relay"}, {"keyFound", true}})["effects"][0]["kind"], "prepare");
  EXPECT_EQ(step({{"kind", "prepared"}, {"result", {{"transactions", 2}}}})["effects"][0]["index"], 0);
  for (int i = 0; i < 2; ++i) {
    const Json attempt = {{"kind", "original"}, {"purpose", i == 0 ? "authorization" : "funding"}, {"hash", kHash}, {"nonce", 7 + i}};
    EXPECT_EQ(step({{"kind", "landed"}, {"result", {{"receipt", {{"status", "0x1"}, {"blockNumber", "0x20"}}}, {"attempt", attempt}}}})["effects"][0]["kind"],
              "recordReceipt");
    const Json recorded = step({{"kind", "recorded"}, {"failed", nullptr}});
    if (i == 0) EXPECT_EQ(recorded["effects"][0], (Json{{"kind", "land"}, {"index", 1}, {"fresh", true}, {"waitMs", 60000}}));
    else EXPECT_EQ(recorded["reply"], (Json{{"transactionHash", kHash}, {"blockNumber", 32}}));
  }
}

TEST(RelayerStep, AMalformedStateOrEventIsAWorkerBug) {
  EXPECT_THROW(relayer_step_op({{"state", relay_state(true, false)}, {"event", {{"kind", "teleport"}}}}), OpInputError);
  EXPECT_THROW(relayer_step_op({{"state", {{"jobId", kJob}}}, {"event", {{"kind", "relay"}, {"keyFound", true}}}}), OpInputError);
  EXPECT_THROW(relayer_step_op({{"state", relay_state(true, false)}, {"event", {{"kind", "prepared"}, {"result", {{"transactions", 0}}}}}}),
               OpInputError);
  EXPECT_THROW(relayer_step_op({{"state", landed_state(false, 1, 0, "original", "0x1")}, {"event", {{"kind", "recorded"}, {"failed", 3}}}}),
               OpInputError);
}

}  // namespace
}  // namespace sr::service
