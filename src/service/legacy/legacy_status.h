// Op "legacyIntentStatus": POST /api/v3/intents/intentStatus, the legacy v3 envelope of a stored
// intent record ({"data": {"intentHash", "status": {"status", "subStatus"}, "intentCreated",
// "fulfillment", "refund"}}), looked up by intent hash or by its creation or fill transaction.
#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

#include "service/common/problem.h"
#include "service/config/config.h"
#include "service/status/intent_status.h"

namespace sr::service {

OpResult legacy_intent_status_op(const Config& config, const nlohmann::ordered_json& input);

// The legacy v3 pair of a status: {"Pending", "WaitingToFulfill"}, ...
struct LegacyStatus {
  std::string_view status;
  std::string_view sub_status;
};
LegacyStatus legacy_status(IntentStatus status);

}  // namespace sr::service
