// Portal and prover logs read as intent events: ops "routeLogs" (which intent each log concerns,
// so the worker hands every log to the shard holding its intent's record) and "applyLogs" (the
// events folded into the records). Shapes in ops.json.
#pragma once

#include <nlohmann/json.hpp>

#include "service/config/config.h"
#include "service/common/problem.h"

namespace sr::service {

OpResult route_logs_op(const Config& config, const nlohmann::ordered_json& input);
OpResult apply_logs_op(const Config& config, const nlohmann::ordered_json& input);

}  // namespace sr::service
