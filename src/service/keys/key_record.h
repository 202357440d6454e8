// The part of the worker's API key record the core decides on (keys.json, validated at start by
// Config): partner, pricing and features. The ops that take a key read it here.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "service/config/config.h"

namespace sr::service {

// The part of the worker's API key record the core decides on: pricing and features.
struct KeyRecord {
  std::optional<std::string> partner;  // partner slug; nullopt for keys without one
  FeeSchedule fee_schedule;            // gateway_bps applies only with a partner
  std::vector<KeyFeature> features;    // what the key may use; none when the record lists none

  bool has(KeyFeature feature) const;
};

// From the worker's key record {"id", "partner": slug|null, "feeSchedule": {"protocolBps",
// "gatewayBps"}, "features": [...], ...} (other members are the worker's business). Without
// feeSchedule, the partner's configured schedule, or no fees; without features, none (a record
// is never granted more than it lists). OpInputError, naming `op`, when the record is malformed.
KeyRecord key_record_from_json(const nlohmann::ordered_json& key, const Config& config, std::string_view op = "quote");

}  // namespace sr::service
