// Status lookups: ops "intentStatus" (the v1 IntentStatus body of a stored record, or unknown) and
// "legacyIntentStatus" (the legacy v3 envelope), with their query validation. The status itself
// is derived in intent_status.h; this file turns a record into the response. Shapes in
// status_ops.h.
#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

#include "service/config.h"
#include "service/intent_status.h"
#include "service/problem.h"

namespace sr::service {

OpResult intent_status_op(const Config& config, const nlohmann::ordered_json& input);
OpResult legacy_intent_status_op(const Config& config, const nlohmann::ordered_json& input);

// The legacy v3 pair of a status: {"Pending", "WaitingToFulfill"}, ...
struct LegacyStatus {
  std::string_view status;
  std::string_view sub_status;
};
LegacyStatus legacy_status(IntentStatus status);

}  // namespace sr::service
