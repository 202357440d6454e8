#include "service/status/intent_shard_step.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "crypto/hex.h"
#include "crypto/sha256.h"
#include "service/common/json_text.h"
#include "service/common/op_input.h"
#include "service/common/step_fields.h"
#include "service/status/finality.h"
#include "service/status/intent_logs.h"
#include "service/status/quote_registration.h"
#include "service/status/record_retention.h"
#include "service/status/record_tables.h"
#include "service/status/status_queries.h"
#include "service/status/status_records.h"

namespace sr::service {

namespace {

using Json = nlohmann::ordered_json;

const char* const kOp = "intentShardStep";

// A check that could not be made (the chain heads unreadable, the delivery refused) is made again
// this much later; so is a quote-id row whose record's shard could not be read.
constexpr std::uint64_t kCheckRetrySec = 30;
constexpr std::uint64_t kQuoteRowRetrySec = 60;
// An alarm set for now or the past fires at once; this much ahead lets the writes that asked for it
// land first.
constexpr std::uint64_t kAlarmLeadMs = 50;

const StepFields fields(kOp);
[[noreturn]] void fail(const std::string& why) { fields.fail(why); }

// A time that may be null (no alarm, no expiry).
std::optional<std::uint64_t> maybe_time(const Json& value, const std::string& where) {
  if (value.is_null()) return std::nullopt;
  const auto time = json_u64(value);
  if (!time) fail(where + " must be a non-negative integer or null");
  return time;
}

// The inner ops' answers are the core's own: a refusal is a worker bug passed through as it is.
struct Refused {
  OpResult answer;
};
Json body_of(OpResult answer) {
  if (answer.status != 200) throw Refused{std::move(answer)};
  return std::move(answer.body);
}

// What one step answers, built up as the step decides.
struct Step {
  Json state;
  Json writes = Json::array();
  Json effects = Json::array();
  Json alarm_at = nullptr;
  Json reply = nullptr;

  std::uint64_t now_ms() const { return fields.count(state, "nowMs", "state"); }
  std::uint64_t now() const { return now_ms() / 1000; }

  // The retention inputs shared by ops recordRetention and quoteIdRetention.
  Json retention_input(const char* name, Json rows) const {
    Json input{{name, std::move(rows)}, {"now", now()}};
    if (state.contains("graceSec")) input["graceSec"] = state["graceSec"];
    return input;
  }

  // Brings the alarm forward to the earliest of `times` (seconds) unless state "alarm" is earlier.
  void wake_by(const std::vector<std::optional<std::uint64_t>>& times) {
    std::optional<std::uint64_t> earliest;
    for (const auto& t : times) {
      if (t && (!earliest || *t < *earliest)) earliest = t;
    }
    if (!earliest) return;
    const std::uint64_t at = std::max(now_ms() + kAlarmLeadMs, *earliest * 1000);
    const std::optional<std::uint64_t> current = maybe_time(fields.member(state, "alarm", "state"), "state.alarm");
    if (current && *current <= at) return;
    if (!alarm_at.is_null() && alarm_at.get<std::uint64_t>() <= at) return;
    alarm_at = at;
  }

  void notify(const Json& hashes) {
    if (!hashes.empty()) effects.push_back(Json{{"kind", "notify"}, {"intents", hashes}});
  }

