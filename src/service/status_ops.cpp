#include "service/status_ops.h"

namespace sr::service {

std::optional<OpResult> status_op(const Config& config, std::string_view op, const nlohmann::ordered_json& input) {
  if (op == "registerQuote") return register_quote_op(config, input);
  if (op == "applyLogs") return apply_logs_op(config, input);
  if (op == "routeLogs") return route_logs_op(config, input);
  if (op == "mergeRegistration") return merge_registration_op(config, input);
  if (op == "intentStatus") return intent_status_op(config, input);
  if (op == "legacyIntentStatus") return legacy_intent_status_op(config, input);
  if (op == "pollPlan") return poll_plan_op(config, input);
  return std::nullopt;
}

}  // namespace sr::service
