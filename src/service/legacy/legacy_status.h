// Op "legacyIntentStatus": POST /api/v3/intents/intentStatus, the legacy v3 envelope of a stored
// intent record ({"data": {"intentHash", "status": {"status", "subStatus", "subStatusMessage"},
// "intentCreated", "fulfillment"?, "refund"?}}, Eco's IntentStatusResponseV3DTO), looked up by
// intent hash or by its creation or fill transaction. intentCreated is always an object (a record
// without a creation transaction answers 404 not-found); fulfillment and refund are objects or
// absent, never null; blockExplorerUrl is "" on a chain without an explorer.
#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

#include "service/common/problem.h"
#include "service/config/config.h"
#include "service/status/intent_status.h"

namespace sr::service {

OpResult legacy_intent_status_op(const Config& config, const nlohmann::ordered_json& input);

// The legacy v3 pair of a status, with its sentence: {"Pending", "WaitingToFulfill", "The intent
// is funded ..."}, ...
struct LegacyStatus {
  std::string_view status;
  std::string_view sub_status;
  std::string_view message;  // status.subStatusMessage: one sentence per subStatus
};
LegacyStatus legacy_status(IntentStatus status);

}  // namespace sr::service
