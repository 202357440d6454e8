#include "service/status/record_retention.h"

#include <algorithm>
#include <string>

#include "crypto/hex.h"
#include "service/common/identifiers.h"
#include "service/common/op_input.h"
#include "service/status/status_records.h"

namespace sr::service {

using Json = nlohmann::ordered_json;

std::optional<std::uint64_t> record_expiry(const IntentRecord& record, std::uint64_t now, std::uint64_t grace_sec) {
  // A publication moves no money: anyone may publish any intent on its source chain (a stranger
  // can publish a keyless deposit address's for the price of one transaction on a cheap chain),
  // so a record whose only transaction is its publication is no more history than an untouched
  // one, and goes by the same rule. Any other transaction (a funding, even a partial one; a fill;
  // a proof) is money that moved: kept.
  const auto step = [](IntentStep s) { return static_cast<std::size_t>(s); };
  bool moved = record.proof_sent.has_value();
  for (std::size_t i = 0; i < record.transactions.size(); ++i) {
    if (i != step(IntentStep::published) && record.transactions[i].has_value()) moved = true;
  }
  if (moved) return std::nullopt;
  // The later deadline (an absent one orders below any).
  const std::optional<std::uint64_t> last = std::max(record.route_deadline, record.reward_deadline);
  return (last ? *last : now) + grace_sec;
}

namespace {

std::uint64_t grace_of(const OpInput& in, const std::string& op) {
  const Json* value = in.optional("graceSec");
  if (!value) return kRecordGraceSec;
  const auto seconds = json_u64(*value);
  if (!seconds) throw OpInputError("op \"" + op + "\": graceSec must be a non-negative integer");
  return *seconds;
}

}  // namespace

OpResult record_retention_op(const Json& input) {
  OpInput in(input, "recordRetention");
  const std::uint64_t now = in.unix_seconds("now");
  const std::uint64_t grace = grace_of(in, "recordRetention");
  const RecordMap records = read_records(in, "recordRetention");
  Json expire_at = Json::object();
  for (const auto& [hash, record] : records) {
    if (!record) throw OpInputError("op \"recordRetention\": records[" + hash + "] is null: only stored records have a retention");
    const auto at = record_expiry(*record, now, grace);
    expire_at[hash] = at ? Json(*at) : Json(nullptr);
  }
  return ok(Json{{"expireAt", std::move(expire_at)}});
}

OpResult quote_id_retention_op(const Json& input) {
  const std::string op = "quoteIdRetention";
  OpInput in(input, op);
  const std::uint64_t now = in.unix_seconds("now");
  const std::uint64_t grace = grace_of(in, op);
  const Json& rows = in.member("rows");
  if (!rows.is_object()) throw OpInputError("op \"quoteIdRetention\": rows must be an object");
  Json expire_at = Json::object();
  for (const auto& [quote_id, row] : rows.items()) {
    const std::string path = "rows." + quote_id;
    if (!bare_uuid(quote_id)) throw OpInputError("op \"quoteIdRetention\": " + path + " is not named by a quote id (a bare UUID)");
    if (!row.is_object() || !row.contains("intentHash") || !row.contains("record")) {
      throw OpInputError("op \"quoteIdRetention\": " + path + " must be {\"intentHash\", \"record\"}");
    }
    const Json& hash = row.at("intentHash");
    if (!hash.is_string() || !is_hash_text(hash.get<std::string>())) {
      throw OpInputError("op \"quoteIdRetention\": " + path + ".intentHash must be a 0x-prefixed 32-byte hash");
    }
    const Json& given = row.at("record");
    if (given.is_null()) {
      // The record it leads to is gone (its own retention deleted it) or was never stored: a
      // lookup through the row would answer "unknown" anyway.
      expire_at[quote_id] = now;
      continue;
    }
    IntentRecord record;
    try {
      record = record_from_json(given, path + ".record");
    } catch (const ParseError& e) {
      throw OpInputError("op \"quoteIdRetention\": " + std::string(e.what()));
    }
    if (hex::encode(record.intent_hash) != lowercase(hash.get<std::string>())) {
      throw OpInputError("op \"quoteIdRetention\": " + path + ".record is the record of another intent");
    }
    const auto at = record_expiry(record, now, grace);
    expire_at[quote_id] = at ? Json(*at) : Json(nullptr);
  }
  return ok(Json{{"expireAt", std::move(expire_at)}});
}

}  // namespace sr::service
