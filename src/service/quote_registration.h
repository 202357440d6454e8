// A quote's intents become intent records before any chain event: the ops "registerQuote" and
// "mergeRegistration" (shapes in status_ops.h). A registration carries what the events cannot
// tell (chains, deadlines, refund arguments, role, quote id) and is merged into a record by the
// one rule of status_records.h, whichever arrived first.
#pragma once

#include <nlohmann/json.hpp>

#include "service/config.h"
#include "service/problem.h"

namespace sr::service {

OpResult register_quote_op(const Config& config, const nlohmann::ordered_json& input);
OpResult merge_registration_op(const Config& config, const nlohmann::ordered_json& input);

}  // namespace sr::service
