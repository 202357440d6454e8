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
    case IntentStatus::settled:
      return {"Completed", "Fulfilled", "The intent was fulfilled: the solver delivered to the recipient on the destination chain."};
    case IntentStatus::refunded:
      return {"Completed", "Refunded", "The intent was refunded: the reward returned to the refund recipient on the source chain."};
    case IntentStatus::refundable:
    case IntentStatus::expired:
    case IntentStatus::failed:
      return {"Pending", "WaitingForRefund",
              "The intent can no longer be fulfilled and waits for its reward to be refunded on the source chain."};
    case IntentStatus::pending:
    case IntentStatus::unknown: break;
  }
  return {"Pending", "WaitingToFulfill", "The intent is created on the source chain and waits for a solver to fulfill it."};
}

namespace {

// Eco's TransactionInfoV3DTO: every member is a required string or number, so a chain without a
// block explorer gives "" rather than null (the v1 answers keep null).
Json legacy_transaction(const Config& config, const ChainTx& tx) {
  Json body = transaction_body(config, tx, false);
  if (body.at("blockExplorerUrl").is_null()) body["blockExplorerUrl"] = "";
  return body;
}

}  // namespace

OpResult legacy_intent_status_op(const Config& config, const Json& input) {
  OpInput in(input, "legacyIntentStatus");
  auto request = validate_legacy_intent_status(in.member("body"));
  if (!request) return request.error;
  const std::optional<IntentRecord> record = read_optional_record(in, "legacyIntentStatus");
  if (!record) {
    return problem(ProblemCode::not_found, "no intent with these identifiers has been seen on chain yet");
  }
  // intentCreated is required by Eco's schema: a record the chain has not shown published or
  // funded yet (a registered quote, or a fill seen before its creation) has no legacy answer.
  const auto& created = record->tx(IntentStep::published) ? record->tx(IntentStep::published) : record->tx(IntentStep::funded);
  if (!created) {
    return problem(ProblemCode::not_found, "the chain has not shown this intent created yet");
  }
  const IntentStatus status = derive_status(*record, status_clocks(in, *record));
  const LegacyStatus legacy = legacy_status(status);
  Json data{{"intentHash", hex::encode(record->intent_hash)},
            {"status", {{"status", legacy.status}, {"subStatus", legacy.sub_status}, {"subStatusMessage", legacy.message}}},
            {"intentCreated", legacy_transaction(config, *created)}};
  // Present as objects or absent (Eco's schema has no null).
  if (const auto& fill = record->tx(IntentStep::fulfilled)) data["fulfillment"] = legacy_transaction(config, *fill);
  if (const auto& refund = record->tx(IntentStep::refunded)) data["refund"] = legacy_transaction(config, *refund);
  return ok(Json{{"data", std::move(data)}});
}

}  // namespace sr::service
