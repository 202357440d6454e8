#include "service/legacy/legacy_status.h"

#include "crypto/hex.h"
#include "service/common/op_input.h"
#include "service/legacy/legacy_request.h"
#include "service/status/status_queries.h"
#include "service/status/status_records.h"

namespace sr::service {

using Json = nlohmann::ordered_json;

LegacyStatus legacy_status(IntentStatus status) {
  switch (status) {
    case IntentStatus::filled:
    case IntentStatus::settled: return {"Completed", "Fulfilled"};
    case IntentStatus::refunded: return {"Completed", "Refunded"};
    case IntentStatus::refundable:
    case IntentStatus::expired:
    case IntentStatus::failed: return {"Pending", "WaitingForRefund"};
    case IntentStatus::pending:
    case IntentStatus::unknown: return {"Pending", "WaitingToFulfill"};
  }
  return {"Pending", "WaitingToFulfill"};
}

OpResult legacy_intent_status_op(const Config& config, const Json& input) {
  OpInput in(input, "legacyIntentStatus");
  auto request = validate_legacy_intent_status(in.member("body"));
  if (!request) return request.error;
  const std::optional<IntentRecord> record = read_optional_record(in, "legacyIntentStatus");
  if (!record) {
    return problem(ProblemCode::not_found, "no intent with these identifiers has been seen on chain yet");
  }
  const IntentStatus status = derive_status(*record, status_clocks(in, *record));
  const LegacyStatus legacy = legacy_status(status);
  const auto& created = record->tx(IntentStep::published) ? record->tx(IntentStep::published) : record->tx(IntentStep::funded);
  return ok(Json{{"data",
                  {{"intentHash", hex::encode(record->intent_hash)},
                   {"status", {{"status", legacy.status}, {"subStatus", legacy.sub_status}}},
                   {"intentCreated", transaction_body(config, created, false)},
                   {"fulfillment", transaction_body(config, record->tx(IntentStep::fulfilled), false)},
                   {"refund", transaction_body(config, record->tx(IntentStep::refunded), false)}}}});
}

}  // namespace sr::service
