// The intent shard's transitions (op "intentShardStep"), as a table: state x event -> writes,
// effects, alarm, reply. What a record, a status or a retention is comes from the status ops
// (status_ops_test.cpp, record_retention's tests); this table holds what the shard does with them.
#include "service/status/intent_shard_step.h"

#include <gtest/gtest.h>

#include "../config_fixture.h"
#include "crypto/hex.h"
#include "crypto/sha256.h"
#include "protocol/events.h"
#include "service/common/op_input.h"
#include "service/status/quote_registration.h"
#include "service/status/record_retention.h"
#include "service/status/record_tables.h"
#include "service/status/status_queries.h"
#include "service/status/status_records.h"

namespace sr::service {
namespace {

using Json = nlohmann::ordered_json;
using testing::local_config;

const char* const kHash = "0x1111111111111111111111111111111111111111111111111111111111111111";
const char* const kOther = "0x2222222222222222222222222222222222222222222222222222222222222222";
const char* const kTx = "0x3333333333333333333333333333333333333333333333333333333333333333";
const char* const kQuoteId = "7f3c2a10-9d4e-4b1a-8c2f-5e6d7a8b9c0d";
// A quote id as the engine issues it for kHash: its first 6 bytes, then random digits.
const char* const kLeadingQuoteId = "11111111-1111-4b1a-8c2f-5e6d7a8b9c0d";
const char* const kPortal = "0xEC000064576f9C95a8623Bc0eff3db6d296ea6df";
const char* const kCreator = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const char* const kOwner = "key:k1";
constexpr std::uint64_t kNow = 1'763'700'000;
constexpr std::uint64_t kNowMs = kNow * 1000 + 250;
constexpr std::uint64_t kRoute = kNow + 600;
constexpr std::uint64_t kReward = kNow + 3'600;
constexpr std::uint64_t kSource = 8453;
constexpr std::uint64_t kDestination = 10;

ChainTx tx_on(std::uint64_t chain, std::uint64_t block) { return {chain, hex::decode32(kTx), block, 0, std::nullopt}; }

// A registered record: its chains and deadlines, no transaction yet.
IntentRecord registered_record(const char* hash = kHash) {
  IntentRecord r;
  r.intent_hash = hex::decode32(hash);
  r.source_chain_id = kSource;
  r.destination_chain_id = kDestination;
  r.route_deadline = kRoute;
  r.reward_deadline = kReward;
  r.quote_id = kQuoteId;
  return r;
}
Json registered(const char* hash = kHash) { return record_to_json(registered_record(hash)); }
Json with_steps(std::initializer_list<IntentStep> steps, const char* hash = kHash) {
  IntentRecord r = registered_record(hash);
  r.funded_complete = true;
  for (IntentStep s : steps) r.tx(s) = tx_on(s == IntentStep::fulfilled ? kDestination : kSource, 100);
  r.updated_at = kNow - 10;
  return record_to_json(r);
}
Json pending_record() { return with_steps({IntentStep::published, IntentStep::funded}); }
Json settled_record() { return with_steps({IntentStep::published, IntentStep::funded, IntentStep::fulfilled, IntentStep::proven}); }
Json refunded_record() { return with_steps({IntentStep::published, IntentStep::funded, IntentStep::refunded}); }
// Published and never funded, its route deadline passed: failed.
Json failed_record() {
  IntentRecord r = registered_record();
  r.route_deadline = kNow - 1;
  r.tx(IntentStep::published) = tx_on(kSource, 100);
  return record_to_json(r);
}

Json step(const Json& state, const Json& event) {
  const OpResult r = intent_shard_step_op(local_config(), {{"state", state}, {"event", event}});
  EXPECT_EQ(r.status, 200) << r.body.dump();
  return r.body;
}
Json kind(const char* k) { return Json{{"kind", k}}; }
Json with_now(Json state) {
  state["nowMs"] = kNowMs;
  return state;
}

// What the op refuses `input` with (a worker bug, thrown naming the member), or "accepted".
std::string refusal(const Json& input) {
  try {
    intent_shard_step_op(local_config(), input);
  } catch (const OpInputError& e) {
    return std::string(e.what());
  }
  return std::string("accepted");
}

// A row of a table: state x event -> the writes and effects the step answers (no alarm, no reply).
struct Row {
  const char* name;
  Json state;
  Json event;
  Json writes;
  Json effects = Json::array();
};
void expect_rows(const std::vector<Row>& rows) {
  for (const Row& row : rows) {
    SCOPED_TRACE(row.name);
    const Json answer = step(row.state, row.event);
    EXPECT_EQ(answer["writes"], row.writes);
    EXPECT_EQ(answer["effects"], row.effects);
    EXPECT_EQ(answer["alarmAt"], nullptr);
    EXPECT_EQ(answer["reply"], nullptr);
  }
}

// ---- the status checks an owned intent gets, and the status changes its owner hears of -------

Json check_state(const Json& record, const Json& last_status) {
  return with_now({{"intentHash", kHash}, {"table", "record_kept"}, {"owner", kOwner}, {"lastStatus", last_status}, {"record", record}});
}
Json status_check(const Json& record) {
  return intent_status_check_op(local_config(), {{"record", record}, {"now", kNow}, {"chainTimes", Json::object()}, {"chainHeads", Json::object()}}).body;
}
Json check_event() { return {{"kind", "check"}, {"chainHeads", Json::object()}}; }

struct CheckRow {
  const char* name;
  Json record;
  Json last_status;
  Json event;
  Json effects;
  Json status;  // what "checked" writes as the delivered status
  Json next;
};

TEST(IntentShardStep, ACheckDeliversAStatusOnlyWhenItDiffersFromTheLastDelivered) {
  const Json none = Json::array();
  const Json pending = status_check(pending_record());
  const Json settled = status_check(settled_record());
  ASSERT_EQ(pending["status"]["status"], "pending");
  ASSERT_EQ(pending["recheckAt"], kRoute + 1);
  const std::vector<CheckRow> rows = {
      {"no record: the check ends (a chain event marks it again)", nullptr, nullptr, check_event(), none, nullptr, nullptr},
      {"the chain heads unreadable: again in 30 s", pending_record(), "pending", {{"kind", "check"}, {"thrown", "down"}}, none, "pending", kNow + 30},
      {"the same status: nothing delivered, next at its deadline", pending_record(), "pending", check_event(), none, "pending", kRoute + 1},
      {"first check: delivered with no status before", pending_record(), nullptr, check_event(),
       Json::array({Json{{"kind", "deliver"}, {"owner", kOwner}, {"before", nullptr}, {"after", pending["status"]}}}), "pending", kRoute + 1},
      {"a new status: delivered, nothing more to wait for", settled_record(), "pending", check_event(),
       Json::array({Json{{"kind", "deliver"}, {"owner", kOwner}, {"before", {{"status", "pending"}}}, {"after", settled["status"]}}}), "settled",
       nullptr},
  };
  for (const CheckRow& row : rows) {
    SCOPED_TRACE(row.name);
    const Json answer = step(check_state(row.record, row.last_status), row.event);
    EXPECT_EQ(answer["effects"], row.effects);
    EXPECT_EQ(answer["writes"], Json::array());
    EXPECT_EQ(answer["alarmAt"], nullptr);
    EXPECT_EQ(answer["state"]["status"], row.status);
    EXPECT_EQ(answer["state"]["next"], row.next);
  }
}

// A status check that names a refund (as op intentStatusCheck with funding/refund_relay.h does
// for a funded intent past its reward deadline unproven): the refund starts after the delivery.
OpResult check_with_refund(const Config& config, const Json& input) {
  OpResult answer = intent_status_check_op(config, input);
  answer.body["refundJob"] = {{"jobKey", "refund:0x11"}, {"owner", input["owner"]}};
  return answer;
}

TEST(IntentShardStep, ACheckStartsTheRefundItsStatusCheckNamesAfterTheDelivery) {
  const OpResult answer = intent_shard_step_op(local_config(), {{"state", check_state(pending_record(), nullptr)}, {"event", check_event()}}, check_with_refund);
  ASSERT_EQ(answer.status, 200) << answer.body.dump();
  const Json& effects = answer.body["effects"];
  ASSERT_EQ(effects.size(), 2u) << effects.dump();
  EXPECT_EQ(effects[0]["kind"], "deliver");
  EXPECT_EQ(effects[1], (Json{{"kind", "refund"}, {"job", {{"jobKey", "refund:0x11"}, {"owner", kOwner}}}, {"owner", kOwner}}));
  // Without one (the plain status check), no refund.
  EXPECT_EQ(step(check_state(pending_record(), "pending"), check_event())["effects"], Json::array());
}

TEST(IntentShardStep, CheckedWritesTheOwnerColumnsOnceTheDeliveryIsQueued) {
  Json after_change = check_state(settled_record(), "pending");
  after_change["status"] = "settled";
  after_change["next"] = nullptr;
  Json unchanged = check_state(pending_record(), "pending");
  unchanged["status"] = "pending";
  unchanged["next"] = kRoute + 1;
  // The owner's columns of the record's row.
  const auto owner_write = [](Json set) { return Json::array({Json{{"table", "record_kept"}, {"where", {{"intent_hash", kHash}}}, {"set", std::move(set)}}}); };
  expect_rows({
      {"delivered: the status moves on", after_change, {{"kind", "checked"}, {"markedAgain", false}, {"delivered", true}},
       owner_write({{"last_status", "settled"}, {"check_at", nullptr}})},
      {"a refund not started now: looked at again then", unchanged, {{"kind", "checked"}, {"markedAgain", false}, {"refundAt", kNow + 600}},
       owner_write({{"check_at", kNow + 600}})},
      {"delivered, then the refund failed: the status moves on, again in 30 s", after_change,
       {{"kind", "checked"}, {"markedAgain", false}, {"delivered", true}, {"thrown", "rpc"}}, owner_write({{"last_status", "settled"}, {"check_at", kNow + 30}})},
      {"unchanged: only the next check", unchanged, {{"kind", "checked"}, {"markedAgain", false}}, owner_write({{"check_at", kRoute + 1}})},
      {"marked again while checking: checked again at once", unchanged, {{"kind", "checked"}, {"markedAgain", true}}, owner_write({{"check_at", kNow}})},
      {"the delivery failed: the status stays, again in 30 s", after_change, {{"kind", "checked"}, {"markedAgain", false}, {"thrown", "queue"}},
       owner_write({{"check_at", kNow + 30}})},
  });
}

// ---- live status streams ------------------------------------------------------------------

Json stream_state(const Json& record, const Json& last) {
  return with_now({{"query", {{"intentHash", kHash}, {"quoteId", nullptr}}}, {"record", record}, {"chainTimes", Json::object()}, {"chainHeads", Json::object()}, {"last", last}});
}
// The body a stream sends, as op intentStatus answers it, and its event id.
Json body_of(const Json& record) {
  return intent_status_op(local_config(), {{"query", {{"intentHash", kHash}, {"quoteId", nullptr}}}, {"record", record}, {"now", kNow}, {"chainTimes", Json::object()}, {"chainHeads", Json::object()}}).body;
}
std::string id_of(const Json& record) {
  const Hash32 digest = sha256(std::string_view(body_of(record).dump()));
  return hex::encode(ByteView(digest.data(), 8), false);
}
Json send(const Json& record) { return Json{{"kind", "send"}, {"id", id_of(record)}, {"data", body_of(record).dump()}}; }
const Json kClose = Json{{"kind", "close"}};

TEST(IntentShardStep, AStreamIsSentEachNewBodyAndEndsWhereAWatcherStops) {
  struct Row {
    const char* name;
    Json state;
    Json effects;
  };
  Json bad_query = stream_state(pending_record(), nullptr);
  bad_query["query"] = {{"intentHash", "0x12"}, {"quoteId", nullptr}};
  const auto aged = [](Json state, std::uint64_t age_ms, Json max_age_ms = nullptr) {
    state["ageMs"] = age_ms;
    if (!max_age_ms.is_null()) state["maxAgeMs"] = max_age_ms;
    return state;
  };
  const std::vector<Row> rows = {
      {"first: the body now", stream_state(pending_record(), nullptr), Json::array({send(pending_record())})},
      {"the body the client has: nothing", stream_state(pending_record(), id_of(pending_record())), Json::array()},
      {"the body changed", stream_state(settled_record(), id_of(pending_record())), Json::array({send(settled_record()), kClose})},
      {"settled, the client has it: ends", stream_state(settled_record(), id_of(settled_record())), Json::array({kClose})},
      {"refunded: ends", stream_state(refunded_record(), nullptr), Json::array({send(refunded_record()), kClose})},
      {"failed: ends", stream_state(failed_record(), nullptr), Json::array({send(failed_record()), kClose})},
      {"no record: unknown, kept open", stream_state(nullptr, nullptr), Json::array({send(nullptr)})},
      {"a query the status refuses: ends, nothing sent", bad_query, Json::array({kClose})},
      {"open just under ten minutes: kept open", aged(stream_state(pending_record(), id_of(pending_record())), kStreamMaxAgeMs - 1), Json::array()},
      {"ten minutes open: ends", aged(stream_state(pending_record(), id_of(pending_record())), kStreamMaxAgeMs), Json::array({kClose})},
      {"at its age, a change is sent before the end", aged(stream_state(settled_record(), id_of(pending_record())), kStreamMaxAgeMs),
       Json::array({send(settled_record()), kClose})},
      {"the deployment's shorter maximum age", aged(stream_state(nullptr, id_of(nullptr)), 2000, 2000), Json::array({kClose})},
  };
  EXPECT_EQ(kStreamMaxAgeMs, 600'000u) << "the contract's 10 minutes";
  ASSERT_EQ(body_of(failed_record())["status"], "failed");
  ASSERT_EQ(body_of(refunded_record())["status"], "refunded");
  for (const Row& row : rows) {
    SCOPED_TRACE(row.name);
    const Json answer = step(row.state, kind("stream"));
    EXPECT_EQ(answer["effects"], row.effects);
    EXPECT_EQ(answer["writes"], Json::array());
    const bool sent = !row.effects.empty() && row.effects[0]["kind"] == "send";
    EXPECT_EQ(answer["state"]["last"], sent ? row.effects[0]["id"] : row.state["last"]);
  }
}

// ---- registrations, chain events and retention ------------------------------------------

// The table of records by expiry hour a record with this expiry is stored in ("record_kept" for
// none), and when it is dropped.
std::string table_of(const Json& expire_at) { return expire_at.is_null() ? "record_kept" : record_table(expire_at.get<std::uint64_t>(), kRecordBucketSec); }
std::uint64_t hour_end(std::uint64_t expire_at) { return (expire_at / 3600 + 1) * 3600; }
// A record stored with its expiry, in its expiry's table: an upsert (its owner's columns, if any,
// stay as they are).
Json record_write(const char* hash, const Json& record, const Json& expire_at) {
  return {{"table", table_of(expire_at)}, {"where", {{"intent_hash", hash}}}, {"upsert", {{"record", record.dump()}, {"expire_at", expire_at}}}};
}
Json owned_record_write(const char* hash, const Json& record, const Json& expire_at, const char* owner) {
  Json write = record_write(hash, record, expire_at);
  write["upsert"]["owner"] = owner;
  return write;
}
const std::uint64_t kExpiry = kReward + kRecordGraceSec;  // record_retention.h: an hour after the later deadline
// The alarm for a record stored with kExpiry: its table's end, the first second after its hour.
const std::uint64_t kTableEnd = hour_end(kExpiry);

TEST(RecordTables, ARecordIsStoredInTheTableOfItsExpirysHourDroppedOnceThatHourIsPast) {
  EXPECT_EQ(record_table(std::nullopt, 3600), "record_kept");
  EXPECT_EQ(record_table(7'199, 3600), "record_until_7200");
  EXPECT_EQ(record_table(7'200, 3600), "record_until_10800");
  EXPECT_EQ(record_table(7'200, 1), "record_until_7201");
  EXPECT_EQ(record_table_end("record_until_7200"), 7'200u);
  for (const char* other : {"record", "record_kept", "record_until_", "record_until_07200", "record_until_72x0", "record_until_-1", "quote",
                            "record_until_99999999999999999999"}) {
    EXPECT_EQ(record_table_end(other), std::nullopt) << other;
  }
  EXPECT_TRUE(is_record_table("record"));
  EXPECT_TRUE(is_record_table("record_kept"));
  EXPECT_TRUE(is_record_table("record_until_7200"));
  EXPECT_FALSE(is_record_table("quote"));
  EXPECT_FALSE(is_record_table("record_tx"));
}

TEST(IntentShardStep, ARegistrationStoresRecordsWithTheirRetentionAndItsQuoteIdAndOwner) {
  IntentRecord bare;  // what chain events created before the registration: no deadlines
  bare.intent_hash = hex::decode32(kHash);
  bare.tx(IntentStep::funded) = tx_on(kSource, 100);
  const Json merged = merge_registration_op(local_config(), {{"registered", registered()}, {"stored", record_to_json(bare)}}).body["record"];
  struct Row {
    const char* name;
    Json state;
    Json writes;
    Json alarm_at;
  };
  const Json records{{kHash, registered()}};
  // The same registration again, merged into its stored record.
  const Json again = merge_registration_op(local_config(), {{"registered", registered()}, {"stored", registered()}}).body["record"];
  const Json quote_here{{"quoteId", kQuoteId}, {"deliveryIntentHash", kHash}};
  const Json quote_apart{{"quoteId", kQuoteId}, {"deliveryIntentHash", kOther}, {"record", registered(kOther)}};
  const std::vector<Row> rows = {
      {"new: stored with its expiry, the alarm then", with_now({{"records", records}, {"stored", {{kHash, nullptr}}}, {"alarm", nullptr}}),
       Json::array({record_write(kHash, registered(), kExpiry)}), kTableEnd * 1000},
      {"an earlier alarm stays", with_now({{"records", records}, {"stored", {{kHash, nullptr}}}, {"alarm", kNowMs + 1}}),
       Json::array({record_write(kHash, registered(), kExpiry)}), nullptr},
      {"created by chain events first: merged, kept", with_now({{"records", records}, {"stored", {{kHash, record_to_json(bare)}}}, {"alarm", nullptr}}),
       Json::array({record_write(kHash, merged, nullptr)}), nullptr},
      {"its quote id goes with the record", with_now({{"records", records}, {"stored", {{kHash, nullptr}}}, {"quote", quote_here}, {"alarm", nullptr}}),
       Json::array({record_write(kHash, registered(), kExpiry),
                    Json{{"table", "quote"}, {"replace", {{"quote_id", kQuoteId}, {"intent_hash", kHash}, {"expire_at", nullptr}}}}}),
       kTableEnd * 1000},
      {"a quote id apart from its record: an expiry of its own", with_now({{"records", Json::object()}, {"stored", Json::object()}, {"quote", quote_apart}, {"alarm", nullptr}}),
       Json::array({Json{{"table", "quote"}, {"replace", {{"quote_id", kQuoteId}, {"intent_hash", kOther}, {"expire_at", kExpiry}}}}}), kExpiry * 1000},
      {"a quote id that starts with its intent's hash, stored with it: no row (a lookup finds the record by that prefix)",
       with_now({{"records", records}, {"stored", {{kHash, nullptr}}}, {"quote", {{"quoteId", kLeadingQuoteId}, {"deliveryIntentHash", kHash}}}, {"alarm", nullptr}}),
       Json::array({record_write(kHash, registered(), kExpiry)}), kTableEnd * 1000},
      {"the same quote id, its record in another shard: a row with the record's expiry",
       with_now({{"records", Json::object()}, {"stored", Json::object()}, {"quote", {{"quoteId", kLeadingQuoteId}, {"deliveryIntentHash", kHash}, {"record", registered()}}}, {"alarm", nullptr}}),
       Json::array({Json{{"table", "quote"}, {"replace", {{"quote_id", kLeadingQuoteId}, {"intent_hash", kHash}, {"expire_at", kExpiry}}}}}), kExpiry * 1000},
      {"an owner for each record, a column of its row", with_now({{"records", records}, {"stored", {{kHash, nullptr}}}, {"owner", kOwner}, {"owned", Json::array()}, {"alarm", nullptr}}),
       Json::array({owned_record_write(kHash, registered(), kExpiry, kOwner)}), kTableEnd * 1000},
      {"an owner already stored is never replaced", with_now({{"records", records}, {"stored", {{kHash, registered()}}}, {"owner", "key:other"}, {"owned", {kHash}}, {"alarm", nullptr}}),
       Json::array({record_write(kHash, again, kExpiry)}), kTableEnd * 1000},
  };
  for (const Row& row : rows) {
    SCOPED_TRACE(row.name);
    const Json answer = step(row.state, kind("registered"));
    EXPECT_EQ(answer["writes"], row.writes);
    EXPECT_EQ(answer["alarmAt"], row.alarm_at);
    EXPECT_EQ(answer["reply"], nullptr);
    const Json notify = row.state["records"].empty() ? Json::array() : Json::array({Json{{"kind", "notify"}, {"intents", {kHash}}}});
    EXPECT_EQ(answer["effects"], notify);
  }
}

// A batch is the same registrations as events of their own, one after the other: each later one
// finds what the earlier ones stored (the record, its row's table and owner).
TEST(IntentShardStep, ABatchOfRegistrationsStoresEachAsItsOwnEventWouldInOrder) {
  const Json quote_here{{"quoteId", kQuoteId}, {"deliveryIntentHash", kHash}};
  const Json first = step(with_now({{"records", {{kHash, registered()}}}, {"stored", {{kHash, nullptr}}}, {"owner", kOwner}, {"owned", Json::array()}, {"quote", quote_here}, {"alarm", nullptr}}),
                          kind("registered"));
  const Json second = step(with_now({{"records", {{kOther, registered(kOther)}}}, {"stored", {{kOther, nullptr}}}, {"alarm", nullptr}}), kind("registered"));
  // The first registration again, by another owner: merged into what the first stored, whose owner stays.
  const Json places{{kHash, {{"table", first["writes"][0]["table"]}, {"owner", kOwner}, {"lastStatus", nullptr}, {"checkAt", nullptr}}}};
  const Json third = step(with_now({{"records", {{kHash, registered()}}}, {"stored", {{kHash, registered()}}}, {"owner", "key:other"}, {"owned", {kHash}}, {"places", places}, {"alarm", nullptr}}),
                          kind("registered"));
  Json expected = Json::array();
  for (const Json* answer : {&first, &second, &third}) {
    for (const Json& w : (*answer)["writes"]) expected.push_back(w);
  }
  ASSERT_EQ(expected.size(), 4u);  // the record and its quote-id row, the other record, the record again

  const Json batch = Json::array({Json{{"records", {{kHash, registered()}}}, {"owner", kOwner}, {"quote", quote_here}},
                                  Json{{"records", {{kOther, registered(kOther)}}}},
                                  Json{{"records", {{kHash, registered()}}}, {"owner", "key:other"}}});
  const Json answer = step(with_now({{"batch", batch}, {"stored", {{kHash, nullptr}, {kOther, nullptr}}}, {"places", Json::object()}, {"alarm", nullptr}}), kind("registered"));
  EXPECT_EQ(answer["writes"], expected);
  EXPECT_EQ(answer["effects"], Json::array({Json{{"kind", "notify"}, {"intents", {kHash, kOther}}}}));
  EXPECT_EQ(answer["alarmAt"], first["alarmAt"]);
  EXPECT_EQ(answer["reply"], nullptr);
  // No event follows a registration: the answer does not carry the records back.
  EXPECT_EQ(answer["state"], (Json{{"nowMs", kNowMs}}));
  EXPECT_EQ(first["state"], (Json{{"nowMs", kNowMs}}));

  // A registration the core refuses refuses the batch (the shard then stores each alone).
  const Json bad = Json::array({Json{{"records", {{kHash, registered()}}}}, Json{{"records", {{kOther, registered(kOther)}}}, {"owner", 7}}});
  EXPECT_NE(refusal({{"state", with_now({{"batch", bad}, {"stored", Json::object()}, {"alarm", nullptr}})}, {"event", kind("registered")}}).find("state.owner must be a string or null"),
            std::string::npos);
}

// An IntentFunded log of kHash on the source chain's Portal (complete).
Json funded_log() {
  const auto word = [](std::string hex_digits) { return std::string(64 - hex_digits.size(), '0') + hex_digits; };
  return {{"address", kPortal},
          {"topics", {hex::encode(protocol::events::intent_funded().topic0)}},
          {"data", std::string(kHash) + word(std::string(kCreator).substr(2)) + word("1")},
          {"blockNumber", "0x64"},
          {"transactionHash", kTx},
          {"logIndex", "0x0"}};
}

TEST(IntentShardStep, ChainEventsStoreTheRecordIndexItsTransactionsAndMakeAnOwnedIntentsCheckDue) {
  const Json state = with_now({{"chainId", kSource}, {"logs", Json::array({funded_log()})}, {"records", {{kHash, registered()}}}, {"owned", {kHash}}, {"alarm", kNowMs + 10'000}});
  const Json answer = step(state, kind("logs"));
  ASSERT_EQ(answer["reply"]["status"], 200) << answer.dump();
  const Json& body = answer["reply"]["body"];
  EXPECT_EQ(body["applied"], 1);
  EXPECT_EQ(body["updated"], 1);
  const Json added = Json::array({Json{{"transactionHash", kTx}, {"intentHash", kHash}}});
  EXPECT_EQ(body["transactions"]["added"], added);
  ASSERT_EQ(answer["writes"].size(), 3u);
  const Json stored = Json::parse(answer["writes"][0]["upsert"]["record"].get<std::string>());
  EXPECT_EQ(stored["transactions"]["funded"]["transactionHash"], kTx);
  // A funded record is the history of money that moved: kept.
  EXPECT_EQ(answer["writes"][0]["upsert"]["expire_at"], nullptr);
  EXPECT_EQ(answer["writes"][1], (Json{{"table", "record_tx"}, {"insert", {{"intent_hash", kHash}, {"tx_hash", kTx}}}}));
  EXPECT_EQ(answer["writes"][0]["table"], "record_kept");
  EXPECT_EQ(answer["writes"][2], (Json{{"table", "record_kept"}, {"where", {{"intent_hash", kHash}}}, {"set", {{"check_at", kNow}}}}));
  EXPECT_EQ(answer["effects"], Json::array({Json{{"kind", "notify"}, {"intents", {kHash}}}, Json{{"kind", "mark"}, {"intents", {kHash}}}}));
  // At once, even with a later alarm set: each status is checked before the next chain event.
  EXPECT_EQ(answer["alarmAt"], kNowMs);

  // Not owned: no check, no alarm for it. The same logs again change nothing.
  Json unowned = state;
  unowned["owned"] = Json::array();
  const Json quiet = step(unowned, kind("logs"));
  EXPECT_EQ(quiet["effects"], Json::array({Json{{"kind", "notify"}, {"intents", {kHash}}}}));
  EXPECT_EQ(quiet["alarmAt"], nullptr);
  Json again = state;
  again["records"][kHash] = stored;
  const Json unchanged = step(again, kind("logs"));
  EXPECT_EQ(unchanged["writes"], Json::array());
  EXPECT_EQ(unchanged["effects"], Json::array());
  EXPECT_EQ(unchanged["reply"]["body"]["updated"], 0);
}

TEST(IntentShardStep, QuoteIdRowsGoWithTheirRecordOrWaitForIt) {
  const Json row_base{{"quoteId", kQuoteId}, {"intentHash", kOther}, {"expireAt", kNow - 5}};
  const auto rows_with = [&](const Json& record) {
    Json row = row_base;
    row["record"] = record;
    return with_now({{"rows", Json::array({row})}});
  };
  const Json where{{"quote_id", kQuoteId}, {"expire_at", kNow - 5}};
  IntentRecord later = registered_record(kOther);
  later.reward_deadline = kNow + 7'200;
  expect_rows({
      {"its record gone: the row goes", rows_with(nullptr), kind("quoteRows"), Json::array({Json{{"table", "quote"}, {"where", where}, {"delete", true}}})},
      {"its record holds money: kept", rows_with(with_steps({IntentStep::funded}, kOther)), kind("quoteRows"),
       Json::array({Json{{"table", "quote"}, {"where", where}, {"set", {{"expire_at", nullptr}}}}})},
      {"its record's expiry moved: waits for it", rows_with(record_to_json(later)), kind("quoteRows"),
       Json::array({Json{{"table", "quote"}, {"where", where}, {"set", {{"expire_at", kNow + 7'200 + kRecordGraceSec}}}}})},
      {"the record's shard unreachable: again in a minute", rows_with(nullptr), Json{{"kind", "quoteRows"}, {"thrown", "down"}},
       Json::array({Json{{"table", "quote"}, {"where", where}, {"set", {{"expire_at", kNow + 60}}}}})},
  });
}

TEST(IntentShardStep, ARecordPastItsRetentionGoesWithItsRowsAndItsTransactionIndex) {
  const auto expired = [](Json expire_at, Json transactions) {
    return with_now({{"records", Json::array({Json{{"intentHash", kHash}, {"expireAt", expire_at}, {"transactions", transactions}}})}});
  };
  const auto del = [](const char* table, Json where) { return Json{{"table", table}, {"where", std::move(where)}, {"delete", true}}; };
  const Json by_hash{{"intent_hash", kHash}};
  const Json event = kind("expired");
  expect_rows({
      {"due, its publication indexed: all its rows go, the index row too", expired(kNow - 1, Json::array({kTx})), event,
       Json::array({del("record_tx", {{"intent_hash", kHash}, {"tx_hash", kTx}}), del("quote", by_hash),
                    del("record", {{"intent_hash", kHash}, {"expire_at", kNow - 1}})}),
       Json::array({Json{{"kind", "unindex"}, {"pairs", Json::array({Json{{"transactionHash", kTx}, {"intentHash", kHash}}})}}})},
      {"due now, nothing indexed", expired(kNow, Json::array()), event,
       Json::array({del("quote", by_hash), del("record", {{"intent_hash", kHash}, {"expire_at", kNow}})})},
      {"not due yet: kept", expired(kNow + 1, Json::array({kTx})), event, Json::array()},
      {"kept (no expiry): kept", expired(nullptr, Json::array()), event, Json::array()},
  });
}

TEST(IntentShardStep, ARecordWhoseTableChangesMovesWholeWithItsWebhookColumns) {
  const Json funded = step(with_now({{"chainId", kSource}, {"logs", Json::array({funded_log()})}, {"records", {{kHash, registered()}}}, {"owned", {kHash}}, {"alarm", nullptr}}),
                           kind("logs"))["writes"][0]["upsert"]["record"];
  const Json place{{"table", table_of(kExpiry)}, {"owner", kOwner}, {"lastStatus", "pending"}, {"checkAt", kNow + 5}};
  Json logs = with_now({{"chainId", kSource}, {"logs", Json::array({funded_log()})}, {"records", {{kHash, registered()}}}, {"owned", {kHash}}, {"alarm", nullptr}});
  logs["places"] = {{kHash, place}};
  // Funded: kept, so it leaves its expiry's table for "record_kept", owner and check with it; the
  // check chain events make due is written where it is now.
  const Json moved = step(logs, kind("logs"));
  const Json del{{"table", table_of(kExpiry)}, {"where", {{"intent_hash", kHash}}}, {"delete", true}};
  ASSERT_GE(moved["writes"].size(), 4u) << moved.dump();
  EXPECT_EQ(moved["writes"][0], del);
  EXPECT_EQ(moved["writes"][1], (Json{{"table", "record_kept"},
                                      {"replace",
                                       {{"intent_hash", kHash},
                                        {"record", funded},
                                        {"expire_at", nullptr},
                                        {"owner", kOwner},
                                        {"last_status", "pending"},
                                        {"check_at", kNow + 5}}}}));
  EXPECT_EQ(moved["writes"].back(), (Json{{"table", "record_kept"}, {"where", {{"intent_hash", kHash}}}, {"set", {{"check_at", kNow}}}}));

  // A record the legacy table holds (an object created before) moves out when stored again; a
  // registration's owner goes with it when it had none.
  Json registration = with_now({{"records", {{kHash, registered()}}}, {"stored", {{kHash, registered()}}}, {"owner", kOwner}, {"owned", Json::array()}, {"alarm", nullptr}});
  registration["places"] = {{kHash, {{"table", "record"}, {"owner", nullptr}, {"lastStatus", nullptr}, {"checkAt", nullptr}}}};
  const Json again = merge_registration_op(local_config(), {{"registered", registered()}, {"stored", registered()}}).body["record"];
  const Json out = step(registration, kind("registered"));
  EXPECT_EQ(out["writes"], Json::array({Json{{"table", "record"}, {"where", {{"intent_hash", kHash}}}, {"delete", true}},
                                        Json{{"table", table_of(kExpiry)},
                                             {"replace",
                                              {{"intent_hash", kHash},
                                               {"record", again.dump()},
                                               {"expire_at", kExpiry},
                                               {"owner", kOwner},
                                               {"last_status", nullptr},
                                               {"check_at", nullptr}}}}}));
  EXPECT_EQ(out["alarmAt"], kTableEnd * 1000);

  // Already in its expiry's table: stored in place (an upsert), nothing moves.
  registration["places"][kHash]["table"] = table_of(kExpiry);
  EXPECT_EQ(step(registration, kind("registered"))["writes"], Json::array({owned_record_write(kHash, again, kExpiry, kOwner)}));

  // A place that is not a record table is the driver's bug: refused, naming the field.
  registration["places"][kHash]["table"] = "quote";
  EXPECT_NE(refusal({{"state", registration}, {"event", kind("registered")}}).find("state.places." + std::string(kHash) + ".table"), std::string::npos);
}

TEST(IntentShardStep, ATableOfRecordsPastItsHourIsDroppedWholeWithTheRowsThatLeadToItsRecords) {
  const std::string past = "record_until_" + std::to_string(kNow);
  const std::string ahead = "record_until_" + std::to_string(kNow + 1);
  const std::string later = "record_until_" + std::to_string(kNow + 3'601);
  const Json buckets = step(with_now({{"tables", Json::array({"record", "record_kept", "quote", later, past, ahead})}}), kind("buckets"));
  EXPECT_EQ(buckets["reply"], (Json{{"due", Json::array({past})}, {"next", kNow + 1}}));
  EXPECT_EQ(buckets["writes"], Json::array());
  EXPECT_EQ(step(with_now({{"tables", Json::array({"record"})}}), kind("buckets"))["reply"], (Json{{"due", Json::array()}, {"next", nullptr}}));

  const auto del = [](const char* table, Json where) { return Json{{"table", table}, {"where", std::move(where)}, {"delete", true}}; };
  const Json records = Json::array({Json{{"intentHash", kHash}, {"transactions", Json::array({kTx})}}, Json{{"intentHash", kOther}, {"transactions", Json::array()}}});
  expect_rows({
      {"past its end: dropped, with its records' transaction and quote-id rows, and their index rows elsewhere",
       with_now({{"table", past}, {"records", records}}), kind("drop"),
       Json::array({del("record_tx", {{"intent_hash", kHash}, {"tx_hash", kTx}}), del("quote", {{"intent_hash", kHash}}), del("quote", {{"intent_hash", kOther}}),
                    Json{{"table", past}, {"drop", true}}}),
       Json::array({Json{{"kind", "unindex"}, {"pairs", Json::array({Json{{"transactionHash", kTx}, {"intentHash", kHash}}})}}})},
      {"nothing else held: the table alone", with_now({{"table", past}, {"records", Json::array()}}), kind("drop"), Json::array({Json{{"table", past}, {"drop", true}}})},
      {"its end not passed: kept", with_now({{"table", ahead}, {"records", records}}), kind("drop"), Json::array()},
  });
  for (const char* table : {"record", "record_kept", "quote"}) {
    EXPECT_NE(refusal({{"state", with_now({{"table", table}, {"records", Json::array()}})}, {"event", kind("drop")}}).find("state.table is not"), std::string::npos) << table;
  }
}

TEST(IntentShardStep, AQuoteIdWithoutARowNamesTheRangeOfIntentHashesItsRecordMayHave) {
  const Json range = step(with_now({{"quoteId", kLeadingQuoteId}}), kind("quoteIdRange"))["reply"];
  EXPECT_EQ(range, (Json{{"from", "0x111111111111" + std::string(52, '0')}, {"to", "0x111111111111" + std::string(52, 'f')}, {"limit", 16}}));
  // The quote's own record is in it, another intent's is not.
  EXPECT_TRUE(range["from"].get<std::string>() <= kHash && kHash <= range["to"].get<std::string>());
  EXPECT_FALSE(range["from"].get<std::string>() <= kOther && kOther <= range["to"].get<std::string>());
  // Dashes anywhere: the same range.
  EXPECT_EQ(step(with_now({{"quoteId", "1111-1111-1111-4b1a-8c2f-5e6d7a8b9c0d"}}), kind("quoteIdRange"))["reply"], range);
  // An id that does not start with 12 hex digits names none.
  for (const char* id : {"zz111111-1111-4b1a-8c2f-5e6d7a8b9c0d", "1111-1111", ""}) {
    EXPECT_EQ(step(with_now({{"quoteId", id}}), kind("quoteIdRange"))["reply"], nullptr) << id;
  }
}

TEST(IntentShardStep, RowsStoredBeforeTheirRetentionGetItOncePerShard) {
  const Json page = Json::array({Json{{"intentHash", kHash}, {"record", registered()}}, Json{{"intentHash", kOther}, {"record", with_steps({IntentStep::funded}, kOther)}}});
  const Json up_to_date = step(with_now({{"version", 2}}), kind("upgrade"));
  EXPECT_EQ(up_to_date["reply"], (Json{{"upToDate", true}}));
  EXPECT_EQ(up_to_date["writes"], Json::array());
  // Behind: the shard asks first with its version alone, then page by page.
  const Json behind = step(with_now({{"version", 0}}), kind("upgrade"));
  EXPECT_EQ(behind["reply"], (Json{{"upToDate", false}}));
  EXPECT_EQ(behind["writes"], Json::array());
  // A page: the unfunded record gets its expiry, the funded one none (kept).
  const Json first = step(with_now({{"version", 1}, {"records", page}}), kind("upgrade"));
  EXPECT_EQ(first["reply"], (Json{{"upToDate", false}}));
  EXPECT_EQ(first["writes"], Json::array({Json{{"table", "record"}, {"where", {{"intent_hash", kHash}}}, {"set", {{"expire_at", kExpiry}}}}}));
  // The last page: quote-id rows apart from their record are due now, and the shard is up to date.
  const Json last = step(with_now({{"version", 0}, {"records", Json::array()}, {"apart", {kQuoteId}}}), kind("upgrade"));
  EXPECT_EQ(last["writes"], Json::array({Json{{"table", "quote"}, {"where", {{"quote_id", kQuoteId}}}, {"set", {{"expire_at", kNow}}}},
                                         Json{{"table", "meta"}, {"replace", {{"name", "retention"}, {"value", 2}}}}}));
}

TEST(IntentShardStep, TheNextAlarmIsTheEarliestDueCheckOrExpiryNeverInThePast) {
  struct Row {
    const char* name;
    Json due;
    Json alarm;
    Json alarm_at;
  };
  const std::vector<Row> rows = {
      {"nothing due: no alarm", Json::array({nullptr, nullptr}), nullptr, nullptr},
      {"the earliest", Json::array({kNow + 90, kNow + 30}), nullptr, (kNow + 30) * 1000},
      {"a check due already: just ahead of now", Json::array({kNow - 10, nullptr}), nullptr, kNowMs + 50},
      {"an earlier alarm set: kept", Json::array({kNow + 90}), (kNow + 10) * 1000, nullptr},
      {"a later alarm set: brought forward", Json::array({kNow + 90}), (kNow + 100) * 1000, (kNow + 90) * 1000},
  };
  for (const Row& row : rows) {
    SCOPED_TRACE(row.name);
    const Json answer = step(with_now({{"due", row.due}, {"alarm", row.alarm}}), kind("wake"));
    EXPECT_EQ(answer["alarmAt"], row.alarm_at);
  }
}

TEST(IntentShardStep, AMalformedStateOrEventIsAWorkerBugNamingTheMember) {
  const auto refused = refusal;
  EXPECT_NE(refused({{"state", Json::object()}, {"event", kind("wake")}}).find("state.nowMs is missing"), std::string::npos);
  EXPECT_NE(refused({{"state", with_now(Json::object())}, {"event", kind("launch")}}).find("event.kind \"launch\""), std::string::npos);
  EXPECT_NE(refused({{"state", with_now({{"due", Json::array()}, {"alarm", nullptr}})}, {"event", Json::object()}}).find("event.kind is missing"),
            std::string::npos);
  Json checked_state = check_state(pending_record(), "pending");
  checked_state["next"] = nullptr;
  EXPECT_NE(refused({{"state", checked_state}, {"event", {{"kind", "checked"}}}}).find("event.markedAgain is missing"), std::string::npos);
}

}  // namespace
}  // namespace sr::service
