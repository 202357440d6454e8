// What an API key may reach, decided from its record's partner and features (keys.json, validated
// at start by Config). The worker authenticates the key (digest lookup, revocation, v1) and asks
// here before serving an endpoint that a feature guards; the quote ops check theirs themselves.
#pragma once

#include <optional>

#include <nlohmann/json.hpp>

#include "service/config/config.h"
#include "service/keys/key_record.h"
#include "service/common/problem.h"

namespace sr::service {

// Op "authorizeKey" {"key": the worker's key record, "feature": "gasless" | "quotes" | "all-quotes"
// | "webhooks"}: 200 {} when the key may use that family of endpoints. Gasless jobs and webhook
// endpoints belong to partners: 403 partner-not-mapped when the key names no configured partner;
// then, for a key feature, 403 feature-not-enabled without it ("webhooks" is not a feature: any
// partner-mapped key may manage its partner's webhooks). Another name is a worker bug (OpInputError).
OpResult authorize_key_op(const Config& config, const nlohmann::ordered_json& input);

// Why `key` may not have a quote, or nullopt when it may: 403 feature-not-enabled without the
// quotes feature; 400 naming options.allQuotes when competing quotes are asked for without
// all-quotes. Ops "solverRequests" (before any solver is asked) and "quote" both apply it.
std::optional<OpResult> quote_refusal(const KeyRecord& key, bool all_quotes);

}  // namespace sr::service
