// Op "attributionRetention": which usage rows an AttributionCounter keeps. A label's uses are
// counted per endpoint and UTC day; attribution is read for past reporting (a partner's monthly
// and quarterly figures), so a day's rows are kept for `keepDays` days (90 by default: a quarter
// and its reporting lag), today included, then deleted by the object's alarm. Without a limit a
// label's rows, and a stranger's fresh legacy dAppID labels each with its object, would be kept
// forever.
//
// {"now", "days": [stored day numbers], "keepDays"?, "daySec"?} -> 200 {"day", "expired", "nextAt"}:
// `day` is the day number (whole days since the Unix epoch) a use at `now` counts under,
// `expired` the stored days to delete now, `nextAt` when the oldest day still kept expires
// (null: nothing kept, the object may delete its storage). `daySec` (default 86400) exists so
// that tests can shorten a day; the worker passes it only when configured.
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

#include "service/common/problem.h"

namespace sr::service {

inline constexpr std::uint64_t kAttributionKeepDays = 90;
inline constexpr std::uint64_t kAttributionDaySec = 86400;

struct AttributionRetention {
  std::uint64_t day;                  // the day `now` falls in
  std::uint64_t keep_from_day;        // rows of days before it are deleted
};

// The day of `now` and the first day kept (keep_days >= 1, day_sec >= 1).
AttributionRetention attribution_retention(std::uint64_t now, std::uint64_t keep_days, std::uint64_t day_sec);

OpResult attribution_retention_op(const nlohmann::ordered_json& input);

}  // namespace sr::service
