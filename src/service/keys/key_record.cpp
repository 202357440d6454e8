#include "service/keys/key_record.h"

#include <algorithm>
#include <cstdint>

#include "service/common/op_input.h"

namespace sr::service {

using json = nlohmann::ordered_json;

namespace {

std::uint32_t read_bps(const json& schedule, const char* name, const std::string& op) {
  auto it = schedule.find(name);
  if (it == schedule.end() || it->is_null()) return 0;
  if (!it->is_number_integer() || it->get<std::int64_t>() < 0 || it->get<std::int64_t>() > kBpsDenominator) {
    throw OpInputError(op + ": key.feeSchedule." + name + " must be an integer 0..10000");
  }
  return static_cast<std::uint32_t>(it->get<std::uint64_t>());
}

}  // namespace

bool KeyRecord::has(KeyFeature feature) const {
  return std::find(features.begin(), features.end(), feature) != features.end();
}

KeyRecord key_record_from_json(const json& key, const Config& config, std::string_view op_name) {
  const std::string op = "op \"" + std::string(op_name) + "\"";
  if (!key.is_object()) throw OpInputError(op + ": input member \"key\" must be an object");
  KeyRecord record;
  if (auto partner = key.find("partner"); partner != key.end() && !partner->is_null()) {
    if (!partner->is_string()) throw OpInputError(op + ": key.partner must be a string or null");
    record.partner = partner->get<std::string>();
  }
  auto schedule = key.find("feeSchedule");
  if (schedule != key.end() && !schedule->is_null()) {
    if (!schedule->is_object()) throw OpInputError(op + ": key.feeSchedule must be an object");
    record.fee_schedule = {read_bps(*schedule, "protocolBps", op), read_bps(*schedule, "gatewayBps", op)};
  } else if (record.partner) {
    if (const PartnerRecord* partner = config.partner(*record.partner)) record.fee_schedule = partner->fee_schedule;
  }
  if (auto features = key.find("features"); features != key.end() && !features->is_null()) {
    if (!features->is_array()) throw OpInputError(op + ": key.features must be an array");
    for (const json& name : *features) {
      const auto feature = name.is_string() ? parse_feature(name.get<std::string>()) : std::nullopt;
      // keys.json is validated at start, so an unknown name here is a worker bug.
      if (!feature) throw OpInputError(op + ": key.features lists " + name.dump() + ", which is not a feature");
      if (!record.has(*feature)) record.features.push_back(*feature);
    }
  }
  return record;
}

}  // namespace sr::service