  OpResult answer() {
    Json answer = reserve_members(5);
    add_member(answer, "state", std::move(state));
    add_member(answer, "writes", std::move(writes));
    add_member(answer, "effects", std::move(effects));
    add_member(answer, "alarmAt", std::move(alarm_at));
    add_member(answer, "reply", std::move(reply));
    return ok(std::move(answer));
  }
};

// Whether `hashes` (state "owned": intent hashes, any case) names `hash` (lowercase).
bool listed(const Json& hashes, const std::string& hash) {
  return std::any_of(hashes.begin(), hashes.end(), [&](const Json& h) { return h.is_string() && lowercase(h.get<std::string>()) == hash; });
}

// Records to store, each with its retention, in the table of its expiry (record_tables.h): an upsert
// where the record is already, so that the webhook owner and its check (columns of the same row)
// stay as they are; else the row moves there whole (state "places" says where each stored record
// is and its webhook columns), deleted from where it was. `owner` (not null): the webhook owner of
// records that have none (`owned` names those that have). Answers each record's table; `ends`
// gets when those tables may go (seconds), for the alarm.
std::map<std::string, std::string> store_records(Step& step, const Json& records, std::vector<std::optional<std::uint64_t>>& ends,
                                                 const Json& owner = nullptr, const Json& owned = Json::array()) {
  std::map<std::string, std::string> tables;
  if (records.empty()) return tables;
  const Json places = step.state.value("places", Json::object());
  if (!places.is_object()) fail("state.places must be an object");
  const std::uint64_t bucket_sec = step.state.contains("bucketSec") ? fields.count(step.state, "bucketSec", "state") : kRecordBucketSec;
  const Json expire_at = body_of(record_retention_op(step.retention_input("records", records)))["expireAt"];
  for (const auto& [hash, record] : records.items()) {
    const std::string key = lowercase(hash);
    const Json& at = expire_at.contains(key) ? expire_at[key] : expire_at.value(hash, Json(nullptr));
    const std::string table = record_table(maybe_time(at, "recordRetention's expireAt"), bucket_sec);
    const Json place = places.value(key, Json(nullptr));
    if (!place.is_null() && !place.is_object()) fail("state.places." + key + " must be an object or null");
    const std::string from = place.is_null() ? table : fields.text(place, "table", "state.places[]");
    if (!is_record_table(from)) fail("state.places." + key + ".table is not a record table");
    if (from == table) {
      Json columns{{"record", dump_json(record)}, {"expire_at", at}};
      if (!owner.is_null() && !listed(owned, key)) columns["owner"] = owner;
      step.writes.push_back(Json{{"table", table}, {"where", {{"intent_hash", key}}}, {"upsert", std::move(columns)}});
    } else {
      const Json kept_owner = place.value("owner", Json(nullptr));
      step.writes.push_back(Json{{"table", from}, {"where", {{"intent_hash", key}}}, {"delete", true}});
      step.writes.push_back(Json{{"table", table},
                                 {"replace",
                                  {{"intent_hash", key},
                                   {"record", dump_json(record)},
                                   {"expire_at", at},
                                   {"owner", kept_owner.is_null() ? owner : kept_owner},
                                   {"last_status", place.value("lastStatus", Json(nullptr))},
                                   {"check_at", place.value("checkAt", Json(nullptr))}}}});
    }
    tables[key] = table;
    ends.push_back(record_table_end(table));
  }
  return tables;
}

// One registration stored into `step`: `registered` (intent hash -> registered record) merged into
// what state "stored" holds, with its retention; `owner` for the records without one (`owned` names
// those with one); `quote` mapped to its delivery intent. Adds the records' hashes (lowercase) to
// `hashes` (once each) and the times the alarm must come by to `expiries`.
struct StoredRegistration {
  Json records;                                // intent hash (lowercase) -> the record stored
  std::map<std::string, std::string> tables;  // intent hash -> the table of its row
};
StoredRegistration store_registration(const Config& config, Step& step, const Json& registered, const Json& owner, const Json& owned,
                                      const Json& quote, Json& hashes, std::vector<std::optional<std::uint64_t>>& expiries) {
  const Json& stored = fields.member(step.state, "stored", "state");
  if (!registered.is_object() || !stored.is_object()) fail("state.records and state.stored must be objects");
  Json merged = Json::object();
  for (const auto& [hash, record] : registered.items()) {
    const std::string key = lowercase(hash);
    const Json& held = stored.contains(key) ? stored[key] : stored.value(hash, Json(nullptr));
    // A record chain events created first gets the registration merged in.
    merged[key] = held.is_null() ? record : body_of(merge_registration_op(config, {{"registered", record}, {"stored", held}}))["record"];
  }
  // The owner is a column of each record's row, written with it; a record that has one keeps it.
  if (!owner.is_null()) {
    if (!owner.is_string()) fail("state.owner must be a string or null");
    if (!owned.is_array()) fail("state.owned must be an array of intent hashes");
  }
  std::map<std::string, std::string> tables = store_records(step, merged, expiries, owner, owned.is_array() ? owned : Json::array());
  if (!quote.is_null()) {
    const std::string quote_id = lowercase(fields.text(quote, "quoteId", "state.quote"));
    const std::string delivery = lowercase(fields.text(quote, "deliveryIntentHash", "state.quote"));
    // A quote id that starts with its delivery intent's hash, stored here, needs no row: a lookup
    // finds the record by that prefix (quote_registration.h). Any other (a deposit address's,
    // whose intent hash moved; an id issued before ids carried the prefix) is a row: with its
    // delivery intent stored here it goes with that record; otherwise it has a lifetime of its
    // own, the record's by the same rule.
    if (!merged.contains(delivery) || !quote_id_leads_to(quote_id, delivery)) {
      Json expire_at = nullptr;
      if (!merged.contains(delivery)) {
        const Json rows{{quote_id, {{"intentHash", delivery}, {"record", quote.value("record", Json(nullptr))}}}};
        expire_at = body_of(quote_id_retention_op(step.retention_input("rows", rows)))["expireAt"][quote_id];
        expiries.push_back(maybe_time(expire_at, "quoteIdRetention's expireAt"));
      }
      step.writes.push_back(Json{{"table", "quote"}, {"replace", {{"quote_id", quote_id}, {"intent_hash", delivery}, {"expire_at", expire_at}}}});
    }
  }
  for (const auto& [hash, record] : merged.items()) {
    if (std::find(hashes.begin(), hashes.end(), Json(hash)) == hashes.end()) hashes.push_back(hash);
  }
  return {std::move(merged), std::move(tables)};
}

// Event "registered": one registration (state "records", "owner", "owned", "quote"), or several
// (state "batch", each {"records", "owner"?, "quote"?}) stored in order in one step, each as if it
// were an event of its own after those before it: a record an earlier one stored is the stored
// record for the later ones, and so is its row's owner.
OpResult on_registered(const Config& config, Step step) {
  Json hashes = Json::array();
  std::vector<std::optional<std::uint64_t>> expiries;
  if (!step.state.contains("batch")) {
    const Json owner = step.state.value("owner", Json(nullptr));
    const Json owned = owner.is_null() ? Json::array() : fields.member(step.state, "owned", "state");
    store_registration(config, step, fields.member(step.state, "records", "state"), owner, owned, step.state.value("quote", Json(nullptr)), hashes,
                       expiries);
  } else {
    const Json batch = std::move(step.state["batch"]);
    if (!batch.is_array()) fail("state.batch must be an array of registrations");
    if (!fields.member(step.state, "stored", "state").is_object()) fail("state.stored must be an object");
    if (!step.state.contains("places")) step.state["places"] = Json::object();
    if (!step.state["places"].is_object()) fail("state.places must be an object");
    for (const Json& entry : batch) {
      if (!entry.is_object()) fail("state.batch[] must be objects");
      if (!fields.member(entry, "records", "state.batch[]").is_object()) fail("state.batch[].records must be an object");
      const Json owner = entry.value("owner", Json(nullptr));
      // The rows that have an owner now: those stored before the batch, and those it stored.
      Json owned = Json::array();
      for (const auto& [hash, place] : step.state["places"].items()) {
        if (place.is_object() && !place.value("owner", Json(nullptr)).is_null()) owned.push_back(hash);
      }
      StoredRegistration stored = store_registration(config, step, fields.member(entry, "records", "state.batch[]"), owner, owned,
                                                     entry.value("quote", Json(nullptr)), hashes, expiries);
      // What the registrations after this one find stored: the record, and its row's table and
      // owner (a row's webhook status and check are not a registration's to change).
      for (auto it = stored.records.begin(); it != stored.records.end(); ++it) {
        const std::string& key = it.key();
        const Json place = step.state["places"].value(key, Json(nullptr));
        const Json kept_owner = place.is_object() ? place.value("owner", Json(nullptr)) : Json(nullptr);
        step.state["stored"][key] = std::move(it.value());
        step.state["places"][key] = Json{{"table", stored.tables.at(key)},
                                         {"owner", kept_owner.is_null() ? owner : kept_owner},
                                         {"lastStatus", place.is_object() ? place.value("lastStatus", Json(nullptr)) : Json(nullptr)},
                                         {"checkAt", place.is_object() ? place.value("checkAt", Json(nullptr)) : Json(nullptr)}};
      }
    }
  }
  step.notify(hashes);
  step.wake_by(expiries);
  // No event follows a registration: its answer's state is the time alone, not the records again.
  step.state = Json{{"nowMs", step.now_ms()}};
  return step.answer();
}

OpResult on_logs(const Config& config, Step step) {
  Json input{{"chainId", fields.member(step.state, "chainId", "state")},
             {"logs", fields.member(step.state, "logs", "state")},
             {"records", fields.member(step.state, "records", "state")},
             {"now", step.now()}};
  if (step.state.contains("range") && !step.state["range"].is_null()) {
    const Json& range = step.state["range"];
    input["fromBlock"] = fields.member(range, "fromBlock", "state.range");
    input["toBlock"] = fields.member(range, "toBlock", "state.range");
  }
  OpResult applied = apply_logs_op(config, input);
  if (applied.status != 200) {
    step.reply = Json{{"status", applied.status}, {"body", std::move(applied.body)}};
    return step.answer();
  }
  const Json& body = applied.body;
  if (body.contains("missing")) fail("applyLogs asked for records it was given: " + body["missing"].dump());
  const Json& updates = body["updates"];
  std::vector<std::optional<std::uint64_t>> expiries;
  const std::map<std::string, std::string> tables = store_records(step, updates, expiries);
  for (const Json& pair : body["transactions"]["removed"]) {
    step.writes.push_back(Json{{"table", "record_tx"}, {"where", {{"intent_hash", pair["intentHash"]}, {"tx_hash", pair["transactionHash"]}}}, {"delete", true}});
  }
  for (const Json& pair : body["transactions"]["added"]) {
    step.writes.push_back(Json{{"table", "record_tx"}, {"insert", {{"intent_hash", pair["intentHash"]}, {"tx_hash", pair["transactionHash"]}}}});
  }
  Json hashes = Json::array();
  for (const auto& [hash, record] : updates.items()) hashes.push_back(lowercase(hash));
  step.notify(hashes);
  // A changed record of an owned intent may have a new status: its webhook check is due now.
  const Json& owned = fields.member(step.state, "owned", "state");
  if (!owned.is_array()) fail("state.owned must be an array of intent hashes");
  Json marked = Json::array();
  for (const Json& hash : hashes) {
    const bool is_owned = listed(owned, hash.get<std::string>());
    if (!is_owned) continue;
    step.writes.push_back(Json{{"table", tables.at(hash.get<std::string>())}, {"where", {{"intent_hash", hash}}}, {"set", {{"check_at", step.now()}}}});
    marked.push_back(hash);
  }
  step.wake_by(expiries);
  if (!marked.empty()) {
    step.effects.push_back(Json{{"kind", "mark"}, {"intents", marked}});
    // At once, whatever alarm is set: each status a chain event leads to is delivered in turn,
    // not folded into the next event's (a fill and its proof pushed back to back).
    step.alarm_at = step.now_ms();
  }
  step.reply = Json{{"status", 200},
                    {"body", {{"applied", body["applied"]}, {"updated", updates.size()}, {"unregistered", body["unregistered"]}, {"transactions", body["transactions"]}}}};
  return step.answer();
}

// The event id of a status body: the first 16 hex digits of its SHA-256.
std::string body_id(const std::string& data) {
  const Hash32 digest = sha256(std::string_view(data));
  return hex::encode(ByteView(digest.data(), 8), false);
}

std::optional<IntentStatus> status_named(const Json& name) {
  for (IntentStatus s : {IntentStatus::pending, IntentStatus::filled, IntentStatus::settled, IntentStatus::refundable, IntentStatus::expired,
                         IntentStatus::refunded, IntentStatus::failed, IntentStatus::unknown}) {
    if (name.is_string() && status_name(s) == name.get<std::string>()) return s;
  }
  return std::nullopt;
}

OpResult on_stream(const Config& config, Step step) {
  const Json input{{"query", fields.member(step.state, "query", "state")},
                   {"record", fields.member(step.state, "record", "state")},
                   {"now", step.now()},
                   {"chainTimes", step.state.value("chainTimes", Json::object())},
                   {"chainHeads", step.state.value("chainHeads", Json::object())}};
  const OpResult status = intent_status_op(config, input);
  if (status.status != 200) {
    step.effects.push_back(Json{{"kind", "close"}});
    return step.answer();
  }
  const std::string data = status.body.dump();
  const std::string id = body_id(data);
  if (fields.member(step.state, "last", "state") != Json(id)) {
    step.effects.push_back(Json{{"kind", "send"}, {"id", id}, {"data", data}});
    step.state["last"] = id;
  }
  const auto named = status_named(status.body.value("status", Json(nullptr)));
  // A stream ends at a status a watcher stops at, or at its maximum age (a client that still
  // watches reconnects with its Last-Event-ID and is sent only what changed).
  const std::uint64_t max_age = step.state.contains("maxAgeMs") && !step.state["maxAgeMs"].is_null()
                                    ? fields.count(step.state, "maxAgeMs", "state")
                                    : kStreamMaxAgeMs;
  const bool aged = step.state.contains("ageMs") && fields.count(step.state, "ageMs", "state") >= max_age;
  if ((named && status_ends_watch(*named)) || aged) step.effects.push_back(Json{{"kind", "close"}});
  return step.answer();
}

OpResult on_check(const Config& config, Step step, const Json& event, StatusCheckOp status_check) {
  // Copies: the state grows below (an ordered_json object is a vector; references into it move).
  const Json record = fields.member(step.state, "record", "state");
  const Json last = fields.member(step.state, "lastStatus", "state");
  step.state["status"] = last;
  // Without a record (not stored yet, or gone) there is nothing to judge and no deadline to wait
  // for: the check ends, and a chain event that creates the record marks the intent again.
  if (record.is_null()) {
    step.state["next"] = nullptr;
    return step.answer();
  }
  if (event.contains("thrown")) {
    step.state["next"] = step.now() + kCheckRetrySec;
    return step.answer();
  }
  const std::string owner = fields.text(step.state, "owner", "state");
  const Json check = body_of(status_check(config, {{"record", record},
                                                   {"now", step.now()},
                                                   {"chainTimes", event.value("chainTimes", Json::object())},
                                                   {"chainHeads", fields.member(event, "chainHeads", "event")},
                                                   {"owner", owner}}));
  const Json& after = check["status"];
  if (after["status"] != last) {
    step.effects.push_back(Json{{"kind", "deliver"}, {"owner", owner}, {"before", last.is_null() ? Json(nullptr) : Json{{"status", last}}}, {"after", after}});
    step.state["status"] = after["status"];
  }
  // After the delivery: a refund that cannot start now does not hold back the status change.
  const Json refund = check.value("refundJob", Json(nullptr));
  if (!refund.is_null()) step.effects.push_back(Json{{"kind", "refund"}, {"job", refund}, {"owner", owner}});
  step.state["next"] = check["recheckAt"];
  return step.answer();
}

OpResult on_checked(Step step, const Json& event) {
  const std::string hash = fields.text(step.state, "intentHash", "state");
  const std::string table = fields.text(step.state, "table", "state");
  if (!is_record_table(table)) fail("state.table is not a record table");
  Json next = fields.member(step.state, "next", "state");
  Json set = Json::object();
  if (event.value("delivered", false) && step.state["status"] != step.state["lastStatus"]) set["last_status"] = step.state["status"];
  const Json refund_at = event.value("refundAt", Json(nullptr));
  if (event.contains("thrown")) {
    next = step.now() + kCheckRetrySec;
  } else if (!refund_at.is_null()) {
    // A refund not started now (the partner's budget, or the chain refused it) is looked at again.
    next = refund_at;
  }
  // Chain events that arrived while the check ran (an IntentProven right after a fill) marked the
  // intent again: checked again at once rather than at the next deadline, which would hold the new
  // status back until then.
  const Json& marked = fields.member(event, "markedAgain", "event");
  if (!marked.is_boolean()) fail("event.markedAgain must be true or false");
  if (marked.get<bool>()) next = step.now();
  set["check_at"] = next;
  step.writes.push_back(Json{{"table", table}, {"where", {{"intent_hash", hash}}}, {"set", std::move(set)}});
  return step.answer();
}

OpResult on_quote_rows(Step step, const Json& event) {
  const Json& rows = fields.member(step.state, "rows", "state");
  if (!rows.is_array()) fail("state.rows must be an array");
  const std::uint64_t now = step.now();
  const auto row_where = [&](const Json& row) {
    return Json{{"quote_id", fields.text(row, "quoteId", "state.rows[]")}, {"expire_at", fields.count(row, "expireAt", "state.rows[]")}};
  };
  if (event.contains("thrown")) {
    for (const Json& row : rows) step.writes.push_back(Json{{"table", "quote"}, {"where", row_where(row)}, {"set", {{"expire_at", now + kQuoteRowRetrySec}}}});
    return step.answer();
  }
  Json input = Json::object();
  for (const Json& row : rows) {
    input[lowercase(fields.text(row, "quoteId", "state.rows[]"))] = Json{{"intentHash", fields.member(row, "intentHash", "state.rows[]")}, {"record", fields.member(row, "record", "state.rows[]")}};
  }
  const Json expire_at = rows.empty() ? Json::object() : body_of(quote_id_retention_op(step.retention_input("rows", input)))["expireAt"];
  for (const Json& row : rows) {
    // Only rows still as read: a registration meanwhile stored the row again with its own expiry.
    const Json& at = expire_at[lowercase(fields.text(row, "quoteId", "state.rows[]"))];
    if (!at.is_null() && at.get<std::uint64_t>() <= now) {
      step.writes.push_back(Json{{"table", "quote"}, {"where", row_where(row)}, {"delete", true}});
    } else {
      step.writes.push_back(Json{{"table", "quote"}, {"where", row_where(row)}, {"set", {{"expire_at", at}}}});
    }
  }
  return step.answer();
}

OpResult on_expired(Step step) {
  const Json& records = fields.member(step.state, "records", "state");
  if (!records.is_array()) fail("state.records must be an array");
  const std::uint64_t now = step.now();
  Json unindexed = Json::array();
  for (const Json& row : records) {
    const std::string hash = fields.text(row, "intentHash", "state.records[]");
    const Json& at = fields.member(row, "expireAt", "state.records[]");
    const std::optional<std::uint64_t> expire_at = maybe_time(at, "state.records[].expireAt");
    if (!expire_at || *expire_at > now) continue;
    const Json& transactions = fields.member(row, "transactions", "state.records[]");
    if (!transactions.is_array()) fail("state.records[].transactions must be an array");
    // Such a record holds at most its publication (op recordRetention): that transaction's index
    // row, kept in the transaction's shard, goes with it, and so does the record's own quote-id
    // row (its webhook owner is a column of its row). Only a record still as read goes: a chain
    // event meanwhile stored it again.
    const Json where{{"intent_hash", hash}};
    for (const Json& tx : transactions) {
      step.writes.push_back(Json{{"table", "record_tx"}, {"where", {{"intent_hash", hash}, {"tx_hash", tx}}}, {"delete", true}});
      unindexed.push_back(Json{{"transactionHash", tx}, {"intentHash", hash}});
    }
    step.writes.push_back(Json{{"table", "quote"}, {"where", where}, {"delete", true}});
    step.writes.push_back(Json{{"table", "record"}, {"where", {{"intent_hash", hash}, {"expire_at", *expire_at}}}, {"delete", true}});
  }
  if (!unindexed.empty()) step.effects.push_back(Json{{"kind", "unindex"}, {"pairs", std::move(unindexed)}});
  return step.answer();
}

// The tables of records by expiry hour (state "tables": the shard's, any names) whose end has
// passed (reply "due", each to drop: event "drop"), and the earliest end of the others (reply
// "next", seconds or null: when the alarm is due for them).
OpResult on_buckets(Step step) {
  const Json& tables = fields.member(step.state, "tables", "state");
  if (!tables.is_array()) fail("state.tables must be an array of table names");
  Json due = Json::array();
  std::optional<std::uint64_t> next;
  for (const Json& name : tables) {
    if (!name.is_string()) fail("state.tables[] must be table names");
    const std::optional<std::uint64_t> end = record_table_end(name.get<std::string>());
    if (!end) continue;
    if (*end <= step.now()) {
      due.push_back(name);
    } else if (!next || *end < *next) {
      next = end;
    }
  }
  step.reply = Json{{"due", std::move(due)}, {"next", next ? Json(*next) : Json(nullptr)}};
  return step.answer();
}

// A table of records by expiry hour whose end has passed goes whole: dropping it writes no row,
// where deleting its records would write one each. State {"table", "records": [{"intentHash",
// "transactions"}]}: those of its records with rows elsewhere in the shard (record_tx rows, which
// a publication left, and quote-id rows that go with their record), deleted with it, and the
// transaction index rows in other shards that lead to them (effect unindex). A table whose end has
// not passed is left as it is.
OpResult on_drop(Step step) {
  const std::string table = fields.text(step.state, "table", "state");
  const std::optional<std::uint64_t> end = record_table_end(table);
  if (!end) fail("state.table is not a table of records by expiry hour");
  if (*end > step.now()) return step.answer();
  const Json& records = fields.member(step.state, "records", "state");
  if (!records.is_array()) fail("state.records must be an array");
  Json unindexed = Json::array();
  for (const Json& row : records) {
    const std::string hash = lowercase(fields.text(row, "intentHash", "state.records[]"));
    const Json& transactions = fields.member(row, "transactions", "state.records[]");
    if (!transactions.is_array()) fail("state.records[].transactions must be an array");
    for (const Json& tx : transactions) {
      step.writes.push_back(Json{{"table", "record_tx"}, {"where", {{"intent_hash", hash}, {"tx_hash", tx}}}, {"delete", true}});
      unindexed.push_back(Json{{"transactionHash", tx}, {"intentHash", hash}});
    }
    step.writes.push_back(Json{{"table", "quote"}, {"where", {{"intent_hash", hash}}}, {"delete", true}});
  }
  step.writes.push_back(Json{{"table", table}, {"drop", true}});
  if (!unindexed.empty()) step.effects.push_back(Json{{"kind", "unindex"}, {"pairs", std::move(unindexed)}});
  return step.answer();
}

// How many of the records a quote id's range holds a lookup reads: at the design load a range
// holds one record in some 2^28 lookups (quote_registration.h); op intentStatus picks the quote's.
constexpr std::size_t kQuoteIdCandidates = 16;

// The records a lookup by quote id reads when the quote id has no row: the range of intent hashes
// its first bytes name (reply {"from", "to", "limit"}), or none (reply null) for an id that does
// not start with hex digits.
OpResult on_quote_id_range(Step step) {
  const std::optional<IntentHashRange> range = quote_id_hash_range(fields.text(step.state, "quoteId", "state"));
  if (range) step.reply = Json{{"from", range->from}, {"to", range->to}, {"limit", kQuoteIdCandidates}};
  return step.answer();
}

// Which retention a shard's stored rows were last brought up to (its meta row "retention"): 1 =
// every record and every quote-id row kept apart from its record has its expiry; 2 = so has every
// record whose intent was only published (kept until the rule gave it one).
constexpr std::uint64_t kRetentionVersion = 2;

OpResult on_upgrade(Step step) {
  const std::uint64_t version = fields.count(step.state, "version", "state");
  if (version >= kRetentionVersion) {
    step.reply = Json{{"upToDate", true}};
    return step.answer();
  }
  step.reply = Json{{"upToDate", false}};
  // A page of records stored before op recordRetention: each gets the expiry the rule gives it
  // now (none again for those that hold money).
  const Json records = step.state.value("records", Json::array());
  if (!records.is_array()) fail("state.records must be an array");
  Json by_hash = Json::object();
  for (const Json& row : records) by_hash[lowercase(fields.text(row, "intentHash", "state.records[]"))] = fields.member(row, "record", "state.records[]");
  if (!by_hash.empty()) {
    const Json expire_at = body_of(record_retention_op(step.retention_input("records", by_hash)))["expireAt"];
    for (const auto& [hash, at] : expire_at.items()) {
      if (!at.is_null()) step.writes.push_back(Json{{"table", "record"}, {"where", {{"intent_hash", hash}}}, {"set", {{"expire_at", at}}}});
    }
  }
  // The last page: quote-id rows stored without an expiry whose record this shard does not hold
  // are due for a check now (their registered deadlines were never stored with them; the check
  // reads the record's), and the shard is up to date.
  if (step.state.contains("apart")) {
    const Json& apart = step.state["apart"];
    if (!apart.is_array()) fail("state.apart must be an array of quote ids");
    for (const Json& id : apart) {
      step.writes.push_back(Json{{"table", "quote"}, {"where", {{"quote_id", id}}}, {"set", {{"expire_at", step.now()}}}});
    }
    step.writes.push_back(Json{{"table", "meta"}, {"replace", {{"name", "retention"}, {"value", kRetentionVersion}}}});
  }
  return step.answer();
}

OpResult on_wake(Step step) {
  const Json& due = fields.member(step.state, "due", "state");
  if (!due.is_array()) fail("state.due must be an array");
  std::vector<std::optional<std::uint64_t>> times;
  for (const Json& t : due) times.push_back(maybe_time(t, "state.due[]"));
  step.wake_by(times);
  return step.answer();
}

}  // namespace

OpResult intent_shard_step_op(const Config& config, const Json& input) { return intent_shard_step_op(config, input, intent_status_check_op); }

OpResult intent_shard_step_op(const Config& config, const Json& input, StatusCheckOp status_check) {
  OpInput in(input, kOp);
  const Json& event = in.member("event");
  Step step{in.member("state")};
  if (!step.state.is_object()) fail("state must be an object");
  step.now_ms();
  const std::string kind = fields.text(event, "kind", "event");
  try {
    if (kind == "registered") return on_registered(config, std::move(step));
    if (kind == "logs") return on_logs(config, std::move(step));
    if (kind == "stream") return on_stream(config, std::move(step));
    if (kind == "check") return on_check(config, std::move(step), event, status_check);
    if (kind == "checked") return on_checked(std::move(step), event);
    if (kind == "quoteRows") return on_quote_rows(std::move(step), event);
    if (kind == "expired") return on_expired(std::move(step));
    if (kind == "buckets") return on_buckets(std::move(step));
    if (kind == "drop") return on_drop(std::move(step));
    if (kind == "quoteIdRange") return on_quote_id_range(std::move(step));
    if (kind == "upgrade") return on_upgrade(std::move(step));
    if (kind == "wake") return on_wake(std::move(step));
  } catch (Refused& refused) {
    return std::move(refused.answer);
  }
  fail("event.kind \"" + kind + "\" is not an event of an intent shard");
}

}  // namespace sr::service
