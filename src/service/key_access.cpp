#include "service/key_access.h"

#include <string>

#include "service/engine.h"
#include "service/op_input.h"

namespace sr::service {

using nlohmann::json;

OpResult authorize_key_op(const Config& config, const json& input) {
  OpInput in(input, "authorizeKey");
  const KeyRecord key = key_record_from_json(in.member("key"), config, "authorizeKey");
  const json& name = in.member("feature");
  const auto feature = name.is_string() ? parse_feature(name.get<std::string>()) : std::nullopt;
  if (!feature) throw OpInputError("op \"authorizeKey\": feature must be \"quotes\", \"all-quotes\" or \"gasless\"");
  if (*feature == KeyFeature::gasless && (!key.partner || !config.partner(*key.partner))) {
    return problem(ProblemCode::partner_not_mapped,
                   "the request cannot be attributed to an authorized key: this API key is not mapped to a partner, "
                   "which gasless endpoints require");
  }
  if (!key.has(*feature)) {
    return problem(ProblemCode::feature_not_enabled,
                   "this API key is not enabled for " + std::string(feature_name(*feature)) +
                       " (its features are configured in keys.json)");
  }
  return ok(json::object());
}

}  // namespace sr::service
