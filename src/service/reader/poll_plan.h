// Op "pollPlan": which block ranges of which chains a chain reader fetches next, with the
// eth_getLogs filters for the Portal and prover logs and for the Transfer logs into watched deposit
// vaults, re-reading a confirmation window for reorganisations. Shape in ops.json.
#pragma once

#include <nlohmann/json.hpp>

#include "service/config/config.h"
#include "service/common/problem.h"

namespace sr::service {

OpResult poll_plan_op(const Config& config, const nlohmann::ordered_json& input);

}  // namespace sr::service
