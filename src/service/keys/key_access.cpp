#include "service/keys/key_access.h"

#include <optional>
#include <string>
#include <string_view>

#include "service/common/op_input.h"

namespace sr::service {

using json = nlohmann::ordered_json;

namespace {

// One rule for every endpoint family that belongs to a partner (gasless jobs and webhook
// endpoints are the partner's, whichever of its keys asks).
std::optional<OpResult> partner_refusal(const Config& config, const KeyRecord& key, std::string_view endpoints) {
  if (key.partner && config.partner(*key.partner)) return std::nullopt;
  return problem(ProblemCode::partner_not_mapped,
                 "the request cannot be attributed to an authorized key: this API key is not mapped to a partner, "
                 "which " + std::string(endpoints) + " endpoints require");
}

}  // namespace

OpResult authorize_key_op(const Config& config, const json& input) {
  OpInput in(input, "authorizeKey");
  const KeyRecord key = key_record_from_json(in.member("key"), config, "authorizeKey");
  const json& name = in.member("feature");
  if (name == "webhooks") {
    if (auto refused = partner_refusal(config, key, "webhook")) return *refused;
    return ok(json::object());
  }
  const auto feature = name.is_string() ? parse_feature(name.get<std::string>()) : std::nullopt;
  if (!feature) throw OpInputError("op \"authorizeKey\": feature must be \"quotes\", \"all-quotes\", \"gasless\" or \"webhooks\"");
  if (*feature == KeyFeature::gasless) {
    if (auto refused = partner_refusal(config, key, "gasless")) return *refused;
  }
  if (!key.has(*feature)) {
    return problem(ProblemCode::feature_not_enabled,
                   "this API key is not enabled for " + std::string(feature_name(*feature)) +
                       " (its features are configured in keys.json)");
  }
  return ok(json::object());
}

std::optional<OpResult> quote_refusal(const KeyRecord& key, bool all_quotes) {
  if (!key.has(KeyFeature::quotes)) {
    return problem(ProblemCode::feature_not_enabled,
                   "this API key is not enabled for quotes (its features are configured in keys.json)");
  }
  if (all_quotes && !key.has(KeyFeature::all_quotes)) {
    FieldErrors errors;
    errors.add("options.allQuotes",
               "options.allQuotes is not enabled for this API key (feature all-quotes); omit it or set it to false");
    return invalid_request(errors);
  }
  return std::nullopt;
}

}  // namespace sr::service
