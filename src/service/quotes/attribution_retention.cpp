#include "service/quotes/attribution_retention.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <string>

#include "service/common/op_input.h"

namespace sr::service {

using Json = nlohmann::ordered_json;

AttributionRetention attribution_retention(std::uint64_t now, std::uint64_t keep_days, std::uint64_t day_sec) {
  const std::uint64_t day = now / day_sec;
  // Today and the keep_days - 1 days before it.
  const std::uint64_t keep_from = day + 1 > keep_days ? day + 1 - keep_days : 0;
  return {day, keep_from};
}

namespace {

// A JSON integer >= 0 (parsed JSON gives unsigned numbers, built JSON may hold signed ones).
std::optional<std::uint64_t> whole(const Json& value) {
  if (value.is_number_unsigned()) return value.get<std::uint64_t>();
  if (value.is_number_integer() && value.get<std::int64_t>() >= 0) return static_cast<std::uint64_t>(value.get<std::int64_t>());
  return std::nullopt;
}

std::uint64_t positive(const OpInput& in, std::string_view name, std::uint64_t fallback) {
  const Json* value = in.optional(name);
  if (!value) return fallback;
  const auto n = whole(*value);
  if (!n || *n < 1) throw OpInputError("op \"attributionRetention\": " + std::string(name) + " must be a positive integer");
  return *n;
}

}  // namespace

OpResult attribution_retention_op(const Json& input) {
  OpInput in(input, "attributionRetention");
  const std::uint64_t now = in.unix_seconds("now");
  const std::uint64_t keep_days = positive(in, "keepDays", kAttributionKeepDays);
  const std::uint64_t day_sec = positive(in, "daySec", kAttributionDaySec);
  const Json& days = in.member("days");
  if (!days.is_array()) throw OpInputError("op \"attributionRetention\": days must be an array of day numbers");
  const AttributionRetention rule = attribution_retention(now, keep_days, day_sec);
  Json expired = Json::array();
  std::optional<std::uint64_t> oldest_kept;
  for (const Json& d : days) {
    const auto day = whole(d);
    if (!day) throw OpInputError("op \"attributionRetention\": days must be an array of day numbers");
    const std::uint64_t stored = *day;
    if (stored < rule.keep_from_day) {
      expired.push_back(stored);
    } else {
      oldest_kept = std::min(oldest_kept.value_or(std::numeric_limits<std::uint64_t>::max()), stored);
    }
  }
  // The oldest kept day goes when it leaves the window: keep_days days after it began.
  Json next_at = oldest_kept ? Json((*oldest_kept + keep_days) * day_sec) : Json(nullptr);
  return ok(Json{{"day", rule.day}, {"expired", std::move(expired)}, {"nextAt", std::move(next_at)}});
}

}  // namespace sr::service
