// A quote's intents become intent records before any chain event: the ops "registerQuote" and
// "mergeRegistration" (shapes in status_ops.h). A registration carries what the events cannot
// tell (chains, deadlines, refund arguments, role, quote id) and is merged into a record by the
// one rule of status_records.h, whichever arrived first.
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

#include "service/config.h"
#include "service/problem.h"

namespace sr::service {

// What "registerQuote" with "fresh": true answers for `quote` (a 200 Quote body the engine just
// built): {"records", "quoteId", "deliveryIntentHash"}. The "quote" op adds it to its answer, so
// the worker stores a quote's intents without sending the quote back across the boundary.
nlohmann::ordered_json fresh_registration(const Config& config, const nlohmann::ordered_json& quote, std::uint64_t now);

OpResult register_quote_op(const Config& config, const nlohmann::ordered_json& input);
OpResult merge_registration_op(const Config& config, const nlohmann::ordered_json& input);

}  // namespace sr::service
