#include "service/status/record_retention.h"

#include <algorithm>
#include <string>

#include "service/common/op_input.h"
#include "service/status/status_records.h"

namespace sr::service {

using Json = nlohmann::ordered_json;

std::optional<std::uint64_t> record_expiry(const IntentRecord& record, std::uint64_t now, std::uint64_t grace_sec) {
  const bool moved = record.proof_sent.has_value() ||
                     std::any_of(record.transactions.begin(), record.transactions.end(),
                                 [](const std::optional<ChainTx>& tx) { return tx.has_value(); });
  if (moved) return std::nullopt;
  // The later deadline (an absent one orders below any).
  const std::optional<std::uint64_t> last = std::max(record.route_deadline, record.reward_deadline);
  return (last ? *last : now) + grace_sec;
}

OpResult record_retention_op(const Json& input) {
  OpInput in(input, "recordRetention");
  const std::uint64_t now = in.unix_seconds("now");
  std::uint64_t grace = kRecordGraceSec;
  if (const Json* value = in.optional("graceSec")) {
    const auto seconds = json_u64(*value);
    if (!seconds) throw OpInputError("op \"recordRetention\": graceSec must be a non-negative integer");
    grace = *seconds;
  }
  const RecordMap records = read_records(in, "recordRetention");
  Json expire_at = Json::object();
  for (const auto& [hash, record] : records) {
    if (!record) throw OpInputError("op \"recordRetention\": records[" + hash + "] is null: only stored records have a retention");
    const auto at = record_expiry(*record, now, grace);
    expire_at[hash] = at ? Json(*at) : Json(nullptr);
  }
  return ok(Json{{"expireAt", std::move(expire_at)}});
}

}  // namespace sr::service
