#include "service/status/status_records.h"

#include <algorithm>
#include <cctype>

#include "crypto/hex.h"

namespace sr::service {

using Json = nlohmann::ordered_json;

std::optional<std::uint64_t> json_u64(const Json& value) {
  if (value.is_number_unsigned()) return value.get<std::uint64_t>();
  if (value.is_number_integer() && value.get<std::int64_t>() >= 0) return static_cast<std::uint64_t>(value.get<std::int64_t>());
  return std::nullopt;
}

std::string lowercase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

RecordMap read_records(const OpInput& in, std::string_view op) {
  RecordMap records;
  const Json* given = in.optional("records");
  if (!given) return records;
  if (!given->is_object()) throw OpInputError("op \"" + std::string(op) + "\": records must be an object");
  for (const auto& [key, value] : given->items()) {
    const std::string hash = lowercase(key);
    try {
      if (value.is_null()) {
        records[hash] = std::nullopt;
      } else {
        IntentRecord record = record_from_json(value, "records." + key);
        if (hex::encode(record.intent_hash) != hash) throw ParseError("records." + key + " holds another intent");
        records[hash] = std::move(record);
      }
    } catch (const ParseError& e) {
      throw OpInputError("op \"" + std::string(op) + "\": " + e.what());
    }
  }
  return records;
}

std::optional<IntentRecord> read_optional_record(const OpInput& in, std::string_view op) {
  const Json* record = in.optional("record");
  if (!record) return std::nullopt;
  try {
    return record_from_json(*record, "record");
  } catch (const ParseError& e) {
    throw OpInputError("op \"" + std::string(op) + "\": " + e.what());
  }
}

OpResult missing_answer(const std::set<std::string>& missing) {
  return ok(Json{{"missing", Json(std::vector<std::string>(missing.begin(), missing.end()))}});
}

namespace {

template <class T>
void fill(std::optional<T>& field, const std::optional<T>& value) {
  if (!field) field = value;
}

}  // namespace

void merge_registration(IntentRecord& record, const IntentRecord& registered) {
  fill(record.source_chain_id, registered.source_chain_id);
  fill(record.destination_chain_id, registered.destination_chain_id);
  fill(record.route_deadline, registered.route_deadline);
  fill(record.reward_deadline, registered.reward_deadline);
  fill(record.route_hash, registered.route_hash);
  fill(record.reward, registered.reward);
  fill(record.role, registered.role);
  fill(record.quote_id, registered.quote_id);
}

}  // namespace sr::service
